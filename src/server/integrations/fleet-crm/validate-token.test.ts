import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeFleetCrm, type FakeFleetCrm } from '../../../../tests/fakes/fleet-crm-server';
import { validateFleetCrmToken, type FleetCrmLog } from './validate-token';

/*
 * The validation client alone, for the failures the API tests cannot stage through the fake's
 * control: no server at all, an answer too large to be one, an answer that stalls after its headers.
 */

let crm: FakeFleetCrm;
let odd: http.Server;
let oddUrl: string;
let stalled = 0;
const warnings: Record<string, unknown>[] = [];
const log: FleetCrmLog = { warn: (details) => warnings.push(details) };

beforeAll(async () => {
  crm = await startFakeFleetCrm();
  odd = http.createServer((req, res) => {
    if (req.url === '/huge') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"success":true,"user":{"email":"a@b.example"},"message":"${'x'.repeat(200_000)}"}`);
    } else if (req.url === '/stall') {
      stalled += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"success":');
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
  oddUrl = `http://127.0.0.1:${(odd.address() as AddressInfo).port}`;
});
afterAll(async () => {
  odd.closeAllConnections();
  await new Promise((resolve) => odd.close(resolve));
  await crm.close();
});

describe('validateFleetCrmToken', () => {
  it('confirms a token for its email, in any case', async () => {
    const token = crm.mint('pat@fleet.example');
    const verdict = await validateFleetCrmToken(
      { url: crm.validateUrl, timeoutMs: 2_000 },
      { token, email: ' Pat@Fleet.example ' },
      log,
    );
    expect(verdict).toEqual({ ok: true, email: 'pat@fleet.example' });
  });

  it('nobody listening: unreachable, quickly', async () => {
    const closed = await startFakeFleetCrm();
    await closed.close();
    const verdict = await validateFleetCrmToken(
      { url: closed.validateUrl, timeoutMs: 5_000 },
      { token: 'crm_secret-token-value', email: 'pat@fleet.example' },
      log,
    );
    expect(verdict).toEqual({ ok: false, reason: 'unreachable', status: null });
  });

  it('an answer larger than any validation answer is not read whole', async () => {
    const verdict = await validateFleetCrmToken(
      { url: `${oddUrl}/huge`, timeoutMs: 2_000 },
      { token: 'crm_secret-token-value', email: 'a@b.example' },
      log,
    );
    expect(verdict).toEqual({ ok: false, reason: 'malformed', status: 200 });
  });

  it('headers then silence: the timeout covers the body too', async () => {
    const started = performance.now();
    const verdict = await validateFleetCrmToken(
      { url: `${oddUrl}/stall`, timeoutMs: 300 },
      { token: 'crm_secret-token-value', email: 'a@b.example' },
      log,
    );
    expect(verdict).toEqual({ ok: false, reason: 'timeout', status: 200 });
    expect(stalled).toBe(1);
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it('a redirect is not followed, so the token goes nowhere else', async () => {
    crm.misbehaveNext('redirect');
    const verdict = await validateFleetCrmToken(
      { url: crm.validateUrl, timeoutMs: 2_000 },
      { token: 'crm_secret-token-value', email: 'a@b.example' },
      log,
    );
    expect(verdict).toEqual({ ok: false, reason: 'bad-status', status: 302 });
  });

  it('what it logs names the reason and where, never the token or the email', () => {
    expect(warnings.length).toBeGreaterThanOrEqual(4);
    for (const warning of warnings) {
      expect(Object.keys(warning).sort()).toEqual(['fleetCrm', 'reason', 'status']);
      expect(JSON.stringify(warning)).not.toMatch(/secret-token|@/);
    }
  });
});
