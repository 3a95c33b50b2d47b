import mongoose, { type Connection } from 'mongoose';
import { activityLogModel } from '../activity/index.js';
import { percentOf, round } from './pa.periods.js';
import { pathOf, referrerHost, sessionize, type PageViewRow } from './pa.sessions.js';
import type { ResolvedScope } from './pa.types.js';

const TOP_PAGES = 100;
const TOP_OTHERS = 20;

/** Page views of the applications in [from, to) are read through this partial index only. */
export const PAGE_VIEW_INDEX = 'page_views';
let indexed: WeakSet<Connection> = new WeakSet();

/**
 * A partial index over page views alone: the pages screen reads one range of it instead of every
 * activity row of the application (API requests, audits). Rows that are not page views pay nothing.
 */
async function ensurePageViewIndex(connection: Connection): Promise<void> {
  if (indexed.has(connection)) return;
  await activityLogModel(connection).collection.createIndex(
    { application_id: 1, created_at: 1 },
    { name: PAGE_VIEW_INDEX, partialFilterExpression: { action: 'page_view' } },
  );
  indexed.add(connection);
}

/** Tests drop collections between runs. */
export function forgetPageViewIndex(): void {
  indexed = new WeakSet();
}

function top<T extends { count: number; key: string }>(entries: T[], limit: number): T[] {
  return entries.sort((a, b) => b.count - a.count || a.key.localeCompare(b.key)).slice(0, limit);
}

/** GET /analytics/pages: top pages, referrers, entry and exit pages, sessions, duration, bounce rate. */
export async function pages(connection: Connection, scope: ResolvedScope, range: { from: Date; to: Date }) {
  await ensurePageViewIndex(connection);
  const views = await activityLogModel(connection)
    .find(
      {
        application_id: mongoose.trusted({ $in: scope.applicationIds }),
        action: 'page_view',
        created_at: mongoose.trusted({ $gte: range.from, $lt: range.to }),
      },
      { _id: 0, installation_id: 1, created_at: 1, metadata: 1 },
    )
    .lean<PageViewRow[]>();
  const byPath = new Map<string, { views: number; visitors: Set<string> }>();
  for (const view of views) {
    const path = pathOf(view.metadata);
    const entry = byPath.get(path) ?? { views: 0, visitors: new Set<string>() };
    entry.views += 1;
    if (view.installation_id) entry.visitors.add(view.installation_id);
    byPath.set(path, entry);
  }
  const sessions = sessionize(views);
  const tally = (key: (session: (typeof sessions)[number]) => string) => {
    const counts = new Map<string, { sessions: number; visitors: Set<string> }>();
    for (const session of sessions) {
      const name = key(session);
      const entry = counts.get(name) ?? { sessions: 0, visitors: new Set<string>() };
      entry.sessions += 1;
      entry.visitors.add(session.visitor);
      counts.set(name, entry);
    }
    return [...counts].map(([name, entry]) => ({
      key: name,
      count: entry.sessions,
      visitors: entry.visitors.size,
    }));
  };
  const visitors = new Set(views.flatMap((view) => (view.installation_id ? [view.installation_id] : [])));
  const bounced = sessions.filter((session) => session.paths.length === 1).length;
  const duration = sessions.reduce((total, session) => total + (session.end - session.start), 0);
  return {
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    page_views: views.length,
    visitors: visitors.size,
    pages: top(
      [...byPath].map(([path, entry]) => ({ key: path, count: entry.views, visitors: entry.visitors.size })),
      TOP_PAGES,
    ).map((entry) => ({ path: entry.key, views: entry.count, visitors: entry.visitors })),
    referrers: top(tally(referrerHost), TOP_OTHERS).map((entry) => ({
      referrer: entry.key,
      sessions: entry.count,
      visitors: entry.visitors,
    })),
    entry_pages: top(
      tally((session) => session.paths[0]!),
      TOP_OTHERS,
    ).map((entry) => ({
      path: entry.key,
      sessions: entry.count,
    })),
    exit_pages: top(
      tally((session) => session.paths[session.paths.length - 1]!),
      TOP_OTHERS,
    ).map((entry) => ({
      path: entry.key,
      sessions: entry.count,
    })),
    sessions: sessions.length,
    avg_session_duration_s: sessions.length ? round(duration / sessions.length / 1000, 1) : 0,
    bounce_rate: percentOf(bounced, sessions.length) ?? 0,
  };
}
