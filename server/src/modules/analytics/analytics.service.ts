import mongoose, { Types, type Connection } from 'mongoose';
import { AppError } from '../../lib/errors.js';
import {
  applicationModel,
  ApplicationErrors,
  type ApplicationCaller,
  type ApplicationsService,
} from '../applications/index.js';
import { OrganizationErrors } from '../organizations/index.js';
import { ProjectErrors, type ProjectsService } from '../projects/index.js';
import { apiTokenModel } from '../tokens/index.js';
import { installationModel } from '../tracking/index.js';
import {
  analyticsModels,
  decodeKey,
  KEY_KINDS,
  orInto,
  populationCount,
  type ActiveBitmaps,
  LATENCY_BOUNDS_MS,
  type EndpointCounters,
  type Granularity,
  type KeyKind,
  type Rollup,
  type RollupScope,
} from './analytics.model.js';
import { bucketStart, type AnalyticsRecorder } from './analytics.recorder.js';
import {
  ANALYTICS_PERIODS,
  HOURLY_TIMESERIES_MAX_HOURS,
  type AnalyticsPeriod,
  type AnalyticsSummarySchema,
  type FunctionStatisticsSchema,
} from './analytics.schemas.js';
import type { z } from '../../lib/openapi.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const TOP_ENDPOINTS = 10;
const TOP_EVENTS = 10;
/** "Active" installations were seen within the last 24 hours (SPEC §9), whatever the period. */
const ACTIVE_INSTALLATION_HOURS = 24;

export type AnalyticsSummary = z.infer<typeof AnalyticsSummarySchema>;
export type FunctionStatistics = z.infer<typeof FunctionStatisticsSchema>;
type Totals = AnalyticsSummary['totals'];

/** Who asks: a dashboard session, or an API token bound to one application (and its organization). */
export interface AnalyticsCaller {
  userId: string;
  via: 'session' | 'application_session' | 'api_token';
  applicationId: string | null;
  organizationId: string | null;
}

export interface AnalyticsQuery {
  period: AnalyticsPeriod;
  organization_id?: string;
  project_id?: string;
  application_id?: string;
}

export interface AnalyticsService {
  summary(caller: AnalyticsCaller, query: AnalyticsQuery): Promise<AnalyticsSummary>;
  functions(caller: AnalyticsCaller, query: AnalyticsQuery): Promise<FunctionStatistics>;
}

/** The rollups one answer reads: one scope and the ids of that scope the caller may see. */
interface Scope {
  scope: RollupScope;
  ids: Types.ObjectId[];
}

/** The buckets of a period: [from, end) in `granularity`, with the period before it. */
interface Window {
  granularity: Granularity;
  bucketMs: number;
  buckets: number;
  from: Date;
  end: Date;
  previousFrom: Date;
}

function windowOf(period: AnalyticsPeriod, now: Date): Window {
  const hours = ANALYTICS_PERIODS[period];
  const granularity: Granularity = hours <= HOURLY_TIMESERIES_MAX_HOURS ? 'hour' : 'day';
  const bucketMs = granularity === 'hour' ? HOUR_MS : DAY_MS;
  const buckets = (hours * HOUR_MS) / bucketMs;
  // The current (unfinished) bucket is the last one, so "24h" is the last 24 clock hours.
  const end = new Date(bucketStart(now, granularity).getTime() + bucketMs);
  const from = new Date(end.getTime() - buckets * bucketMs);
  return {
    granularity,
    bucketMs,
    buckets,
    from,
    end,
    previousFrom: new Date(from.getTime() - buckets * bucketMs),
  };
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const percent = (part: number, whole: number) => (whole > 0 ? round((part / whole) * 100) : 0);

/**
 * The percentile of a histogram: the upper bound of the bucket that holds the p-th value (so the
 * answer is never below the true one and at most one bucket above), no higher than the slowest.
 */
export function percentileOf(
  histogram: Record<string, number>,
  p: number,
  maxMs: number | null,
): number | null {
  const counts = LATENCY_BOUNDS_MS.map((_bound, index) => histogram[index] ?? 0);
  counts.push(histogram[LATENCY_BOUNDS_MS.length] ?? 0);
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (let index = 0; index < counts.length; index++) {
    seen += counts[index]!;
    if (seen >= rank) {
      const bound = LATENCY_BOUNDS_MS[index];
      if (bound === undefined) return maxMs; // the overflow bucket: the slowest seen
      return maxMs === null ? bound : Math.min(bound, maxMs);
    }
  }
  return maxMs;
}

function addInto(target: Record<string, number>, source: Record<string, number> | undefined) {
  for (const [key, value] of Object.entries(source ?? {})) target[key] = (target[key] ?? 0) + value;
}

/** The resource type a route is about, for the function statistics (SPEC §3 resource types). */
const ROUTE_RESOURCE_TYPES: Array<[RegExp, string]> = [
  [/^\/api\/v1\/organizations\/[^/]+\/members/, 'member'],
  [/^\/api\/v1\/organizations/, 'organization'],
  [/^\/api\/v1\/projects/, 'project'],
  [/^\/api\/v1\/applications/, 'application'],
  [/^\/api\/v1\/tokens/, 'token'],
  [/^\/api\/v1\/(auth|verify|permissions|password-reset)(\/|$)/, 'user'],
  [/^\/api\/auth\//, 'user'],
  [/^\/api\/v1\/(installations|activity|analytics|identify|anonymous-users)$/, 'component'],
];

export function resourceTypeOf(endpoint: string): string {
  return ROUTE_RESOURCE_TYPES.find(([pattern]) => pattern.test(endpoint))?.[1] ?? 'api';
}

interface Merged {
  requests: number;
  errors: number;
  totalMs: number;
  maxMs: number | null;
  events: number;
  newInstallations: number;
  latency: Record<string, number>;
  endpoints: Map<string, EndpointCounters>;
}

function merge(docs: Rollup[]): Merged {
  const merged: Merged = {
    requests: 0,
    errors: 0,
    totalMs: 0,
    maxMs: null,
    events: 0,
    newInstallations: 0,
    latency: {},
    endpoints: new Map(),
  };
  for (const doc of docs) {
    merged.requests += doc.requests ?? 0;
    merged.errors += doc.errors ?? 0;
    merged.totalMs += doc.total_ms ?? 0;
    if (doc.max_ms !== undefined) merged.maxMs = Math.max(merged.maxMs ?? 0, doc.max_ms);
    merged.events += doc.events ?? 0;
    merged.newInstallations += doc.new_installations ?? 0;
    addInto(merged.latency, doc.latency);
    for (const [key, counters] of Object.entries(doc.endpoints ?? {})) {
      let entry = merged.endpoints.get(key);
      if (!entry) {
        entry = { n: 0, e: 0, ms: 0, lat: {} };
        merged.endpoints.set(key, entry);
      }
      entry.n += counters.n ?? 0;
      entry.e += counters.e ?? 0;
      entry.ms += counters.ms ?? 0;
      addInto(entry.lat, counters.lat);
    }
  }
  return merged;
}

/** `GET /api/v1/projects/:id` → method and endpoint. */
function splitFunction(key: string): { method: string; endpoint: string } {
  const text = decodeKey(key);
  const space = text.indexOf(' ');
  return { method: text.slice(0, space), endpoint: text.slice(space + 1) };
}

export function createAnalyticsService(deps: {
  connection: Connection;
  recorder: AnalyticsRecorder;
  applications: Pick<ApplicationsService, 'get'>;
  projects: Pick<ProjectsService, 'get'>;
  organizationIdsOf(userId: string): Promise<Types.ObjectId[]>;
}): AnalyticsService {
  const { Rollups, EventCounts, Active } = analyticsModels(deps.connection);
  const Installations = installationModel(deps.connection);
  const Applications = applicationModel(deps.connection);
  const Tokens = apiTokenModel(deps.connection);
  const trusted = mongoose.trusted;

  /**
   * What the caller may read, narrowed by the filters. Another tenant's id answers 404 exactly as
   * an id that does not exist; an API token reads its own application and organization only.
   */
  async function scopeOf(caller: AnalyticsCaller, query: AnalyticsQuery): Promise<Scope> {
    const isToken = caller.via === 'api_token';
    const applicationCaller: ApplicationCaller = {
      userId: caller.userId,
      applicationId: isToken ? (caller.applicationId ?? '') : null,
    };
    const organizationIds = (await deps.organizationIdsOf(caller.userId)).filter(
      (id) => !isToken || String(id) === caller.organizationId,
    );
    if (query.organization_id && !organizationIds.some((id) => String(id) === query.organization_id))
      throw new AppError(OrganizationErrors.NOT_FOUND);

    if (query.application_id) {
      const application = await deps.applications.get(applicationCaller, query.application_id);
      if (query.project_id && application.project_id !== query.project_id)
        throw new AppError(ApplicationErrors.NOT_FOUND);
      if (query.organization_id && application.organization_id !== query.organization_id)
        throw new AppError(ApplicationErrors.NOT_FOUND);
      return { scope: 'application', ids: [new Types.ObjectId(application.id)] };
    }
    if (query.project_id) {
      const onlyProjectId = isToken
        ? (await deps.applications.get(applicationCaller, caller.applicationId ?? '')).project_id
        : undefined;
      const project = await deps.projects.get({ userId: caller.userId, onlyProjectId }, query.project_id);
      if (query.organization_id && project.organization_id !== query.organization_id)
        throw new AppError(ProjectErrors.NOT_FOUND);
      return { scope: 'project', ids: [new Types.ObjectId(project.id)] };
    }
    const ids = query.organization_id ? [new Types.ObjectId(query.organization_id)] : organizationIds;
    return { scope: 'organization', ids };
  }

  const inScope = (scope: Scope, granularity: Granularity, from: Date, end: Date) => ({
    scope: scope.scope,
    scope_id: trusted({ $in: scope.ids }),
    granularity,
    t: trusted({ $gte: from, $lt: end }),
  });

  /** The activity bitmaps of the scope in [from, end). */
  async function readActive(scope: Scope, granularity: Granularity, from: Date, end: Date) {
    if (scope.ids.length === 0) return [];
    return Active[granularity].find(inScope(scope, granularity, from, end)).lean<ActiveBitmaps[]>();
  }

  /** Distinct identities per kind in [from, end): the population count of the OR of their bitmaps. */
  function distinct(docs: ActiveBitmaps[], from: Date, end: Date): Record<KeyKind, number> {
    const counts: Record<KeyKind, number> = { user: 0, anonymous: 0, installation: 0 };
    for (const kind of KEY_KINDS) {
      const union = new Map<string, number>();
      for (const doc of docs)
        if (doc.t.getTime() >= from.getTime() && doc.t.getTime() < end.getTime()) orInto(union, doc[kind]);
      counts[kind] = populationCount(union.values());
    }
    return counts;
  }

  /** Active users (signed-in and anonymous) per bucket start; scopes' bitmaps are ORed first. */
  function activePerBucket(docs: ActiveBitmaps[]): Map<number, number> {
    const byBucket = new Map<number, ActiveBitmaps[]>();
    for (const doc of docs) {
      const list = byBucket.get(doc.t.getTime()) ?? [];
      list.push(doc);
      byBucket.set(doc.t.getTime(), list);
    }
    const perBucket = new Map<number, number>();
    for (const [t, list] of byBucket) {
      const users = distinct(list, new Date(t), new Date(t + 1));
      perBucket.set(t, users.user + users.anonymous);
    }
    return perBucket;
  }

  async function topEvents(scope: Scope, window: Window) {
    if (scope.ids.length === 0) return [];
    const rows = await EventCounts.aggregate<{ _id: string; count: number }>([
      { $match: inScope(scope, window.granularity, window.from, window.end) },
      { $group: { _id: '$event', count: { $sum: '$count' } } },
      { $sort: { count: -1, _id: 1 } },
      { $limit: TOP_EVENTS },
    ]);
    return rows.map((row) => ({ event: row._id, count: row.count }));
  }

  /** Installations of the scope: all time, and how many existed at `at` (created since are counted). */
  async function installationCount(scope: Scope): Promise<number> {
    if (scope.ids.length === 0) return 0;
    if (scope.scope === 'application')
      return Installations.countDocuments({ application_id: trusted({ $in: scope.ids }) });
    if (scope.scope === 'organization')
      return Installations.countDocuments({ organization_id: trusted({ $in: scope.ids }) });
    const applicationIds = (
      await Applications.find({ project_id: trusted({ $in: scope.ids }) }, { _id: 1 }).lean()
    ).map((application) => application._id);
    return Installations.countDocuments({ application_id: trusted({ $in: applicationIds }) });
  }

  /** The caller's own API tokens in the scope that were usable at `at` (neither revoked nor expired). */
  async function tokensActive(caller: AnalyticsCaller, scope: Scope, at: Date): Promise<number> {
    if (scope.ids.length === 0) return 0;
    return Tokens.countDocuments({
      user_id: new Types.ObjectId(caller.userId),
      [`${scope.scope}_id`]: trusted({ $in: scope.ids }),
      created_at: trusted({ $lte: at }),
      $and: [
        { $or: [{ revoked_at: null }, { revoked_at: trusted({ $gt: at }) }] },
        { $or: [{ expires_at: null }, { expires_at: trusted({ $gt: at }) }] },
      ],
    });
  }

  async function readRollups(scope: Scope, granularity: Granularity, from: Date, end: Date) {
    if (scope.ids.length === 0) return [];
    return Rollups.find(inScope(scope, granularity, from, end)).lean<Rollup[]>();
  }

  async function prepare(caller: AnalyticsCaller, query: AnalyticsQuery) {
    const scope = await scopeOf(caller, query);
    await deps.recorder.ensureIndexes();
    // Read-your-writes within this process: what it has queued is written first.
    await deps.recorder.flush();
    return { scope, now: new Date(), window: windowOf(query.period, new Date()) };
  }

  return {
    async summary(caller, query) {
      const { scope, now, window } = await prepare(caller, query);
      const { granularity, from, end, previousFrom } = window;
      const activeInstallationsSince = (at: Date) =>
        new Date(bucketStart(at, 'hour').getTime() - (ACTIVE_INSTALLATION_HOURS - 1) * HOUR_MS);
      const installationsFrom = new Date(from.getTime() - ACTIVE_INSTALLATION_HOURS * HOUR_MS);
      const [docs, active, hourly, installations, tokensNow, tokensBefore, events] = await Promise.all([
        readRollups(scope, granularity, previousFrom, end),
        readActive(scope, granularity, previousFrom, end),
        // Active installations: the last 24 hours, now and when the period began.
        granularity === 'hour' ? null : readActive(scope, 'hour', installationsFrom, end),
        installationCount(scope),
        tokensActive(caller, scope, now),
        tokensActive(caller, scope, from),
        topEvents(scope, window),
      ]);
      const current = distinct(active, from, end);
      const previous = distinct(active, previousFrom, from);
      const perBucket = activePerBucket(active.filter((doc) => doc.t.getTime() >= from.getTime()));
      const installationsNow = distinct(hourly ?? active, activeInstallationsSince(now), end);
      const installationsBefore = distinct(hourly ?? active, installationsFrom, from);
      const currentDocs = docs.filter((doc) => doc.t.getTime() >= from.getTime());
      const merged = merge(currentDocs);
      const before = merge(docs.filter((doc) => doc.t.getTime() < from.getTime()));

      const totals = (
        m: Merged,
        users: Record<KeyKind, number>,
        active: Record<KeyKind, number>,
        installationTotal: number,
        tokens: number,
      ): Totals => ({
        requests: m.requests,
        errors: m.errors,
        error_rate: percent(m.errors, m.requests),
        events: m.events,
        active_users: users.user + users.anonymous,
        registered_users: users.user,
        anonymous_users: users.anonymous,
        installations: installationTotal,
        active_installations: active.installation,
        tokens_active: tokens,
      });

      const byBucket = new Map<number, Rollup[]>();
      for (const doc of currentDocs) {
        const list = byBucket.get(doc.t.getTime()) ?? [];
        list.push(doc);
        byBucket.set(doc.t.getTime(), list);
      }
      const timeseries = Array.from({ length: window.buckets }, (_unused, index) => {
        const t = from.getTime() + index * window.bucketMs;
        const bucket = merge(byBucket.get(t) ?? []);
        return {
          t: new Date(t).toISOString(),
          requests: bucket.requests,
          errors: bucket.errors,
          events: bucket.events,
          active_users: perBucket.get(t) ?? 0,
        };
      });

      const topEndpoints = [...merged.endpoints]
        .sort(([keyA, a], [keyB, b]) => b.n - a.n || keyA.localeCompare(keyB))
        .slice(0, TOP_ENDPOINTS)
        .map(([key, counters]) => ({
          ...splitFunction(key),
          count: counters.n,
          error_rate: percent(counters.e, counters.n),
          p95_ms: percentileOf(counters.lat, 95, merged.maxMs),
        }));

      return {
        period: query.period,
        from: from.toISOString(),
        to: now.toISOString(),
        totals: totals(merged, current, installationsNow, installations, tokensNow),
        timeseries,
        top_endpoints: topEndpoints,
        top_events: events,
        latency_ms: {
          p50: percentileOf(merged.latency, 50, merged.maxMs),
          p95: percentileOf(merged.latency, 95, merged.maxMs),
          p99: percentileOf(merged.latency, 99, merged.maxMs),
        },
        // Installations known when the period began: today's count less those created since.
        compare: totals(
          before,
          previous,
          installationsBefore,
          Math.max(0, installations - merged.newInstallations),
          tokensBefore,
        ),
      };
    },

    async functions(caller, query) {
      const { scope, window } = await prepare(caller, query);
      const merged = merge(await readRollups(scope, window.granularity, window.from, window.end));
      const functions = [...merged.endpoints]
        .sort(([keyA, a], [keyB, b]) => b.n - a.n || keyA.localeCompare(keyB))
        .map(([key, counters], index) => {
          const { method, endpoint } = splitFunction(key);
          return {
            rank: index + 1,
            function: `${method} ${endpoint}`,
            resource_type: resourceTypeOf(endpoint),
            count: counters.n,
            avg_response_ms: counters.n > 0 ? round(counters.ms / counters.n) : null,
            success_rate: counters.n > 0 ? percent(counters.n - counters.e, counters.n) : 0,
          };
        });
      return {
        period: query.period,
        cards: {
          total_requests: merged.requests,
          unique_functions: functions.length,
          resource_types: new Set(functions.map((entry) => entry.resource_type)).size,
          avg_response_ms: merged.requests > 0 ? round(merged.totalMs / merged.requests) : null,
        },
        functions,
      };
    },
  };
}
