import mongoose, { type Connection } from 'mongoose';
import { analyticsModels, readEventDays, type KeyKind } from '../telemetry/index.js';
import { addBit, and, andNot, count, orInto, readDays, UNIT_KINDS, type Bits } from './pa.bitmaps.js';
import { addPeriods, DAY_MS, periodIndex, periodStarts, round } from './pa.periods.js';
import type { Period, ResolvedScope, Unit } from './pa.types.js';

export interface RetentionQuery {
  period: Period;
  periods: number;
  unit: Unit;
  /** first_seen: the first day active at all; signup: the first day active as a registered user. */
  cohort: 'first_seen' | 'signup';
  /** Returning only on this event (installations, from the event days); default: any activity. */
  return_event?: string;
  to: Date;
}

/** The kinds a retention counts: sign-up cohorts are registered users; an event's return, installations. */
function kindsOf(query: Pick<RetentionQuery, 'unit' | 'cohort' | 'return_event'>): readonly KeyKind[] {
  if (query.return_event) return UNIT_KINDS.installations;
  if (query.cohort === 'signup') return ['user'];
  return UNIT_KINDS[query.unit];
}

/**
 * Per period: who was active, and who was seen for the first time (an identity's first active day
 * among all the scope's daily bitmaps — history before the first period included).
 */
export async function periodSets(
  connection: Connection,
  scope: ResolvedScope,
  kinds: readonly KeyKind[],
  starts: Date[],
  period: Period,
) {
  const end = addPeriods(starts[starts.length - 1]!, period, 1);
  const days = await readDays(connection, scope, kinds, end);
  const seen: Bits = new Map();
  const firstSeen = starts.map((): Bits => new Map());
  const active = starts.map((): Bits => new Map());
  for (const day of days) {
    const index = periodIndex(starts, period, day.t);
    if (index >= 0 && index < starts.length) {
      orInto(firstSeen[index]!, andNot(day.bits, seen));
      orInto(active[index]!, day.bits);
    }
    orInto(seen, day.bits);
  }
  return { firstSeen, active };
}

/** Installations that did `event` in each period (from the event days), as bits of their identity numbers. */
async function eventActive(
  connection: Connection,
  scope: ResolvedScope,
  event: string,
  starts: Date[],
  period: Period,
): Promise<Bits[]> {
  const end = addPeriods(starts[starts.length - 1]!, period, 1);
  const byInstallation = (
    await readEventDays(connection, {
      applicationIds: scope.applicationIds,
      events: [event],
      from: starts[0]!,
      end,
    })
  ).get(event)!;
  const keys = [...byInstallation.keys()];
  const numbers = new Map<string, number>();
  const { IdentityNumbers } = analyticsModels(connection);
  for (let offset = 0; offset < keys.length; offset += 5000) {
    const found = await IdentityNumbers.find(
      { kind: 'installation', key: mongoose.trusted({ $in: keys.slice(offset, offset + 5000) }) },
      { _id: 0, key: 1, n: 1 },
    ).lean<Array<{ key: string; n: number }>>();
    for (const doc of found) numbers.set(doc.key, doc.n);
  }
  const active = starts.map((): Bits => new Map());
  for (const [installation, times] of byInstallation) {
    const n = numbers.get(installation);
    if (n === undefined) continue;
    for (const t of times) {
      const index = periodIndex(starts, period, new Date(t));
      if (index >= 0 && index < starts.length) addBit(active[index]!, 'installation', n);
    }
  }
  return active;
}

/** GET /analytics/retention: cohorts of the last `periods` periods and who came back in each later one. */
export async function retentionGrid(connection: Connection, scope: ResolvedScope, query: RetentionQuery) {
  const { period, periods } = query;
  const kinds = kindsOf(query);
  const starts = periodStarts(query.to, period, periods);
  const sets = await periodSets(connection, scope, kinds, starts, period);
  const returning = query.return_event
    ? await eventActive(connection, scope, query.return_event, starts, period)
    : sets.active;
  const cohorts = starts.map((start, index) => {
    const cohort = sets.firstSeen[index]!;
    const size = count(cohort);
    const returned = starts
      .slice(index)
      .map((_start, offset) => (offset === 0 ? size : count(and(cohort, returning[index + offset]!))));
    return { start: start.toISOString(), size, returned };
  });
  return {
    period,
    periods,
    unit: query.return_event
      ? ('installations' as const)
      : query.cohort === 'signup'
        ? ('users' as const)
        : query.unit,
    cohort: query.cohort,
    return_event: query.return_event ?? null,
    cohorts,
  };
}

/** GET /analytics/lifecycle: per period new, returning, resurrecting and dormant. */
export async function lifecycle(
  connection: Connection,
  scope: ResolvedScope,
  query: { period: Period; periods: number; unit: Unit; to: Date },
) {
  // One period more at the front: the first shown period needs the one before it.
  const starts = periodStarts(query.to, query.period, query.periods + 1);
  const { firstSeen, active } = await periodSets(
    connection,
    scope,
    UNIT_KINDS[query.unit],
    starts,
    query.period,
  );
  const rows = starts.slice(1).map((start, offset) => {
    const index = offset + 1;
    const now = active[index]!;
    const before = active[index - 1]!;
    const fresh = firstSeen[index]!;
    return {
      start: start.toISOString(),
      active: count(now),
      new: count(fresh),
      returning: count(andNot(and(now, before), fresh)),
      resurrecting: count(andNot(andNot(now, before), fresh)),
      dormant: count(andNot(before, now)),
    };
  });
  return { period: query.period, unit: query.unit, periods: rows };
}

/** GET /analytics/stickiness: distinct active on the day, the 7 and the 30 days ending with it. */
export async function stickiness(
  connection: Connection,
  scope: ResolvedScope,
  query: { unit: Unit; date: Date },
) {
  const day = new Date(Math.floor(query.date.getTime() / DAY_MS) * DAY_MS);
  const from = new Date(day.getTime() - 29 * DAY_MS);
  const days = await readDays(
    connection,
    scope,
    UNIT_KINDS[query.unit],
    new Date(day.getTime() + DAY_MS),
    from,
  );
  const week: Bits = new Map();
  const month: Bits = new Map();
  let dau = 0;
  let dailySum = 0;
  for (const entry of days) {
    orInto(month, entry.bits);
    dailySum += count(entry.bits);
    if (entry.t.getTime() > day.getTime() - 7 * DAY_MS) orInto(week, entry.bits);
    if (entry.t.getTime() === day.getTime()) dau = count(entry.bits);
  }
  const mau = count(month);
  return {
    date: day.toISOString().slice(0, 10),
    unit: query.unit,
    dau,
    wau: count(week),
    mau,
    dau_mau: mau > 0 ? round(dau / mau, 4) : null,
    avg_dau: round(dailySum / 30, 2),
    avg_dau_mau: mau > 0 ? round(dailySum / 30 / mau, 4) : null,
  };
}
