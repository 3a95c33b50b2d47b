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
import { type Doc, isPlainObject, keyOf } from '../bson/values.js';
import { mongoError } from '../errors.js';
import type { Collection, Index } from '../storage/collection.js';
import { MAX_PART } from '../storage/keys.js';
import {
  boundsAreTheFilter,
  boundsOf,
  fieldConditions,
  fieldRange,
  MAX_RANGES,
  pointRange,
} from './bounds.js';
import type { KeyRange, Plan } from './plan.js';

/**
 * Most index scans merged into one sorted stream (the ranges of an `$in`, the branches of an `$or`): the
 * merge compares the heads of all scans for every key it passes on, so beyond this reading and sorting wins.
 */
const MAX_MERGED_SCANS = 64;

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

/**
 * The order a hinted index delivers when the read has no sort: its key pattern (`{qty: -1, name: -1}` gives
 * qty descending, then name descending), as mongod's scan of that index does. Keys are stored ascending
 * whatever the spec's direction, so without this a descending index answered in ascending order.
 */
export function hintOrder(coll: Collection | undefined, hint: unknown): Doc | undefined {
  if (!coll) return undefined;
  const idx = hintedIndex(coll, hint);
  if (!idx || idx === '$natural') return undefined;
  const key = idx.spec.key as Doc;
  return Object.values(key).every((d) => d === 1 || d === -1) ? key : undefined;
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
