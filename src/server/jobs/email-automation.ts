import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import { runEmailAutomation, type AutomationDeps } from '../modules/email';

/**
 * `email: automation` (docs/email.md; jobs/registry.ts): the scheduled automation rules (setup guide,
 * feature tips, trial-expiring reminders), checked at each run. Each message's dedupe key makes a
 * second run or a second instance queue nothing more.
 */
export function emailAutomationRun(deps: AutomationDeps, clock: Clock, log: FastifyBaseLogger) {
  return async () => {
    const run = await runEmailAutomation(deps, clock.now());
    if (Object.values(run).some((n) => n > 0)) log.info({ run }, 'email: automation queued emails');
  };
}
