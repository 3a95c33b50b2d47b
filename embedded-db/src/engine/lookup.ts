/**
 * The foreign side of an equality `$lookup` (query/lookup.ts): the documents of a collection whose field may hold
 * given values, read through the `_id` or an index on that field — planned like `{field: {$in: values}}`, which
 * is MongoDB's equality and finds every document mingo's join would match (and maybe more, which the join drops).
 */
import { ObjectId } from 'bson';
import type { Doc } from '../bson/values.js';
import type { Collection, ScanStats } from '../storage/collection.js';
import { compareKeyParts, valueParts } from '../storage/keys.js';
import { cheapReadsLeft, spendCheap } from '../query/limits.js';
import type { ForeignReader } from '../query/lookup.js';
import { refuseReshaping } from '../query/own-fields.js';
import type { Plan } from '../query/plan.js';
import { planQuery } from '../query/planner.js';
import { atMost } from '../query/scan.js';

/** Reads the documents matching a filter with a plan made for it (Engine: counts the plan's index use). */
export type PlannedMatch = (coll: Collection, filter: Doc, plan: Plan, stats: ScanStats) => Doc[];

/**
 * Whether a path is looked up by key the way mingo resolves it: no array positions (`a.0`: mingo reads the
 * element, MongoDB's equality also a field named `0`) and no empty or `$` parts.
 */
function keyablePath(field: string): boolean {
  return field.split('.').every((p) => p !== '' && !p.startsWith('$') && !/^\d+$/.test(p));
}

/**
 * Whether `$lookup`s joining on `field` of `coll` are answered by key: through the `_id`, or an index on
 * `field` first that holds every document (not sparse, not partial, no collation).
 */
export function joinsByKey(coll: Collection, field: string): boolean {
  if (!keyablePath(field)) return false;
  if (field === '_id') return true;
  return coll.indexes.some((i) => i.fields[0] === field && i.usableForEquality && !i.fold);
}

/**
 * A value an index looks up as mingo's hash compares it (same value, same type): strings, numbers but NaN,
 * booleans, null, valid dates, ObjectIds. Others (arrays, documents, decimals, binary data, regular
 * expressions…) are joined through the whole collection.
 */
function keyable(v: unknown): boolean {
  if (v === null) return true;
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return !Number.isNaN(v);
    default:
      return (v instanceof Date && !Number.isNaN(v.getTime())) || v instanceof ObjectId;
  }
}

/** The reader of `coll` (undefined: not there) joined on `field`; undefined when it cannot be read by key. */
export function foreignReader(
  coll: Collection | undefined,
  field: string,
  read: PlannedMatch,
): ForeignReader | undefined {
  if (!keyablePath(field)) return undefined;
  if (!coll) return { size: 0, candidates: () => [] };
  return {
    size: coll.count,
    candidates(keys) {
      if (!keys.every(keyable)) return undefined;
      if (keys.length === 0) return [];
      const filter = { [field]: { $in: [...new Set(keys)] } };
      const plan = planQuery(coll, filter);
      // no index: one read of the whole collection (the caller's) beats one per input document
      if (plan.stage === 'COLLSCAN') return undefined;
      const left = cheapReadsLeft();
      if (left !== Infinity && !atMost(coll, plan, left)) spendCheap(Infinity); // more than a cheap section may read
      const stats: ScanStats = { keysExamined: 0, docsExamined: 0 };
      const docs = read(coll, filter, plan, stats);
      spendCheap(stats.docsExamined);
      refuseReshaping(docs, 'aggregate');
      return docs.length > 1 ? naturalOrder(docs) : docs;
    },
  };
}

/** Documents in the collection's natural order (its `_id` key order, as `Collection.all` reads them). */
function naturalOrder(docs: Doc[]): Doc[] {
  const keyed = docs.map((d) => ({ d, k: valueParts(d._id) }));
  keyed.sort((a, b) => compareKeyParts(a.k, b.k));
  return keyed.map((x) => x.d);
}
