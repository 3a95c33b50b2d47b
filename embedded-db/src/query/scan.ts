/**
 * Carrying out a plan (planner.ts): the documents it reads in its order, each once (index scans chained, or
 * merged on the sort fields' key parts like mongod's SORT_MERGE), and counts of index keys without reading
 * documents.
 */
import type { Doc } from '../bson/values.js';
import type { Collection, Index, ScanStats } from '../storage/collection.js';
import { compareKeyParts, type KeyPart, partsLength } from '../storage/keys.js';
import type { KeyRange, Plan } from './plan.js';

/** Documents of a plan, in its order, each read once (index entries of multikey documents repeat). */
export function* runPlan(coll: Collection, plan: Plan, stats: ScanStats): Generator<Doc> {
  for (const bytes of runPlanRaw(coll, plan, stats)) yield coll.decode(bytes);
}

/** Like `runPlan`, the stored BSON of each document. */
export function* runPlanRaw(coll: Collection, plan: Plan, stats: ScanStats): Generator<Buffer> {
  if (plan.stage === 'COLLSCAN' || plan.stage === 'IDSCAN') {
    const ranges = plan.reverse ? [...plan.ranges].reverse() : plan.ranges;
    for (const r of ranges) yield* coll.allRaw({ start: r.start, end: r.end, reverse: plan.reverse }, stats);
    return;
  }
  const scans = scansOf(plan);
  const only = scans.length === 1 ? (scans[0] as Scan) : undefined;
  if (only && !only.index.multikey) {
    // One scan of an index without arrays: each key is one document (no merge, nothing to skip).
    for (const entry of scanKeys(coll, only)) {
      stats.keysExamined++;
      const bytes = coll.getRawByIdParts(only.index.idPartsOf(entry));
      if (!bytes) continue;
      stats.docsExamined++;
      yield bytes;
    }
    return;
  }
  // A document is in several scans when its array puts it under several keys, or it matches several branches.
  const seen = scans.length > 1 || scans.some((s) => s.index.multikey) ? new Set<string>() : undefined;
  const entries = plan.mergeSort ? mergedEntries(coll, scans, plan.mergeSort) : chainedEntries(coll, scans);
  for (const { index, entry } of entries) {
    stats.keysExamined++;
    const idParts = index.idPartsOf(entry);
    if (seen) {
      const id = JSON.stringify(idParts);
      if (seen.has(id)) continue;
      seen.add(id);
    }
    const bytes = coll.getRawByIdParts(idParts);
    if (!bytes) continue;
    stats.docsExamined++;
    yield bytes;
  }
}

/** One range of one index, read in one direction. */
interface Scan {
  index: Index;
  range: KeyRange;
  reverse: boolean;
}

/** The scans of an index plan (its ranges, in the plan's direction) or of every branch of an OR plan. */
function scansOf(plan: Plan): Scan[] {
  if (plan.stage === 'OR') return (plan.branches ?? []).flatMap(scansOf);
  const ranges = plan.reverse ? [...plan.ranges].reverse() : plan.ranges;
  return ranges.map((range) => ({ index: plan.index as Index, range, reverse: plan.reverse }));
}

/** The index entries (keys with the table prefix) of one scan, in its direction. */
function scanKeys(coll: Collection, scan: Scan): Iterable<KeyPart[]> {
  const start = [scan.index.no, ...scan.range.start];
  const end = [scan.index.no, ...scan.range.end];
  return coll.store.index.getKeys(
    scan.reverse ? { start: end, end: start, reverse: true } : { start, end },
  ) as Iterable<KeyPart[]>;
}

interface ScanEntry {
  index: Index;
  entry: KeyPart[];
}

function* chainedEntries(coll: Collection, scans: Scan[]): Generator<ScanEntry> {
  for (const scan of scans) for (const entry of scanKeys(coll, scan)) yield { index: scan.index, entry };
}

/** Where each of the given fields' key parts lie in an entry of an index (the table prefix is part 0). */
function fieldSlicer(index: Index, fields: string[]): (entry: readonly KeyPart[]) => KeyPart[][] {
  const positions = fields.map((f) => index.fields.indexOf(f));
  return (entry) => {
    const starts: number[] = [];
    let at = 1;
    for (let i = 0; i < index.fields.length; i++) {
      starts.push(at);
      at += partsLength(entry, at);
    }
    starts.push(at);
    return positions.map((p) => entry.slice(starts[p], starts[p + 1]));
  };
}

/**
 * The entries of several scans that each deliver `order`, merged into one stream in that order (every scan's
 * head compared on the sort fields' key parts; the scans are few, see MAX_MERGED_SCANS in planner.ts).
 */
function* mergedEntries(
  coll: Collection,
  scans: Scan[],
  order: Array<[string, 1 | -1]>,
): Generator<ScanEntry> {
  const fields = order.map(([f]) => f);
  const heads = scans.map((scan) => {
    const iterator = scanKeys(coll, scan)[Symbol.iterator]();
    return {
      index: scan.index,
      iterator,
      slice: fieldSlicer(scan.index, fields),
      entry: undefined as KeyPart[] | undefined,
      key: [] as KeyPart[][],
    };
  });
  const advance = (head: (typeof heads)[number]): void => {
    const next = head.iterator.next();
    head.entry = next.done ? undefined : next.value;
    if (head.entry) head.key = head.slice(head.entry);
  };
  const before = (a: KeyPart[][], b: KeyPart[][]): boolean => {
    for (let i = 0; i < order.length; i++) {
      const c = compareKeyParts(a[i] as KeyPart[], b[i] as KeyPart[]);
      if (c !== 0) return c * (order[i] as [string, 1 | -1])[1] < 0;
    }
    return false;
  };
  try {
    for (const head of heads) advance(head);
    for (;;) {
      let first: (typeof heads)[number] | undefined;
      for (const head of heads) if (head.entry && (!first || before(head.key, first.key))) first = head;
      if (!first) return;
      yield { index: first.index, entry: first.entry as KeyPart[] };
      advance(first);
    }
  } finally {
    // A consumer that stops early (a limit) must not leave lmdb cursors open.
    for (const head of heads) head.iterator.return?.();
  }
}

/** Whether a plan reads at most `max` documents (counting index keys, without reading documents). */
export function atMost(coll: Collection, plan: Plan, max: number): boolean {
  if (plan.stage === 'COLLSCAN') return coll.count <= max;
  if (plan.stage === 'IDSCAN') return plan.idPoints === true && plan.ranges.length <= max;
  let seen = 0;
  for (const scan of scansOf(plan)) {
    const keys = coll.store.index.getKeys({
      start: [scan.index.no, ...scan.range.start],
      end: [scan.index.no, ...scan.range.end],
      limit: max + 1 - seen,
    });
    for (const _ of keys) if (++seen > max) return false;
  }
  return true;
}

/** Number of documents a filter matches when its plan is exact (index keys counted, no document read). */
export function countExact(coll: Collection, plan: Plan): number | undefined {
  if (plan.stage !== 'IXSCAN' || !plan.exact) return undefined;
  const idx = plan.index as Index;
  let n = 0;
  for (const r of plan.ranges) n += coll.store.countIndexEntries([idx.no, ...r.start], [idx.no, ...r.end]);
  return n;
}
