import { Schema, type Connection, type Types } from 'mongoose';
import { modelOn, toJSONPlugin } from '../../lib/mongoose-plugins.js';

/** A subscription of an organization: where to send which events, signed with its secret. */
export interface WebhookDocument {
  _id: Types.ObjectId;
  organization_id: Types.ObjectId;
  url: string;
  description: string | null;
  /** Event types or patterns (`user.*`, `*`). */
  events: string[];
  /** When set, only events about these projects or applications are sent. */
  project_ids: Types.ObjectId[];
  application_ids: Types.ObjectId[];
  /** The HMAC key of the signature header; shown once, never serialized. */
  secret: string;
  enabled: boolean;
  /** Why it was disabled: `failing` (automatically) or `manual`. */
  disabled_reason: 'failing' | 'manual' | null;
  disabled_at: Date | null;
  consecutive_failures: number;
  last_success_at: Date | null;
  last_failure_at: Date | null;
  created_by: Types.ObjectId;
  created_at: Date;
  updated_at: Date;
}

const webhookSchema = new Schema<WebhookDocument>(
  {
    organization_id: { type: Schema.Types.ObjectId, required: true },
    url: { type: String, required: true, maxlength: 2048 },
    description: { type: String, default: null, maxlength: 500 },
    events: { type: [String], required: true },
    project_ids: { type: [Schema.Types.ObjectId], default: [] },
    application_ids: { type: [Schema.Types.ObjectId], default: [] },
    secret: { type: String, required: true, private: true },
    enabled: { type: Boolean, default: true },
    disabled_reason: { type: String, enum: ['failing', 'manual', null], default: null },
    disabled_at: { type: Date, default: null },
    consecutive_failures: { type: Number, default: 0 },
    last_success_at: { type: Date, default: null },
    last_failure_at: { type: Date, default: null },
    created_by: { type: Schema.Types.ObjectId, required: true },
  },
  { collection: 'webhooks', timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } },
);
webhookSchema.index({ organization_id: 1, created_at: -1 });
webhookSchema.plugin(toJSONPlugin);

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface AttemptRecord {
  at: Date;
  response_status: number | null;
  duration_ms: number;
  error: string | null;
}

/**
 * One event for one webhook: the queue entry and, once done, its log entry. `payload` is the
 * exact body sent (so a redelivery signs the same bytes). A process claims a delivery by setting
 * `lease_owner`/`lease_until`; it is acknowledged by the status change of that same owner.
 */
export interface DeliveryDocument {
  _id: Types.ObjectId;
  webhook_id: Types.ObjectId;
  organization_id: Types.ObjectId;
  event_id: string;
  event_type: string;
  payload: string;
  /** Order of events within a subscription: milliseconds × 1000 plus a per-process counter. */
  seq: number;
  status: DeliveryStatus;
  /** `test` (send test event, one attempt) or `redelivery` (asked for in the dashboard). */
  trigger: 'event' | 'test' | 'redelivery';
  attempts: number;
  next_attempt_at: Date;
  give_up_at: Date;
  lease_owner: string | null;
  lease_until: Date;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
  duration_ms: number | null;
  attempt_log: AttemptRecord[];
  delivered_at: Date | null;
  /** Set when the delivery is finished; the log entry is deleted 30 days later (TTL). */
  purge_at: Date | null;
  created_at: Date;
}

const attemptSchema = new Schema<AttemptRecord>(
  {
    at: { type: Date, required: true },
    response_status: { type: Number, default: null },
    duration_ms: { type: Number, required: true },
    error: { type: String, default: null },
  },
  { _id: false },
);

const deliverySchema = new Schema<DeliveryDocument>(
  {
    webhook_id: { type: Schema.Types.ObjectId, required: true },
    organization_id: { type: Schema.Types.ObjectId, required: true },
    event_id: { type: String, required: true },
    event_type: { type: String, required: true },
    payload: { type: String, required: true },
    seq: { type: Number, required: true },
    status: { type: String, enum: ['pending', 'succeeded', 'failed'], default: 'pending' },
    trigger: { type: String, enum: ['event', 'test', 'redelivery'], default: 'event' },
    attempts: { type: Number, default: 0 },
    next_attempt_at: { type: Date, required: true },
    give_up_at: { type: Date, required: true },
    lease_owner: { type: String, default: null },
    lease_until: { type: Date, default: () => new Date(0) },
    response_status: { type: Number, default: null },
    response_body: { type: String, default: null },
    error: { type: String, default: null },
    duration_ms: { type: Number, default: null },
    attempt_log: { type: [attemptSchema], default: [] },
    delivered_at: { type: Date, default: null },
    purge_at: { type: Date, default: null },
  },
  { collection: 'webhook_deliveries', timestamps: { createdAt: 'created_at', updatedAt: false } },
);
// The worker's scan for due work, the head of one subscription's queue, and the delivery log.
deliverySchema.index({ status: 1, next_attempt_at: 1 });
deliverySchema.index({ webhook_id: 1, status: 1, seq: 1 });
deliverySchema.index({ webhook_id: 1, created_at: -1, _id: -1 });
deliverySchema.index({ purge_at: 1 }, { expireAfterSeconds: 0 });
deliverySchema.plugin(toJSONPlugin);

export function webhookModels(connection: Connection) {
  return {
    Webhooks: modelOn(connection, 'Webhook', webhookSchema),
    Deliveries: modelOn(connection, 'WebhookDelivery', deliverySchema),
  };
}

export type WebhookModels = ReturnType<typeof webhookModels>;
