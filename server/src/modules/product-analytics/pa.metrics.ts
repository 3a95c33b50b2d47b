import { Types, type Connection } from 'mongoose';
import type { ApplicationsService } from '../applications/index.js';
import { bucketStart } from '../telemetry/index.js';
import { count, orInto, readDays, readHours, UNIT_KINDS, type Bits } from './pa.bitmaps.js';
import { eventFunnel, parseStep } from './pa.funnel.js';
import { journeyFunnel } from './pa.journey.js';
import { DAY_MS, percentOf } from './pa.periods.js';
import type { MetricScope, ProductMetrics, ResolvedScope } from './pa.types.js';

/** Hourly bitmaps are kept 15 days (HOURLY_ACTIVE_RETENTION_DAYS); a window within 14 reads them. */
const HOURLY_REACH_MS = 14 * DAY_MS;
const HEX_ID = /^[0-9a-f]{24}$/i;

/**
 * The metrics alerts evaluate (helper A-AL, issue #35), computed exactly as the routes compute
 * them, for a scope named by id. No caller check: the rule was authorized when it was saved.
 */
export function createProductMetrics(deps: {
  connection: Connection;
  applications: Pick<ApplicationsService, 'idsInProjects'>;
}): ProductMetrics {
  const { connection } = deps;

  async function resolve(scope: MetricScope): Promise<ResolvedScope | null> {
    if ('application_id' in scope) {
      if (!HEX_ID.test(scope.application_id)) return null;
      const id = new Types.ObjectId(scope.application_id);
      return { scope: 'application', scopeId: id, applicationIds: [id] };
    }
    if (!HEX_ID.test(scope.project_id)) return null;
    const id = new Types.ObjectId(scope.project_id);
    return { scope: 'project', scopeId: id, applicationIds: await deps.applications.idsInProjects([id]) };
  }

  return {
    async funnelConversion(query) {
      const scope = await resolve(query.scope);
      const none = { entered: 0, converted: 0, conversion: null };
      if (!scope || query.steps.length === 0 || query.to <= query.from) return none;
      const input = { windowMs: query.window_s * 1000, from: query.from, to: query.to };
      const steps =
        query.steps.length === 1 && query.steps[0] === 'journey'
          ? await journeyFunnel(connection, scope, input)
          : await eventFunnel(connection, scope, { ...input, steps: query.steps.map(parseStep) });
      const entered = steps[0]?.count ?? 0;
      const converted = steps[steps.length - 1]?.count ?? 0;
      return { entered, converted, conversion: percentOf(converted, entered) };
    },
    async activeUsers(query) {
      const scope = await resolve(query.scope);
      if (!scope || query.to <= query.from) return 0;
      const kinds = UNIT_KINDS.users;
      if (Date.now() - query.from.getTime() <= HOURLY_REACH_MS)
        return count(await readHours(connection, scope, kinds, bucketStart(query.from, 'hour'), query.to));
      const days = await readDays(connection, scope, kinds, query.to, bucketStart(query.from, 'day'));
      const union: Bits = new Map();
      for (const day of days) orInto(union, day.bits);
      return count(union);
    },
  };
}
