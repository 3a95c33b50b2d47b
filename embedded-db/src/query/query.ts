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
import { bsonTypeName, compareValues, makeCollator, TYPE_ALIASES, type Collator } from './compare.js';
import { mongoError } from '../errors.js';
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
    // binary data compares by length, then subtype, then bytes, only with binary data (mongod's type bracket);
    // mingo compared the objects as non-comparable and matched nothing
    if (isBinData(value))
      return (obj) => someCandidate(obj, selector, (v) => isBinData(v) && test(compareValues(v, value)));
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

function isBinData(v: unknown): boolean {
  if (Buffer.isBuffer(v) || v instanceof Uint8Array) return true;
  const t = bsonType(v);
  return t === 'Binary' || t === 'UUID';
}

function binBytes(v: unknown): Uint8Array {
  if (v instanceof Uint8Array) return v;
  const b = v as { buffer: Uint8Array; position?: number };
  return b.buffer.subarray(0, b.position ?? b.buffer.length);
}

/**
 * `$regex` (and `{field: /re/}`) also matches a stored regular expression with the same pattern and flags, as
 * mongod's RegexMatchExpression does; mingo only tested strings, so a stored regex never matched itself.
 */
const $regex: QueryOp = (selector, value, options) => {
  const base = (queryOperators.$regex as unknown as QueryOp)(selector, value, options);
  if (!(value instanceof RegExp)) return base;
  const source = value.source;
  const flags = [...value.flags].sort().join('');
  const same = (v: unknown): boolean => {
    if (v instanceof RegExp) return v.source === source && [...v.flags].sort().join('') === flags;
    if (bsonType(v) === 'BSONRegExp') {
      const r = v as { pattern: string; options: string };
      return r.pattern === source && [...r.options].sort().join('') === flags;
    }
    return false;
  };
  return (obj) => base(obj) || someCandidate(obj, selector, same);
};

/**
 * The bit positions a `$bits…` operand names: a non-negative integer bitmask, an array of positions, or binary
 * data (a bitmask of any length, byte 0 first). mingo used JavaScript's 32-bit `&` on whatever the field held,
 * so binary data (and numbers beyond 31 bits) gave wrong answers.
 */
function bitPositions(op: string, value: unknown): number[] {
  if (Array.isArray(value)) {
    return value.map((p) => {
      if (typeof p !== 'number' || !Number.isInteger(p) || p < 0)
        throw mongoError(2, `bit positions must be non-negative integers in ${op}, got ${String(p)}`);
      return p;
    });
  }
  if (isBinData(value)) {
    const bytes = binBytes(value);
    const out: number[] = [];
    for (let i = 0; i < bytes.length; i++)
      for (let b = 0; b < 8; b++) if ((bytes[i]! >> b) & 1) out.push(i * 8 + b);
    return out;
  }
  let n: bigint | undefined;
  if (typeof value === 'number' && Number.isInteger(value)) n = BigInt(value);
  else if (bsonType(value) === 'Long') n = BigInt((value as { toString(): string }).toString());
  if (n === undefined || n < 0n)
    throw mongoError(
      2,
      `${op} takes an Array, a number, or a BinData but received: ${String(value)} (a number must be a non-negative integer)`,
    );
  const out: number[] = [];
  for (let i = 0; n > 0n; i++, n >>= 1n) if (n & 1n) out.push(i);
  return out;
}

/** Bit `p` of a stored value, or undefined when the value is not something `$bits…` tests. */
function bitReader(v: unknown): ((p: number) => boolean) | undefined {
  if (isBinData(v)) {
    const bytes = binBytes(v);
    return (p) => p >> 3 < bytes.length && ((bytes[p >> 3]! >> (p & 7)) & 1) === 1;
  }
  let n: bigint | undefined;
  // a double takes part only when it is integral and an int64 can hold it, like mongod
  if (typeof v === 'number') n = Number.isInteger(v) && Math.abs(v) < 2 ** 63 ? BigInt(v) : undefined;
  else if (typeof v === 'bigint') n = v;
  else if (bsonType(v) === 'Long') n = BigInt((v as { toString(): string }).toString());
  if (n === undefined) return undefined;
  const twos = BigInt.asUintN(64, n);
  // beyond bit 63 the sign extends: set for negative numbers
  return (p) => (p >= 64 ? n! < 0n : ((twos >> BigInt(p)) & 1n) === 1n);
}

function bitsOp(op: string, test: (bit: (p: number) => boolean, positions: number[]) => boolean): QueryOp {
  return (selector, value) => {
    const positions = bitPositions(op, value);
    return (obj) =>
      someCandidate(obj, selector, (v) => {
        const bit = bitReader(v);
        return bit !== undefined && test(bit, positions);
      });
  };
}

export const QUERY_OVERRIDES = {
  $type,
  $all,
  $eq,
  $ne,
  $in,
  $nin,
  $jsonSchema,
  $regex,
  $bitsAllSet: bitsOp('$bitsAllSet', (bit, ps) => ps.every((p) => bit(p))),
  $bitsAllClear: bitsOp('$bitsAllClear', (bit, ps) => ps.every((p) => !bit(p))),
  $bitsAnySet: bitsOp('$bitsAnySet', (bit, ps) => ps.some((p) => bit(p))),
  $bitsAnyClear: bitsOp('$bitsAnyClear', (bit, ps) => ps.some((p) => !bit(p))),
} as Record<string, unknown>;
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
      withoutComment(condition),
      (compute ? options : { ...options, context: options?.context ?? QUERY_CONTEXT }) as MingoOptions,
    );
  }
}

/**
 * The filter without `$comment` (at the top or in `$and`/`$or`/`$nor` branches): mongod ignores it when matching,
 * mingo refused it as an unknown top-level operator. Filters without one are returned as they are.
 */
function withoutComment(condition: Doc): Doc {
  if (!isPlainObject(condition)) return condition;
  let out: Doc | undefined;
  for (const [k, v] of Object.entries(condition)) {
    if (k === '$comment') {
      out ??= { ...condition };
      delete out.$comment;
    } else if ((k === '$and' || k === '$or' || k === '$nor') && Array.isArray(v)) {
      const branches = v.map((b) => withoutComment(b as Doc));
      if (branches.some((b, i) => b !== v[i])) (out ??= { ...condition })[k] = branches;
    }
  }
  return out ?? condition;
}

/** Whether two values are the same for `_id` purposes (numbers across types, decimals by value). */
export function sameValue(a: unknown, b: unknown): boolean {
  return keyOf(a) === keyOf(b) || numericEqual(a, b);
}
