import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import type { Logger } from 'pino';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import type { Measurement, MeasuredRule } from './alerts.metrics.js';
import type { AlertComparator, AlertModels, AlertRuleDocument, AlertState } from './alerts.model.js';
import type { Notifier } from './alerts.notify.js';
import { isMuted } from './alerts.views.js';
import type { AlertEvaluator, EvaluationResult } from './alerts.types.js';

export const EVALUATION_INTERVAL_MS = 60_000;
/** Longer than an interval, so the holder renews it every round; a dead holder's runs out after 90 s. */
export const LEASE_MS = 90_000;
const LEASE_ID = 'evaluator';

export function compare(value: number, comparator: AlertComparator, threshold: number): boolean {
  switch (comparator) {
    case 'gt':
      return value > threshold;
    case 'gte':
      return value >= threshold;
    case 'lt':
      return value < threshold;
    case 'lte':
      return value <= threshold;
  }
}

/** Whether the rule's condition holds: enough samples, a value, and the comparison true. */
export function breached(rule: AlertRuleDocument, measurement: Measurement): boolean {
  if (measurement.samples < rule.min_samples || measurement.value === null) return false;
  return compare(measurement.value, rule.comparator, rule.threshold);
}

/**
 * The evaluator: every minute, the one process holding the lease (a document in alert_leases,
 * taken with an atomic update while free or expired, renewed by its holder) measures every rule
 * and moves its state. Each state change is a compare-and-set on the rule's version, so even two
 * evaluators that overlap (a lease that ran out mid-round) change a state — and notify — once.
 */
export function createEvaluator(deps: {
  models: AlertModels;
  logger: Logger;
  now: () => Date;
  measure(rule: MeasuredRule, now: Date): Promise<Measurement>;
  notify: Notifier;
}): AlertEvaluator {
  const { AlertRules, AlertHistory, AlertLeases } = deps.models;
  const owner = randomUUID();
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<unknown> = Promise.resolve();

  async function acquireLease(now: Date): Promise<boolean> {
    try {
      const lease = await AlertLeases.findOneAndUpdate(
        { _id: LEASE_ID, $or: [{ owner }, { until: mongoose.trusted({ $lte: now }) }] },
        { $set: { owner, until: new Date(now.getTime() + LEASE_MS), acquired_at: now } },
        { upsert: true, returnDocument: 'after' },
      ).lean();
      return lease?.owner === owner;
    } catch (error) {
      // Another process holds it: the upsert found no free lease and collided with the held one.
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  /** Moves the rule from `from` to `to` if nobody else did since it was read; true if this call did. */
  async function transition(
    rule: AlertRuleDocument,
    to: AlertState,
    measurement: Measurement,
    now: Date,
    notifying: boolean,
  ): Promise<boolean> {
    const changed = await AlertRules.updateOne(
      { _id: rule._id, version: rule.version, state: rule.state },
      {
        $set: {
          state: to,
          state_since: now,
          last_value: measurement.value,
          last_samples: measurement.samples,
          last_evaluated_at: now,
          ...(to === 'firing' ? { firing_notified: notifying } : {}),
          ...(notifying ? { last_notified_at: now } : {}),
        },
        $inc: { version: 1 },
      },
    );
    return changed.modifiedCount === 1;
  }

  async function evaluateRule(rule: AlertRuleDocument, now: Date): Promise<'fired' | 'resolved' | null> {
    const measurement = await deps.measure(rule, now);
    const holds = breached(rule, measurement);
    const firing = rule.state === 'firing';
    if (holds === firing) {
      await AlertRules.updateOne(
        { _id: rule._id, version: rule.version },
        {
          $set: { last_value: measurement.value, last_samples: measurement.samples, last_evaluated_at: now },
        },
      );
      return null;
    }
    const to: AlertState = holds ? 'firing' : 'resolved';
    const muted = isMuted(rule, now);
    const cooling =
      holds &&
      rule.last_notified_at !== null &&
      now.getTime() - rule.last_notified_at.getTime() < rule.cooldown_s * 1000;
    // A resolution is told to whoever was told of the firing; a firing unless muted or cooling down.
    const notifying = holds ? !muted && !cooling : rule.firing_notified && !muted;
    if (!(await transition(rule, to, measurement, now, notifying))) return null;
    const notice = { kind: holds ? ('firing' as const) : ('resolved' as const), ...measurement, at: now };
    const sent = notifying ? await deps.notify(rule, notice) : null;
    await AlertHistory.create({
      alert_id: rule._id,
      organization_id: rule.organization_id,
      kind: notice.kind,
      from_state: rule.state,
      to_state: to,
      value: measurement.value,
      samples: measurement.samples,
      threshold: rule.threshold,
      comparator: rule.comparator,
      notified: {
        emails: sent?.emails.length ?? 0,
        webhook: sent?.webhook ?? false,
        suppressed: notifying ? null : muted ? 'muted' : holds ? 'cooldown' : null,
      },
      at: now,
    });
    return holds ? 'fired' : 'resolved';
  }

  async function evaluateOnce(now = deps.now()): Promise<EvaluationResult> {
    const result: EvaluationResult = { leader: false, evaluated: 0, fired: 0, resolved: 0 };
    if (!(await acquireLease(now))) return result;
    result.leader = true;
    const cursor = AlertRules.find({}).lean<AlertRuleDocument[]>().cursor();
    for await (const rule of cursor as AsyncIterable<AlertRuleDocument>) {
      try {
        const outcome = await evaluateRule(rule, now);
        result.evaluated += 1;
        if (outcome === 'fired') result.fired += 1;
        if (outcome === 'resolved') result.resolved += 1;
      } catch (error) {
        // One rule's failure (a metric it cannot read yet) must not hold back the others.
        deps.logger.warn({ err: error, alertId: String(rule._id) }, 'alert rule not evaluated');
      }
    }
    return result;
  }

  return {
    evaluateOnce,
    start(options = {}) {
      if (timer) return;
      timer = setInterval(() => {
        inFlight = inFlight
          .then(() => evaluateOnce())
          .catch((error: unknown) => deps.logger.error({ err: error }, 'alert evaluation failed'));
      }, options.intervalMs ?? EVALUATION_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await inFlight;
    },
  };
}
