import { createFunctionStatistics } from './summaries.functions.js';
import { createSummaryReads, type SummaryReadDependencies } from './summaries.reads.js';
import { createScopeOf, type ScopeDependencies } from './summaries.scope.js';
import { createSummary } from './summaries.summary.js';
import type { AnalyticsService } from './summaries.types.js';

/** The analytics screens' reads: summaries and function statistics from the rollups. */
export function createAnalyticsService(
  deps: ScopeDependencies & Omit<SummaryReadDependencies, 'scopeOf'>,
): AnalyticsService {
  const reads = createSummaryReads({ ...deps, scopeOf: createScopeOf(deps) });
  return { summary: createSummary(reads), functions: createFunctionStatistics(reads) };
}
