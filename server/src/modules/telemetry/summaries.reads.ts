import mongoose, { type Connection } from 'mongoose';
import type { ApplicationsService } from '../applications/index.js';
import type { TokensService } from '../tokens/index.js';
import { installationModel } from './ingest.model.js';
import { analyticsModels, type ActiveBitmaps, type Granularity, type Rollup } from './rollups.model.js';
import type { AnalyticsRecorder } from './request-log.types.js';
import { windowOf, type Window } from './summaries.math.js';
import type { Scope } from './summaries.scope.js';
import type { AnalyticsCaller, AnalyticsQuery } from './summaries.types.js';

const TOP_EVENTS = 10;

export interface SummaryReadDependencies {
  connection: Connection;
  recorder: AnalyticsRecorder;
  scopeOf(caller: AnalyticsCaller, query: AnalyticsQuery): Promise<Scope>;
  applications: Pick<ApplicationsService, 'idsInProjects'>;
  tokens: Pick<TokensService, 'countUsableAt'>;
}

export type SummaryReads = ReturnType<typeof createSummaryReads>;

/** What the summaries read: the rollups, bitmaps and event counts of a scope, installations and tokens. */
export function createSummaryReads(deps: SummaryReadDependencies) {
  const { Rollups, EventCounts, Active } = analyticsModels(deps.connection);
  const Installations = installationModel(deps.connection);
  const trusted = mongoose.trusted;

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

  /** The most frequent events of the period in the scope. */
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
    const applicationIds = await deps.applications.idsInProjects(scope.ids);
    return Installations.countDocuments({ application_id: trusted({ $in: applicationIds }) });
  }

  /** The caller's own API tokens in the scope that were usable at `at` (neither revoked nor expired). */
  async function tokensActive(caller: AnalyticsCaller, scope: Scope, at: Date): Promise<number> {
    if (scope.ids.length === 0) return 0;
    return deps.tokens.countUsableAt(caller.userId, scope.scope, scope.ids, at);
  }

  async function readRollups(scope: Scope, granularity: Granularity, from: Date, end: Date) {
    if (scope.ids.length === 0) return [];
    return Rollups.find(inScope(scope, granularity, from, end)).lean<Rollup[]>();
  }

  async function prepare(caller: AnalyticsCaller, query: AnalyticsQuery) {
    const scope = await deps.scopeOf(caller, query);
    await deps.recorder.ensureIndexes();
    // Read-your-writes within this process: what it has queued is written first.
    await deps.recorder.flush();
    return { scope, now: new Date(), window: windowOf(query.period, new Date()) };
  }

  return { readActive, topEvents, installationCount, tokensActive, readRollups, prepare };
}
