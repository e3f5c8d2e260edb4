// The port before the app listens (docs/operations.md): every request is 503 with Retry-After, and
// GET /api/ready names the step under way; the gate frees the port for the app.
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { listenWhileStarting } from './starting-gate';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('the starting gate', () => {
  it('answers 503 with the step under way, then hands the port over', async () => {
    const port = await freePort();
    const gate = await listenWhileStarting(port, '127.0.0.1');
    const base = `http://127.0.0.1:${port}`;

    const migrating = await fetch(`${base}/api/ready`);
    expect(migrating.status).toBe(503);
    expect(migrating.headers.get('retry-after')).toBe('1');
    expect(migrating.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await migrating.json()).toEqual({ status: 'unavailable', reason: 'migrations' });

    gate.phase = 'starting';
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'unavailable', reason: 'starting' });
    const page = await fetch(`${base}/admin-login`);
    expect(page.status).toBe(503);
    expect(await page.text()).toBe('Starting up: try again in a moment.\n');

    await gate.close();
    const app = net.createServer();
    await new Promise<void>((resolve, reject) => {
      app.on('error', reject);
      app.listen(port, '127.0.0.1', resolve);
    });
    await new Promise((resolve) => app.close(resolve));
  });

  it('fails the start at once when the port is taken', async () => {
    const port = await freePort();
    const taken = await listenWhileStarting(port, '127.0.0.1');
    await expect(listenWhileStarting(port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await taken.close();
  });
});
