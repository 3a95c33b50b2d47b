import { Schema, type Connection, type Types } from 'mongoose';
import { modelOn } from '../../lib/mongoose-plugins.js';

export const ALERT_METRICS = [
  'error_rate',
  'p95_latency_ms',
  'api_calls',
  'active_users',
  'sign_ups',
  'failed_sign_ins',
  'event_count',
  'funnel_conversion',
] as const;
export type AlertMetric = (typeof ALERT_METRICS)[number];

export const ALERT_COMPARATORS = ['gt', 'gte', 'lt', 'lte'] as const;
export type AlertComparator = (typeof ALERT_COMPARATORS)[number];

/** ok: never fired (or only muted-free ok); firing: the condition holds; resolved: it held and no longer does. */
export const ALERT_STATES = ['ok', 'firing', 'resolved'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/** A rule of an application or a project: a metric over a sliding window, compared with a threshold. */
export interface AlertRuleDocument {
  _id: Types.ObjectId;
  organization_id: Types.ObjectId;
  project_id: Types.ObjectId;
  /** null: the rule watches the whole project. */
  application_id: Types.ObjectId | null;
  name: string;
  metric: AlertMetric;
  /** event_count: the event's name. */
  event: string | null;
  /** funnel_conversion: the funnel's event names in order. */
  steps: string[];
  comparator: AlertComparator;
  threshold: number;
  window_s: number;
  cooldown_s: number;
  min_samples: number;
  channels: { emails: string[]; webhook: boolean };
  /** Notifications are held while muted (true: until unmuted; a date: until then). */
  muted: boolean;
  muted_until: Date | null;
  state: AlertState;
  state_since: Date;
  /** Whether the current (or last) firing was notified: its resolution is notified too. */
  firing_notified: boolean;
  last_value: number | null;
  last_samples: number | null;
  last_evaluated_at: Date | null;
  last_notified_at: Date | null;
  /** Bumped by every state change: a transition is a compare-and-set on it, so it happens once. */
  version: number;
  created_by: Types.ObjectId;
  created_at: Date;
  updated_at: Date;
}

const ruleSchema = new Schema<AlertRuleDocument>(
  {
    organization_id: { type: Schema.Types.ObjectId, required: true },
    project_id: { type: Schema.Types.ObjectId, required: true },
    application_id: { type: Schema.Types.ObjectId, default: null },
    name: { type: String, required: true },
    metric: { type: String, enum: ALERT_METRICS, required: true },
    event: { type: String, default: null },
    steps: { type: [String], default: [] },
    comparator: { type: String, enum: ALERT_COMPARATORS, required: true },
    threshold: { type: Number, required: true },
    window_s: { type: Number, required: true },
    cooldown_s: { type: Number, required: true },
    min_samples: { type: Number, required: true },
    channels: {
      emails: { type: [String], default: [] },
      webhook: { type: Boolean, default: false },
    },
    muted: { type: Boolean, default: false },
    muted_until: { type: Date, default: null },
    state: { type: String, enum: ALERT_STATES, default: 'ok' },
    state_since: { type: Date, required: true },
    firing_notified: { type: Boolean, default: false },
    last_value: { type: Number, default: null },
    last_samples: { type: Number, default: null },
    last_evaluated_at: { type: Date, default: null },
    last_notified_at: { type: Date, default: null },
    version: { type: Number, default: 0 },
    created_by: { type: Schema.Types.ObjectId, required: true },
  },
  { collection: 'alert_rules', timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } },
);
ruleSchema.index({ organization_id: 1, created_at: -1 });
ruleSchema.index({ state: 1, organization_id: 1 });

export type HistoryKind = 'firing' | 'resolved' | 'test';

/** One row per state change (and per test notification) of a rule, newest first in the API. */
export interface AlertHistoryDocument {
  _id: Types.ObjectId;
  alert_id: Types.ObjectId;
  organization_id: Types.ObjectId;
  kind: HistoryKind;
  from_state: AlertState | null;
  to_state: AlertState | null;
  value: number | null;
  samples: number | null;
  threshold: number;
  comparator: AlertComparator;
  /** What was sent; `suppressed` says why nothing was (cooldown, muted). */
  notified: { emails: number; webhook: boolean; suppressed: 'cooldown' | 'muted' | null };
  at: Date;
}

const historySchema = new Schema<AlertHistoryDocument>(
  {
    alert_id: { type: Schema.Types.ObjectId, required: true },
    organization_id: { type: Schema.Types.ObjectId, required: true },
    kind: { type: String, enum: ['firing', 'resolved', 'test'], required: true },
    from_state: { type: String, default: null },
    to_state: { type: String, default: null },
    value: { type: Number, default: null },
    samples: { type: Number, default: null },
    threshold: { type: Number, required: true },
    comparator: { type: String, required: true },
    notified: {
      emails: { type: Number, default: 0 },
      webhook: { type: Boolean, default: false },
      suppressed: { type: String, default: null },
    },
    at: { type: Date, required: true },
  },
  { collection: 'alert_history', minimize: false },
);
historySchema.index({ alert_id: 1, at: -1, _id: -1 });
/** History is kept 400 days (like the rollups), then MongoDB's TTL monitor deletes it. */
export const HISTORY_RETENTION_DAYS = 400;
historySchema.index({ at: 1 }, { expireAfterSeconds: HISTORY_RETENTION_DAYS * 86_400 });

/** The evaluator's lease: whoever holds it (until `until`) is the one process that evaluates. */
export interface AlertLeaseDocument {
  _id: string;
  owner: string;
  until: Date;
  acquired_at: Date;
}

const leaseSchema = new Schema<AlertLeaseDocument>(
  {
    _id: { type: String, required: true },
    owner: { type: String, required: true },
    until: { type: Date, required: true },
    acquired_at: { type: Date, required: true },
  },
  { collection: 'alert_leases', versionKey: false },
);

export function alertModels(connection: Connection) {
  return {
    AlertRules: modelOn(connection, 'AlertRule', ruleSchema),
    AlertHistory: modelOn(connection, 'AlertHistory', historySchema),
    AlertLeases: modelOn(connection, 'AlertLease', leaseSchema),
  };
}
export type AlertModels = ReturnType<typeof alertModels>;
