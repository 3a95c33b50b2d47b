/**
 * mingo's query, projection and expression operators with the corrections the embedded server needs, and a
 * `Query` class that always uses them.
 *
 * mingo's own `Query` (from `mingo`) merges a caller's context *under* its built-in operators, so an override
 * passed in the options is silently ignored; this `Query` hands mingo's base class one complete context instead.
 * Each correction is listed (with the upstream report text) in docs/embedded-mongodb-conformance.md.
 */
import { Context } from 'mingo';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import { Query as QueryBase } from 'mingo/query';
import type { Options as MingoOptions } from 'mingo/types';
import { resolve } from 'mingo/util';
import { bsonTypeName, makeCollator, TYPE_ALIASES, type Collator } from './compare.js';
import { compareNumbers, isDecimal, isNumberLike } from '../bson/decimal.js';
import { $jsonSchema } from './schema.js';
import { docTypes } from '../bson/types.js';
import { bsonType, isPlainObject, keyOf, type Doc } from '../bson/values.js';

type QueryOp = (selector: string, value: unknown, options: MingoOptions) => (obj: Doc) => boolean;
type ProjectionOp = (obj: Doc, expr: unknown, field: string, options: MingoOptions) => unknown;

/** The values a path reaches, each with its concrete path (array indexes included), like mongod's matcher. */
export function valuesWithPaths(doc: unknown, path: string): Array<[unknown, string]> {
  const out: Array<[unknown, string]> = [];
  const parts = path.split('.');
  const walk = (v: unknown, i: number, at: string) => {
    if (i === parts.length) {
      out.push([v, at]);
      if (Array.isArray(v)) v.forEach((e, j) => out.push([e, `${at}.${j}`]));
      return;
    }
    const part = parts[i] as string;
    const next = at ? `${at}.${part}` : part;
    if (Array.isArray(v)) {
      if (/^\d+$/.test(part)) walk(v[Number(part)], i + 1, next);
      v.forEach((e, j) => {
        if (isPlainObject(e)) walk(e, i, `${at}.${j}`);
      });
      return;
    }
    if (isPlainObject(v) && Object.prototype.hasOwnProperty.call(v, part)) walk(v[part], i + 1, next);
  };
  walk(doc, 0, '');
  return out;
}

const NUMBER_TYPES = new Set(['int', 'long', 'double', 'decimal']);

/**
 * `$type` by mongod's type names and numbers. mingo takes every integral number for `int`, `long`, `double` and
 * `decimal`, and knows no `objectId` or `binData`; here the numeric type recorded for the stored document decides.
 */
const $type: QueryOp = (selector, value) => {
  const wanted = (Array.isArray(value) ? value : [value]).map((t) => {
    const name = TYPE_ALIASES[String(t)] ?? String(t);
    return name;
  });
  return (obj) => {
    const types = docTypes.get(obj);
    for (const [v, path] of valuesWithPaths(obj, selector)) {
      if (v === undefined) continue;
      const name = bsonTypeName(v, types?.get(path));
      for (const w of wanted) if (w === name || (w === 'number' && NUMBER_TYPES.has(name))) return true;
    }
    return false;
  };
};

/** `$all` is an `$and` of equality (or `$elemMatch`) conditions: `{b: {$all: [3]}}` matches `{b: 3}` too. */
const $all: QueryOp = (selector, value, options) => {
  const list = Array.isArray(value) ? value : [];
  if (list.length === 0) return () => false;
  const q = new Query({ $and: list.map((x) => ({ [selector]: x })) }, options);
  return (obj) => q.test(obj);
};

/** Whether a value the path reaches (the field, or an element when it is an array) satisfies `pred`. */
function someCandidate(obj: Doc, selector: string, pred: (v: unknown) => boolean): boolean {
  const r = (
    selector.includes('.')
      ? resolve(obj, selector, { unwrapArray: true })
      : Object.prototype.hasOwnProperty.call(obj, selector)
        ? obj[selector]
        : undefined
  ) as unknown;
  if (!Array.isArray(r)) return pred(r);
  if (pred(r)) return true;
  for (const e of r) if (pred(e)) return true;
  return false;
}

const collators = new Map<string, Collator | undefined>();

/** The string comparator of the query's collation (`collation` option of the command), if any. */
function collatorOf(options: MingoOptions): Collator | undefined {
  const spec = (options as { collation?: unknown }).collation;
  if (!isPlainObject(spec) || Object.keys(spec).length === 0) return undefined;
  const k = keyOf(spec);
  if (!collators.has(k)) collators.set(k, makeCollator(spec));
  return collators.get(k);
}

function numericEqual(a: unknown, b: unknown): boolean {
  return isNumberLike(a) && isNumberLike(b) && compareNumbers(a, b) === 0 && !(a !== a && b !== b);
}

/**
 * Comparison operators with Decimal128 (and big Long) values compared by numeric value. mingo compares them by
 * their string form and never against plain numbers (`{v: {$gt: 5}}` missed `Decimal128('9')`).
 */
function comparison(name: '$gt' | '$gte' | '$lt' | '$lte', test: (c: number) => boolean): QueryOp {
  const base = queryOperators[name] as unknown as QueryOp;
  return (selector, value, options) => {
    const collator = collatorOf(options);
    if (collator && typeof value === 'string')
      return (obj) => someCandidate(obj, selector, (v) => typeof v === 'string' && test(collator(v, value)));
    if (!isNumberLike(value) || Number.isNaN(value)) return base(selector, value, options);
    return (obj) => someCandidate(obj, selector, (v) => isNumberLike(v) && test(compareNumbers(v, value)));
  };
}

const involvesDecimal = (v: unknown) => isDecimal(v) || bsonType(v) === 'Long';

const $eq: QueryOp = (selector, value, options) => {
  const base = (queryOperators.$eq as unknown as QueryOp)(selector, value, options);
  const collator = collatorOf(options);
  if (collator && typeof value === 'string')
    return (obj) => someCandidate(obj, selector, (v) => typeof v === 'string' && collator(v, value) === 0);
  if (!isNumberLike(value)) return base;
  const valueDecimal = involvesDecimal(value);
  const simple = !selector.includes('.') && typeof value === 'number';
  return (obj) => {
    // fast path: a top-level field holding a plain number
    if (simple) {
      const v = Object.prototype.hasOwnProperty.call(obj, selector) ? obj[selector] : undefined;
      if (typeof v === 'number') return v === value || (v !== v && value !== value);
    }
    return (
      base(obj) ||
      someCandidate(obj, selector, (v) => (valueDecimal || involvesDecimal(v)) && numericEqual(v, value))
    );
  };
};

const $ne: QueryOp = (selector, value, options) => {
  const eq = $eq(selector, value, options);
  return (obj) => !eq(obj);
};

const $in: QueryOp = (selector, value, options) => {
  const base = (queryOperators.$in as unknown as QueryOp)(selector, value, options);
  const numbers = (Array.isArray(value) ? value : []).filter(isNumberLike);
  const collator = collatorOf(options);
  const strings = collator
    ? (Array.isArray(value) ? value : []).filter((s): s is string => typeof s === 'string')
    : [];
  if (collator && strings.length)
    return (obj) =>
      base(obj) ||
      someCandidate(obj, selector, (v) => typeof v === 'string' && strings.some((x) => collator(v, x) === 0));
  if (numbers.length === 0) return base;
  const decimals = numbers.some(involvesDecimal);
  const plain =
    numbers.length === (Array.isArray(value) ? value.length : -1) &&
    numbers.every((n) => typeof n === 'number');
  const simple = plain && !selector.includes('.');
  return (obj) => {
    // fast path: only plain numbers asked, a top-level field holding a plain number
    if (simple) {
      const v = Object.prototype.hasOwnProperty.call(obj, selector) ? obj[selector] : undefined;
      if (typeof v === 'number') return (numbers as number[]).includes(v);
    }
    return (
      base(obj) ||
      someCandidate(
        obj,
        selector,
        (v) => (decimals || involvesDecimal(v)) && numbers.some((n) => numericEqual(v, n)),
      )
    );
  };
};

const $nin: QueryOp = (selector, value, options) => {
  const inn = $in(selector, value, options);
  return (obj) => !inn(obj);
};

/**
 * `$elemMatch` projection whose condition is only operators (`{a: {$elemMatch: {$gt: 4}}}`) matches the elements
 * themselves, as in queries; mingo treated `$gt` as a top-level operator and failed.
 */
const $elemMatchProjection: ProjectionOp = (obj, expr, field, options) => {
  const base = projectionOperators.$elemMatch as unknown as ProjectionOp;
  if (!isPlainObject(expr)) return base(obj, expr, field, options);
  const keys = Object.keys(expr);
  const wrap =
    keys.length > 0 && keys.every((k) => k.startsWith('$') && !['$and', '$or', '$nor'].includes(k));
  if (!wrap) return base(obj, expr, field, options);
  const arr = resolve(obj, field) as unknown;
  if (!Array.isArray(arr)) return undefined;
  const q = new Query({ v: expr }, options);
  const hit = arr.find((e) => q.test({ v: e }));
  return hit === undefined ? undefined : [hit];
};

export const QUERY_OVERRIDES = { $type, $all, $eq, $ne, $in, $nin, $jsonSchema } as Record<string, unknown>;
export { bsonTypeName };
Object.assign(QUERY_OVERRIDES, {
  $gt: comparison('$gt', (c) => c > 0),
  $gte: comparison('$gte', (c) => c >= 0),
  $lt: comparison('$lt', (c) => c < 0),
  $lte: comparison('$lte', (c) => c <= 0),
});

/** Every mingo operator, with the corrections above (query and projection). */
export const QUERY_CONTEXT = Context.init({
  accumulator: accumulatorOperators,
  expression: expressionOperators,
  projection: { ...projectionOperators, $elemMatch: $elemMatchProjection } as never,
  query: { ...queryOperators, ...QUERY_OVERRIDES } as never,
  window: windowOperators,
});

/** mingo's Query with the corrected operators (a caller's `context` is replaced, not merged under mingo's). */
export class Query extends QueryBase {
  constructor(condition: Doc, options?: Partial<MingoOptions>) {
    // mingo's own ComputeOptions (from inside an operator) already carry the context they were built with
    const compute = options !== undefined && typeof (options as { update?: unknown }).update === 'function';
    super(
      condition,
      (compute ? options : { ...options, context: options?.context ?? QUERY_CONTEXT }) as MingoOptions,
    );
  }
}

/** Whether two values are the same for `_id` purposes (numbers across types, decimals by value). */
export function sameValue(a: unknown, b: unknown): boolean {
  return keyOf(a) === keyOf(b) || numericEqual(a, b);
}
