import { Schema, type Connection, type Types } from 'mongoose';
import { modelOn } from '../../lib/mongoose-plugins.js';
import { ANALYTICS_PERIODS } from './summaries.schemas.js';

/** One health check of one server process. */
export interface HealthSample {
  _id: Types.ObjectId;
  /** Which process took it (host, pid and a random part): several processes share the database. */
  instance_id: string;
  at: Date;
  /** The sampling slot (`at` divided by the sampling interval): one sample per process and slot. */
  slot: number;
  interval_ms: number;
  /** The database answered a ping (within its 2 s timeout). */
  healthy: boolean;
  /** How long the check took, event-loop delay included. */
  response_ms: number;
}

/** Kept one day longer than the longest period the health card shows (90 days). */
export const HEALTH_SAMPLE_RETENTION_S = (Math.max(...Object.values(ANALYTICS_PERIODS)) + 24) * 3600;

const healthSampleSchema = new Schema<HealthSample>(
  {
    instance_id: { type: String, required: true },
    at: { type: Date, required: true },
    slot: { type: Number, required: true },
    interval_ms: { type: Number, required: true },
    healthy: { type: Boolean, required: true },
    response_ms: { type: Number, required: true },
  },
  { collection: 'health_samples', versionKey: false },
);
healthSampleSchema.index({ at: 1 }, { expireAfterSeconds: HEALTH_SAMPLE_RETENTION_S });
// A retried write (after the database was away) cannot store a process's sample of a slot twice.
healthSampleSchema.index({ instance_id: 1, slot: 1 }, { unique: true });

export function healthSampleModel(connection: Connection) {
  return modelOn(connection, 'HealthSample', healthSampleSchema);
}
