/**
 * Query planning: which ordered index (or the `_id` order of the documents table) answers a filter, with which key
 * ranges, and whether it also delivers the requested sort so that `sort` + `limit` stop early.
 *
 * The planner reads the top-level conditions of a filter (and of a top-level `$and`): equality and `$in`
 * fix an index field to points; `$gt/$gte/$lt/$lte` give a range on the first field that is not fixed (type
 * bracketed like mongod: `{$gt: date}` only reaches dates). Every other condition is left to the matcher: the
 * index only narrows what is read, candidates are always tested against the whole filter. Among the usable
 * indexes it scores fixed fields, then a range, then a delivered sort; `hint` (a name or key pattern, or
 * `{$natural: ±1}`) overrides the choice. Multikey indexes keep only one side of a range (different array
 * elements may satisfy the two sides) and never deliver a sort.
 */
import type { Collection, Index, ScanStats } from '../storage/collection.js';
import { mongoError } from '../errors.js';
import {
  compareKeyParts,
  isCutInKeys,
  MAX_PART,
  partsLength,
  valueParts,
  type KeyPart,
} from '../storage/keys.js';
import { bsonType, isPlainObject, keyOf, type Doc } from '../bson/values.js';

/** Most key ranges a plan may have (the product of the `$in` lists of the fixed fields). */
const MAX_RANGES = 1000;
/**
 * Most index scans merged into one sorted stream (the ranges of an `$in`, the branches of an `$or`): the
 * merge compares the heads of all scans for every key it passes on, so beyond this reading and sorting wins.
 */
const MAX_MERGED_SCANS = 64;

export interface KeyRange {
  start: KeyPart[];
  end: KeyPart[];
}

export interface Plan {
  /**
   * COLLSCAN: every document; IDSCAN: ranges of `_id` in the documents table; IXSCAN: ranges of an index;
   * OR: the union of index plans, one per branch of an `$or` (`branches`), each document once.
   */
  stage: 'COLLSCAN' | 'IDSCAN' | 'IXSCAN' | 'OR';
  index?: Index;
  /** Key ranges without the table prefix (index or collection number), ascending, start inclusive, end exclusive. */
  ranges: KeyRange[];
  reverse: boolean;
  /** The scan yields documents in the requested sort order. */
  sortCovered: boolean;
  /** Bounds per index field as mongod's explain prints them. */
  bounds: Record<string, string[]>;
  /** IDSCAN of `_id` values (not a range): one document at most per range. */
  idPoints?: boolean;
  /** The key ranges are exactly the filter: every key in them is one matching document (counts need no reads). */
  exact?: boolean;
  /**
   * The scans (every range of the index, or of every branch) each deliver this order, and are merged into
   * one stream in it (mongod's SORT_MERGE): the sort fields, each with its direction.
   */
  mergeSort?: Array<[string, 1 | -1]>;
  /** OR: the plan of each branch (IXSCAN plans). */
  branches?: Plan[];
  /** A branch of an OR plan: the branch with the rest of the filter (`exact` is relative to it). */
  filter?: Doc;
  /** OR: no document matches two branches, so the branches' counts add up. */
  disjoint?: boolean;
}

interface FieldBounds {
  /** Fixed values (equality / $in); undefined when the field is not fixed. */
  points?: unknown[];
  lower?: { value: unknown; inclusive: boolean };
  upper?: { value: unknown; inclusive: boolean };
}

function isScalar(v: unknown): boolean {
  if (v === undefined) return false;
  if (v === null) return true;
  const t = typeof v;
  if (t === 'string' || t === 'boolean') return true;
  if (t === 'number') return !Number.isNaN(v);
  if (v instanceof Date) return !Number.isNaN(v.getTime());
  if (Array.isArray(v) || v instanceof RegExp || isPlainObject(v)) return false;
  const bt = bsonType(v);
  return (
    bt === 'ObjectId' ||
    bt === 'Long' ||
    bt === 'Int32' ||
    bt === 'Double' ||
    bt === 'Binary' ||
    bt === 'UUID' ||
    Buffer.isBuffer(v)
  );
}

/** The conditions of a filter per top-level field (a top-level `$and` is flattened). */
function fieldConditions(filter: Doc, out = new Map<string, unknown[]>()): Map<string, unknown[]> {
  for (const [k, cond] of Object.entries(filter)) {
    if (k === '$and' && Array.isArray(cond)) {
      for (const part of cond) if (isPlainObject(part)) fieldConditions(part, out);
      continue;
    }
    if (k.startsWith('$')) continue;
    const list = out.get(k) ?? [];
    list.push(cond);
    out.set(k, list);
  }
  return out;
}

/** Whether a filter has top-level operators besides `$and` ($or, $nor, $expr, …), also inside a `$and`. */
function hasLogicalOperators(filter: Doc): boolean {
  for (const [k, v] of Object.entries(filter)) {
    if (k === '$and') {
      if (!Array.isArray(v) || v.some((part) => !isPlainObject(part) || hasLogicalOperators(part)))
        return true;
    } else if (k.startsWith('$')) return true;
  }
  return false;
}

function boundsOf(conds: unknown[]): FieldBounds | undefined {
  const b: FieldBounds = {};
  for (const cond of conds) {
    if (isScalar(cond)) {
      b.points = intersect(b.points, [cond]);
      continue;
    }
    if (!isPlainObject(cond)) continue;
    const keys = Object.keys(cond);
    if (keys.length && !keys.every((k) => k.startsWith('$'))) {
      continue; // an embedded document compared as a whole: left to the matcher
    }
    for (const op of keys) {
      const v = cond[op];
      switch (op) {
        case '$eq':
          if (isScalar(v)) b.points = intersect(b.points, [v]);
          break;
        case '$in':
          if (Array.isArray(v) && v.length <= MAX_RANGES && v.every(isScalar))
            b.points = intersect(b.points, v);
          break;
        case '$gt':
        case '$gte':
          if (isScalar(v) && v !== null)
            b.lower = tighter(b.lower, { value: v, inclusive: op === '$gte' }, 1);
          break;
        case '$lt':
        case '$lte':
          if (isScalar(v) && v !== null)
            b.upper = tighter(b.upper, { value: v, inclusive: op === '$lte' }, -1);
          break;
        default:
          break;
      }
    }
  }
  if (b.lower && b.upper && tagOf(b.lower.value) !== tagOf(b.upper.value)) return undefined; // matches nothing
  return b.points || b.lower || b.upper ? b : undefined;
}

function intersect(a: unknown[] | undefined, b: unknown[]): unknown[] {
  if (!a) return b;
  const keep = new Set(b.map(keyOf));
  return a.filter((v) => keep.has(keyOf(v)));
}

function tagOf(v: unknown): KeyPart | undefined {
  return valueParts(v)[0];
}

/** Of two bounds on the same side, the one that admits less (compared by their key encoding order). */
function tighter(
  current: FieldBounds['lower'],
  next: NonNullable<FieldBounds['lower']>,
  side: 1 | -1,
): FieldBounds['lower'] {
  if (!current) return next;
  if (tagOf(current.value) !== tagOf(next.value)) return current;
  const a = valueParts(current.value)[1] as number | string;
  const b = valueParts(next.value)[1] as number | string;
  if (a === b) return current.inclusive ? next : current;
  return (side === 1 ? b > a : b < a) ? next : current;
}

/** Key range of one field's bounds: exact when the values encode without loss. */
function fieldRange(b: FieldBounds, multikey: boolean): { start: KeyPart[]; end: KeyPart[] } {
  let lower = b.lower;
  let upper = b.upper;
  if (multikey && lower && upper) upper = undefined;
  if (!lower && !upper) return { start: [], end: [MAX_PART] };
  // A value cut in keys stands for every value sharing its prefix: such a bound is widened to include them all.
  if (lower && !lower.inclusive && isCutInKeys(lower.value)) lower = { ...lower, inclusive: true };
  if (upper && !upper.inclusive && isCutInKeys(upper.value)) upper = { ...upper, inclusive: true };
  const tag = tagOf((lower ?? upper)!.value) as KeyPart;
  const start = lower
    ? lower.inclusive
      ? valueParts(lower.value)
      : [...valueParts(lower.value), MAX_PART]
    : [tag];
  const end = upper
    ? upper.inclusive
      ? [...valueParts(upper.value), MAX_PART]
      : valueParts(upper.value)
    : [tag, MAX_PART];
  return { start, end };
}

function pointRange(v: unknown): KeyRange {
  const parts = valueParts(v);
  return { start: parts, end: [...parts, MAX_PART] };
}

/** Whether `sort` (after dropping fields fixed to one value) follows `fields`, all ascending or all descending. */
function sortDirection(sort: Doc | undefined, fields: string[], fixed: Set<string>): 1 | -1 | 0 | undefined {
  if (!sort) return 0;
  const wanted = Object.entries(sort).filter(([f]) => !fixed.has(f));
  if (wanted.length === 0) return 0;
  // fields fixed to one value do not change the order, so the sort may skip them
  const order = fields.filter((f) => !fixed.has(f));
  if (wanted.length > order.length) return undefined;
  let dir: 1 | -1 | undefined;
  for (let i = 0; i < wanted.length; i++) {
    const [f, d] = wanted[i] as [string, unknown];
    if (f !== order[i]) return undefined;
    const n = typeof d === 'number' ? d : Number(d);
    if (n !== 1 && n !== -1) return undefined;
    if (dir === undefined) dir = n;
    else if (dir !== n) return undefined;
  }
  return dir;
}

function hintedIndex(coll: Collection, hint: unknown): Index | '$natural' | undefined {
  if (hint === undefined || hint === null) return undefined;
  if (typeof hint === 'string') {
    const idx = coll.indexes.find((i) => i.spec.name === hint);
    if (idx) return idx;
    if (hint === '_id_') return undefined;
    throw mongoError(
      2,
      `error processing query: planner returned error :: caused by :: hint provided does not correspond to an existing index`,
    );
  }
  if (isPlainObject(hint)) {
    if (Object.keys(hint).length === 0) return undefined;
    if ('$natural' in hint) return '$natural';
    const idx = coll.indexes.find((i) => keyOf(i.spec.key) === keyOf(hint));
    if (idx) return idx;
    if (keyOf(hint) === keyOf({ _id: 1 })) return undefined;
    throw mongoError(
      2,
      `error processing query: planner returned error :: caused by :: hint provided does not correspond to an existing index`,
    );
  }
  throw mongoError(9, 'hint must be either a string or a nested object');
}

interface Candidate {
  plan: Plan;
  score: number;
}

const EXACT_OPERATORS = new Set(['$eq', '$in', '$gt', '$gte', '$lt', '$lte']);

/** A value the key encoding keeps exactly (so a key range decides a condition on it without the matcher). */
function encodesExactly(v: unknown): boolean {
  if (typeof v === 'string') return !isCutInKeys(v);
  if (typeof v === 'number') return Number.isFinite(v);
  const t = bsonType(v);
  return v === null || typeof v === 'boolean' || v instanceof Date || t === 'ObjectId';
}

/** Whether the bounds taken from `conds` express them completely (see Plan.exact). */
function boundsAreTheFilter(filter: Doc, conds: Map<string, unknown[]>, bounded: Set<string>): boolean {
  if (hasLogicalOperators(filter)) return false;
  for (const [field, list] of conds) {
    if (!bounded.has(field)) return false;
    let points = false;
    let range = false;
    for (const cond of list) {
      if (!isPlainObject(cond)) {
        if (!encodesExactly(cond)) return false;
        points = true;
        continue;
      }
      for (const [op, v] of Object.entries(cond)) {
        if (!EXACT_OPERATORS.has(op)) return false;
        const values = op === '$in' ? (Array.isArray(v) ? v : [undefined]) : [v];
        if (!values.every(encodesExactly)) return false;
        if (op === '$eq' || op === '$in') points = true;
        else range = true;
      }
    }
    if (points && range) return false;
  }
  return true;
}

/** Plans a query over an index: fixed fields, then a range, as far as the filter allows. */
function planIndex(
  idx: Index,
  filter: Doc,
  conds: Map<string, unknown[]>,
  sort: Doc | undefined,
  forced: boolean,
): Candidate | undefined {
  if (!idx.maintained || (idx.spec.hidden === true && !forced)) return undefined;
  if (idx.partial && !forced) return undefined;
  // Keys of an index with a collation hold folded strings: bounds from the filter's values would miss.
  if (idx.fold) {
    if (!forced) return undefined;
    conds = new Map();
  }
  let ranges: KeyRange[] = [{ start: [], end: [] }];
  const fixed = new Set<string>();
  const pointFields = new Set<string>();
  const bounds: Record<string, string[]> = {};
  let score = 0;
  let usedFields = 0;
  let open = false;
  const bounded = new Set<string>();
  for (const f of idx.fields) {
    const b = open ? undefined : boundsOf(conds.get(f) ?? []);
    if (!b) {
      open = true;
      bounds[f] = ['[MinKey, MaxKey]'];
      continue;
    }
    usedFields++;
    bounded.add(f);
    if (b.points) {
      if (idx.sparse && b.points.some((p) => p === null)) return undefined;
      if (ranges.length * b.points.length > MAX_RANGES) return undefined;
      ranges = ranges.flatMap((r) =>
        b.points!.map((p) => {
          const pr = pointRange(p);
          return { start: [...r.start, ...pr.start], end: [...r.start, ...pr.end] };
        }),
      );
      if (b.points.length === 1) fixed.add(f);
      pointFields.add(f);
      bounds[f] = b.points.map((p) => `[${String(p)}, ${String(p)}]`);
      // `null` also stands for every document without the field, so it usually narrows less than a value.
      score += b.points.every((p) => p === null) ? 3 : 4;
      continue;
    }
    const fr = fieldRange(b, idx.multikey);
    ranges = ranges.map((r) => ({ start: [...r.start, ...fr.start], end: [...r.start, ...fr.end] }));
    bounds[f] = [
      `${b.lower ? (b.lower.inclusive ? '[' : '(') + String(b.lower.value) : '[MinKey'}, ${b.upper ? String(b.upper.value) + (b.upper.inclusive ? ']' : ')') : 'MaxKey]'}`,
    ];
    score += 2;
    open = true;
  }
  if (usedFields === 0 && idx.sparse) return undefined;
  // Ranges that stop before the last field must still reach every entry sharing their prefix.
  ranges = ranges.map((r) => (r.end.length === 0 ? { start: r.start, end: [MAX_PART] } : r));
  let dir: 1 | -1 | 0 | undefined;
  let mergeSort: Plan['mergeSort'];
  if (idx.fold || idx.multikey) dir = undefined;
  else if (ranges.length === 1) dir = sortDirection(sort, idx.fields, fixed);
  else if (ranges.length <= MAX_MERGED_SCANS) {
    // Several ranges (an `$in`): each is in index order, so they merge into the sort's order when the sort
    // follows the index fields, also after leaving out the fields the ranges fix (unless it sorts on those).
    const sortsOnPoints = Object.keys(sort ?? {}).some((f) => pointFields.has(f) && !fixed.has(f));
    dir =
      sortDirection(sort, idx.fields, fixed) ??
      (sortsOnPoints ? undefined : sortDirection(sort, idx.fields, pointFields));
    if (dir) mergeSort = sortFields(sort as Doc);
  }
  const sortCovered = dir !== undefined;
  if (sortCovered && dir !== 0) score += 1;
  if (idx.unique && usedFields === idx.fields.length && ranges.every((r) => r.end.at(-1) === MAX_PART))
    score += 1;
  if (score === 0 && !forced) return undefined;
  const exact =
    !idx.fold && !idx.multikey && !idx.sparse && !idx.partial && boundsAreTheFilter(filter, conds, bounded);
  return {
    plan: { stage: 'IXSCAN', index: idx, ranges, reverse: dir === -1, sortCovered, bounds, exact, mergeSort },
    score,
  };
}

/** A sort specification as fields with directions (a covered sort has only 1 and -1). */
function sortFields(sort: Doc): Array<[string, 1 | -1]> {
  return Object.entries(sort).map(([f, d]) => [f, Number(d) === -1 ? -1 : 1]);
}

/** The `$or` lists at the top of a filter (also inside a top-level `$and`, at any depth). */
function orLists(filter: Doc, out: Doc[][] = []): Doc[][] {
  for (const [k, v] of Object.entries(filter)) {
    if (!Array.isArray(v)) continue;
    if (k === '$and') {
      for (const part of v) if (isPlainObject(part)) orLists(part, out);
    } else if (k === '$or' && v.length > 0 && v.every((branch) => isPlainObject(branch))) {
      out.push(v as Doc[]);
    }
  }
  return out;
}

/** The best index plan among the collection's indexes for the given conditions. */
function bestIndexPlan(
  coll: Collection,
  filter: Doc,
  conds: Map<string, unknown[]>,
  sort: Doc | undefined,
): Candidate | undefined {
  let best: Candidate | undefined;
  for (const idx of coll.indexes) {
    const c = planIndex(idx, filter, conds, sort, false);
    if (c && (!best || c.score > best.score)) best = c;
  }
  return best;
}

/**
 * An `$or` whose every branch (with the conditions beside the `$or`) has an index plan: the union of those
 * scans, merged in the sort's order when every branch delivers it. Scored by its weakest branch, and only
 * when every branch has bounds (a branch that would read everything makes the union pointless).
 */
function planOr(
  coll: Collection,
  filter: Doc,
  conds: Map<string, unknown[]>,
  sort: Doc | undefined,
): Candidate | undefined {
  const sorting = sort !== undefined && Object.keys(sort).length > 0;
  let chosen: Candidate | undefined;
  for (const branches of orLists(filter)) {
    if (branches.length > MAX_MERGED_SCANS) continue;
    const plans: Plan[] = [];
    let score = Infinity;
    const rest = withoutOr(filter, branches);
    for (const branch of branches) {
      const branchConds = fieldConditions(branch, new Map([...conds].map(([f, list]) => [f, [...list]])));
      // the branch with everything beside the `$or`: what this branch's scan must match on its own
      const branchFilter: Doc = { $and: [branch, rest] };
      const best = bestIndexPlan(coll, branchFilter, branchConds, sort);
      if (!best || best.score < 2 || (sorting && !best.plan.sortCovered)) break;
      plans.push({ ...best.plan, filter: branchFilter });
      score = Math.min(score, best.score);
    }
    const scans = plans.reduce((n, p) => n + p.ranges.length, 0);
    if (plans.length !== branches.length || scans > MAX_MERGED_SCANS) continue;
    if (chosen && chosen.score >= score) continue;
    chosen = {
      plan: {
        stage: 'OR',
        branches: plans,
        ranges: [],
        reverse: false,
        sortCovered: true,
        bounds: {},
        mergeSort: sorting ? sortFields(sort) : undefined,
        disjoint: pairwiseDisjoint(branches),
      },
      score,
    };
  }
  return chosen;
}

/** A filter without one of its `$or` lists (found by identity), keeping everything else as it is. */
function withoutOr(filter: Doc, list: Doc[]): Doc {
  const out: Doc = {};
  for (const [k, v] of Object.entries(filter)) {
    if (k === '$or' && v === list) continue;
    out[k] =
      k === '$and' && Array.isArray(v)
        ? v.map((part) => (isPlainObject(part) ? withoutOr(part, list) : part))
        : v;
  }
  return out;
}

/**
 * Whether no document can match two of the branches: every pair fixes some field to values the other does
 * not allow (`{organization_id: {$in: [a, b]}}` and `{organization_id: null}`).
 */
function pairwiseDisjoint(branches: Doc[]): boolean {
  const points = branches.map((branch) => {
    const fixed = new Map<string, Set<string>>();
    for (const [field, list] of fieldConditions(branch)) {
      const b = boundsOf(list);
      if (b?.points) fixed.set(field, new Set(b.points.map(keyOf)));
    }
    return fixed;
  });
  for (let i = 0; i < points.length; i++)
    for (let j = i + 1; j < points.length; j++) {
      const a = points[i]!;
      const b = points[j]!;
      const apart = [...a].some(([field, values]) => {
        const other = b.get(field);
        return other !== undefined && ![...values].some((v) => other.has(v));
      });
      if (!apart) return false;
    }
  return true;
}

/** Chooses how to read the documents a filter (and sort) needs. */
export function planQuery(coll: Collection, filter: Doc, sort?: Doc, hint?: unknown): Plan {
  const conds = fieldConditions(filter);
  const hinted = hintedIndex(coll, hint);
  const idSort = sortDirection(sort, ['_id'], new Set());
  const collscan: Plan = {
    stage: 'COLLSCAN',
    ranges: [{ start: [], end: [MAX_PART] }],
    reverse: idSort === -1,
    sortCovered: idSort !== undefined,
    bounds: {},
  };
  if (hinted === '$natural') {
    const dir = isPlainObject(hint) ? Number(hint.$natural) : 1;
    return { ...collscan, reverse: dir === -1, sortCovered: !sort || Object.keys(sort).length === 0 };
  }
  if (hinted) return (planIndex(hinted, filter, conds, sort, true) as Candidate).plan;
  // `_id` is the key of the documents table: points and ranges on it read only those documents.
  const idBounds = boundsOf(conds.get('_id') ?? []);
  if (idBounds?.points) {
    return {
      stage: 'IDSCAN',
      ranges: idBounds.points.map(pointRange),
      reverse: false,
      sortCovered: idBounds.points.length <= 1 || idSort === 0,
      bounds: { _id: idBounds.points.map((p) => `[${String(p)}, ${String(p)}]`) },
      idPoints: true,
    };
  }
  let best = bestIndexPlan(coll, filter, conds, sort);
  const union = planOr(coll, filter, conds, sort);
  if (union && (!best || union.score > best.score || (!best.plan.sortCovered && union.score >= best.score)))
    best = union;
  if (idBounds && (!best || best.score < 2)) {
    const r = fieldRange(idBounds, false);
    return {
      stage: 'IDSCAN',
      ranges: [r],
      reverse: idSort === -1,
      sortCovered: idSort !== undefined,
      bounds: {},
    };
  }
  return best?.plan ?? collscan;
}

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
 * head compared on the sort fields' key parts; the scans are few, see MAX_MERGED_SCANS).
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

/** mongod's explain shape of a plan. */
export function explainPlan(plan: Plan): Doc {
  if (plan.stage === 'COLLSCAN')
    return { stage: 'COLLSCAN', direction: plan.reverse ? 'backward' : 'forward' };
  if (plan.stage === 'IDSCAN')
    return {
      stage: 'FETCH',
      inputStage: {
        stage: 'IXSCAN',
        keyPattern: { _id: 1 },
        indexName: '_id_',
        isMultiKey: false,
        isUnique: true,
        direction: plan.reverse ? 'backward' : 'forward',
        indexBounds: plan.bounds,
      },
    };
  if (plan.stage === 'OR') {
    const inputStages = (plan.branches ?? []).map((b) => explainPlan(b).inputStage as Doc);
    return {
      stage: 'FETCH',
      inputStage: plan.mergeSort
        ? { stage: 'SORT_MERGE', sortPattern: Object.fromEntries(plan.mergeSort), inputStages }
        : { stage: 'OR', inputStages },
    };
  }
  const idx = plan.index as Index;
  return {
    stage: 'FETCH',
    inputStage: {
      stage: 'IXSCAN',
      keyPattern: idx.spec.key,
      indexName: idx.spec.name,
      isMultiKey: idx.multikey,
      isUnique: idx.unique,
      isSparse: idx.sparse,
      isPartial: idx.partial !== undefined,
      direction: plan.reverse ? 'backward' : 'forward',
      indexBounds: plan.bounds,
    },
  };
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
