/**
 * Filters decided on the stored BSON, without decoding. The log screens' filters are conditions on
 * top-level fields joined by `$and`/`$or`: an application or organization id, a date window, a status, and a
 * search term as case-insensitive regular expressions over three string fields. For those shapes a compiled
 * test reads the few named elements straight out of the document's bytes and answers:
 *
 * - true or false where mongod's answer follows from the element's BSON type alone: a string for a regular
 *   expression or a string equality, a date for a date range, a double/int32/safe int64 for a number, an
 *   ObjectId, a boolean; a missing field or any other type matches none of these conditions (mongod compares
 *   only within a type bracket, and a regular expression only matches strings);
 * - undefined where it does not: an array (mongod also matches its elements), a NaN, an int64 beyond 2^53,
 *   a Decimal128, a symbol or a stored regular expression. The caller then decodes and asks mingo, as for
 *   every filter this module does not compile (`null`).
 *
 * Only filters whose every condition is understood compile; anything else (dotted paths, `$not`, `$in`, `$expr`,
 * embedded documents, flags JavaScript does not share with PCRE) keeps the general path.
 */
import { bsonType, isPlainObject, type Doc } from '../bson/values.js';
import { nameIs, walkElements } from './partial.js';

/** true / false: certain; undefined: decode and evaluate the filter the general way. */
export type RawTest = (doc: Buffer) => boolean | undefined;

/** A condition on one element: its BSON type (0 when the field is missing), the bytes and the value's offset. */
type ElementTest = (type: number, doc: Buffer, at: number) => boolean | undefined;

type Node = { kind: 'all' | 'any'; parts: Node[] } | { kind: 'field'; slot: number; test: ElementTest };

const T = {
  double: 0x01,
  string: 0x02,
  array: 0x04,
  objectId: 0x07,
  boolean: 0x08,
  date: 0x09,
  int32: 0x10,
  int64: 0x12,
} as const;

/** Regular-expression flags with the same meaning in PCRE (mongod) and JavaScript. */
const SHARED_FLAGS = /^[ims]*$/;

type Comparison = '$eq' | '$gt' | '$gte' | '$lt' | '$lte';
const COMPARISONS = new Set<string>(['$eq', '$gt', '$gte', '$lt', '$lte']);

function compares(op: Comparison, a: number, b: number): boolean {
  switch (op) {
    case '$eq':
      return a === b;
    case '$gt':
      return a > b;
    case '$gte':
      return a >= b;
    case '$lt':
      return a < b;
    default:
      return a <= b;
  }
}

/** Not decided here: an array's elements may match, other types need mongod's full comparison rules. */
const UNDECIDED = new Set<number>([T.array, 0x0b /* regex */, 0x0e /* symbol */, 0x13 /* decimal128 */]);

function int64At(doc: Buffer, at: number): number | undefined {
  const high = doc.readInt32LE(at + 4);
  // beyond ±2^53 a double would round: leave those to the exact path
  if (high > 0x1fffff || high < -0x200000) return undefined;
  return high * 4294967296 + doc.readUInt32LE(at);
}

function numberTest(op: Comparison, value: number): ElementTest {
  return (type, doc, at) => {
    let n: number | undefined;
    if (type === T.double) n = doc.readDoubleLE(at);
    else if (type === T.int32) n = doc.readInt32LE(at);
    else if (type === T.int64) n = int64At(doc, at);
    else return UNDECIDED.has(type) ? undefined : false;
    if (n === undefined || Number.isNaN(n)) return undefined;
    return compares(op, n, value);
  };
}

function dateTest(op: Comparison, ms: number): ElementTest {
  return (type, doc, at) => {
    if (type !== T.date) return UNDECIDED.has(type) ? undefined : false;
    const n = int64At(doc, at);
    return n === undefined ? undefined : compares(op, n, ms);
  };
}

function bytesEqual(doc: Buffer, at: number, bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (doc[at + i] !== bytes[i]) return false;
  return true;
}

function stringEquals(value: string): ElementTest {
  const bytes = Buffer.from(value, 'utf8');
  return (type, doc, at) => {
    if (type !== T.string) return UNDECIDED.has(type) ? undefined : false;
    return doc.readInt32LE(at) - 1 === bytes.length && bytesEqual(doc, at + 4, bytes);
  };
}

function objectIdEquals(id: Uint8Array): ElementTest {
  return (type, doc, at) =>
    type === T.objectId ? bytesEqual(doc, at, id) : UNDECIDED.has(type) ? undefined : false;
}

/** `null` equality: null or a missing field; `undefined` (0x06) and arrays are left to the exact path. */
const nullEquals: ElementTest = (type) =>
  type === 0x0a || type === 0 ? true : type === 0x06 || UNDECIDED.has(type) ? undefined : false;

function booleanEquals(value: boolean): ElementTest {
  return (type, doc, at) =>
    type === T.boolean ? (doc[at] === 1) === value : UNDECIDED.has(type) ? undefined : false;
}

function regexTest(re: RegExp): ElementTest {
  return (type, doc, at) => {
    if (type !== T.string) return UNDECIDED.has(type) ? undefined : false;
    return re.test(doc.toString('utf8', at + 4, at + 3 + doc.readInt32LE(at)));
  };
}

/** A regular expression of a filter, when its flags mean the same in JavaScript; null otherwise. */
function regexOf(pattern: unknown, options: unknown): RegExp | null {
  let source: string;
  let flags: string;
  if (pattern instanceof RegExp) {
    source = pattern.source;
    flags = pattern.flags;
  } else if (bsonType(pattern) === 'BSONRegExp') {
    ({ pattern: source, options: flags } = pattern as { pattern: string; options: string });
  } else if (typeof pattern === 'string') {
    source = pattern;
    flags = '';
  } else return null;
  if (options !== undefined) {
    if (typeof options !== 'string') return null;
    flags = options;
  }
  if (!SHARED_FLAGS.test(flags)) return null;
  try {
    return new RegExp(source, flags);
  } catch {
    return null;
  }
}

/** The test of a comparison with a value, or null when this module does not decide that kind of value. */
function comparisonTest(op: Comparison, value: unknown): ElementTest | null {
  if (typeof value === 'number') return Number.isNaN(value) ? null : numberTest(op, value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : dateTest(op, value.getTime());
  if (op !== '$eq') return null;
  if (value === null) return nullEquals;
  if (typeof value === 'string') return stringEquals(value);
  if (typeof value === 'boolean') return booleanEquals(value);
  if (bsonType(value) === 'ObjectId') return objectIdEquals((value as { id: Uint8Array }).id);
  return null;
}

/** The tests of one field's condition (`{field: condition}`), or null. */
function conditionTests(condition: unknown): ElementTest[] | null {
  if (condition instanceof RegExp || bsonType(condition) === 'BSONRegExp') {
    const re = regexOf(condition, undefined);
    return re ? [regexTest(re)] : null;
  }
  if (!isPlainObject(condition)) {
    const test = comparisonTest('$eq', condition);
    return test ? [test] : null;
  }
  const keys = Object.keys(condition);
  if (keys.length === 0 || !keys.every((k) => k.startsWith('$'))) return null;
  const tests: ElementTest[] = [];
  for (const key of keys) {
    if (key === '$options') {
      if (!('$regex' in condition)) return null;
      continue;
    }
    if (key === '$regex') {
      const re = regexOf(condition.$regex, condition.$options);
      if (!re) return null;
      tests.push(regexTest(re));
      continue;
    }
    if (!COMPARISONS.has(key)) return null;
    const test = comparisonTest(key as Comparison, condition[key]);
    if (!test) return null;
    tests.push(test);
  }
  return tests;
}

/**
 * Compiles a filter into a test on stored BSON (see the module comment), or null when the filter has a part
 * it does not decide.
 */
export function compileRawFilter(filter: Doc): RawTest | null {
  const names: string[] = [];
  const slotOf = (field: string): number => {
    const known = names.indexOf(field);
    if (known >= 0) return known;
    names.push(field);
    return names.length - 1;
  };
  const compile = (f: unknown): Node | null => {
    if (!isPlainObject(f)) return null;
    const parts: Node[] = [];
    for (const [key, value] of Object.entries(f)) {
      if (key === '$and' || key === '$or') {
        if (!Array.isArray(value) || value.length === 0) return null;
        const branches = value.map(compile);
        if (branches.some((b) => b === null)) return null;
        parts.push({ kind: key === '$and' ? 'all' : 'any', parts: branches as Node[] });
        continue;
      }
      if (key === '$comment') continue;
      if (key.startsWith('$') || key.includes('.') || key.length === 0) return null;
      const tests = conditionTests(value);
      if (!tests) return null;
      const slot = slotOf(key);
      for (const test of tests) parts.push({ kind: 'field', slot, test });
    }
    return { kind: 'all', parts };
  };
  const root = compile(filter);
  if (!root || names.length === 0) return null;
  const nameBytes = names.map((n) => Buffer.from(n, 'utf8'));
  const types = new Uint8Array(names.length);
  const offsets = new Int32Array(names.length);

  const evaluate = (node: Node, doc: Buffer): boolean | undefined => {
    if (node.kind === 'field') return node.test(types[node.slot]!, doc, offsets[node.slot]!);
    let unsure = false;
    for (const part of node.parts) {
      const r = evaluate(part, doc);
      if (r === undefined) unsure = true;
      else if (r === (node.kind === 'any')) return r; // any: one true decides; all: one false decides
    }
    return unsure ? undefined : node.kind === 'all';
  };

  return (doc) => {
    // Where each named field is (first occurrence), in one pass over the top-level elements.
    types.fill(0);
    let missing = names.length;
    const walked = walkElements(doc, (type, start, nameEnd, valueAt) => {
      for (let slot = 0; slot < nameBytes.length; slot++) {
        if (types[slot] !== 0 || !nameIs(doc, start, nameEnd, nameBytes[slot]!)) continue;
        types[slot] = type;
        offsets[slot] = valueAt;
        missing--;
        break;
      }
      return missing > 0;
    });
    if (!walked) return undefined;
    return evaluate(root, doc);
  };
}
