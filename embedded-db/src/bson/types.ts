/**
 * BSON numeric type fidelity.
 *
 * Messages are decoded with `promoteValues: false` so the exact BSON type of every number is visible. The engine
 * works on a "mingo representation" (plain JS numbers, Buffers for generic binary) so that matching, sorting
 * and update operators behave like MongoDB. The types that would not survive re-encoding — an integral double
 * (the encoder writes it back as int32) and an int64 that fits in a JS number — are remembered per document as
 * a path → type map and re-applied when the document is encoded again.
 */
import { type Binary, Double, type Int32, Long } from 'bson';
import { isPlainObject, type Doc } from './values.js';

export type NumType = 'double' | 'long';
export type TypeMap = Map<string, NumType>;

/** bson decode options that keep every number's exact BSON type (then `normalize` records it). */
export const EXACT_DECODE = { promoteValues: false, promoteLongs: false, promoteBuffers: false } as const;

/** Type annotations of stored documents (documents are immutable once stored: updates replace them). */
export const docTypes = new WeakMap<object, TypeMap>();

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/** Whether the default encoder writes this JS number as something other than a double. */
function encodesAsInt32(n: number): boolean {
  return Number.isInteger(n) && n >= INT32_MIN && n <= INT32_MAX && !Object.is(n, -0);
}

/** Converts a value decoded with promoteValues:false into the engine representation; records types when `types` is given. */
export function normalize(v: unknown, types?: TypeMap, path = ''): unknown {
  return normalizeAt(v, types, path ? path.split('.') : []);
}

/** `path` holds the segments leading to `v`; it is joined only when a type is recorded. */
function normalizeAt(v: unknown, types: TypeMap | undefined, path: string[]): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      path.push(String(i));
      v[i] = normalizeAt(v[i], types, path);
      path.pop();
    }
    return v;
  }
  const t = (v as { _bsontype?: string })._bsontype;
  if (t !== undefined) {
    switch (t) {
      case 'Int32':
        return (v as Int32).value;
      case 'Double': {
        const n = (v as Double).value;
        if (types && encodesAsInt32(n)) types.set(path.join('.'), 'double');
        return n;
      }
      case 'Long': {
        const l = v as Long;
        if (
          l.lessThanOrEqual(Long.fromNumber(Number.MAX_SAFE_INTEGER)) &&
          l.greaterThanOrEqual(Long.fromNumber(Number.MIN_SAFE_INTEGER))
        ) {
          if (types) types.set(path.join('.'), 'long');
          return l.toNumber();
        }
        return l;
      }
      case 'Binary': {
        const b = v as Binary;
        if (b.sub_type === 0) return Buffer.from(b.buffer.subarray(0, b.position));
        return v;
      }
      default:
        return v;
    }
  }
  if (isPlainObject(v)) {
    for (const k of Object.keys(v)) {
      path.push(k);
      v[k] = normalizeAt(v[k], types, path);
      path.pop();
    }
  }
  return v;
}

/** Normalizes a document and returns its type map (undefined when every number re-encodes to its own type). */
export function normalizeDoc(raw: Doc): { doc: Doc; types: TypeMap | undefined } {
  const types: TypeMap = new Map();
  const doc = normalize(raw, types) as Doc;
  return { doc, types: types.size ? types : undefined };
}

/** Returns the document with annotated numbers wrapped so they encode with their original BSON type. */
export function applyTypes(doc: Doc, types: TypeMap | undefined): Doc {
  if (!types || types.size === 0) return doc;
  const out = shallowCopyPaths(doc, types);
  for (const [path, type] of types) {
    const parts = path.split('.');
    let cur: unknown = out;
    for (let i = 0; i < parts.length - 1 && cur !== undefined && cur !== null; i++) {
      cur = ownField(cur, parts[i] as string);
    }
    if (cur === null || typeof cur !== 'object') continue;
    const last = parts[parts.length - 1] as string;
    const val = ownField(cur, last);
    if (typeof val !== 'number') continue;
    if (type === 'double') (cur as Record<string, unknown>)[last] = new Double(val);
    else if (Number.isInteger(val)) (cur as Record<string, unknown>)[last] = Long.fromNumber(val);
  }
  return out;
}

/** Copies the containers along the annotated paths so the stored document is never modified. */
function shallowCopyPaths(doc: Doc, types: TypeMap): Doc {
  const root: Doc = { ...doc };
  for (const path of types.keys()) {
    const parts = path.split('.');
    let cur: Record<string, unknown> = root;
    for (let i = 0; i < parts.length - 1; i++) {
      const p = parts[i] as string;
      const next = ownField(cur, p);
      if (Array.isArray(next)) cur[p] = next.slice();
      else if (isPlainObject(next)) cur[p] = { ...next };
      else break;
      cur = cur[p] as Record<string, unknown>;
    }
  }
  return root;
}

/** Drops annotations at, under or above any of the given modified paths. */
export function dropTypes(types: TypeMap | undefined, modified: Iterable<string>): TypeMap | undefined {
  if (!types) return undefined;
  const mods = [...modified];
  const out: TypeMap = new Map();
  for (const [p, t] of types) {
    if (mods.some((m) => p === m || p.startsWith(m + '.') || m.startsWith(p + '.'))) continue;
    out.set(p, t);
  }
  return out.size ? out : undefined;
}

/** Keeps only annotations whose path still holds a number in the document. */
export function pruneTypes(doc: Doc, types: TypeMap | undefined): TypeMap | undefined {
  if (!types) return undefined;
  const out: TypeMap = new Map();
  for (const [p, t] of types) {
    let cur: unknown = doc;
    for (const part of p.split('.')) {
      if (cur === null || typeof cur !== 'object') {
        cur = undefined;
        break;
      }
      cur = ownField(cur, part);
    }
    if (typeof cur === 'number') out.set(p, t);
  }
  return out.size ? out : undefined;
}

/** Own property of an object or array (never one inherited from a prototype). */
function ownField(o: unknown, key: string): unknown {
  return o !== null && typeof o === 'object' && Object.prototype.hasOwnProperty.call(o, key)
    ? (o as Record<string, unknown>)[key]
    : undefined;
}
