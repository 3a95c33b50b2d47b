/**
 * Order-preserving index keys.
 *
 * Documents and index entries live in lmdb (see store.ts), whose keys are compared bytewise. lmdb-js encodes an
 * array of JS primitives so that arrays compare element by element, numbers numerically and strings by their
 * UTF-8 bytes. A BSON value becomes a short run of such primitives: a tag that orders the BSON types the way
 * mongod does (MinKey < null < numbers < strings < objects < arrays < binary < ObjectId < booleans < dates <
 * timestamps < regular expressions < MaxKey), followed by the value itself. Each tag always has the same number
 * of parts, so compound keys (the runs of several fields, then the document's `_id`) stay aligned and
 * `[...prefix]`, `[...prefix, MAX]` bound every key that starts with a prefix.
 *
 * Index keys are a coarse but order-correct image of the value: numbers of every BSON type become doubles
 * (int64 beyond 2^53 and Decimal128 lose precision), long strings are cut, objects and nested arrays are keyed
 * by their canonical form (equality works, ordering among them does not follow mongod). Queries therefore always
 * re-check candidate documents against the full filter; the index only narrows what is read.
 */
import type { ObjectId } from 'bson';
import { bsonType, isPlainObject, keyOf } from '../bson/values.js';

export type KeyPart = string | number | boolean | Buffer;

/** Larger than any key part lmdb-js produces for primitives (its encoding never emits a 0xff byte). */
export const MAX_PART: KeyPart = Buffer.from([0xff]);

/** BSON comparison order of the types (mongod's canonical type values). */
export const TAG = {
  minKey: 1,
  null: 5,
  number: 10,
  string: 15,
  object: 20,
  array: 25,
  binary: 30,
  objectId: 35,
  boolean: 40,
  date: 45,
  timestamp: 47,
  regex: 50,
  maxKey: 127,
} as const;

/**
 * Characters kept of a string in a key. lmdb keys are at most 1978 bytes; a compound key of a few long strings
 * (4 bytes per character at worst) and an `_id` must fit. Strings sharing this prefix are told apart by the
 * re-check of the filter; their relative order in an index scan is the prefix order.
 */
export const MAX_KEY_STRING = 160;

/** lmdb-js separates array elements with 0 bytes, so strings in keys must not contain NUL: escape, keeping order. */
function keyString(s: string): string {
  const cut = s.length > MAX_KEY_STRING ? s.slice(0, MAX_KEY_STRING) : s;
  if (!cut.includes('\u0000') && !cut.includes('\u0001')) return cut;
  return cut.replaceAll('\u0001', '\u0001\u0002').replaceAll('\u0000', '\u0001\u0001');
}

/** Whether a string value is cut in keys (then index order among values sharing the prefix is not exact). */
export function isCutInKeys(v: unknown): boolean {
  return typeof v === 'string' && v.length > MAX_KEY_STRING;
}

/** The key parts of one BSON value (engine representation: JS numbers, Buffers, bson classes). */
export function valueParts(v: unknown): KeyPart[] {
  if (v === undefined || v === null) return [TAG.null];
  switch (typeof v) {
    case 'number':
      return [TAG.number, Number.isNaN(v) ? -Infinity : v === 0 ? 0 : v];
    case 'string':
      return [TAG.string, keyString(v)];
    case 'boolean':
      return [TAG.boolean, v];
    case 'bigint':
      return [TAG.number, Number(v)];
    default:
      break;
  }
  if (v instanceof Date) return [TAG.date, v.getTime()];
  if (Array.isArray(v)) return [TAG.array, keyString(keyOf(v))];
  if (v instanceof RegExp) return [TAG.regex, keyString(v.source), v.flags];
  if (Buffer.isBuffer(v) || v instanceof Uint8Array) return binaryParts(0, Buffer.from(v));
  const t = bsonType(v);
  if (t) {
    switch (t) {
      case 'ObjectId':
      case 'ObjectID':
        return [TAG.objectId, (v as ObjectId).toHexString()];
      case 'Long':
      case 'Int32':
      case 'Double':
      case 'Decimal128': {
        const n = Number((v as { toString(): string }).toString());
        return [TAG.number, Number.isNaN(n) ? -Infinity : n === 0 ? 0 : n];
      }
      case 'Binary':
      case 'UUID': {
        const b = v as unknown as { sub_type: number; buffer: Uint8Array };
        return binaryParts(b.sub_type, Buffer.from(b.buffer));
      }
      case 'Timestamp': {
        const ts = v as unknown as { high: number; low: number };
        return [TAG.timestamp, ts.high >>> 0, ts.low >>> 0];
      }
      case 'MinKey':
        return [TAG.minKey];
      case 'MaxKey':
        return [TAG.maxKey];
      case 'BSONRegExp': {
        const r = v as unknown as { pattern: string; options: string };
        return [TAG.regex, keyString(r.pattern), r.options];
      }
      default:
        return [TAG.object, keyString(keyOf(v))];
    }
  }
  if (isPlainObject(v)) return [TAG.object, keyString(keyOf(v))];
  return [TAG.object, keyString(String(v))];
}

/** mongod orders binary data by length, then subtype, then bytes. */
function binaryParts(subtype: number, bytes: Buffer): KeyPart[] {
  const hex = bytes.length > MAX_KEY_STRING / 2 ? bytes.subarray(0, MAX_KEY_STRING / 2) : bytes;
  return [TAG.binary, bytes.length * 256 + subtype, hex.toString('hex')];
}

/** The key of a document in the documents table: collection number, then its `_id`. */
export function docKey(collNo: number, id: unknown): KeyPart[] {
  return [collNo, ...valueParts(id)];
}

/** The number of key parts of a value starting at `parts[at]` (its tag decides). */
export function partsLength(parts: readonly unknown[], at: number): number {
  const tag = parts[at];
  if (tag === TAG.null || tag === TAG.minKey || tag === TAG.maxKey) return 1;
  if (tag === TAG.timestamp || tag === TAG.regex || tag === TAG.binary) return 3;
  return 2;
}

/** Order of the primitive types among key parts (only met where tags differ, which the tags decide first). */
function partRank(p: KeyPart): number {
  if (typeof p === 'boolean') return 1;
  if (typeof p === 'number') return 2;
  if (typeof p === 'string') return 3;
  return 4;
}

/** Strings in lmdb keys compare by their UTF-8 bytes, i.e. by code points (not by UTF-16 units as `<` does). */
function compareKeyStrings(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Below the surrogates a UTF-16 unit is its code point; from there on let the bytes decide.
    if (x < 0xd800 && y < 0xd800) return x - y;
    return Buffer.compare(Buffer.from(a.slice(i)), Buffer.from(b.slice(i)));
  }
  return a.length - b.length;
}

/**
 * Compares two runs of key parts in lmdb's order of their encoding (used to merge index scans in key
 * order). Negative when `a` sorts first.
 */
export function compareKeyParts(a: readonly KeyPart[], b: readonly KeyPart[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i] as KeyPart;
    const y = b[i] as KeyPart;
    if (x === y) continue;
    const rank = partRank(x) - partRank(y);
    if (rank !== 0) return rank;
    if (typeof x === 'number') return x < (y as number) ? -1 : 1;
    if (typeof x === 'string') return compareKeyStrings(x, y as string);
    if (typeof x === 'boolean') return x ? 1 : -1;
    const c = Buffer.compare(x, y as Buffer);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}
