// What a staff sign-in costs the database (docs/performance.md, "Fourth pass"): the bench holds it against a
// bare Fastify route doing the same lookup, hash and writes, so every statement beyond those counts.
import { expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../../tests/setup/test-app';

let t: TestApp;
useTestApp({ staff: ['admin'] }, (opened) => ({ t } = opened));

/** The per-address and per-account limits, the user with the company's defaults, the session, the
 * last sign-in, the new-browser check, the audit row and the activity item: 9, plus one read of the
 * security settings. */
const SIGN_IN_STATEMENTS = 10;

it(`a staff sign-in makes at most ${SIGN_IN_STATEMENTS} statements, and answers the company's defaults`, async () => {
  let body: { user?: { preferences?: { timezone?: string } } } = {};
  const ran = await t.statementsDuring(async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { email: 'admin@motorpool.local', password: 'Motorpool#2026' },
    });
    expect(res.statusCode, res.body).toBe(200);
    body = res.json();
  });
  const statements = ran.filter((s) => !/^(begin|commit|rollback)\b/i.test(s.sql.trim()));
  expect(statements.length).toBeLessThanOrEqual(SIGN_IN_STATEMENTS);
  expect(statements.filter((s) => s.sql.includes('"system_settings"'))).toHaveLength(2);
  expect(body.user?.preferences?.timezone).toEqual(expect.any(String));
});
