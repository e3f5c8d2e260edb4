import { and, eq, sql } from 'drizzle-orm';
import { manualClock } from '../clock';
import { HttpError } from '../http/errors';
import { SandboxPaymentProvider } from '../integrations/payments/sandbox';
import type { AuditActor } from '../modules/audit';
import {
  createCheckout,
  completeCheckout,
  planById,
  type BillingDeps,
  addPaymentMethod,
  cancelSubscription,
  downgradePlan,
  upgradePlan,
  startTrial,
  refundPayment,
  type StaffPaymentDeps,
} from '../modules/billing';
import { runDueBilling } from '../jobs/billing-runner';
import { silentMailer } from '../modules/email-events';
import { accountScope } from './account-scope';
import type { Db } from './client';
import { appMeta, customers, payments } from './schema';
import { HISTORY_MARKER } from './seed';
import type { CustomerContext } from '../http/request-context';

/**
 * A year of believable history for the demo (docs/revenue.md "Demo history"), made by the billing
 * engine itself: customers start trials, pay at checkout, upgrade, downgrade, cancel, let renewals
 * fail, pay again and are refunded, while a clock walks day by day through the past year and the
 * billing job runs each day as it would have. Every record (subscriptions, the MRR ledger, invoices,
 * payments, the sandbox's charges) is dated by that clock, so the revenue analytics show something
 * true on first start. Only for a real start with demo data and the sandbox provider (main.ts): never
 * in the API tests' template database.
 */

const HISTORY_KEY = HISTORY_MARKER;
const DAY = 86_400_000;
const VISA = '4242 4242 4242 4242';
/** Verified and saved, then declined when charged: renewals fail. */
const DECLINES_LATER = '4000 0000 0000 0341';
const CUSTOMERS = 42;
const TRIALING_NOW = 3;

const NAMES = [
  'Northwind',
  'Blue Ridge',
  'Lakeshore',
  'Summit',
  'Prairie',
  'Harbor',
  'Ironwood',
  'Redline',
  'Silver Creek',
  'Granite',
  'Evergreen',
  'Canyon',
  'Keystone',
  'Riverbend',
  'Pinecrest',
  'Coastal',
  'Highland',
  'Maple Leaf',
  'Frontier',
  'Crossroads',
  'Bayview',
  'Sunrise',
];
const KINDS = ['Haulage', 'Logistics', 'Couriers', 'Transport', 'Delivery', 'Freight'];

type Plan = 'starter' | 'professional' | 'enterprise';
type Action =
  | { kind: 'sign-up'; who: number; plan: Plan }
  | { kind: 'checkout'; who: number }
  | { kind: 'declining-card'; who: number }
  | { kind: 'upgrade'; who: number; plan: Plan }
  | { kind: 'downgrade'; who: number }
  | { kind: 'cancel'; who: number }
  | { kind: 'refund'; who: number; full: boolean };

/** The year's script, from a fixed seed: the same story on every first start. */
function script(days: number): Map<number, Action[]> {
  let seed = 424_242;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const between = (from: number, to: number) => from + Math.floor(random() * (to - from));
  const plan = (): Plan => {
    const r = random();
    return r < 0.5 ? 'starter' : r < 0.85 ? 'professional' : 'enterprise';
  };
  const days_ = new Map<number, Action[]>();
  const at = (day: number, action: Action) => {
    if (day >= days) return;
    days_.set(day, [...(days_.get(day) ?? []), action]);
  };
  for (let who = 0; who < CUSTOMERS; who++) {
    // More sign-ups later in the year: the business grows.
    const start = Math.floor(Math.sqrt(random()) * (days - 20));
    const first = plan();
    if (who >= CUSTOMERS - TRIALING_NOW) {
      // Still in their trial today: potential MRR.
      at(days - between(1, 12), { kind: 'sign-up', who, plan: first });
      continue;
    }
    at(start, { kind: 'sign-up', who, plan: first });
    if (random() < 0.15) continue; // the trial ends unpaid
    const paid = start + between(2, 13);
    at(paid, { kind: 'checkout', who });
    const r = random();
    if (r < 0.12) {
      // A card that stops working: renewals fail, and some pay again weeks later.
      at(paid + between(10, 60), { kind: 'declining-card', who });
      if (random() < 0.6) at(paid + between(120, 200), { kind: 'checkout', who });
    } else if (r < 0.37 && first !== 'enterprise') {
      at(paid + between(20, 150), {
        kind: 'upgrade',
        who,
        plan: first === 'starter' ? 'professional' : 'enterprise',
      });
    } else if (r < 0.47 && first !== 'starter') {
      at(paid + between(30, 150), { kind: 'downgrade', who });
    } else if (r < 0.62) {
      at(paid + between(40, 220), { kind: 'cancel', who });
    }
    if (random() < 0.12) at(paid + between(3, 25), { kind: 'refund', who, full: random() < 0.4 });
  }
  return days_;
}

const slug = (text: string) => text.toLowerCase().replaceAll(' ', '-');

const ACTOR: AuditActor = {
  actorType: 'system',
  actorId: null,
  actorEmail: 'demo-history',
  ipAddress: null,
  userAgent: null,
};

/** The history being written: the billing engine on the walking clock, and the accounts made so far. */
type History = {
  db: Db;
  deps: BillingDeps;
  provider: SandboxPaymentProvider;
  clock: ReturnType<typeof manualClock>;
  /** Each scripted customer's account id, once signed up. */
  ids: string[];
  /** The demo customer's, shared by every account of the history. */
  passwordHash: string;
  now: Date;
};

/** Seeds the history once per database; answers whether it did. */
export async function seedDemoHistory(
  db: Db,
  options: { appName: string; now?: Date; customerEmail: string },
): Promise<boolean> {
  // The history's accounts share the demo customer's password (demo only): no hashing per account.
  const [demo] = await db
    .select({ passwordHash: customers.passwordHash })
    .from(customers)
    .where(eq(customers.email, options.customerEmail));
  if (!demo) return false;
  // Whoever writes the marker seeds: a second instance starting at the same time finds it and skips.
  const claimed = await db
    .insert(appMeta)
    .values({ key: HISTORY_KEY, value: new Date().toISOString() })
    .onConflictDoNothing()
    .returning();
  if (claimed.length === 0) return false;

  const now = options.now ?? new Date();
  const days = 365;
  const clock = manualClock(new Date(now.getTime() - days * DAY));
  const provider = new SandboxPaymentProvider(db, clock);
  const deps: BillingDeps = { db, provider, clock, appName: options.appName, mail: silentMailer };
  const history: History = { db, deps, provider, clock, ids: [], passwordHash: demo.passwordHash, now };
  const plan = script(days);
  for (let day = 0; day <= days; day++) {
    // Mid-morning, a few minutes apart each day, as people do things.
    clock.set(new Date(now.getTime() - (days - day) * DAY - 6 * 3_600_000 + (day % 7) * 600_000));
    if (clock.now() > now) clock.set(now);
    for (const action of plan.get(day) ?? []) {
      try {
        await act(history, action);
      } catch (error) {
        // A step the rules refuse (already cancelled, nothing to pay) is part of a believable story.
        if (!(error instanceof HttpError)) throw error;
      }
    }
    await runDueBilling(deps);
  }
  return true;
}

/** The scripted customer's request context, as the portal would build it. */
function contextOf({ db, clock, provider, ids }: History, who: number): CustomerContext {
  return {
    db,
    actor: { ...ACTOR, accountId: ids[who] },
    accountId: ids[who]!,
    clock,
    account: accountScope(db, ids[who]!),
    provider,
    mail: silentMailer,
  };
}

async function act(history: History, action: Action) {
  const { db, deps, provider, clock, ids, now } = history;
  const ctx = action.kind === 'sign-up' ? null : contextOf(history, action.who);
  const card = (number: string) => ({ number, expMonth: 12, expYear: now.getUTCFullYear() + 3, cvc: '123' });
  switch (action.kind) {
    case 'sign-up':
      return signUp(history, action.who, action.plan);
    case 'checkout': {
      const { clientSecret } = await createCheckout(deps, ids[action.who]!);
      const intent = (await provider.findIntentBySecret(clientSecret))!;
      const { ref } = await provider.tokenize(card(VISA));
      await provider.confirmIntent(intent.ref, ref);
      await completeCheckout(deps, ACTOR, intent.ref);
      return;
    }
    case 'declining-card': {
      const { ref } = await provider.tokenize(card(DECLINES_LATER));
      await addPaymentMethod(ctx!, { paymentMethodId: ref, setAsDefault: true });
      return;
    }
    case 'upgrade':
      await upgradePlan(ctx!, action.plan);
      return;
    case 'downgrade':
      await downgradePlan(ctx!, 'starter');
      return;
    case 'cancel':
      await cancelSubscription(ctx!);
      return;
    case 'refund':
      await refundLatest({ db, clock, provider }, ACTOR, ids[action.who]!, action.full);
      return;
  }
}

/** A new account on its trial of `planId`, dated by the walking clock. */
async function signUp({ db, clock, ids, passwordHash }: History, who: number, planId: Plan) {
  const name = `${NAMES[who % NAMES.length]} ${KINDS[who % KINDS.length]}`;
  const plan = (await planById(db, planId))!;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(customers)
      .values({
        email: `billing@${slug(name)}-${who}.example`,
        passwordHash,
        firstName: 'Demo',
        lastName: name.split(' ')[0]!,
        companyName: name,
        planId: plan.id,
        status: 'pending',
        carLimit: plan.vehicleLimit,
        userLimit: plan.userLimit,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      })
      .returning({ id: customers.id });
    ids[who] = row!.id;
    await startTrial(tx, row!.id, plan, clock.now());
  });
}

/**
 * A staff refund of the customer's latest unrefunded payment (half of it, or all), through the one
 * refund service the payments screen uses (docs/staff-payments.md).
 */
export async function refundLatest(
  deps: StaffPaymentDeps,
  actor: AuditActor,
  customerId: string,
  full: boolean,
): Promise<boolean> {
  const [paid] = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.customerId, customerId),
        eq(payments.status, 'succeeded'),
        eq(payments.refundedCents, 0),
      ),
    )
    .orderBy(sql`${payments.createdAt} desc`)
    .limit(1);
  if (!paid) return false;
  await refundPayment(deps, actor, paid.id, {
    amount: (full ? paid.amountCents : Math.round(paid.amountCents / 2)) / 100,
    reason: full ? 'Charged in error' : 'Goodwill credit',
    requestKey: `demo-history-refund:${paid.id}`,
  });
  return true;
}
