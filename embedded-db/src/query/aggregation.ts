/**
 * Corrections to mingo's aggregation operators (see docs/embedded-mongodb-conformance.md, "Corrections to mingo"):
 * `$percentile`/`$median` (mingo sorted the numbers as strings: the median of 1..10 came out as 4),
 * `$setWindowFields` (mingo implements it through `$function`, which the server keeps disabled), `$sort` in
 * mongod's order with collation, Decimal128 arithmetic and comparison in expressions, and the numeric types of
 * values an aggregation passes through unchanged (an int64 came back as an int32).
 */
import { Decimal128 } from 'bson';
import { evalExpr } from 'mingo/core';
import { Lazy } from 'mingo/lazy';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import type { Options as MingoOptions } from 'mingo/types';
import { compareValues, makeCollator, sortBy } from './compare.js';
import { compareNumbers, decimalArith, isDecimal, isNumberLike, toNumber } from '../bson/decimal.js';
import { mongoError } from '../errors.js';
import { docTypes, type TypeMap } from '../bson/types.js';
import { getPath, isPlainObject, keyOf, type Doc } from '../bson/values.js';
import { bsonTypeName } from './compare.js';
import {
  fieldAt,
  inferKind,
  kindOfValue,
  type NumKind,
  passThrough,
  recordKind,
  setTypes,
  settleKind,
  specLeaves,
} from './expr-types.js';

type Accumulator = (coll: Doc[], expr: unknown, options: MingoOptions) => unknown;
type Expression = (obj: Doc, expr: unknown, options: MingoOptions) => unknown;
interface LazyLike {
  transform(f: (docs: Doc[]) => unknown): LazyLike;
  collect?(): Doc[];
}
type Stage = (coll: LazyLike, expr: unknown, options: MingoOptions) => LazyLike;

// ---- $percentile / $median ------------------------------------------------------------------------------

function percentiles(values: unknown[], ps: unknown, method: unknown, op: string): Array<number | null> {
  if (method !== undefined && method !== 'approximate' && method !== 'discrete' && method !== 'continuous')
    throw mongoError(2, `Currently only 'approximate' can be used as percentile 'method'`);
  if (!Array.isArray(ps) || ps.length === 0)
    throw mongoError(7750301, `${op} requires 'p' to be a non-empty array of numbers`);
  const xs = values
    .filter((v) => isNumberLike(v))
    .map(toNumber)
    .filter((n) => !Number.isNaN(n));
  xs.sort((a, b) => a - b);
  return ps.map((p) => {
    if (typeof p !== 'number' || p < 0 || p > 1)
      throw mongoError(
        7750301,
        `${op} 'p' must be an array of numbers from [0.0, 1.0], but found: ${String(p)}`,
      );
    if (xs.length === 0) return null;
    if (method === 'continuous') {
      const r = p * (xs.length - 1);
      const lo = Math.floor(r);
      const hi = Math.ceil(r);
      return (xs[lo] as number) + (r - lo) * ((xs[hi] as number) - (xs[lo] as number));
    }
    // 'approximate' / 'discrete': the smallest value with at least p of the data at or below it
    const rank = Math.max(0, Math.ceil(p * xs.length) - 1);
    return xs[Math.min(rank, xs.length - 1)] as number;
  });
}

function spec(expr: unknown, op: string): Doc {
  if (!isPlainObject(expr) || expr.input === undefined)
    throw mongoError(7436100, `${op} requires an object with 'input' and 'method'`);
  return expr;
}

const accPercentile: Accumulator = (coll, expr, options) => {
  const s = spec(expr, '$percentile');
  const values = coll.map((d) => evalExpr(d, s.input, options));
  return percentiles(values, s.p, s.method, '$percentile');
};
const accMedian: Accumulator = (coll, expr, options) => {
  const s = spec(expr, '$median');
  const values = coll.map((d) => evalExpr(d, s.input, options));
  return percentiles(values, [0.5], s.method, '$median')[0];
};
const exprPercentile: Expression = (obj, expr, options) => {
  const s = spec(expr, '$percentile');
  const input = evalExpr(obj, s.input, options);
  return percentiles(Array.isArray(input) ? input : [input], s.p, s.method, '$percentile');
};
const exprMedian: Expression = (obj, expr, options) => {
  const s = spec(expr, '$median');
  const input = evalExpr(obj, s.input, options);
  return percentiles(Array.isArray(input) ? input : [input], [0.5], s.method, '$median')[0];
};

// ---- Decimal128 arithmetic and comparison in expressions ---------------------------------------------------

function decimalAware(op: '+' | '-' | '*' | '/', name: string): Expression {
  const base = (expressionOperators as unknown as Record<string, Expression>)[name] as Expression;
  return (obj, expr, options) => {
    const args = evalExpr(obj, expr, options) as unknown;
    if (!Array.isArray(args) || !args.some(isDecimal)) return base(obj, expr, options);
    if (args.some((a) => a === null || a === undefined)) return null;
    if (!args.every(isNumberLike)) return base(obj, expr, options);
    if ((op === '-' || op === '/') && args.length !== 2)
      throw mongoError(16020, `Expression ${name} takes exactly 2 arguments. ${args.length} were passed in.`);
    if (op === '/' && compareNumbers(args[1], 0) === 0) throw mongoError(2, "can't $divide by zero");
    return args.slice(1).reduce((acc, v) => decimalArith(op, acc, v), args[0]);
  };
}

function comparisonExpr(name: string, test: (c: number) => boolean | number): Expression {
  const base = (expressionOperators as unknown as Record<string, Expression>)[name] as Expression;
  return (obj, expr, options) => {
    const args = evalExpr(obj, expr, options) as unknown;
    if (!Array.isArray(args) || args.length !== 2 || !args.some(isDecimal)) return base(obj, expr, options);
    return test(compareValues(args[0], args[1]));
  };
}

// ---- $sum / $avg / $min / $max with Decimal128 values -------------------------------------------------------

const acc = accumulatorOperators as unknown as Record<string, Accumulator>;
const values = (coll: Doc[], expr: unknown, options: MingoOptions): unknown[] =>
  (acc.$push as Accumulator)(coll, expr, options) as unknown[];

/** mingo skips Decimal128 values in $sum/$avg (they are not JS numbers); mongod adds them exactly. */
const accSum: Accumulator = (coll, expr, options) => {
  const vs = values(coll, expr, options);
  if (!vs.some(isDecimal)) return (acc.$sum as Accumulator)(coll, expr, options);
  return vs.filter(isNumberLike).reduce((sum, v) => decimalArith('+', sum, v), Decimal128.fromString('0'));
};
const accAvg: Accumulator = (coll, expr, options) => {
  const vs = values(coll, expr, options);
  if (!vs.some(isDecimal)) return (acc.$avg as Accumulator)(coll, expr, options);
  const nums = vs.filter(isNumberLike);
  if (nums.length === 0) return null;
  const sum = nums.reduce((s, v) => decimalArith('+', s, v), Decimal128.fromString('0'));
  return decimalArith('/', sum, nums.length);
};
/** $min/$max in mongod's order of values (mingo orders Decimal128 by its string form). */
function extreme(sign: 1 | -1): Accumulator {
  return (coll, expr, options) => {
    let best: unknown;
    for (const v of values(coll, expr, options)) {
      if (v === null || v === undefined) continue;
      if (best === undefined || compareValues(v, best) * sign > 0) best = v;
    }
    return best === undefined ? null : best;
  };
}

// ---- $sort in mongod's order, with the aggregation's collation ----------------------------------------------

const $sort: Stage = (coll, expr, options) => {
  if (!isPlainObject(expr) || Object.keys(expr).length === 0)
    throw mongoError(15976, '$sort stage must have at least one sort key');
  for (const [k, d] of Object.entries(expr))
    if (d !== 1 && d !== -1 && !(isPlainObject(d) && '$meta' in d))
      throw mongoError(15974, `Illegal key in $sort specification: ${k}: ${JSON.stringify(d)}`);
  const collator = makeCollator((options as { collation?: unknown }).collation);
  return coll.transform((docs) => Lazy(sortBy(docs, expr, collator)) as never);
};

// ---- $setWindowFields ------------------------------------------------------------------------------------

const SCRIPT_OPERATORS = ['$function', '$accumulator', '$where'];

function findScript(v: unknown): string | undefined {
  if (Array.isArray(v)) {
    for (const e of v) {
      const s = findScript(e);
      if (s) return s;
    }
  } else if (isPlainObject(v)) {
    for (const [k, x] of Object.entries(v)) {
      if (SCRIPT_OPERATORS.includes(k)) return k;
      const s = findScript(x);
      if (s) return s;
    }
  }
  return undefined;
}

/**
 * mingo builds `$setWindowFields` on its `$function` operator, which needs `scriptEnabled`. Scripts stay off for
 * the caller: a stage that itself contains `$function`/`$accumulator` is refused before scripts are enabled for
 * mingo's internal use.
 */
const $setWindowFields: Stage = (coll, expr, options) => {
  const script = findScript(expr);
  if (script) throw mongoError(31264, `${script} is not allowed: server-side JavaScript is disabled`);
  const opts = options as unknown as {
    options: MingoOptions;
    local: unknown;
    constructor: new (o: MingoOptions, l: unknown) => MingoOptions;
  };
  const Ctor = opts.constructor;
  const scripted = new Ctor({ ...opts.options, scriptEnabled: true }, opts.local);
  return (pipelineOperators.$setWindowFields as unknown as Stage)(coll, expr, scripted);
};

// ---- numeric types of computed values (see expr-types.ts) ----------------------------------------------------

/** `$type` of a computed or stored number answers its BSON type (`double`, `long`), not what JS can tell. */
const exprType: Expression = (obj, expr, options) => {
  const arg = Array.isArray(expr) && expr.length === 1 ? expr[0] : expr;
  const value = evalExpr(obj, arg, options);
  if (typeof value !== 'number')
    return (expressionOperators.$type as unknown as Expression)(obj, expr, options);
  return bsonTypeName(value, settleKind(inferKind(arg, obj, docTypes.get(obj)), value));
};

const within = (path: string, prefixes: string[]) =>
  prefixes.some((p) => path === p || path.startsWith(p + '.') || p.startsWith(path + '.'));

/** Types of a stage's 1:1 output: numbers passed through keep theirs, computed fields get the inferred one. */
function typeOutput(out: Doc, input: Doc, computed: Array<[string, unknown]>): void {
  const paths = computed.map(([p]) => p);
  const types = passThrough(out, input, (p) => within(p, paths));
  const inputTypes = docTypes.get(input);
  for (const [path, e] of computed) {
    const v = fieldAt(out, path);
    if (typeof v === 'number') recordKind(types, path, settleKind(inferKind(e, input, inputTypes), v), v);
  }
  setTypes(out, types);
}

/** A 1:1 stage ($addFields, $set, $project) whose outputs get their numeric types from their inputs. */
function typedStage(name: '$addFields' | '$set' | '$project', base: Stage): Stage {
  return (coll, expr, options) => {
    if (!isPlainObject(expr)) return base(coll, expr, options);
    // $project's 0/1/true/false (any number or boolean) are inclusions or exclusions, not computed fields
    const fields = specLeaves(expr).filter(
      ([, e]) => name !== '$project' || !(typeof e === 'number' || typeof e === 'boolean'),
    );
    let current: Doc | undefined;
    const tapped = (coll as unknown as { map(f: (d: Doc) => Doc): LazyLike }).map((d) => {
      current = d;
      return d;
    });
    return (base(tapped, expr, options) as unknown as { map(f: (d: Doc) => Doc): LazyLike }).map((d) => {
      if (current && isPlainObject(d)) typeOutput(d, current, fields);
      return d;
    });
  };
}

const TYPED_ACCUMULATORS = new Set(['$sum', '$avg', '$first', '$last', '$min', '$max']);

/** $group with the numeric types mongod gives `$sum`/`$avg`/`$first`/`$last`/`$min`/`$max` results. */
const $group: Stage = (coll, expr, options) => {
  const base = pipelineOperators.$group as unknown as Stage;
  if (!isPlainObject(expr)) return base(coll, expr, options);
  const accs: Array<[string, string, unknown]> = [];
  for (const [k, v] of Object.entries(expr)) {
    if (k === '_id' || !isPlainObject(v)) continue;
    const op = Object.keys(v)[0] as string;
    if (TYPED_ACCUMULATORS.has(op)) accs.push([k, op, v[op]]);
  }
  if (accs.length === 0) return base(coll, expr, options);
  return coll.transform((items) => {
    const out = (base(Lazy(items) as never, expr, options) as unknown as { collect(): Doc[] }).collect();
    // only typed inputs or $avg can give a type the value alone does not show
    if (!items.some((d) => docTypes.has(d)) && !accs.some(([, op]) => op === '$avg'))
      return Lazy(out) as never;
    const members = new Map<string, Doc[]>();
    for (const d of items) {
      const k = keyOf(evalExpr(d, expr._id, options) ?? null);
      const list = members.get(k);
      if (list) list.push(d);
      else members.set(k, [d]);
    }
    const kindIn = (d: Doc, e: unknown): NumKind | undefined =>
      inferKind(e, d, docTypes.get(d)) ?? kindOfValue(evalExpr(d, e, options));
    for (const g of out) {
      const group = members.get(keyOf(g._id ?? null)) ?? [];
      const types: TypeMap = new Map();
      for (const [field, op, e] of accs) {
        const v = g[field];
        if (typeof v !== 'number') continue;
        let kind: NumKind | undefined;
        if (op === '$avg') kind = 'double';
        else if (op === '$sum') {
          const kinds = group.map((d) => kindIn(d, e)).filter((k): k is NumKind => k !== undefined);
          kind = kinds.reduce<NumKind>((a, k) => (RANK_OF[k] > RANK_OF[a] ? k : a), 'int');
        } else if (op === '$first' || op === '$last') {
          const d = op === '$first' ? group[0] : group[group.length - 1];
          kind = d ? kindIn(d, e) : undefined;
        } else {
          const d = group.find((m) => Object.is(evalExpr(m, e, options), v));
          kind = d ? kindIn(d, e) : undefined;
        }
        recordKind(types, field, settleKind(kind, v), v);
      }
      setTypes(g, types);
    }
    return Lazy(out) as never;
  });
};

const RANK_OF: Record<NumKind, number> = { int: 0, long: 1, double: 2, decimal: 3 };

export const AGGREGATION_OVERRIDES = {
  accumulator: {
    $percentile: accPercentile,
    $median: accMedian,
    $sum: accSum,
    $avg: accAvg,
    $min: extreme(-1),
    $max: extreme(1),
  } as Record<string, unknown>,
  expression: {
    $percentile: exprPercentile,
    $median: exprMedian,
    $add: decimalAware('+', '$add'),
    $subtract: decimalAware('-', '$subtract'),
    $multiply: decimalAware('*', '$multiply'),
    $divide: decimalAware('/', '$divide'),
    $cmp: comparisonExpr('$cmp', (c) => c),
    $eq: comparisonExpr('$eq', (c) => c === 0),
    $ne: comparisonExpr('$ne', (c) => c !== 0),
    $gt: comparisonExpr('$gt', (c) => c > 0),
    $gte: comparisonExpr('$gte', (c) => c >= 0),
    $lt: comparisonExpr('$lt', (c) => c < 0),
    $lte: comparisonExpr('$lte', (c) => c <= 0),
    $type: exprType,
  } as Record<string, unknown>,
  pipeline: {
    $sort,
    $setWindowFields,
    $group,
    $addFields: typedStage('$addFields', pipelineOperators.$addFields as unknown as Stage),
    $set: typedStage('$set', pipelineOperators.$set as unknown as Stage),
  } as unknown as Record<`$${string}`, never>,
  projection: {} as Record<string, unknown>,
  window: {} as Record<string, unknown>,
};

/**
 * Numbers an aggregation passes through unchanged keep their stored BSON type: an output document with the `_id`
 * of a source document gets the source's type annotations where it still holds the same number at that path.
 */
export function restorePassThroughTypes(out: Doc[], source: Iterable<Doc>): void {
  const byId = new Map<string, { d: Doc; t: TypeMap }>();
  for (const d of source) {
    const t = docTypes.get(d);
    if (t && d._id !== undefined) byId.set(keyOf(d._id), { d, t });
  }
  if (byId.size === 0) return;
  for (const doc of out) {
    if (!isPlainObject(doc) || doc._id === undefined) continue;
    const src = byId.get(keyOf(doc._id));
    if (!src) continue;
    let kept: TypeMap | undefined;
    for (const [path, t] of src.t) {
      let cur: unknown = doc;
      for (const part of path.split('.')) {
        cur =
          cur !== null && typeof cur === 'object' && Object.prototype.hasOwnProperty.call(cur, part)
            ? (cur as Doc)[part]
            : undefined;
      }
      if (typeof cur === 'number' && cur === getPath(src.d, path)) (kept ??= new Map()).set(path, t);
    }
    if (!kept) continue;
    // types a stage computed for this document (expr-types.ts) take precedence
    const computed = docTypes.get(doc);
    if (computed) for (const [p, t] of computed) kept.set(p, t);
    docTypes.set(doc, kept);
  }
}

export { typedStage };
