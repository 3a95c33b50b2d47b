import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import { healthSampleModel, type HealthSample } from './health.model.js';
import { ANALYTICS_PERIODS, type AnalyticsPeriod, type HealthHistorySchema } from './summaries.schemas.js';
import type { z } from '../../lib/openapi.js';

export type HealthHistory = z.infer<typeof HealthHistorySchema>;

/**
 * Samples that could not be written (the database was away) wait in memory for the next tick, up
 * to this many; older ones are dropped and their slots count as down.
 */
const MAX_PENDING_SAMPLES = 1_440;

export interface HealthSampler {
  /** Takes a sample now, then one in the middle of every following slot. */
  start(): void;
  /** Stops sampling and waits for a sample being written. */
  stop(): Promise<void>;
  /** Takes and stores one sample (what every tick does). */
  sampleOnce(): Promise<void>;
  readonly instanceId: string;
}

/** Identifies this process among the ones sharing the database. */
export function processInstanceId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/**
 * Each server process checks its own health once per interval (is the database answering, and how
 * long does the check take) and stores the result in health_samples. Samples are taken in the
 * middle of each slot of the interval (slots counted from the epoch), so timer jitter of up to half
 * an interval never puts two samples in one slot or none in another.
 */
export function createHealthSampler(deps: {
  connection: Connection;
  logger: Logger;
  intervalMs: number;
  isDatabaseUp(): Promise<boolean>;
  instanceId?: string;
}): HealthSampler {
  const Samples = healthSampleModel(deps.connection);
  const instanceId = deps.instanceId ?? processInstanceId();
  const interval = deps.intervalMs;
  let pending: Omit<HealthSample, '_id'>[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  let warned = false;

  async function write(): Promise<void> {
    try {
      await Samples.insertMany(pending, { ordered: false });
      pending = [];
    } catch (error) {
      // Written by an earlier attempt that looked failed: nothing is missing.
      const writeErrors = (error as { writeErrors?: unknown[] }).writeErrors;
      if (writeErrors?.length && writeErrors.every((e) => isDuplicateKey(e))) {
        pending = [];
        return;
      }
      if (!warned) deps.logger.warn({ err: error }, 'could not store health samples; retrying each interval');
      warned = true;
      pending = pending.slice(-MAX_PENDING_SAMPLES);
    }
  }

  async function sampleOnce(): Promise<void> {
    // The slot is the one the check starts in: a slow check is a sample of that slot.
    const at = new Date();
    const started = performance.now();
    const healthy = await deps.isDatabaseUp();
    pending.push({
      instance_id: instanceId,
      at,
      slot: Math.floor(at.getTime() / interval),
      interval_ms: interval,
      healthy,
      response_ms: Math.round((performance.now() - started) * 10) / 10,
    });
    await write();
    if (!pending.length) warned = false;
  }

  function schedule(): void {
    if (stopped) return;
    const now = Date.now();
    const nextMiddle = (Math.floor(now / interval) + 1) * interval + interval / 2;
    timer = setTimeout(tick, nextMiddle - now);
    timer.unref();
  }

  function tick(): void {
    running = sampleOnce()
      .catch((error: unknown) => deps.logger.error({ err: error }, 'health sample failed'))
      .finally(() => {
        running = undefined;
        schedule();
      });
  }

  return {
    instanceId,
    sampleOnce,
    start() {
      stopped = false;
      tick();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * Uptime and response time of the whole service over a period, from every process's samples:
 *
 * - The period is cut into slots of the sampling interval. A slot counts as up when at least one
 *   process stored a healthy sample in it, as down when samples exist but none is healthy, and
 *   also as down when no process stored any sample (no server was running, or none could reach
 *   the database long enough to lose its buffered samples).
 * - Expected slots run from the period's start, or from the first sample ever stored when that is
 *   later (a new installation is not down before it existed), to the last complete slot; the
 *   current slot counts once it has a sample.
 * - avg_response_ms averages the healthy samples (a failed check only measures its timeout).
 */
export async function healthHistory(
  deps: { connection: Connection; intervalMs: number },
  period: AnalyticsPeriod,
  now = Date.now(),
): Promise<HealthHistory> {
  const Samples = healthSampleModel(deps.connection);
  const interval = deps.intervalMs;
  const first = await Samples.findOne({}, { at: 1 }).sort({ at: 1 }).lean();
  const empty = { period, uptime_percent: null, avg_response_ms: null, samples: 0, last_checked_at: null };
  if (!first) return empty;
  const currentSlot = Math.floor(now / interval);
  const startSlot = Math.floor(
    Math.max(now - ANALYTICS_PERIODS[period] * 3_600_000, first.at.getTime()) / interval,
  );
  const [totals] = await Samples.aggregate<{
    slots_up: number;
    current_seen: number;
    samples: number;
    healthy_ms: number;
    healthy: number;
    last: Date;
  }>([
    { $match: { at: { $gte: new Date(startSlot * interval), $lte: new Date(now) } } },
    {
      $group: {
        _id: '$slot',
        up: { $max: { $cond: ['$healthy', 1, 0] } },
        samples: { $sum: 1 },
        healthy: { $sum: { $cond: ['$healthy', 1, 0] } },
        healthy_ms: { $sum: { $cond: ['$healthy', '$response_ms', 0] } },
        last: { $max: '$at' },
      },
    },
    {
      $group: {
        _id: null,
        slots_up: { $sum: '$up' },
        current_seen: { $max: { $cond: [{ $eq: ['$_id', currentSlot] }, 1, 0] } },
        samples: { $sum: '$samples' },
        healthy: { $sum: '$healthy' },
        healthy_ms: { $sum: '$healthy_ms' },
        last: { $max: '$last' },
      },
    },
  ]);
  if (!totals) {
    // Samples exist, none in the period: every slot of it was down.
    const last = await Samples.findOne({}, { at: 1 }).sort({ at: -1 }).lean();
    return { ...empty, uptime_percent: 0, last_checked_at: last ? last.at.toISOString() : null };
  }
  const expected = currentSlot - startSlot + totals.current_seen;
  return {
    period,
    uptime_percent:
      expected > 0 ? Math.round((Math.min(totals.slots_up, expected) / expected) * 100_000) / 1000 : null,
    avg_response_ms: totals.healthy ? Math.round((totals.healthy_ms / totals.healthy) * 10) / 10 : null,
    samples: totals.samples,
    last_checked_at: new Date(totals.last).toISOString(),
  };
}
