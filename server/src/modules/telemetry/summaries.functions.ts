import { merge, percent, resourceTypeOf, round, splitFunction } from './summaries.math.js';
import type { SummaryReads } from './summaries.reads.js';
import type { AnalyticsService } from './summaries.types.js';

/** GET /analytics/functions: every route called in the period, most used first. */
export function createFunctionStatistics(reads: SummaryReads): AnalyticsService['functions'] {
  return async function functions(caller, query) {
    const { scope, window } = await reads.prepare(caller, query);
    const merged = merge(await reads.readRollups(scope, window.granularity, window.from, window.end));
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
  };
}
