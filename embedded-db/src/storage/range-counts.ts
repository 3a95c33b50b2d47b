/**
 * Counts of index entries per day and per hour of a date field, kept in memory, for counts over date ranges.
 *
 * Why: lmdb has no counts inside its B+tree, so counting the entries of a key range visits each of them (about
 * 65 ns an entry natively): a 7-day count over a log of 10,000 entries a day took ~4.5 ms, and a 90-day one
 * 60 ms, however often it was asked. Here a range whose bounds are dates (after an equality prefix, e.g.
 * `{application_id: …, created_at: {$gte, $lt}}` on `(application_id, created_at)`) is counted as the whole
 * days inside it, from remembered per-day counts, plus the whole hours at its edges, from remembered per-hour
 * counts, plus what is left (less than an hour at each end) counted in lmdb. A count of a day is itself taken
 * from lmdb the first time it is needed, so nothing is precomputed and memory grows with what is asked.
 *
 * Exactness: the result is always the number of entries in the range. Every write of an index entry forgets
 * the day and hour counts it falls in (`touch`), inside its write transaction. A count is remembered only while
 * no write transaction is between its start and its commit — a read in that window sees the committed state
 * that the running transaction is about to change (the rule of the document cache, doc-cache.ts).
 *
 * Bounded: at most MAX_BUCKETS counts are kept (all are dropped when more are needed; they refill on demand).
 */
import { compareKeyParts, MAX_PART, partsLength, TAG, type KeyPart } from './keys.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Bucket widths, coarsest first: whole days inside a range, whole hours at its edges. */
const WIDTHS = [DAY, HOUR] as const;
/** Remembered counts at most (a few MiB); a 10-year history of one index prefix is ~3,650 days. */
export const MAX_BUCKETS = 200_000;
/** Ranges spanning more days than this (e.g. from 1970) are counted in lmdb. */
const MAX_DAYS_PER_COUNT = 20_000;

/** Counts entries of `[start, end)` in lmdb (full keys, the index number first). */
export type CountKeys = (start: KeyPart[], end: KeyPart[]) => number;

/** The counts of one index prefix: per bucket width, bucket start (ms) → entries. */
type Group = Map<number, Map<number, number>>;

/** A range `[prefix…, date tag, from(…, MAX)?)` … `[prefix…, date tag, to(…, MAX)?)` (index number included). */
interface DateRange {
  /** Parts before the date tag (the index number, then equality parts). */
  prefix: KeyPart[];
  from: number;
  to: number;
}

export class RangeCounts {
  /** index number → prefix length (parts between the index number and the date tag) → prefix → group. */
  private readonly byIndex = new Map<number, Map<number, Map<string, Group>>>();
  private size = 0;

  constructor(
    private readonly countKeys: CountKeys,
    /** Whether a count read now may be remembered (no write transaction in flight). */
    private readonly mayRemember: () => boolean,
  ) {}

  /** Number of index entries in `[start, end)`; keys include the index number. */
  count(start: KeyPart[], end: KeyPart[]): number {
    const range = dateRange(start, end);
    if (!range || (range.to - range.from) / DAY > MAX_DAYS_PER_COUNT) return this.countKeys(start, end);
    return this.countSplit(range.prefix, start, end, 0);
  }

  /** Forgets the counts an index entry being written or removed falls in. */
  touch(key: readonly KeyPart[]): void {
    const lengths = this.byIndex.get(key[0] as number);
    if (lengths === undefined) return;
    for (const [length, groups] of lengths) {
      const t = key[length + 2];
      if (key[length + 1] !== TAG.date || typeof t !== 'number') continue;
      const group = groups.get(prefixId(key, length + 1));
      if (group === undefined) continue;
      for (const [width, buckets] of group) {
        if (buckets.delete(Math.floor(t / width) * width)) this.size--;
      }
    }
  }

  /** Forgets every count of an index (its entries were all removed). */
  forgetIndex(indexNo: number): void {
    const lengths = this.byIndex.get(indexNo);
    if (lengths === undefined) return;
    for (const groups of lengths.values())
      for (const group of groups.values()) for (const buckets of group.values()) this.size -= buckets.size;
    this.byIndex.delete(indexNo);
  }

  /** Forgets every remembered count. */
  clear(): void {
    this.byIndex.clear();
    this.size = 0;
  }

  /** Remembered counts (for tests and the memory bound). */
  get remembered(): number {
    return this.size;
  }

  /**
   * Entries of `[lo, hi)` (both inside one prefix's dates): the whole buckets of width WIDTHS[level] inside
   * it from remembered counts, the pieces before and after them at the next finer width, in lmdb at the end.
   */
  private countSplit(prefix: KeyPart[], lo: KeyPart[], hi: KeyPart[], level: number): number {
    if (compareKeyParts(lo, hi) >= 0) return 0; // an empty piece (a bound on a bucket's edge)
    const width = WIDTHS[level];
    if (width === undefined) return this.countKeys(lo, hi);
    const from = lo[prefix.length + 1] as number;
    const to = hi[prefix.length + 1] as number;
    let first = Math.ceil(from / width) * width;
    // an exclusive lower bound on a bucket's start (`[…, t, MAX]`) leaves that bucket partly outside
    if (compareKeyParts(dateKey(prefix, first), lo) < 0) first += width;
    const last = Math.floor(to / width) * width;
    if (first >= last) return this.countSplit(prefix, lo, hi, level + 1);
    let n = this.countSplit(prefix, lo, dateKey(prefix, first), level + 1);
    // Remembered counts serve also while a write is in flight (a write forgets what it touches before its
    // commit). Counts not remembered are taken bucket by bucket when they may be remembered, else each run
    // of them in one call.
    const remember = this.mayRemember();
    const known = this.group(prefix).get(width);
    let runStart: number | undefined;
    for (let t = first; t < last; t += width) {
      const count = known?.get(t);
      if (count !== undefined) {
        if (runStart !== undefined) n += this.countKeys(dateKey(prefix, runStart), dateKey(prefix, t));
        runStart = undefined;
        n += count;
      } else if (remember) n += this.remember(prefix, width, t);
      else runStart ??= t;
    }
    if (runStart !== undefined) n += this.countKeys(dateKey(prefix, runStart), dateKey(prefix, last));
    return n + this.countSplit(prefix, dateKey(prefix, last), hi, level + 1);
  }

  /** Counts a bucket in lmdb and remembers it. */
  private remember(prefix: KeyPart[], width: number, t: number): number {
    const n = this.countKeys(dateKey(prefix, t), dateKey(prefix, t + width));
    if (this.size >= MAX_BUCKETS) {
      this.byIndex.clear();
      this.size = 0;
    }
    const widths = this.group(prefix, true);
    let map = widths.get(width);
    if (map === undefined) widths.set(width, (map = new Map()));
    map.set(t, n);
    this.size++;
    return n;
  }

  private group(prefix: KeyPart[]): Group;
  private group(prefix: KeyPart[], create: true): Group;
  private group(prefix: KeyPart[], create = false): Group {
    const indexNo = prefix[0] as number;
    const length = prefix.length - 1;
    let lengths = this.byIndex.get(indexNo);
    if (lengths === undefined) {
      if (!create) return EMPTY_GROUP;
      this.byIndex.set(indexNo, (lengths = new Map()));
    }
    let groups = lengths.get(length);
    if (groups === undefined) {
      if (!create) return EMPTY_GROUP;
      lengths.set(length, (groups = new Map()));
    }
    const id = prefixId(prefix, prefix.length);
    let group = groups.get(id);
    if (group === undefined) {
      if (!create) return EMPTY_GROUP;
      groups.set(id, (group = new Map()));
    }
    return group;
  }
}

const EMPTY_GROUP: Group = new Map();

/** A Map key for the first `end` parts of a key (primitives in practice; Buffers by their hex). */
function prefixId(key: readonly KeyPart[], end: number): string {
  const parts: unknown[] = [];
  for (let i = 0; i < end; i++) {
    const p = key[i];
    parts.push(Buffer.isBuffer(p) ? { hex: p.toString('hex') } : p);
  }
  return JSON.stringify(parts);
}

function dateKey(prefix: KeyPart[], t: number): KeyPart[] {
  return [...prefix, TAG.date, t];
}

/**
 * The shape of a range counted by buckets: both bounds share every part up to a date tag and then hold finite
 * dates, each bound the date alone (inclusive start, exclusive end) or followed by the largest part.
 */
function dateRange(start: KeyPart[], end: KeyPart[]): DateRange | undefined {
  // the parts of each field start with its type tag (keys.ts): step from tag to tag to the first date
  let at = 1;
  while (at < start.length && start[at] !== TAG.date) at += partsLength(start, at);
  if (at >= start.length || end[at] !== TAG.date) return undefined;
  const from = start[at + 1];
  const to = end[at + 1];
  if (typeof from !== 'number' || typeof to !== 'number' || !Number.isFinite(from) || !Number.isFinite(to))
    return undefined;
  if (start.length > at + 3 || end.length > at + 3) return undefined;
  if ((start.length === at + 3 && !isMax(start[at + 2])) || (end.length === at + 3 && !isMax(end[at + 2])))
    return undefined;
  if (compareKeyParts(start.slice(0, at), end.slice(0, at)) !== 0) return undefined;
  if (from > to) return undefined;
  return { prefix: start.slice(0, at), from, to };
}

function isMax(p: KeyPart | undefined): boolean {
  return Buffer.isBuffer(p) && p.equals(MAX_PART as Buffer);
}
