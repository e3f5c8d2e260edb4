import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { normalizePlanFeatures, type Plan } from '../../../shared/contracts/plans';
import type { Db, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { prepared } from '../../db/prepared';
import { plans } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { recordAudit } from '../audit';
import { inTransaction } from '../../http/request-context';
import type { StaffContext } from '../../http/staff-context';

type PlanRow = typeof plans.$inferSelect;

export const toCents = (price: number) => Math.round(price * 100);

export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.priceCents / 100,
    interval: 'month',
    vehicleLimit: row.vehicleLimit,
    carLimit: row.vehicleLimit,
    userLimit: row.userLimit,
    active: row.active,
    features: normalizePlanFeatures(row.features),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notDeleted = isNull(plans.deletedAt);

export async function listPlans(db: Db, options: { includeInactive: boolean }): Promise<Plan[]> {
  const name = options.includeInactive ? 'plans_all' : 'plans_active';
  const query = prepared(db, name, (d) =>
    d
      .select()
      .from(plans)
      .where(options.includeInactive ? notDeleted : and(notDeleted, eq(plans.active, true)))
      .orderBy(asc(plans.priceCents), asc(plans.id))
      .prepare(name),
  );
  return (await query.execute()).map(toPlan);
}

async function findPlanForUpdate(tx: Executor, id: string): Promise<PlanRow> {
  const [row] = await tx
    .select()
    .from(plans)
    .where(and(eq(plans.id, id), notDeleted))
    .for('update');
  if (!row) throw notFound('Plan not found');
  return row;
}

/**
 * Plan names are unique among the plans not deleted, whatever their case, as customers and staff tell
 * plans apart by name. Every change that sets a name takes this lock first, so two at once cannot both
 * pass the check.
 */
async function lockPlanNames(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('motorpool:plan-names'))`);
}

const nameTakenMessage = (name: string) => `A plan named '${name}' already exists`;

async function refuseTakenName(tx: Executor, name: string, exceptId: string | null): Promise<void> {
  const [other] = await tx
    .select({ id: plans.id })
    .from(plans)
    .where(
      and(
        notDeleted,
        sql`lower(${plans.name}) = lower(${name})`,
        exceptId === null ? undefined : sql`${plans.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  if (other) throw conflict(nameTakenMessage(name), { name: nameTakenMessage(name) });
}

/** `name`, or `name 2`, `name 3`, ... : the first that no live plan carries (a duplicate's name). */
async function freeName(tx: Executor, name: string): Promise<string> {
  const taken = new Set(
    (
      await tx
        .select({ name: sql<string>`lower(${plans.name})` })
        .from(plans)
        .where(and(notDeleted, sql`lower(${plans.name}) like lower(${`${name.slice(0, 70)}%`})`))
    ).map((r) => r.name),
  );
  let candidate = name.slice(0, 80);
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${name.slice(0, 70)} ${n}`;
  return candidate;
}

export type CreatePlanInput = {
  id: string;
  name: string;
  description: string;
  price: number;
  vehicleLimit: number | null;
  userLimit: number | null;
  active: boolean;
  features?: unknown;
};

export async function createPlan(ctx: StaffContext, input: CreatePlanInput): Promise<Plan> {
  const taken = () => {
    const message = `A plan with the id '${input.id}' already exists (ids of deleted plans stay reserved)`;
    return conflict(message, { id: message });
  };
  return inTransaction(ctx, async ({ db: tx, actor }) => {
    const [existing] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, input.id));
    if (existing) throw taken();
    await lockPlanNames(tx);
    await refuseTakenName(tx, input.name, null);
    const [row] = await tx
      .insert(plans)
      .values({
        id: input.id,
        name: input.name,
        description: input.description,
        priceCents: toCents(input.price),
        vehicleLimit: input.vehicleLimit,
        userLimit: input.userLimit,
        active: input.active,
        features: normalizePlanFeatures(input.features),
      })
      .returning();
    const plan = toPlan(row!);
    await recordAudit(tx, actor, {
      action: 'create',
      resourceType: 'plan',
      resourceId: plan.id,
      newValues: plan,
    });
    return plan;
  }).catch((error: unknown) => {
    // Two creations racing with one id: the primary key decides; the loser gets the same 409.
    throw isUniqueViolation(error) ? taken() : error;
  });
}

export type PlanChanges = Partial<Omit<CreatePlanInput, 'id'>>;

export async function updatePlan(ctx: StaffContext, id: string, changes: PlanChanges): Promise<Plan> {
  return inTransaction(ctx, async ({ db: tx, actor }) => {
    if (changes.name !== undefined) await lockPlanNames(tx);
    const before = toPlan(await findPlanForUpdate(tx, id));
    if (changes.name !== undefined) await refuseTakenName(tx, changes.name, id);
    const set: Partial<typeof plans.$inferInsert> = { updatedAt: new Date() };
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.description !== undefined) set.description = changes.description;
    if (changes.price !== undefined) set.priceCents = toCents(changes.price);
    if (changes.vehicleLimit !== undefined) set.vehicleLimit = changes.vehicleLimit;
    if (changes.userLimit !== undefined) set.userLimit = changes.userLimit;
    if (changes.active !== undefined) set.active = changes.active;
    if (changes.features !== undefined) set.features = normalizePlanFeatures(changes.features);
    const [row] = await tx.update(plans).set(set).where(eq(plans.id, id)).returning();
    const after = toPlan(row!);
    await recordAudit(tx, actor, {
      action: 'update',
      resourceType: 'plan',
      resourceId: id,
      oldValues: before,
      newValues: after,
    });
    return after;
  });
}

/**
 * An inactive copy under a fresh id (`{id}-copy`, `{id}-copy-2`, ...) and a free name (`{name} (Copy)`,
 * `{name} (Copy) 2`, ...), for review before launch.
 */
export async function duplicatePlan(ctx: StaffContext, id: string): Promise<Plan> {
  return inTransaction(ctx, async ({ db: tx, actor }) => {
    await lockPlanNames(tx);
    const source = await findPlanForUpdate(tx, id);
    const taken = new Set(
      (
        await tx
          .select({ id: plans.id })
          .from(plans)
          .where(sql`${plans.id} like ${`${id.slice(0, 30)}-copy%`}`)
      ).map((r) => r.id),
    );
    const base = `${id.slice(0, 30)}-copy`;
    let copyId = base;
    for (let n = 2; taken.has(copyId); n++) copyId = `${base}-${n}`;
    const [row] = await tx
      .insert(plans)
      .values({
        id: copyId,
        name: await freeName(tx, `${source.name} (Copy)`),
        description: source.description,
        priceCents: source.priceCents,
        interval: source.interval,
        vehicleLimit: source.vehicleLimit,
        userLimit: source.userLimit,
        active: false,
        features: source.features,
      })
      .returning();
    const plan = toPlan(row!);
    await recordAudit(tx, actor, {
      action: 'duplicate',
      resourceType: 'plan',
      resourceId: plan.id,
      oldValues: { sourceId: id },
      newValues: plan,
    });
    return plan;
  });
}

/** Soft delete: the plan leaves every list, while its customers keep it (and its price). */
export async function deletePlan(ctx: StaffContext, id: string): Promise<void> {
  await inTransaction(ctx, async ({ db: tx, actor }) => {
    const before = toPlan(await findPlanForUpdate(tx, id));
    await tx
      .update(plans)
      .set({ deletedAt: new Date(), active: false, updatedAt: new Date() })
      .where(eq(plans.id, id));
    await recordAudit(tx, actor, {
      action: 'delete',
      resourceType: 'plan',
      resourceId: id,
      oldValues: before,
    });
  });
}

export async function findActivePlan(exec: Executor, id: string): Promise<PlanRow | undefined> {
  const [row] = await exec
    .select()
    .from(plans)
    .where(and(eq(plans.id, id), notDeleted, eq(plans.active, true)));
  return row;
}
