import { BlockList, isIPv4, SocketAddress } from 'node:net';
import { buildMongoQueryMatcher } from '@casl/ability';
import { $and, and, type FieldCondition, type JsInterpreter } from '@ucast/mongo2js';
import { minutesOf, WEEKDAYS, type TimeWindowCondition, type Weekday } from './policies.conditions.js';

/*
 * What the engine (policies.engine.ts) adds to CASL's MongoDB query language: $cidr (node:net
 * BlockList) over the parsed source address, and $time_window (Intl, per IANA time zone) over the
 * check's clock.
 */
/** The local clock of one instant, per time zone, computed once per check and zone. */
export class Clock {
  private readonly local = new Map<string, { weekday: Weekday; minute: number }>();
  constructor(readonly at: Date) {}

  in(zone: string): { weekday: Weekday; minute: number } {
    let local = this.local.get(zone);
    if (!local) {
      local = localTime(this.at, zone);
      this.local.set(zone, local);
    }
    return local;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();
const WEEKDAY_OF: Record<string, Weekday> = {
  Mon: 'mon',
  Tue: 'tue',
  Wed: 'wed',
  Thu: 'thu',
  Fri: 'fri',
  Sat: 'sat',
  Sun: 'sun',
};

function localTime(at: Date, zone: string): { weekday: Weekday; minute: number } {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(zone, format);
  }
  let weekday: Weekday = 'mon';
  let minute = 0;
  for (const part of format.formatToParts(at)) {
    if (part.type === 'weekday') weekday = WEEKDAY_OF[part.value] ?? 'mon';
    else if (part.type === 'hour') minute += Number(part.value) * 60;
    else if (part.type === 'minute') minute += Number(part.value);
  }
  return { weekday, minute };
}

/** A time window compiled: minutes since midnight, and its days. */
interface Window {
  zone: string;
  days: ReadonlySet<Weekday> | null;
  from: number;
  to: number;
}

function compileWindow(window: TimeWindowCondition): Window {
  return {
    zone: window.time_zone,
    days: window.weekdays ? new Set(window.weekdays) : null,
    from: window.from ? minutesOf(window.from) : 0,
    to: window.to ? minutesOf(window.to) : 24 * 60,
  };
}

function inWindow(window: Window, clock: Clock): boolean {
  const { weekday, minute } = clock.in(window.zone);
  if (window.from < window.to)
    return (!window.days || window.days.has(weekday)) && minute >= window.from && minute < window.to;
  // Across midnight (22:00–06:00): the evening belongs to its own day, the morning to the day before.
  if (minute >= window.from) return !window.days || window.days.has(weekday);
  if (minute < window.to) return !window.days || window.days.has(previousDay(weekday));
  return false;
}

function previousDay(day: Weekday): Weekday {
  return WEEKDAYS[(WEEKDAYS.indexOf(day) + 6) % 7]!;
}

/**
 * Parsed source addresses by their text: a partner's server checks from a few addresses, and a
 * SocketAddress (a native handle) per check was a visible part of its cost. Bounded: cleared when full.
 */
const addresses = new Map<string, SocketAddress | null>();
const MAX_CACHED_ADDRESSES = 10_000;

/** An address as node:net compares it; IPv4-mapped IPv6 (::ffff:a.b.c.d) counts as IPv4. */
export function socketAddress(ip: string | null): SocketAddress | null {
  if (!ip) return null;
  let address = addresses.get(ip);
  if (address === undefined) {
    if (addresses.size >= MAX_CACHED_ADDRESSES) addresses.clear();
    address = parseAddress(ip);
    addresses.set(ip, address);
  }
  return address;
}

function parseAddress(ip: string): SocketAddress | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  try {
    return new SocketAddress({ address, family: isIPv4(address) ? 'ipv4' : 'ipv6' });
  } catch {
    return null;
  }
}

function blockListOf(ranges: readonly string[]): BlockList {
  const list = new BlockList();
  for (const range of ranges) {
    const [address, prefix] = range.split('/') as [string, string | undefined];
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

// The two operators our conditions add to CASL's MongoDB query language.
const $cidr = {
  type: 'field' as const,
  parse: (_instruction: unknown, value: readonly string[], context: { field: string }) => ({
    operator: 'cidr',
    field: context.field,
    value: blockListOf(value),
  }),
};
const cidr: JsInterpreter<FieldCondition<BlockList>> = (node, object, { get }) => {
  const address = get(object, node.field) as SocketAddress | null;
  return address !== null && address !== undefined && node.value.check(address);
};
const $time_window = {
  type: 'field' as const,
  parse: (_instruction: unknown, value: TimeWindowCondition, context: { field: string }) => ({
    operator: 'time_window',
    field: context.field,
    value: compileWindow(value),
  }),
};
const time_window: JsInterpreter<FieldCondition<Window>> = (node, object, { get }) =>
  inWindow(node.value, get(object, node.field) as Clock);

export const conditionsMatcher = buildMongoQueryMatcher(
  { $and, $cidr, $time_window } as never,
  { and, cidr, time_window } as never,
);
