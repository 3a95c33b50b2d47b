import type { Connection } from 'mongoose';
import { AppError, CommonErrors } from '../../lib/errors.js';
import type { ApplicationsService } from '../applications/index.js';
import {
  createScopeOf,
  type AnalyticsCaller,
  type AnalyticsRecorder,
  type ScopeDependencies,
} from '../telemetry/index.js';
import { eventFunnel, parseStep } from './pa.funnel.js';
import { journeyFunnel } from './pa.journey.js';
import { pages } from './pa.pages.js';
import { DAY_MS } from './pa.periods.js';
import { lifecycle, retentionGrid, stickiness } from './pa.retention.js';
import { MAX_RANGE_DAYS, MAX_STEPS, MAX_WINDOW_S, type FunnelQuerySchema } from './pa.schemas.js';
import type {
  LifecycleQuerySchema,
  PagesQuerySchema,
  RetentionQuerySchema,
  StickinessQuerySchema,
} from './pa.schemas.js';
import type { ResolvedScope } from './pa.types.js';
import type { z } from '../../lib/openapi.js';

type Query<T extends z.ZodType> = z.infer<T>;

function invalid(path: string, message: string): AppError {
  return new AppError(CommonErrors.VALIDATION_FAILED, { message, details: [{ path, message }] });
}

/** A conversion window (`30m`, `24h`, `7d`) in ms; at most 90 days. */
export function windowMs(text: string): number {
  const amount = Number(text.slice(0, -1));
  const unitMs = { m: 60_000, h: 3_600_000, d: DAY_MS }[text.slice(-1) as 'm' | 'h' | 'd'];
  const ms = amount * unitMs;
  if (ms <= 0 || ms > MAX_WINDOW_S * 1000) throw invalid('window', 'The window must be between 1m and 90d.');
  return ms;
}

/** [from, to): default the last 30 days; from before to, at most 400 days. */
export function rangeOf(query: { from?: string; to?: string }, now = new Date()) {
  const to = query.to ? new Date(query.to) : now;
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - 30 * DAY_MS);
  if (from >= to) throw invalid('from', 'from must be before to.');
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS)
    throw invalid('from', `The range may cover at most ${MAX_RANGE_DAYS} days.`);
  return { from, to };
}

/** The ordered steps: 2–10 names, or the built-in journey. */
export function stepsOf(text: string) {
  const names = text.split(',').map((name) => name.trim());
  if (names.length === 1 && names[0] === 'journey') return 'journey' as const;
  if (names.length < 2 || names.length > MAX_STEPS)
    throw invalid('steps', `A funnel needs 2–${MAX_STEPS} steps separated by commas (or steps=journey).`);
  const steps = names.map(parseStep);
  for (const step of steps) {
    if (!step.event || step.event.length > 200)
      throw invalid('steps', 'Every step needs an event name of 1–200 characters.');
    for (const [key] of step.filters)
      if (!/^[^$.][^.]{0,99}$/.test(key))
        throw invalid('steps', `Not a property filter: "${key}" (use name|key=value).`);
  }
  return steps;
}

export type ProductAnalyticsDependencies = ScopeDependencies & {
  connection: Connection;
  recorder: Pick<AnalyticsRecorder, 'flush'>;
  applications: Pick<ApplicationsService, 'get' | 'idsInProjects'>;
};

/** The product-analytics reads behind the routes: the caller's scope checked, then computed. */
export function createProductAnalyticsService(deps: ProductAnalyticsDependencies) {
  const { connection } = deps;
  const scopeOf = createScopeOf(deps);

  async function resolve(
    caller: AnalyticsCaller,
    query: { application_id?: string; project_id?: string },
  ): Promise<ResolvedScope> {
    if (!query.application_id && !query.project_id)
      throw invalid('application_id', 'application_id or project_id is required.');
    const scope = await scopeOf(caller, { period: '24h', ...query });
    const scopeId = scope.ids[0]!;
    // What this process logged in the last second is written first (read-your-writes).
    await deps.recorder.flush();
    if (scope.scope === 'application') return { scope: 'application', scopeId, applicationIds: [scopeId] };
    return { scope: 'project', scopeId, applicationIds: await deps.applications.idsInProjects([scopeId]) };
  }

  return {
    async pages(caller: AnalyticsCaller, query: Query<typeof PagesQuerySchema>) {
      const range = rangeOf(query);
      return pages(connection, await resolve(caller, query), range);
    },
    async funnel(caller: AnalyticsCaller, query: Query<typeof FunnelQuerySchema>) {
      const range = rangeOf(query);
      const steps = stepsOf(query.steps);
      const window = windowMs(query.window);
      const scope = await resolve(caller, query);
      const result =
        steps === 'journey'
          ? await journeyFunnel(connection, scope, { windowMs: window, ...range })
          : await eventFunnel(connection, scope, { steps, windowMs: window, ...range });
      return {
        from: range.from.toISOString(),
        to: range.to.toISOString(),
        window_s: window / 1000,
        steps: result,
      };
    },
    async retention(caller: AnalyticsCaller, query: Query<typeof RetentionQuerySchema>) {
      const to = query.to ? new Date(query.to) : new Date();
      return retentionGrid(connection, await resolve(caller, query), { ...query, to });
    },
    async stickiness(caller: AnalyticsCaller, query: Query<typeof StickinessQuerySchema>) {
      const date = query.date ? new Date(query.date) : new Date();
      return stickiness(connection, await resolve(caller, query), { unit: query.unit, date });
    },
    async lifecycle(caller: AnalyticsCaller, query: Query<typeof LifecycleQuerySchema>) {
      const to = query.to ? new Date(query.to) : new Date();
      return lifecycle(connection, await resolve(caller, query), { ...query, to });
    },
  };
}

export type ProductAnalyticsService = ReturnType<typeof createProductAnalyticsService>;
