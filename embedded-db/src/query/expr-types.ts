/**
 * Numeric BSON types of values computed by aggregation expressions.
 *
 * The engine computes on plain JS numbers (see bson/types.ts), so an expression's result alone cannot say
 * whether mongod would answer an int32, an int64 or a double: `{$add: ['$l', 1]}` of an int64 is an int64 in
 * mongod, `{$divide: [6, 2]}` is the double 3. Without this module every integral result re-encoded as an int32,
 * and `$out` or a pipeline update then stored a Long or Double field back as an Int32 (issue #39 item 3).
 *
 * The type is inferred from the expression and the types recorded for its input document, by mongod's rules
 * (the widest operand of int < long < double < decimal; int overflow widens to long; `$divide`/`$avg` give a
 * double). Where the rules need the evaluated operands (`$cond`, `$min`, …) nothing is inferred and the value
 * decides, as before.
 */
import { isDecimal } from '../bson/decimal.js';
import { docTypes, type TypeMap } from '../bson/types.js';
import { bsonType, isPlainObject, type Doc } from '../bson/values.js';

export type NumKind = 'int' | 'long' | 'double' | 'decimal';

const RANK: Record<NumKind, number> = { int: 0, long: 1, double: 2, decimal: 3 };

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

function fitsInt32(n: number): boolean {
  return Number.isInteger(n) && n >= INT32_MIN && n <= INT32_MAX && !Object.is(n, -0);
}

/** The kind a JS value has on its own (what the encoder would write). */
export function kindOfValue(v: unknown, recorded?: string): NumKind | undefined {
  if (typeof v === 'number') {
    if (recorded === 'long' || recorded === 'double') return recorded;
    return fitsInt32(v) ? 'int' : 'double';
  }
  if (typeof v === 'bigint') return 'long';
  if (isDecimal(v)) return 'decimal';
  const t = bsonType(v);
  if (t === 'Long') return 'long';
  if (t === 'Int32') return 'int';
  if (t === 'Double') return 'double';
  return undefined;
}

/** The value at a plain field path (no array traversal: a path through an array infers nothing). */
function fieldAt(doc: unknown, path: string): unknown {
  let cur = doc;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
    if (!Object.prototype.hasOwnProperty.call(cur, part)) return undefined;
    cur = (cur as Doc)[part];
  }
  return cur;
}

function widest(kinds: Array<NumKind | undefined>): NumKind | undefined {
  let best: NumKind | undefined;
  for (const k of kinds) {
    if (k === undefined) return undefined;
    if (best === undefined || RANK[k] > RANK[best]) best = k;
  }
  return best;
}

const SAME_AS_OPERAND = new Set(['$abs', '$ceil', '$floor', '$trunc', '$round']);
const CONVERSIONS: Record<string, NumKind> = {
  $toInt: 'int',
  $toLong: 'long',
  $toDouble: 'double',
  $toDecimal: 'decimal',
};

/**
 * The numeric kind mongod gives the result of `expr` evaluated on `doc` (whose recorded types are `types`), or
 * undefined when it cannot be told without evaluating (then the value decides).
 */
export function inferKind(expr: unknown, doc: unknown, types: TypeMap | undefined): NumKind | undefined {
  if (typeof expr === 'string') {
    if (!expr.startsWith('$') || expr.startsWith('$$')) return undefined;
    const path = expr.slice(1);
    return kindOfValue(fieldAt(doc, path), types?.get(path));
  }
  if (typeof expr === 'number' || isDecimal(expr) || bsonType(expr) !== undefined) return kindOfValue(expr);
  if (!isPlainObject(expr)) return undefined;
  const keys = Object.keys(expr);
  if (keys.length !== 1) return undefined;
  const op = keys[0] as string;
  const arg = expr[op];
  const args = Array.isArray(arg) ? arg : [arg];
  switch (op) {
    case '$literal':
      return kindOfValue(arg);
    case '$add':
    case '$subtract':
    case '$multiply':
    case '$sum':
      return args.length ? widest(args.map((a) => inferKind(a, doc, types))) : 'int';
    case '$divide':
    case '$avg': {
      const k = widest(args.map((a) => inferKind(a, doc, types)));
      return k === 'decimal' ? 'decimal' : k === undefined ? undefined : 'double';
    }
    case '$convert': {
      const to = isPlainObject(arg) ? arg.to : undefined;
      return to === 'int' || to === 'long' || to === 'double' || to === 'decimal' ? to : undefined;
    }
    default:
      if (CONVERSIONS[op]) return CONVERSIONS[op];
      if (SAME_AS_OPERAND.has(op)) return inferKind(args[0], doc, types);
      return undefined;
  }
}

/**
 * The kind a computed number finally has: an int result that left the int32 range widened to a long (mongod's
 * overflow rule), a long beyond 2^63 to a double; a non-integral value is a double whatever was inferred.
 */
export function settleKind(kind: NumKind | undefined, value: unknown): NumKind | undefined {
  if (typeof value !== 'number') return kindOfValue(value);
  if (kind === undefined) return kindOfValue(value);
  if (kind === 'decimal') return kindOfValue(value);
  if (!Number.isInteger(value) || Object.is(value, -0)) return 'double';
  if (kind === 'int') return fitsInt32(value) ? 'int' : Math.abs(value) < 2 ** 63 ? 'long' : 'double';
  if (kind === 'long') return Math.abs(value) < 2 ** 63 ? 'long' : 'double';
  return kind;
}

/** Records `kind` for the number at `path` of `types` where the encoder would otherwise write another type. */
export function recordKind(types: TypeMap, path: string, kind: NumKind | undefined, value: unknown): void {
  if (typeof value !== 'number') {
    types.delete(path);
    return;
  }
  if (kind === 'long' && Number.isInteger(value)) types.set(path, 'long');
  else if (kind === 'double' && fitsInt32(value)) types.set(path, 'double');
  else types.delete(path);
}

/** The recorded types of the paths of `input` that `output` still holds unchanged (numbers passed through). */
export function passThrough(output: Doc, input: Doc, exclude: (path: string) => boolean): TypeMap {
  const out: TypeMap = new Map();
  const types = docTypes.get(input);
  if (!types) return out;
  for (const [path, t] of types) {
    if (exclude(path)) continue;
    const v = fieldAt(output, path);
    if (typeof v === 'number' && Object.is(v, fieldAt(input, path))) out.set(path, t);
  }
  return out;
}

/** Attaches a type map to a document (nothing when it is empty). */
export function setTypes(doc: Doc, types: TypeMap): void {
  if (types.size) docTypes.set(doc, types);
  else docTypes.delete(doc);
}

/** The `{path: expression}` leaves of a `$set`/`$addFields`/`$project` spec (`{a: {b: e}}` gives `a.b`). */
export function specLeaves(spec: Doc, prefix = ''): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  for (const [k, v] of Object.entries(spec)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (isPlainObject(v) && Object.keys(v).length > 0 && !Object.keys(v).some((x) => x.startsWith('$')))
      out.push(...specLeaves(v, path));
    else out.push([path, v]);
  }
  return out;
}

export { fieldAt };
