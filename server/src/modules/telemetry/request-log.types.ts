import type { Types } from 'mongoose';

// What the request logger and the SDK ingest hand the recorder, and what the recorder offers.

/** The action of request rows in the activity log. */
export const REQUEST_ACTION = 'api.request';

/** One API request as the request logger saw it; ids may be partial (the flush completes them). */
export interface RequestRecord {
  created_at: Date;
  method: string;
  /** The route pattern, e.g. /api/v1/projects/:id; null when no route matched. */
  endpoint: string | null;
  status_code: number;
  response_time_ms: number;
  ip_address: string | null;
  user_agent: string | null;
  sdk_version?: string | null;
  user_id: string | null;
  /**
   * `dashboard`: a team member's dashboard session on the product API (isDashboardRequest). The row
   * is stored (marked so) but adds nothing to the rollups: no request, error, latency or active user.
   */
  source?: 'dashboard';
  application_id: string | null;
  project_id: string | null;
  organization_id: string | null;
}

/** What the SDK ingest of one request adds: stored events (not duplicates) and who was active. */
export interface TrackingRecord {
  application: { _id: Types.ObjectId; project_id: Types.ObjectId; organization_id: Types.ObjectId };
  /** When the identities were active (the ingest time). */
  at: Date;
  /**
   * Events as stored, each counted in the bucket of its own timestamp. With `installation_id` the
   * event is also written to its event day (analytics_event_days: funnels, event retention).
   */
  events?: Array<{ event: string; timestamp: Date; installation_id?: string | null }>;
  installationIds?: Array<string | null | undefined>;
  anonymousIds?: Array<string | null | undefined>;
  userIds?: Array<string | null | undefined>;
  /** Installations this request created. */
  newInstallations?: number;
}

export interface AnalyticsRecorder {
  /** Queues a request row; written with the next flush (at most a second later). Never throws. */
  logRequest(row: RequestRecord): void;
  /** Queues the counters of one SDK ingest request. Never throws. */
  recordTracking(record: TrackingRecord): void;
  /** Writes what is queued now; resolves once written (reads call it for read-your-writes). */
  flush(): Promise<void>;
  /**
   * Writes request rows (and tracking counters) with their rollups at once, bypassing the queue:
   * for seeding (bench:analytics) and imports. Rows keep their created_at.
   */
  writeBatch(batch: { requests?: RequestRecord[]; tracking?: TrackingRecord[] }): Promise<void>;
  /** Creates the unique and TTL indexes (once per process; writes and reads call it). */
  ensureIndexes(): Promise<void>;
  /** Stops the timer and flushes (server shutdown). */
  close(): Promise<void>;
}
