/**
 * mongod's order of values (sort, `$min`/`$max`, range comparisons) and collations.
 *
 * mingo orders Decimal128 values by their string form and ObjectIds after every other type; mongod compares
 * numbers of every type by value and orders types MinKey < null < numbers < strings < objects < arrays < binData
 * < ObjectId < bool < date < timestamp < regex < MaxKey. A collation (`locale`, `strength` 1–3, `caseLevel`,
 * `caseFirst`, `numericOrdering`, `alternate`) compares strings through `Intl.Collator`.
 */
import { compareNumbers, isNumberLike } from '../bson/decimal.js';
import { mongoError } from '../errors.js';
import { bsonType, isPlainObject, pathValues, type Doc } from '../bson/values.js';

export const TYPE_ALIASES: Record<string, string> = {
  '1': 'double',
  '2': 'string',
  '3': 'object',
  '4': 'array',
  '5': 'binData',
  '6': 'undefined',
  '7': 'objectId',
  '8': 'bool',
  '9': 'date',
  '10': 'null',
  '11': 'regex',
  '13': 'javascript',
  '16': 'int',
  '17': 'timestamp',
  '18': 'long',
  '19': 'decimal',
  '-1': 'minKey',
  '127': 'maxKey',
};

/** mongod's type name of a value; `recorded` is the type remembered for an integral JS number. */
export function bsonTypeName(v: unknown, recorded?: string): string {
  if (v === null) return 'null';
  if (v === undefined) return 'undefined';
  if (typeof v === 'number') {
    if (recorded === 'double' || recorded === 'long') return recorded;
    return Number.isInteger(v) && v >= -2147483648 && v <= 2147483647 && !Object.is(v, -0) ? 'int' : 'double';
  }
  if (typeof v === 'bigint') return 'long';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return 'array';
  if (v instanceof Date) return 'date';
  if (v instanceof RegExp) return 'regex';
  if (Buffer.isBuffer(v) || v instanceof Uint8Array) return 'binData';
  switch (bsonType(v)) {
    case 'ObjectId':
    case 'ObjectID':
      return 'objectId';
    case 'Decimal128':
      return 'decimal';
    case 'Long':
      return 'long';
    case 'Int32':
      return 'int';
    case 'Double':
      return 'double';
    case 'Binary':
    case 'UUID':
      return 'binData';
    case 'Timestamp':
      return 'timestamp';
    case 'MinKey':
      return 'minKey';
    case 'MaxKey':
      return 'maxKey';
    case 'BSONRegExp':
      return 'regex';
    case 'Code':
      return 'javascript';
    case 'BSONSymbol':
      return 'symbol';
    case undefined:
      return isPlainObject(v) ? 'object' : 'object';
    default:
      return 'object';
  }
}

export type Collator = (a: string, b: string) => number;

function rank(v: unknown): number {
  if (v === undefined || v === null) return 2;
  if (isNumberLike(v)) return 3;
  if (typeof v === 'string') return 4;
  if (Array.isArray(v)) return 6;
  if (typeof v === 'boolean') return 9;
  if (v instanceof Date) return 10;
  if (v instanceof RegExp) return 12;
  if (Buffer.isBuffer(v) || v instanceof Uint8Array) return 7;
  switch (bsonType(v)) {
    case 'MinKey':
      return 1;
    case 'MaxKey':
      return 13;
    case 'BSONSymbol':
      return 4;
    case 'Binary':
    case 'UUID':
      return 7;
    case 'ObjectId':
    case 'ObjectID':
      return 8;
    case 'Timestamp':
      return 11;
    case 'BSONRegExp':
      return 12;
    default:
      return 5;
  }
}

function bytesOf(v: unknown): { sub: number; bytes: Buffer } {
  if (Buffer.isBuffer(v) || v instanceof Uint8Array) return { sub: 0, bytes: Buffer.from(v) };
  const b = v as { sub_type: number; buffer: Uint8Array; position?: number };
  return { sub: b.sub_type, bytes: Buffer.from(b.buffer.subarray(0, b.position ?? b.buffer.length)) };
}

const cmp = (a: number | string | bigint, b: number | string | bigint) => (a < b ? -1 : a > b ? 1 : 0);

/** Compares two values in mongod's order; strings through `collator` when given. */
export function compareValues(a: unknown, b: unknown, collator?: Collator): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case 1:
    case 2:
    case 13:
      return 0;
    case 3:
      return compareNumbers(a, b);
    case 4: {
      const x = String(a);
      const y = String(b);
      return collator ? Math.sign(collator(x, y)) : cmp(x, y);
    }
    case 5: {
      const ka = Object.keys(a as Doc);
      const kb = Object.keys(b as Doc);
      for (let i = 0; i < Math.min(ka.length, kb.length); i++) {
        const va = (a as Doc)[ka[i] as string];
        const vb = (b as Doc)[kb[i] as string];
        const r = rank(va) - rank(vb);
        if (r) return r < 0 ? -1 : 1;
        const k = cmp(ka[i] as string, kb[i] as string);
        if (k) return k;
        const c = compareValues(va, vb, collator);
        if (c) return c;
      }
      return cmp(ka.length, kb.length);
    }
    case 6: {
      const xa = a as unknown[];
      const xb = b as unknown[];
      for (let i = 0; i < Math.min(xa.length, xb.length); i++) {
        const c = compareValues(xa[i], xb[i], collator);
        if (c) return c;
      }
      return cmp(xa.length, xb.length);
    }
    case 7: {
      const x = bytesOf(a);
      const y = bytesOf(b);
      return cmp(x.bytes.length, y.bytes.length) || cmp(x.sub, y.sub) || Buffer.compare(x.bytes, y.bytes);
    }
    case 8:
      return cmp(
        (a as { toHexString(): string }).toHexString(),
        (b as { toHexString(): string }).toHexString(),
      );
    case 9:
      return cmp(Number(a), Number(b));
    case 10:
      return cmp((a as Date).getTime(), (b as Date).getTime());
    case 11:
      return (a as { compare(o: unknown): number }).compare(b);
    case 12: {
      const x = a as RegExp;
      const y = b as RegExp;
      return cmp(String(x.source), String(y.source)) || cmp(String(x.flags), String(y.flags));
    }
    default:
      return 0;
  }
}

/** The value a document sorts by for one key: the smallest (ascending) or largest (descending) array element. */
export function sortKey(doc: unknown, path: string, dir: 1 | -1, collator?: Collator): unknown {
  const values = pathValues(doc, path);
  if (values.length <= 1) return values[0];
  let best = values[0];
  for (const v of values.slice(1)) {
    const c = compareValues(v, best, collator);
    if ((dir === 1 && c < 0) || (dir === -1 && c > 0)) best = v;
  }
  return best;
}

/** Sorts documents by a sort specification (1/-1 per field) in mongod's order; stable. */
export function sortBy<T>(docs: T[], spec: Doc, collator?: Collator): T[] {
  const keys = Object.entries(spec).filter(([, d]) => d === 1 || d === -1) as Array<[string, 1 | -1]>;
  if (keys.length === 0) return docs;
  const decorated = docs.map((d, i) => ({ d, i, k: keys.map(([p, dir]) => sortKey(d, p, dir, collator)) }));
  decorated.sort((x, y) => {
    for (let j = 0; j < keys.length; j++) {
      const c = compareValues(x.k[j], y.k[j], collator);
      if (c) return c * (keys[j] as [string, 1 | -1])[1];
    }
    return x.i - y.i;
  });
  return decorated.map((x) => x.d);
}

const STRENGTH: Record<number, Intl.CollatorOptions['sensitivity']> = {
  1: 'base',
  2: 'accent',
  3: 'variant',
  4: 'variant',
  5: 'variant',
};

/** Validates a collation document like mongod and returns its string comparator (undefined for "simple"). */
export function makeCollator(spec: unknown): Collator | undefined {
  if (spec === undefined || spec === null) return undefined;
  if (!isPlainObject(spec))
    throw mongoError(14, "BSON field 'collation' is the wrong type, expected type 'object'");
  const locale = spec.locale;
  if (typeof locale !== 'string')
    throw mongoError(40414, "BSON field 'locale' is missing but a required field");
  if (locale === 'simple') return undefined;
  let supported: string[];
  try {
    supported = Intl.Collator.supportedLocalesOf([locale.replace(/@.*$/, '').replace(/_/g, '-')]);
  } catch {
    supported = [];
  }
  if (supported.length === 0) throw mongoError(2, `Field 'locale' is invalid in: ${JSON.stringify(spec)}`);
  const strength = spec.strength === undefined ? 3 : Number(spec.strength);
  if (!STRENGTH[strength])
    throw mongoError(2, `Field 'strength' must be an integer 1 through 5. Got: ${String(spec.strength)}`);
  let sensitivity = STRENGTH[strength];
  if (spec.caseLevel === true)
    sensitivity = sensitivity === 'base' ? 'case' : sensitivity === 'accent' ? 'variant' : sensitivity;
  const collator = new Intl.Collator(supported[0], {
    sensitivity,
    caseFirst: spec.caseFirst === 'upper' || spec.caseFirst === 'lower' ? spec.caseFirst : 'false',
    numeric: spec.numericOrdering === true,
    ignorePunctuation: spec.alternate === 'shifted',
    usage: 'sort',
  });
  return (a, b) => collator.compare(a, b);
}
