/**
 * Key bounds of a filter's top-level conditions: equality and `$in` fix a field to points, `$gt/$gte/$lt/$lte`
 * give a range (type bracketed like mongod), and whether the key ranges taken from them are exactly the filter.
 */
import { bsonType, type Doc, isPlainObject, keyOf } from '../bson/values.js';
import { isCutInKeys, type KeyPart, MAX_PART, valueParts } from '../storage/keys.js';
import type { KeyRange } from './plan.js';

/** Most key ranges a plan may have (the product of the `$in` lists of the fixed fields). */
export const MAX_RANGES = 1000;

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
export function fieldConditions(filter: Doc, out = new Map<string, unknown[]>()): Map<string, unknown[]> {
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

export function boundsOf(conds: unknown[]): FieldBounds | undefined {
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
export function fieldRange(b: FieldBounds, multikey: boolean): { start: KeyPart[]; end: KeyPart[] } {
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

export function pointRange(v: unknown): KeyRange {
  const parts = valueParts(v);
  return { start: parts, end: [...parts, MAX_PART] };
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
export function boundsAreTheFilter(
  filter: Doc,
  conds: Map<string, unknown[]>,
  bounded: Set<string>,
): boolean {
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
