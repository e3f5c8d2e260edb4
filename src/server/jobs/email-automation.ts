import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import { runEmailAutomation, type AutomationDeps } from '../modules/email/automation';
import { startPeriodic } from './periodic';

/**
 * `email: automation` (docs/email.md): the scheduled automation rules (setup guide, feature tips,
 * trial-expiring reminders) checked every `intervalMs`. Each message's dedupe key makes a second run
 * or a second instance queue nothing more.
 */
export function startEmailAutomation(
  deps: AutomationDeps,
  clock: Clock,
  log: FastifyBaseLogger,
  { intervalMs, firstRunMs = 20_000 }: { intervalMs: number; firstRunMs?: number },
): () => void {
  if (intervalMs <= 0) return () => {};
  return startPeriodic(
    'email: automation',
    log,
    async () => {
      const run = await runEmailAutomation(deps, clock.now());
      if (Object.values(run).some((n) => n > 0)) log.info({ run }, 'email: automation queued emails');
    },
    { intervalMs, firstRunMs },
  );
}
