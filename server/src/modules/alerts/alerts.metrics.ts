import type { Connection } from 'mongoose';

type Filter = Record<string, unknown>;
import { REQUEST_ACTION } from '../telemetry/index.js';
import type { AlertMetric, AlertRuleDocument } from './alerts.model.js';

/**
 * What a rule's metric measures over its window: `value` is compared with the threshold once
 * `samples` — how many observations the value is made of — reaches the rule's min_samples.
 */
export interface Measurement {
  value: number | null;
  samples: number;
}

export type MeasuredRule = Pick<
  AlertRuleDocument,
  'metric' | 'event' | 'steps' | 'project_id' | 'application_id' | 'window_s'
>;

/** The embedding API's routes (route patterns, as the request log names them). */
const SIGN_UP_ENDPOINTS = ['/api/auth/register'];
const SIGN_IN_ENDPOINTS = [
  '/api/auth/login',
  '/api/auth/email-code/verify',
  '/api/auth/passkeys/sign-in',
  '/api/auth/mfa/challenge',
];

/** p95 as everywhere in the product: the nearest-rank value (the ceil(0.95·n)-th smallest). */
const P95 = 0.95;

/**
 * Reads the request log (`activity_logs`, the telemetry module's rows with action api.request) and
 * the SDK's raw events (`analytics_events`) of one application or project, in [from, to). The
 * rollups are hourly and would blur a five-minute window, so alerts read the rows, through the
 * indexes on (application_id | project_id, created_at).
 */
export function createMetricReader(connection: Connection) {
  const requests = connection.collection('activity_logs');
  const events = connection.collection('analytics_events');

  function requestFilter(rule: MeasuredRule, from: Date, to: Date, extra: Filter = {}) {
    return {
      ...(rule.application_id ? { application_id: rule.application_id } : { project_id: rule.project_id }),
      created_at: { $gte: from, $lt: to },
      action: REQUEST_ACTION,
      // A team member's dashboard requests are not the application's traffic (docs/analytics.md).
      source: { $ne: 'dashboard' },
      ...extra,
    };
  }

  /** How many requests, and how many of them match `condition` (an aggregation expression). */
  async function countWhere(match: Filter, condition: unknown): Promise<Measurement> {
    const [row] = await requests
      .aggregate<{ n: number; hits: number }>([
        { $match: match },
        { $group: { _id: null, n: { $sum: 1 }, hits: { $sum: { $cond: [condition, 1, 0] } } } },
      ])
      .toArray();
    return { value: row?.hits ?? 0, samples: row?.n ?? 0 };
  }

  const readers: Record<Exclude<AlertMetric, 'funnel_conversion'>, Reader> = {
    async error_rate(rule, from, to) {
      const { value, samples } = await countWhere(requestFilter(rule, from, to), {
        $gte: ['$status_code', 400],
      });
      return { value: samples ? round2(((value ?? 0) / samples) * 100) : null, samples };
    },
    async api_calls(rule, from, to) {
      const samples = await requests.countDocuments(requestFilter(rule, from, to));
      return { value: samples, samples };
    },
    async p95_latency_ms(rule, from, to) {
      const match = requestFilter(rule, from, to, { response_time_ms: { $type: 'number' } });
      const samples = await requests.countDocuments(match);
      if (samples === 0) return { value: null, samples };
      const [row] = await requests
        .find(match, { projection: { response_time_ms: 1 } })
        .sort({ response_time_ms: 1 })
        .skip(Math.ceil(P95 * samples) - 1)
        .limit(1)
        .toArray();
      return { value: Number(row?.response_time_ms ?? 0), samples };
    },
    async active_users(rule, from, to) {
      const match = requestFilter(rule, from, to);
      const [samples, [row]] = await Promise.all([
        requests.countDocuments(match),
        requests
          .aggregate<{ users: number }>([
            { $match: { ...match, user_id: { $ne: null } } },
            { $group: { _id: '$user_id' } },
            { $count: 'users' },
          ])
          .toArray(),
      ]);
      return { value: row?.users ?? 0, samples };
    },
    sign_ups: (rule, from, to) =>
      countWhere(requestFilter(rule, from, to, { endpoint: { $in: SIGN_UP_ENDPOINTS } }), {
        $and: [{ $gte: ['$status_code', 200] }, { $lt: ['$status_code', 300] }],
      }),
    failed_sign_ins: (rule, from, to) =>
      countWhere(requestFilter(rule, from, to, { endpoint: { $in: SIGN_IN_ENDPOINTS } }), {
        $and: [{ $gte: ['$status_code', 400] }, { $lt: ['$status_code', 500] }],
      }),
    async event_count(rule, from, to) {
      const value = await events.countDocuments({
        ...(rule.application_id ? { application_id: rule.application_id } : { project_id: rule.project_id }),
        event: rule.event ?? '',
        timestamp: { $gte: from, $lt: to },
      });
      return { value, samples: value };
    },
  };

  return {
    /** The rule's metric over the window ending at `now`. */
    measure(rule: MeasuredRule, now: Date): Promise<Measurement> {
      const from = new Date(now.getTime() - rule.window_s * 1000);
      if (rule.metric === 'funnel_conversion') throw new Error('funnel_conversion has no reader');
      return readers[rule.metric](rule, from, now);
    },
  };
}

type Reader = (rule: MeasuredRule, from: Date, to: Date) => Promise<Measurement>;
export type MetricReader = ReturnType<typeof createMetricReader>;

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
