import { and, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { EmailTemplateId } from '../../../shared/email-templates';
import type { Db } from '../../db/client';
import { customers, emailOutbox, plans, subscriptions } from '../../db/schema';
import { emailDay, emailLinks } from './links';
import type { EmailQueue, QueueResult } from './outbox';

const DAY = 86_400_000;

/**
 * The automation rules, as the product runs them (docs/email.md). Immediate rules are
 * queued by the event's own code in its transaction; scheduled ones by `runEmailAutomation`.
 */
export const AUTOMATION_RULES: readonly {
  id: string;
  name: string;
  templateId: EmailTemplateId;
  schedule: string;
  kind: 'immediate' | 'scheduled';
}[] = [
  {
    id: 'welcome',
    name: 'Welcome email',
    templateId: 'welcome',
    schedule: 'Immediately after sign-up',
    kind: 'immediate',
  },
  {
    id: 'onboarding_1',
    name: 'Setup guide',
    templateId: 'onboarding_1',
    schedule: '1 day after sign-up',
    kind: 'scheduled',
  },
  {
    id: 'onboarding_2',
    name: 'Feature tips',
    templateId: 'onboarding_2',
    schedule: '3 days after sign-up',
    kind: 'scheduled',
  },
  {
    id: 'trial_expiring',
    name: 'Trial-expiring reminders',
    templateId: 'trial_expiring',
    schedule: '7, 3 and 1 days before the trial ends',
    kind: 'scheduled',
  },
  {
    id: 'payment_success',
    name: 'Payment receipt',
    templateId: 'payment_success',
    schedule: 'Immediately after each payment, with the invoice PDF',
    kind: 'immediate',
  },
  {
    id: 'payment_failed',
    name: 'Payment failed',
    templateId: 'payment_failed',
    schedule: 'Immediately when a payment fails',
    kind: 'immediate',
  },
  {
    id: 'account_suspended',
    name: 'Account suspended',
    templateId: 'account_suspended',
    schedule: 'When the account is suspended',
    kind: 'immediate',
  },
];

/**
 * Sign-up rules fire for sign-ups inside their window only: a day late at most for the setup guide,
 * four for the tips. So the first deploy (or a job stopped for weeks) does not mail every old customer.
 */
export const ONBOARDING_RULES = [
  { template: 'onboarding_1', afterDays: 1, windowDays: 2 },
  { template: 'onboarding_2', afterDays: 3, windowDays: 4 },
] as const;
export const TRIAL_REMINDER_DAYS = [7, 3, 1] as const;

/** Customers a run queues at most per rule; the rest are the next run's (a minute later). */
const BATCH = 1000;

/**
 * Only customers whose message for this rule is not in the outbox yet: without this, every run read the
 * same first thousand again (each queue call skipped as a duplicate, 35 s a minute at 100,000 customers)
 * and the customers after them were never reached. `key` is the dedupe key the run would give, in SQL.
 */
const notQueued = (key: SQL) =>
  sql`not exists (select 1 from ${emailOutbox} where ${emailOutbox.dedupeKey} = ${key})`;

/**
 * The trial reminder's dedupe key in SQL, as the loop below spells it in JavaScript: the nearest reminder
 * not yet passed (1, 3 or 7 days), the customer and the trial's end as an ISO instant.
 */
const trialReminderKey = (now: Date) => {
  const left = sql`(${subscriptions.trialEndsAt} - ${now.toISOString()}::timestamptz)`;
  const [d1, d3, d7] = [...TRIAL_REMINDER_DAYS].reverse();
  const reminder = sql`case when ${left} <= interval '${sql.raw(String(d1))} days' then ${String(d1)}
    when ${left} <= interval '${sql.raw(String(d3))} days' then ${String(d3)} else ${String(d7)} end`;
  const end = sql`to_char(${subscriptions.trialEndsAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  // The subscription's customer id, not the joined customer's (the same value): the key then needs only
  // the subscription, so the outbox check runs before the customers are read, and a trial already
  // reminded costs no customer lookup (at 7,000 trials ending within the week: 309 to 231 ms a run).
  return sql`'trial_expiring:' || ${reminder} || ':' || ${subscriptions.customerId} || ':' || ${end}`;
};

const queuedIn = (results: QueueResult[]) => results.filter((r) => r.status === 'queued').length;

export type AutomationDeps = {
  db: Db;
  queue: EmailQueue;
  appName: string;
  publicUrl: string;
  /** Trials a statement of the reminders' search reads (TRIAL_PIECE; tests set fewer). */
  trialPiece?: number;
};
export type AutomationRun = Record<'onboarding_1' | 'onboarding_2' | 'trial_expiring', number>;

/**
 * What one process's runs have covered, so that a run can look only at what became due since
 * (docs/email.md "Scheduled rules at size"). Every minute a full pass read every sign-up in the
 * onboarding windows and every trial ending within the week, and checked each against the outbox:
 * about 30 statements and 0.6 s of the embedded database a minute at 100,000 customers, all but a few
 * of them reminded already. What becomes due with the clock alone is a time crossing a threshold: a
 * sign-up reaching its rule's day, a trial reaching 7, 3 or 1 days before its end. A run after a
 * complete one reads only those crossed since, a narrow range of each index. A full pass still runs
 * first in each process and once an hour, for what becomes due without the clock: a template switched
 * back on, a customer opting in again, an account reactivated, a trial moved.
 */
export type AutomationProgress = {
  /** `now` of the last run that reached everything due (no rule stopped at BATCH). */
  coveredAt: Date | null;
  /** `now` of the last complete full pass. */
  fullAt: Date | null;
};
export const automationProgress = (): AutomationProgress => ({ coveredAt: null, fullAt: null });
/** How often a full pass runs all the same. */
export const FULL_PASS_MS = 60 * 60_000;
/**
 * How far before the last covered run an incremental run starts: a clock of another instance (which
 * stamped the rows) a little ahead or behind this one's cannot hide a crossing.
 */
export const COVER_MARGIN_MS = 10 * 60_000;

/** Where an incremental run starts, or null for a full pass. */
function crossedSince(progress: AutomationProgress | undefined, now: Date): Date | null {
  if (!progress?.coveredAt || !progress.fullAt) return null;
  if (now.getTime() - progress.fullAt.getTime() >= FULL_PASS_MS) return null;
  return new Date(progress.coveredAt.getTime() - COVER_MARGIN_MS);
}

const person = (c: { firstName: string; lastName: string; email: string; companyName: string }) => ({
  firstName: c.firstName,
  lastName: c.lastName,
  email: c.email,
  companyName: c.companyName,
});

const active = inArray(customers.status, ['active', 'pending']);
const columns = {
  id: customers.id,
  email: customers.email,
  firstName: customers.firstName,
  lastName: customers.lastName,
  companyName: customers.companyName,
  planName: sql<string>`coalesce(${plans.name}, ${customers.planId}, '')`,
};

/** The sign-up rules: the setup guide and the feature tips, each once, inside its window. */
async function queueOnboarding(deps: AutomationDeps, now: Date, since: Date | null, run: AutomationRun) {
  const { db, queue } = deps;
  const links = emailLinks(deps.publicUrl);
  let complete = true;
  for (const rule of ONBOARDING_RULES) {
    const due = new Date(now.getTime() - rule.afterDays * DAY);
    const windowStart = new Date(due.getTime() - rule.windowDays * DAY);
    // An incremental run: only the sign-ups that reached the rule's day since `since`.
    const reached = since ? new Date(since.getTime() - rule.afterDays * DAY) : windowStart;
    const earliest = reached > windowStart ? reached : windowStart;
    const rows = await db
      .select(columns)
      .from(customers)
      .leftJoin(plans, eq(plans.id, customers.planId))
      .where(
        and(
          active,
          lte(customers.createdAt, due),
          gt(customers.createdAt, earliest),
          notQueued(sql`${rule.template} || ':' || ${customers.id}`),
        ),
      )
      .orderBy(customers.createdAt, customers.id)
      .limit(BATCH);
    if (rows.length === BATCH) complete = false;
    const results = await queue.queueMany(
      db,
      rows.map((c) => ({
        template: rule.template,
        to: { email: c.email, name: `${c.firstName} ${c.lastName}` },
        data: { ...person(c), planName: c.planName, signInUrl: links.signInUrl },
        customerId: c.id,
        dedupeKey: `${rule.template}:${c.id}`,
        now,
      })),
    );
    run[rule.template] += queuedIn(results);
  }
  return complete;
}

/**
 * Trials the reminders' search reads in one statement. The search checks every trial ending within the
 * week against the outbox each minute, reminded or not; at 7,000 such trials that was one statement of
 * 230-310 ms on the embedded database, which every request waited behind. In pieces of this many trials,
 * in end order on `subscriptions_trial_end_idx`, each statement is short and requests run between them.
 */
export const TRIAL_PIECE = 500;

/** A trial's place in the end order: its end as PostgreSQL writes it (exact) and its customer. */
type TrialKey = { end: string; customerId: string };
const trialOrder = sql`(${subscriptions.trialEndsAt}, ${subscriptions.customerId})`;
const keyOf = (k: TrialKey) => sql`(${k.end}::timestamptz, ${k.customerId}::uuid)`;

/**
 * The trials that reached one of the reminders' days (7, 3 or 1 before the end) after `since`: their
 * end is within that many days of now but was not at `since`.
 */
const crossedAReminder = (since: Date, now: Date) =>
  or(
    ...TRIAL_REMINDER_DAYS.map((days) =>
      and(
        gt(subscriptions.trialEndsAt, new Date(since.getTime() + days * DAY)),
        lte(subscriptions.trialEndsAt, new Date(now.getTime() + days * DAY)),
      ),
    ),
  );

/** Trials ending within the widest reminder: the nearest reminder not yet passed is the one due. */
async function queueTrialReminders(deps: AutomationDeps, now: Date, since: Date | null, run: AutomationRun) {
  const { db, queue, trialPiece = TRIAL_PIECE } = deps;
  const links = emailLinks(deps.publicUrl);
  const ending = and(
    eq(subscriptions.status, 'trialing'),
    gt(subscriptions.trialEndsAt, now),
    lte(subscriptions.trialEndsAt, new Date(now.getTime() + TRIAL_REMINDER_DAYS[0] * DAY)),
    since ? crossedAReminder(since, now) : undefined,
  );
  let after: TrialKey | null = null;
  let found = 0;
  while (found < BATCH) {
    const from: SQL | undefined = after ? sql`${trialOrder} > ${keyOf(after)}` : undefined;
    // The piece's last trial; none when fewer than a piece are left, and the piece runs to the end.
    const [last]: TrialKey[] = await db
      .select({ end: sql<string>`${subscriptions.trialEndsAt}::text`, customerId: subscriptions.customerId })
      .from(subscriptions)
      .where(and(ending, from))
      .orderBy(subscriptions.trialEndsAt, subscriptions.customerId)
      .offset(trialPiece - 1)
      .limit(1);
    const trials = await db
      .select({ ...columns, trialEndsAt: subscriptions.trialEndsAt })
      .from(subscriptions)
      .innerJoin(customers, eq(customers.id, subscriptions.customerId))
      .leftJoin(plans, eq(plans.id, subscriptions.planId))
      .where(
        and(
          ending,
          from,
          last ? sql`${trialOrder} <= ${keyOf(last)}` : undefined,
          active,
          notQueued(trialReminderKey(now)),
        ),
      )
      .orderBy(subscriptions.trialEndsAt, subscriptions.customerId)
      .limit(BATCH - found);
    found += trials.length;
    run.trial_expiring += queuedIn(
      await queue.queueMany(
        db,
        trials.map((c) => trialReminder(c, now, links)),
      ),
    );
    if (!last) break;
    after = last;
  }
  return found < BATCH;
}

/** The reminder due for one trial: the nearest of 7, 3 and 1 days not yet passed. */
function trialReminder(
  c: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    companyName: string;
    planName: string;
    trialEndsAt: Date | null;
  },
  now: Date,
  links: ReturnType<typeof emailLinks>,
) {
  const end = c.trialEndsAt!;
  const left = (end.getTime() - now.getTime()) / DAY;
  const reminder = [...TRIAL_REMINDER_DAYS].reverse().find((d) => left <= d)!;
  return {
    template: 'trial_expiring' as const,
    to: { email: c.email, name: `${c.firstName} ${c.lastName}` },
    data: {
      ...person(c),
      planName: c.planName,
      daysLeft: String(Math.max(1, Math.ceil(left))),
      trialEndDate: emailDay(end),
      portalUrl: links.portalUrl,
    },
    customerId: c.id,
    dedupeKey: `trial_expiring:${reminder}:${c.id}:${end.toISOString()}`,
    now,
  };
}

/**
 * Queues every scheduled email due at `now`. Each carries a `dedupeKey` naming the rule, the customer
 * and the event (`trial_expiring:7:<customer>:<trial end>`), so however many instances run this and
 * however often, each goes once. A disabled template or an opted-out customer is skipped by the queue.
 * With `progress` (the job's, one per process), a run after a complete one looks only at what crossed
 * a threshold since (AutomationProgress); without it, every run is a full pass.
 */
export async function runEmailAutomation(
  deps: AutomationDeps,
  now: Date,
  progress?: AutomationProgress,
): Promise<AutomationRun> {
  const run: AutomationRun = { onboarding_1: 0, onboarding_2: 0, trial_expiring: 0 };
  const since = crossedSince(progress, now);
  const onboarded = await queueOnboarding(deps, now, since, run);
  const reminded = await queueTrialReminders(deps, now, since, run);
  // Only a run that reached everything due moves the progress on; otherwise the next starts where this did.
  if (progress && onboarded && reminded) {
    progress.coveredAt = now;
    if (!since) progress.fullAt = now;
  }
  return run;
}

/** The rules as the Automation Rules tab shows them: schedule, template switch, what each sent. */
export async function automationRulesOf(
  templates: { id: string; enabled: boolean }[],
  sent: Map<string, { sent: number; queued: number; lastSentAt: Date | null }>,
) {
  const enabled = new Map(templates.map((t) => [t.id, t.enabled]));
  return AUTOMATION_RULES.map((rule) => ({
    ...rule,
    enabled: enabled.get(rule.templateId) ?? true,
    sentCount: sent.get(rule.templateId)?.sent ?? 0,
    queuedCount: sent.get(rule.templateId)?.queued ?? 0,
    lastSentAt: sent.get(rule.templateId)?.lastSentAt?.toISOString() ?? null,
  }));
}
