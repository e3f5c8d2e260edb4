import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/setup/test-app';
import { CONTRACT_MODULES, contractSchemaRegistry } from './openapi-schemas';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CONTRACTS = path.join(ROOT, 'src/shared/contracts');

let t: TestApp;
useTestApp({}, (opened) => ({ t } = opened));

type Media = { content?: Record<string, { schema?: { $ref?: string } }> };
type Operation = { requestBody?: Media; responses: Record<string, Media> };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

describe('the OpenAPI document', () => {
  it('names the schemas of every contracts file, each under one name', () => {
    const files = fs
      .readdirSync(CONTRACTS)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => file.replace(/\.ts$/, ''));
    expect(Object.keys(CONTRACT_MODULES).sort()).toEqual(files.sort());

    const registry = contractSchemaRegistry();
    const exported = new Set(
      Object.values(CONTRACT_MODULES).flatMap((exports) =>
        Object.values(exports).filter((value) => value instanceof z.ZodObject),
      ),
    );
    for (const schema of exported) expect(registry.get(schema as z.ZodObject)?.id).toBeTruthy();
    const ids = [...exported].map((schema) => registry.get(schema as z.ZodObject)!.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  // A route that writes out a schema the contracts already name (or one of the same shape) uses the named one.
  it("refers to the contracts' schemas by name: no route body or answer is a named schema written out", () => {
    const doc = t.app.swagger() as unknown as Document;
    const named = new Map(
      Object.entries(doc.components.schemas).map(([name, s]) => [JSON.stringify(s), name]),
    );
    const inlined: string[] = [];
    for (const [url, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const media = [operation.requestBody, ...Object.values(operation.responses)];
        for (const { schema } of media.flatMap((m) => Object.values(m?.content ?? {}))) {
          const name = schema && !schema.$ref && named.get(JSON.stringify(schema));
          if (name) inlined.push(`${method.toUpperCase()} ${url}: ${name}`);
        }
      }
    }
    expect(inlined).toEqual([]);
    expect(Object.keys(doc.components.schemas).length).toBeGreaterThan(100);
  });

  it('passes `redocly lint` (redocly.yaml) with no error; its warnings are printed', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-')), 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(t.app.swagger()));
    const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
    const run = spawnSync(
      process.execPath,
      [cli, 'lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format', 'json'],
      {
        encoding: 'utf8',
        // No telemetry and no update check: the lint reads the file and nothing else.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    const report = JSON.parse(run.stdout) as {
      problems: {
        ruleId: string;
        severity: 'error' | 'warn';
        message: string;
        location: { pointer: string }[];
      }[];
    };
    const lines = (severity: string) =>
      report.problems
        .filter((problem) => problem.severity === severity)
        .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`);
    if (lines('warn').length > 0) console.log(`redocly lint, warnings:\n${lines('warn').join('\n')}`);
    expect(lines('error')).toEqual([]);
  });
});
