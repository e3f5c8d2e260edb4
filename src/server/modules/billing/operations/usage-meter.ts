import os from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { isoDay } from '../../../../shared/days';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import { hostingUsage } from '../../../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's hosting-usage meter (docs/payment-operations.md). */
    usageMeter: UsageMeter;
  }
}

const FLUSH_MS = 60_000;

function lengthOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return Number(value) || 0;
  if (Array.isArray(value)) return lengthOf(value[0]);
  return 0;
}

/**
 * Counts what this process serves (requests, response bytes) and the CPU time it uses, and adds
 * them into `hosting_usage` (one row per day and instance) every minute and on close. Each flush
 * adds deltas with one upsert, so several instances, and several flushes of one, only ever add.
 */
export class UsageMeter {
  readonly instanceId: string;
  private cpuMark = process.cpuUsage();
  private bytes = 0;
  private requests = 0;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    instanceId = `${os.hostname()}:${process.pid}`,
  ) {
    this.instanceId = instanceId.slice(0, 200);
  }

  record(bytes: number) {
    this.requests += 1;
    this.bytes += Math.max(0, Math.floor(bytes));
  }

  /** Writes what was counted since the last flush; on failure the counts wait for the next one. */
  flush(): Promise<void> {
    // A failed write must not stop the next ones: each flush starts from a settled chain.
    this.flushing = this.flushing.catch(() => undefined).then(() => this.write());
    return this.flushing;
  }

  private async write() {
    const cpu = process.cpuUsage(this.cpuMark);
    const cpuMicros = cpu.user + cpu.system;
    const { bytes, requests } = this;
    if (cpuMicros === 0 && bytes === 0 && requests === 0) return;
    const mark = this.cpuMark;
    this.cpuMark = process.cpuUsage();
    this.bytes = 0;
    this.requests = 0;
    try {
      await this.db
        .insert(hostingUsage)
        .values({
          day: isoDay(this.clock.now()),
          instanceId: this.instanceId,
          cpuMicros,
          bytesServed: bytes,
          requests,
          updatedAt: this.clock.now(),
        })
        .onConflictDoUpdate({
          target: [hostingUsage.day, hostingUsage.instanceId],
          set: {
            cpuMicros: sql`${hostingUsage.cpuMicros} + excluded.cpu_micros`,
            bytesServed: sql`${hostingUsage.bytesServed} + excluded.bytes_served`,
            requests: sql`${hostingUsage.requests} + excluded.requests`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    } catch (error) {
      // Kept for the next flush: a measurement is never dropped because the database was busy.
      this.bytes += bytes;
      this.requests += requests;
      this.cpuMark = mark;
      throw error;
    }
  }
}

/**
 * Puts the meter on every response of the app (API, client files, 404s): the bytes are the
 * response's content-length, or the payload's size when the header is not set yet.
 */
export function registerUsageMeter(
  app: FastifyInstance,
  { db, clock, flushMs = FLUSH_MS }: { db: Db; clock: Clock; flushMs?: number },
) {
  const meter = new UsageMeter(db, clock);
  const payloadBytes = new WeakMap<FastifyRequest, number>();
  app.decorate('usageMeter', meter);
  app.addHook('onSend', async (_request, reply, payload) => {
    const declared = lengthOf(reply.getHeader('content-length'));
    const size =
      declared > 0
        ? declared
        : typeof payload === 'string'
          ? Buffer.byteLength(payload)
          : Buffer.isBuffer(payload)
            ? payload.length
            : 0;
    payloadBytes.set(reply.request, size);
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    // A stream (a client file) has its length only once its headers went out.
    const sent =
      lengthOf(reply.getHeader('content-length')) || lengthOf(reply.raw.getHeader('content-length'));
    meter.record(sent || (payloadBytes.get(request) ?? 0));
  });
  const timer = setInterval(() => {
    meter.flush().catch((err: unknown) => app.log.warn({ err }, 'hosting usage: flush failed'));
  }, flushMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await meter.flush().catch((err: unknown) => app.log.warn({ err }, 'hosting usage: last flush failed'));
  });
  return meter;
}
