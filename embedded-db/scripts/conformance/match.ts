/**
 * Value matching for MongoDB's unified test format ("Evaluating Matches" in
 * mongodb/specifications source/unified-test-format/unified-test-format.md).
 *
 * - Root-level documents may carry extra keys; nested documents may not.
 * - Arrays must have the same length and match element by element.
 * - Numbers compare by value across int32 / int64 / double ("flexible numerics"), Decimal128 does not.
 * - Special operators: $$exists, $$type, $$unsetOrMatches, $$matchesEntity, $$matchesHexBytes,
 *   $$sessionLsid, $$lte, $$matchAsDocument, $$matchAsRoot.
 */
import { EJSON, type Long } from 'bson';

export type Doc = Record<string, unknown>;

export class MatchError extends Error {
  override name = 'MatchError';
}

export interface MatchContext {
  /** Looks up an entity by name (for $$matchesEntity and $$sessionLsid). */
  entity(name: string): unknown;
}

const NO_ENTITIES: MatchContext = {
  entity(name) {
    throw new MatchError(`entity "${name}" is not defined`);
  },
};

export function isPlainDocument(value: unknown): value is Doc {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value) || value instanceof Date || value instanceof RegExp) return false;
  if (value instanceof Uint8Array || value instanceof Map) return false;
  return !('_bsontype' in value);
}

function bsonType(value: unknown): string | undefined {
  if (value !== null && typeof value === 'object' && '_bsontype' in value) {
    return String((value as { _bsontype: unknown })._bsontype);
  }
  return undefined;
}

/** Renders a value for failure messages (relaxed extended JSON, trimmed). */
export function show(value: unknown, max = 300): string {
  let text: string;
  if (value === undefined) text = '(unset)';
  else {
    try {
      text = EJSON.stringify(normalizeForDisplay(value), { relaxed: true });
    } catch {
      text = String(value);
    }
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function normalizeForDisplay(value: unknown): unknown {
  if (value instanceof Map) return Object.fromEntries(value);
  return value;
}

/** Converts Maps (the driver sends `sort` and index keys as Maps) into plain documents. */
function asDocument(value: unknown): Doc | undefined {
  if (value instanceof Map) {
    const out: Doc = {};
    for (const [k, v] of value) out[String(k)] = v;
    return out;
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && !bsonType(value)) {
    if (value instanceof Date || value instanceof RegExp || value instanceof Uint8Array) return undefined;
    return value as Doc;
  }
  return undefined;
}

function isSpecialOperator(value: unknown): value is Doc {
  if (!isPlainDocument(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0]!.startsWith('$$');
}

type Numeric = { kind: 'int'; value: bigint } | { kind: 'float'; value: number };

function numeric(value: unknown): Numeric | undefined {
  if (typeof value === 'number') {
    return Number.isInteger(value) && Number.isSafeInteger(value)
      ? { kind: 'int', value: BigInt(value) }
      : { kind: 'float', value };
  }
  if (typeof value === 'bigint') return { kind: 'int', value };
  const t = bsonType(value);
  if (t === 'Long') return { kind: 'int', value: BigInt((value as Long).toString()) };
  if (t === 'Int32') return numeric((value as { value: number }).value);
  if (t === 'Double') return numeric((value as { value: number }).value);
  return undefined;
}

function numericEqual(a: Numeric, b: Numeric): boolean {
  if (a.kind === 'int' && b.kind === 'int') return a.value === b.value;
  const x = Number(a.value);
  const y = Number(b.value);
  if (Number.isNaN(x) && Number.isNaN(y)) return true;
  return x === y;
}

const TYPE_CHECKS: Record<string, (v: unknown) => boolean> = {
  double: (v) => typeof v === 'number' || bsonType(v) === 'Double',
  string: (v) => typeof v === 'string',
  object: (v) => asDocument(v) !== undefined,
  array: (v) => Array.isArray(v),
  binData: (v) => bsonType(v) === 'Binary' || v instanceof Uint8Array,
  undefined: (v) => v === undefined,
  objectId: (v) => bsonType(v) === 'ObjectId',
  bool: (v) => typeof v === 'boolean',
  date: (v) => v instanceof Date,
  null: (v) => v === null,
  regex: (v) => v instanceof RegExp || bsonType(v) === 'BSONRegExp',
  dbPointer: (v) => bsonType(v) === 'DBPointer' || bsonType(v) === 'DBRef',
  javascript: (v) => bsonType(v) === 'Code',
  symbol: (v) => bsonType(v) === 'BSONSymbol' || bsonType(v) === 'Symbol',
  javascriptWithScope: (v) => bsonType(v) === 'Code' && (v as { scope?: unknown }).scope != null,
  int: (v) => (typeof v === 'number' && Number.isInteger(v)) || bsonType(v) === 'Int32',
  timestamp: (v) => bsonType(v) === 'Timestamp',
  long: (v) =>
    (typeof v === 'number' && Number.isInteger(v)) || bsonType(v) === 'Long' || typeof v === 'bigint',
  decimal: (v) => bsonType(v) === 'Decimal128',
  minKey: (v) => bsonType(v) === 'MinKey',
  maxKey: (v) => bsonType(v) === 'MaxKey',
  number: (v) => numeric(v) !== undefined || bsonType(v) === 'Decimal128',
};

function fail(path: string, message: string): never {
  throw new MatchError(`${path || '(root)'}: ${message}`);
}

function scalarEqual(expected: unknown, actual: unknown): boolean {
  const en = numeric(expected);
  const an = numeric(actual);
  if (en || an) return !!en && !!an && numericEqual(en, an);
  if (expected === null || expected === undefined) return actual === expected;
  if (typeof expected !== 'object') return expected === actual;
  if (expected instanceof Date) return actual instanceof Date && actual.getTime() === expected.getTime();
  if (expected instanceof RegExp) {
    if (actual instanceof RegExp) return actual.source === expected.source && actual.flags === expected.flags;
    if (bsonType(actual) === 'BSONRegExp') {
      const r = actual as { pattern: string; options: string };
      return r.pattern === expected.source && r.options === expected.flags;
    }
    return false;
  }
  const et = bsonType(expected);
  const at = bsonType(actual);
  if (et && et === at) {
    return (
      EJSON.stringify(expected as never, { relaxed: false }) ===
      EJSON.stringify(actual as never, { relaxed: false })
    );
  }
  if (et === 'Binary' && actual instanceof Uint8Array) {
    return Buffer.from((expected as { buffer: Uint8Array }).buffer).equals(Buffer.from(actual));
  }
  return false;
}

/**
 * Asserts that `actual` matches `expected`; throws MatchError naming the path otherwise.
 * `root` says whether `actual` is a root-level document (extra keys allowed).
 */
export function assertMatches(
  expected: unknown,
  actual: unknown,
  options: { root?: boolean; rootElements?: boolean; ctx?: MatchContext; path?: string } = {},
): void {
  const ctx = options.ctx ?? NO_ENTITIES;
  const path = options.path ?? '';
  if (options.rootElements && Array.isArray(expected)) {
    // Iterable results (find, aggregate, listIndexes, …): each element is a root-level document.
    if (!Array.isArray(actual)) fail(path, `expected an array ${show(expected)}, got ${show(actual)}`);
    if (actual.length !== expected.length) {
      fail(
        path,
        `expected ${expected.length} documents ${show(expected)}, got ${actual.length}: ${show(actual)}`,
      );
    }
    expected.forEach((e, i) => matchValue(e, actual[i], true, ctx, `${path}[${i}]`));
    return;
  }
  matchValue(expected, actual, options.root ?? true, ctx, path);
}

function matchValue(
  expected: unknown,
  actual: unknown,
  root: boolean,
  ctx: MatchContext,
  path: string,
): void {
  if (isSpecialOperator(expected)) {
    matchSpecial(expected, actual, root, ctx, path);
    return;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) fail(path, `expected an array ${show(expected)}, got ${show(actual)}`);
    if (actual.length !== expected.length) {
      fail(
        path,
        `expected ${expected.length} elements ${show(expected)}, got ${actual.length}: ${show(actual)}`,
      );
    }
    expected.forEach((e, i) => matchValue(e, actual[i], false, ctx, `${path}[${i}]`));
    return;
  }
  if (isPlainDocument(expected)) {
    const doc = asDocument(actual);
    if (!doc) fail(path, `expected a document ${show(expected)}, got ${show(actual)}`);
    for (const [key, value] of Object.entries(expected)) {
      const sub = path ? `${path}.${key}` : key;
      if (isSpecialOperator(value)) {
        matchSpecial(value, readKey(doc, key), false, ctx, sub);
        continue;
      }
      if (!hasKey(doc, key)) fail(sub, `missing; expected ${show(value)}`);
      matchValue(value, readKey(doc, key), false, ctx, sub);
    }
    if (!root) {
      const extra = ownKeys(doc).filter((k) => !(k in expected) && doc[k] !== undefined);
      if (extra.length) fail(path, `unexpected extra field(s) ${extra.join(', ')} in ${show(doc)}`);
    }
    return;
  }
  if (!scalarEqual(expected, actual)) fail(path, `expected ${show(expected)}, got ${show(actual)}`);
}

function ownKeys(doc: Doc): string[] {
  return Object.keys(doc);
}

function hasKey(doc: Doc, key: string): boolean {
  // Getters (driver result classes) count as present; undefined values count as absent.
  return readKey(doc, key) !== undefined;
}

function readKey(doc: Doc, key: string): unknown {
  return (doc as Record<string, unknown>)[key];
}

function matchSpecial(expected: Doc, actual: unknown, root: boolean, ctx: MatchContext, path: string): void {
  const op = Object.keys(expected)[0]!;
  const arg = expected[op];
  switch (op) {
    case '$$exists': {
      // Like the Node.js driver's runner: a null value counts as "not set" (the driver reports
      // absent optional fields such as upsertedId as null).
      const exists = actual !== undefined && actual !== null;
      if (arg && !exists) fail(path, 'expected the field to exist');
      if (!arg && exists) fail(path, `expected the field to be absent, got ${show(actual)}`);
      return;
    }
    case '$$type': {
      const types = Array.isArray(arg) ? (arg as string[]) : [String(arg)];
      for (const t of types) {
        const check = TYPE_CHECKS[t];
        if (!check) fail(path, `unknown $$type ${t}`);
        if (actual !== undefined && check(actual)) return;
      }
      fail(path, `expected type ${types.join('|')}, got ${show(actual)}`);
      return;
    }
    case '$$unsetOrMatches':
      if (actual === undefined || actual === null) return;
      matchValue(arg, actual, root, ctx, path);
      return;
    case '$$matchesEntity': {
      const entity = ctx.entity(String(arg));
      matchValue(entity, actual, root, ctx, path);
      return;
    }
    case '$$matchesHexBytes': {
      const hex = String(arg).toLowerCase();
      let bytes: Buffer | undefined;
      if (actual instanceof Uint8Array) bytes = Buffer.from(actual);
      else if (bsonType(actual) === 'Binary') bytes = Buffer.from((actual as { buffer: Uint8Array }).buffer);
      if (!bytes || bytes.toString('hex') !== hex) fail(path, `expected bytes ${hex}, got ${show(actual)}`);
      return;
    }
    case '$$sessionLsid': {
      const session = ctx.entity(String(arg)) as { id?: { id?: unknown } } | undefined;
      const expectedId = session?.id?.id;
      const actualId = asDocument(actual)?.id;
      if (!expectedId || !scalarEqual(expectedId, actualId)) {
        fail(path, `expected the lsid of session ${String(arg)}, got ${show(actual)}`);
      }
      return;
    }
    case '$$lte': {
      const a = numeric(actual);
      const e = numeric(arg);
      if (!a || !e || Number(a.value) > Number(e.value))
        fail(path, `expected <= ${show(arg)}, got ${show(actual)}`);
      return;
    }
    case '$$matchAsDocument': {
      if (typeof actual !== 'string') fail(path, `expected an extended JSON string, got ${show(actual)}`);
      matchValue(arg, EJSON.parse(actual, { relaxed: false }), false, ctx, path);
      return;
    }
    case '$$matchAsRoot':
      matchValue(arg, actual, true, ctx, path);
      return;
    default:
      fail(path, `unknown special operator ${op}`);
  }
}

/** Exact comparison (key order free, flexible numerics) used for `outcome` collection contents. */
export function assertSameDocuments(expected: unknown[], actual: unknown[], path = 'outcome'): void {
  if (actual.length !== expected.length) {
    fail(
      path,
      `expected ${expected.length} documents ${show(expected, 600)}, found ${actual.length}: ${show(actual, 600)}`,
    );
  }
  expected.forEach((doc, i) => matchValue(doc, actual[i], false, NO_ENTITIES, `${path}[${i}]`));
}
