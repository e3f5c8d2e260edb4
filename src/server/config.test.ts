// Settings read at start (README "Configuration"): the variables this file covers, and `.env`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadConfig, loadEnvFile } from './config';

describe('DATABASE_POOL_SIZE', () => {
  it('is 10 unless set, and takes a whole number of connections', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
  });

  it.each([
    ['abc', 'DATABASE_POOL_SIZE must be a number'],
    ['2.5', 'DATABASE_POOL_SIZE must be a whole number'],
    ['0', 'DATABASE_POOL_SIZE must be at least 1'],
    ['-3', 'DATABASE_POOL_SIZE must be at least 1'],
    ['100000', 'DATABASE_POOL_SIZE must be at most 1000'],
  ])('refuses %j with a message naming the variable', (value, message) => {
    expect(() => loadConfig({ DATABASE_POOL_SIZE: value })).toThrow(
      `Invalid configuration:\n  DATABASE_POOL_SIZE: ${message}`,
    );
  });
});

describe('SHUTDOWN_TIMEOUT_MS', () => {
  it('is 10 seconds unless set', () => {
    expect(loadConfig({}).shutdownTimeoutMs).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '25000' }).shutdownTimeoutMs).toBe(25_000);
  });

  it('refuses what is not a whole positive number of milliseconds', () => {
    for (const value of ['soon', '0', '1.5']) {
      expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: value })).toThrow(/SHUTDOWN_TIMEOUT_MS: /);
    }
  });
});

describe('.env', () => {
  const names = ['MP_ENV_FILE_ONLY', 'MP_ENV_BOTH', 'MP_ENV_EMPTY_IN_ENV'];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-env-'));
  afterEach(() => {
    for (const name of names) delete process.env[name];
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('fills what the environment leaves unset; a variable already set wins, even empty', () => {
    const file = path.join(dir, '.env');
    fs.writeFileSync(
      file,
      '# a comment\nMP_ENV_FILE_ONLY=from-file\nMP_ENV_BOTH="from file"\nMP_ENV_EMPTY_IN_ENV=from-file\n',
    );
    process.env.MP_ENV_BOTH = 'from-environment';
    process.env.MP_ENV_EMPTY_IN_ENV = '';
    expect(loadEnvFile(file)).toBe(true);
    expect(process.env.MP_ENV_FILE_ONLY).toBe('from-file');
    expect(process.env.MP_ENV_BOTH).toBe('from-environment');
    expect(process.env.MP_ENV_EMPTY_IN_ENV).toBe('');
  });

  it('is optional: no file, nothing read and no error', () => {
    expect(loadEnvFile(path.join(dir, 'missing.env'))).toBe(false);
  });
});
