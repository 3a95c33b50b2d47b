import type { Types } from 'mongoose';

// The contracts of product analytics (issue #35): what the routes answer, what alerts may compute.

/** One application, or every application of one project. Ids as 24-hex strings. */
export type MetricScope = { application_id: string } | { project_id: string };

/**
 * What a read covers once authorized: the rollup scope (its activity bitmaps) and the applications
 * (their events, page views and installations).
 */
export interface ResolvedScope {
  scope: 'application' | 'project';
  scopeId: Types.ObjectId;
  applicationIds: Types.ObjectId[];
}

/** Who is counted: people (registered users and anonymous ids, as the summary) or installations. */
export type Unit = 'users' | 'installations';
export type Period = 'day' | 'week' | 'month';

export interface FunnelMetricQuery {
  scope: MetricScope;
  /** Event names in order, each optionally `name|key=value|…`; or ['journey'] (the built-in one). */
  steps: string[];
  /** Every later step within window_s of the first. */
  window_s: number;
  /** The first step happens in [from, to). */
  from: Date;
  to: Date;
}

export interface FunnelMetric {
  entered: number;
  converted: number;
  /** converted / entered in percent (2 decimals); null when nobody entered. */
  conversion: number | null;
}

export interface ActiveUsersQuery {
  scope: MetricScope;
  from: Date;
  to: Date;
}

/** For alerts (helper A-AL): trusted, no caller check — the rule's owner was checked when it was saved. */
export interface ProductMetrics {
  funnelConversion(query: FunnelMetricQuery): Promise<FunnelMetric>;
  /** Distinct active users (registered + anonymous ids, like the summary), dashboard requests never included. */
  activeUsers(query: ActiveUsersQuery): Promise<number>;
}
