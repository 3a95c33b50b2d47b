import { bucketStart } from './rollups.deltas.js';
import type { KeyKind } from './rollups.model.js';
import {
  activePerBucket,
  distinct,
  groupByBucket,
  HOUR_MS,
  merge,
  percent,
  percentileOf,
  splitFunction,
  type Merged,
} from './summaries.math.js';
import type { SummaryReads } from './summaries.reads.js';
import type { AnalyticsService, AnalyticsSummary } from './summaries.types.js';

const TOP_ENDPOINTS = 10;
/** "Active" installations were seen within the last 24 hours (SPEC §9), whatever the period. */
const ACTIVE_INSTALLATION_HOURS = 24;

type Totals = AnalyticsSummary['totals'];

function totals(
  m: Merged,
  users: Record<KeyKind, number>,
  active: Record<KeyKind, number>,
  installationTotal: number,
  tokens: number,
): Totals {
  return {
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
  };
}

/** GET /analytics/summary: totals against the period before, time series, top endpoints and events. */
export function createSummary(reads: SummaryReads): AnalyticsService['summary'] {
  return async function summary(caller, query) {
    const { scope, now, window } = await reads.prepare(caller, query);
    const { granularity, from, end, previousFrom } = window;
    const activeInstallationsSince = (at: Date) =>
      new Date(bucketStart(at, 'hour').getTime() - (ACTIVE_INSTALLATION_HOURS - 1) * HOUR_MS);
    const installationsFrom = new Date(from.getTime() - ACTIVE_INSTALLATION_HOURS * HOUR_MS);
    const [docs, active, hourly, installations, tokensNow, tokensBefore, events] = await Promise.all([
      reads.readRollups(scope, granularity, previousFrom, end),
      reads.readActive(scope, granularity, previousFrom, end),
      // Active installations: the last 24 hours, now and when the period began.
      granularity === 'hour' ? null : reads.readActive(scope, 'hour', installationsFrom, end),
      reads.installationCount(scope),
      reads.tokensActive(caller, scope, now),
      reads.tokensActive(caller, scope, from),
      reads.topEvents(scope, window),
    ]);
    const current = distinct(active, from, end);
    const previous = distinct(active, previousFrom, from);
    const perBucket = activePerBucket(active.filter((doc) => doc.t.getTime() >= from.getTime()));
    const installationsNow = distinct(hourly ?? active, activeInstallationsSince(now), end);
    const installationsBefore = distinct(hourly ?? active, installationsFrom, from);
    const currentDocs = docs.filter((doc) => doc.t.getTime() >= from.getTime());
    const merged = merge(currentDocs);
    const before = merge(docs.filter((doc) => doc.t.getTime() < from.getTime()));

    const byBucket = groupByBucket(currentDocs);
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
  };
}
