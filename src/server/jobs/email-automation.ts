import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import { automationProgress, runEmailAutomation, type AutomationDeps } from '../modules/email';

/**
 * `email: automation` (docs/email.md; jobs/registry.ts): the scheduled automation rules (setup guide,
 * feature tips, trial-expiring reminders), checked at each run. Each message's dedupe key makes a
 * second run or a second instance queue nothing more. The process keeps what its runs have covered, so
 * that most runs read only what became due since the last (modules/email/automation.ts).
 */
export function emailAutomationRun(deps: AutomationDeps, clock: Clock, log: FastifyBaseLogger) {
  const progress = automationProgress();
  return async () => {
    const run = await runEmailAutomation(deps, clock.now(), progress);
    if (Object.values(run).some((n) => n > 0)) log.info({ run }, 'email: automation queued emails');
  };
}
