/**
 * Helpers for the in-memory document representation.
 *
 * Documents are kept as decoded by `bson` with `promoteBuffers: true` and the default number promotion:
 * int32/double → JS number, int64 → JS number when it fits in 53 bits (otherwise `Long`), binary subtype 0 →
 * Buffer. That is the representation mingo understands (numbers compare numerically, Buffers bytewise,
 * ObjectId/Decimal128/UUID through their `toString()`). The original BSON numeric type of each value is kept
 * separately (see `types.ts`) so that Int32/Int64/Double round-trip unchanged.
 */
import { ObjectId } from 'bson';

export type Doc = Record<string, unknown>;

export function isPlainObject(v: unknown): v is Doc {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v) as object | null;
  return proto === Object.prototype || proto === null;
}

export function bsonType(v: unknown): string | undefined {
  if (v !== null && typeof v === 'object') {
    const t = (v as { _bsontype?: unknown })._bsontype;
    return typeof t === 'string' ? t : undefined;
  }
  return undefined;
}

/** Deep copy of plain objects and arrays; other values (ObjectId, Date, Buffer, …) are shared or copied cheaply. */
export function cloneDoc<T>(v: T): T {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(cloneDoc) as T;
  if (v instanceof Date) return new Date(v.getTime()) as T;
  if (isPlainObject(v)) {
    const out: Doc = {};
    for (const k of Object.keys(v)) setOwn(out, k, cloneDoc(v[k]));
    return out as T;
  }
  return v;
}

/**
 * Sets a field of a document as an own data property. An assignment to a field named `__proto__` would call
 * Object.prototype's accessor instead (and change the object's prototype); every other name is assigned.
 */
export function setOwn(o: Doc, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true });
  else o[key] = value;
}

/** How a field named `__proto__` appears in BSON: the name as a C string (after the element's type byte). */
export const PROTO_ELEMENT_NAME = Buffer.from('__proto__\0');

/** Documents (decoded from storage) that hold a field named `__proto__` somewhere (see holdsProtoField). */
export const protoDocs = new WeakSet<object>();

/** Whether a value holds, at any depth, an object with an own field named `__proto__`. */
export function holdsProtoField(v: unknown, depth = 0): boolean {
  if (v === null || typeof v !== 'object' || depth > 200) return false;
  if (Array.isArray(v)) return v.some((e) => holdsProtoField(e, depth + 1));
  if (!isPlainObject(v)) return false;
  if (Object.prototype.hasOwnProperty.call(v, '__proto__')) return true;
  for (const k of Object.keys(v)) if (holdsProtoField(v[k], depth + 1)) return true;
  return false;
}

/** Canonical string for a value, used as hash-map key by indexes. Numerically equal numbers share a key. */
export function keyOf(v: unknown): string {
  if (v === undefined || v === null) return 'N';
  switch (typeof v) {
    case 'number':
      return 'n' + (v === 0 ? '0' : String(v));
    case 'bigint':
      return 'n' + v.toString();
    case 'string':
      return 's' + v;
    case 'boolean':
      return v ? 'T' : 'F';
    default:
      break;
  }
  if (Array.isArray(v)) return 'a' + JSON.stringify(v.map(keyOf));
  if (v instanceof Date) return 'd' + v.getTime();
  if (v instanceof RegExp) return 'r/' + v.source + '/' + v.flags;
  if (Buffer.isBuffer(v) || v instanceof Uint8Array) return 'x0:' + Buffer.from(v).toString('base64');
  const t = bsonType(v);
  if (t) {
    const o = v as Record<string, unknown> & { toString(enc?: string): string };
    switch (t) {
      case 'ObjectId':
      case 'ObjectID':
        return 'o' + (v as ObjectId).toHexString();
      case 'Long':
      case 'Int32':
      case 'Double':
        return 'n' + String(Number(o.toString()) === Number(o.toString()) ? o.toString() : o.toString());
      case 'Decimal128': {
        const n = Number(o.toString());
        return Number.isFinite(n) ? 'n' + String(n) : 'n' + o.toString();
      }
      case 'Binary': {
        const b = v as unknown as { sub_type: number; buffer: Uint8Array };
        return 'x' + b.sub_type + ':' + Buffer.from(b.buffer).toString('base64');
      }
      case 'MinKey':
        return 'm-';
      case 'MaxKey':
        return 'm+';
      default:
        return '?' + t + ':' + JSON.stringify(o);
    }
  }
  if (isPlainObject(v)) return 'o{' + JSON.stringify(Object.keys(v).map((k) => [k, keyOf(v[k])]));
  return '?' + String(v);
}

/** Formats a value the way mongod prints it in error messages (e.g. `dup key: { email: "a@b.c" }`). */
export function formatValue(v: unknown): string {
  if (v === undefined || v === null) return 'null';
  switch (typeof v) {
    case 'number':
      return Number.isFinite(v) ? String(v) : v > 0 ? 'inf' : v < 0 ? '-inf' : 'nan';
    case 'string':
      return JSON.stringify(v);
    case 'boolean':
      return String(v);
    case 'bigint':
      return v.toString();
    default:
      break;
  }
  if (Array.isArray(v)) return v.length ? '[ ' + v.map(formatValue).join(', ') + ' ]' : '[]';
  if (v instanceof Date) return `new Date(${v.getTime()})`;
  if (v instanceof RegExp) return `/${v.source}/${v.flags}`;
  if (Buffer.isBuffer(v) || v instanceof Uint8Array)
    return `BinData(0, ${Buffer.from(v).toString('hex').toUpperCase()})`;
  const t = bsonType(v);
  if (t) {
    const o = v as { toString(): string };
    switch (t) {
      case 'ObjectId':
      case 'ObjectID':
        return `ObjectId('${(v as ObjectId).toHexString()}')`;
      case 'Long':
      case 'Int32':
      case 'Double':
        return o.toString();
      case 'Decimal128':
        return `${o.toString()}`;
      case 'Binary': {
        const b = v as unknown as { sub_type: number; buffer: Uint8Array };
        return `BinData(${b.sub_type}, ${Buffer.from(b.buffer).toString('hex').toUpperCase()})`;
      }
      case 'MinKey':
        return 'MinKey';
      case 'MaxKey':
        return 'MaxKey';
      default:
        return o.toString();
    }
  }
  if (isPlainObject(v)) {
    const keys = Object.keys(v);
    if (!keys.length) return '{}';
    return '{ ' + keys.map((k) => `${k}: ${formatValue(v[k])}`).join(', ') + ' }';
  }
  return String(v);
}

/**
 * Values reached by a dotted path, expanding arrays like mongod's index key generation: a path through an
 * array yields one value per element; a terminal array yields its elements (an empty array yields undefined).
 */
export function pathValues(doc: unknown, path: string): unknown[] {
  const out: unknown[] = [];
  collect(doc, path.split('.'), 0, out);
  return out;
}

function collect(val: unknown, parts: string[], i: number, out: unknown[]): void {
  if (i === parts.length) {
    if (Array.isArray(val)) {
      if (val.length === 0) out.push(undefined);
      else for (const e of val) out.push(e);
    } else out.push(val);
    return;
  }
  const part = parts[i] as string;
  if (Array.isArray(val)) {
    if (/^\d+$/.test(part) && Number(part) < val.length) {
      collect(val[Number(part)], parts, i + 1, out);
      return;
    }
    if (val.length === 0) {
      out.push(undefined);
      return;
    }
    for (const e of val) {
      if (isPlainObject(e)) collect(e, parts, i, out);
      else out.push(undefined);
    }
    return;
  }
  if (isPlainObject(val)) {
    collect(own(val, part), parts, i + 1, out);
    return;
  }
  out.push(undefined);
}

/** A field of a document: own properties only, never something inherited from Object.prototype. */
export function own(o: Doc, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;
}

/** Single value at a dotted path, no array expansion (undefined if missing). */
export function getPath(doc: unknown, path: string): unknown {
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (cur === null || cur === undefined) return undefined;
    if (Array.isArray(cur)) {
      if (!/^\d+$/.test(part)) return undefined;
      cur = cur[Number(part)];
    } else if (isPlainObject(cur)) cur = own(cur, part);
    else return undefined;
  }
  return cur;
}

export function idFirst(doc: Doc): Doc {
  if (doc._id === undefined || Object.keys(doc)[0] === '_id') return doc;
  const { _id, ...rest } = doc;
  return { _id, ...rest };
}

export function newObjectId(): ObjectId {
  return new ObjectId();
}
