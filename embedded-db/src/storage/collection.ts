/**
 * Collections and their indexes on the lmdb store (see store.ts for the tables and keys.ts for the key encoding).
 *
 * A collection knows its number (the key prefix of its documents), its index definitions and its document count;
 * documents themselves stay in lmdb and are decoded when read, so what a collection keeps in JS memory does not
 * grow with the data. Every method that writes must run inside `Store.write` (a command's transaction).
 */
import { deserialize, serialize, type UUID } from 'bson';
import { receivedBytes } from '../bson/raw.js';
import { applyTypes, docTypes, EXACT_DECODE, normalizeDoc, type TypeMap } from '../bson/types.js';
import {
  type Doc,
  formatValue,
  holdsProtoField,
  isPlainObject,
  keyOf,
  own,
  pathValues,
  PROTO_ELEMENT_NAME,
  protoDocs,
} from '../bson/values.js';
import { mongoError, type MongoServerError } from '../errors.js';
import { MINGO_OPTIONS } from '../query/mingo.js';
import { Query } from '../query/query.js';
import { docKey, type KeyPart, MAX_PART, partsLength, valueParts } from './keys.js';
import type { Store } from './store.js';

export interface IndexSpec extends Doc {
  v: number;
  key: Doc;
  name: string;
}

const MAX_KEY_COMBINATIONS = 10000;
const ENCODE = { ignoreUndefined: true, checkKeys: false } as const;

/** One key of a document in an index: its encoded parts and the field values that produced them. */
export interface IndexKey {
  parts: KeyPart[];
  values: unknown[];
}

export class Index {
  readonly fields: string[];
  /** Per field: a top-level name (no dots), read without walking a path. */
  private readonly topLevel: boolean[];
  readonly unique: boolean;
  readonly sparse: boolean;
  readonly partial: Query | undefined;
  /** Whether a document belongs in this partial index (the partial filter, tested without mingo where it can be). */
  private readonly inPartial: ((doc: Doc) => boolean) | undefined;
  readonly ttlSeconds: number | undefined;
  /** Special (text, 2dsphere, …) indexes are kept in the catalog but not maintained. */
  readonly maintained: boolean;
  /** For an index with a collation: strings as the collation compares them (see foldFor). */
  readonly fold: ((s: string) => string) | undefined;
  /** Operations that used this index since `since` (the server's start or the index's creation): $indexStats. */
  usage: IndexUsage = { ops: 0, since: new Date() };

  constructor(
    readonly spec: IndexSpec,
    /** Key prefix of this index's entries in the index table. */
    readonly no: number,
    /** Whether some document produced several keys (an array on an indexed path): then no index sort. */
    public multikey = false,
  ) {
    this.fields = Object.keys(spec.key);
    this.topLevel = this.fields.map((f) => !f.includes('.'));
    this.unique = spec.unique === true;
    this.sparse = spec.sparse === true;
    this.partial = isPlainObject(spec.partialFilterExpression)
      ? new Query(spec.partialFilterExpression, MINGO_OPTIONS)
      : undefined;
    this.inPartial =
      this.partial &&
      (presenceTest(spec.partialFilterExpression as Doc) ?? this.partial.test.bind(this.partial));
    this.ttlSeconds = typeof spec.expireAfterSeconds === 'number' ? spec.expireAfterSeconds : undefined;
    this.maintained = Object.values(spec.key).every((v) => typeof v === 'number' || v === 'hashed');
    this.fold = foldFor(spec.collation);
  }

  /** A field value as this index keys it (strings folded by the index's collation). */
  private keyed(v: unknown): unknown {
    return this.fold && typeof v === 'string' ? this.fold(v) : v;
  }

  /** Index keys of a document (none when the index is special, or sparse/partial and the document is left out). */
  keysOf(doc: Doc): IndexKey[] {
    if (!this.maintained) return [];
    if (this.inPartial && !this.inPartial(doc)) return [];
    // Common case, same result as below: every field holds one value (no arrays to expand).
    const single: unknown[] = [];
    for (let i = 0; i < this.fields.length; i++) {
      const f = this.fields[i] as string;
      let value: unknown;
      if (this.topLevel[i]) {
        // a top-level field is read directly (own properties only, like pathValues)
        value = own(doc, f);
        if (Array.isArray(value)) break;
      } else {
        const values = pathValues(doc, f);
        if (values.length !== 1) break;
        value = values[0];
      }
      single.push(this.keyed(value));
    }
    if (single.length === this.fields.length) {
      if (this.sparse && single.every((v) => v === undefined)) return [];
      const parts: KeyPart[] = [];
      for (const v of single) parts.push(...valueParts(v));
      return [{ parts, values: single }];
    }
    const perField = this.fields.map((f) => {
      const seen = new Map<string, unknown>();
      for (const value of pathValues(doc, f)) {
        const v = this.keyed(value);
        const k = keyOf(v);
        if (!seen.has(k)) seen.set(k, v);
      }
      return [...seen.values()];
    });
    // sparse: documents lacking every indexed field are not indexed (explicit nulls are)
    if (this.sparse && perField.every((vals) => vals.every((v) => v === undefined))) return [];
    let combos: unknown[][] = [[]];
    for (const vals of perField) {
      const next: unknown[][] = [];
      for (const c of combos) for (const v of vals) next.push([...c, v]);
      combos = next;
      if (combos.length > MAX_KEY_COMBINATIONS) throw mongoError(171, 'cannot index parallel arrays');
    }
    return combos.map((values) => ({ parts: values.flatMap(valueParts), values }));
  }

  /** Whether a document puts an array on one of the indexed paths. */
  isMultikeyFor(doc: Doc): boolean {
    for (let i = 0; i < this.fields.length; i++) {
      const f = this.fields[i] as string;
      if (this.topLevel[i] ? Array.isArray(own(doc, f)) : crossesArray(doc, f)) return true;
    }
    return false;
  }

  /** The key parts of every field but the last (a unique index's keys are compared with the greatest entry sharing them). */
  leadingParts(parts: readonly KeyPart[]): KeyPart[] {
    let at = 0;
    for (let i = 0; i < this.fields.length - 1; i++) at += partsLength(parts, at);
    return parts.slice(0, at);
  }

  /** The `_id` parts at the end of an entry key of this index. */
  idPartsOf(entry: readonly KeyPart[]): KeyPart[] {
    let at = 1;
    for (let i = 0; i < this.fields.length; i++) at += partsLength(entry, at);
    return entry.slice(at);
  }

  /** Whether equality lookups may use this index (every document has at least one entry). */
  get usableForEquality(): boolean {
    return this.maintained && !this.sparse && !this.partial && this.spec.hidden !== true;
  }
}

/**
 * The partial filter most unique indexes carry, `{field: {$exists: true}, …}` on top-level fields (mongoose's
 * way to make a unique field optional), as a direct test, which the insert path runs for every document; the
 * same answer as mingo's `$exists` (a field holding `undefined` does not exist). Undefined for any other filter.
 */
function presenceTest(filter: Doc): ((doc: Doc) => boolean) | undefined {
  const fields = Object.keys(filter);
  for (const f of fields) {
    const condition = filter[f];
    if (f.startsWith('$') || f.includes('.') || !isPlainObject(condition)) return undefined;
    const ops = Object.keys(condition);
    if (ops.length !== 1 || ops[0] !== '$exists' || condition.$exists !== true) return undefined;
  }
  return (doc) => fields.every((f) => own(doc, f) !== undefined);
}

/**
 * How an index with a collation keys strings: ICU strength 1 (base letters) ignores case and accents, strength 2
 * ignores case, 3 and above compare exactly. A locale-aware approximation of ICU's collation keys, which
 * `Intl.Collator` does not expose (letters that ICU equates across forms, like ß and ss, stay different).
 */
function foldFor(collation: unknown): ((s: string) => string) | undefined {
  if (!isPlainObject(collation) || typeof collation.locale !== 'string' || collation.locale === 'simple')
    return undefined;
  const strength = collation.strength === undefined ? 3 : Number(collation.strength);
  if (strength >= 3) return undefined;
  const locale = collation.locale.replace(/@.*$/, '').replace(/_/g, '-');
  const lower = (s: string) => {
    try {
      return s.toLocaleLowerCase(locale);
    } catch {
      return s.toLowerCase();
    }
  };
  if (strength === 2) return lower;
  return (s) => lower(s.normalize('NFD').replace(/\p{M}/gu, '')).normalize('NFC');
}

/** Whether a dotted path meets an array anywhere (an array value or an array on the way). */
function crossesArray(doc: unknown, path: string): boolean {
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (Array.isArray(cur)) return true;
    if (!isPlainObject(cur) || !Object.prototype.hasOwnProperty.call(cur, part)) return false;
    cur = cur[part];
  }
  return Array.isArray(cur);
}

/**
 * What one insert command (one write transaction) knows of its unique indexes, so that most new keys need no
 * lookup (a range count, for which lmdb-js opens and closes a cursor inside a write transaction):
 * - per index and per value of the leading fields (all but the last), the greatest entry the index held with
 *   that prefix before the command added any (the mark), read once;
 * - the keys the command has added.
 * A key that sorts above the mark was held by no document before the command (an entry starting with the
 * key would sort at or above the key), and if the command has not added it either, nobody holds it. Event
 * ids that grow with time (the SDKs' `evt_` ids) are above the mark of the previous batches, in whatever
 * order they come within their own batch. Nothing else writes during the command.
 */
export class UniqueMarks {
  private readonly marks = new Map<string, KeyPart[] | null>();
  private readonly added = new Set<string>();
  /**
   * The last prefix looked up and its mark: the documents of one insert usually share it (one application's
   * events), and comparing the parts is cheaper than building the string id of the prefix again.
   */
  private last: { prefix: KeyPart[]; mark: KeyPart[] | null } | undefined;
  /** The key `isFree` answered last, with its id, which `add` then reuses (insertStored passes the same parts). */
  private lastKey: { parts: readonly KeyPart[]; index: Index; id: string } | undefined;

  /** Whether no document holds the key (false: look it up). */
  isFree(collection: Collection, idx: Index, keyParts: readonly KeyPart[]): boolean {
    // Read before the command adds an entry with this prefix: checks come before each document's entries.
    const prefix = [idx.no, ...idx.leadingParts(keyParts)];
    let mark: KeyPart[] | null | undefined;
    if (this.last && samePrimitiveParts(this.last.prefix, prefix)) mark = this.last.mark;
    else {
      const prefixId = partsId(prefix);
      mark = this.marks.get(prefixId);
      if (mark === undefined) {
        mark = collection.greatestEntry(prefix);
        this.marks.set(prefixId, mark);
      }
      this.last = { prefix, mark };
    }
    const key = [idx.no, ...keyParts];
    const id = partsId(key);
    this.lastKey = { parts: keyParts, index: idx, id };
    return (mark === null || sortsAbove(key, mark)) && !this.added.has(id);
  }

  /** Records a key the command added to a unique index. */
  add(idx: Index, keyParts: readonly KeyPart[]): void {
    const last = this.lastKey;
    this.added.add(
      last && last.parts === keyParts && last.index === idx ? last.id : partsId([idx.no, ...keyParts]),
    );
  }
}

/** Parts that are equal strings, numbers, booleans or nulls (anything else, e.g. a Buffer, answers false). */
function samePrimitiveParts(a: readonly KeyPart[], b: readonly KeyPart[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    if (x !== b[i] || (typeof x === 'object' && x !== null)) return false;
  }
  return true;
}

/** Strings lmdb-js encodes as their bytes, unchanged (no escape byte, no escaped control characters). */
const PLAIN_KEY_STRING = /^[\x20-\x7e]*$/;

/**
 * Whether `key` sorts above `mark` in the index. lmdb orders keys by their encoded bytes, which follow the
 * parts' natural order only for some values (numbers have encodings of several lengths, strings with
 * control characters are escaped): decided only where the first differing parts are both printable ASCII
 * strings (event ids, ObjectId hex), which encode as themselves followed by the parts' separator, a zero
 * byte. Anything else answers false, which costs the lookup and is never wrong.
 */
function sortsAbove(key: readonly KeyPart[], mark: readonly KeyPart[]): boolean {
  const n = Math.min(key.length, mark.length);
  for (let i = 0; i < n; i++) {
    const a = key[i] as KeyPart;
    const b = mark[i] as KeyPart;
    if (a === b) continue;
    if (typeof a !== 'string' || typeof b !== 'string') return false;
    if (!PLAIN_KEY_STRING.test(a) || !PLAIN_KEY_STRING.test(b)) return false;
    // A string that is a prefix of the other ends where the other goes on: it sorts first.
    return a > b;
  }
  return false;
}

export function duplicateKeyError(
  ns: string,
  indexName: string,
  keyPattern: Doc,
  fields: string[],
  values: unknown[],
): MongoServerError {
  const keyValue: Doc = {};
  fields.forEach((f, i) => (keyValue[f] = values[i] === undefined ? null : values[i]));
  const dup = '{ ' + fields.map((f, i) => `${f}: ${formatValue(values[i])}`).join(', ') + ' }';
  return mongoError(
    11000,
    `E11000 duplicate key error collection: ${ns} index: ${indexName} dup key: ${dup}`,
    {
      keyPattern: { ...keyPattern },
      keyValue,
    },
  );
}

function sameParts(a: readonly KeyPart[], b: readonly KeyPart[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function partsId(parts: readonly KeyPart[]): string {
  return JSON.stringify(parts);
}

export interface IndexUsage {
  ops: number;
  since: Date;
}

export class Collection {
  indexes: Index[] = [];
  /** Number of documents (kept in the meta table, updated in the same transaction as the documents). */
  count = 0;
  /** Uses of the `_id` index ($indexStats; the other indexes keep theirs). */
  idUsage: IndexUsage = { ops: 0, since: new Date() };

  constructor(
    readonly store: Store,
    readonly db: string,
    readonly name: string,
    readonly options: Doc,
    readonly uuid: UUID,
    /** Key prefix of this collection's documents in the documents table. */
    readonly no: number,
  ) {}

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  idIndexSpec(): IndexSpec {
    return { v: 2, key: { _id: 1 }, name: '_id_' };
  }

  // ---- reading ---------------------------------------------------------------------------------------------

  /** Decodes a stored document, recording its exact numeric types for re-encoding. */
  decode(buf: Buffer): Doc {
    const { doc, types } = normalizeDoc(deserialize(buf, EXACT_DECODE) as Doc);
    if (types) docTypes.set(doc, types);
    // A field named `__proto__` is held as an own property (bson defines it so); stages that rebuild
    // documents would lose it, so they refuse such documents (own-fields.ts).
    if (buf.indexOf(PROTO_ELEMENT_NAME) !== -1 && holdsProtoField(doc)) protoDocs.add(doc);
    return doc;
  }

  /** The stored document with this `_id` value. */
  get(id: unknown): Doc | undefined {
    return this.getByIdParts(valueParts(id));
  }

  /** The stored BSON of the document with these `_id` key parts. */
  getRawByIdParts(idParts: readonly KeyPart[]): Buffer | undefined {
    return this.store.getDoc([this.no, ...idParts]);
  }

  getByIdParts(idParts: readonly KeyPart[]): Doc | undefined {
    const buf = this.store.getDoc([this.no, ...idParts]);
    return buf === undefined ? undefined : this.decode(buf);
  }

  /** Every document in `_id` order (the natural order of this store), optionally within an `_id` key range. */
  *all(range?: { start: KeyPart[]; end: KeyPart[]; reverse?: boolean }, stats?: ScanStats): Generator<Doc> {
    for (const bytes of this.allRaw(range, stats)) yield this.decode(bytes);
  }

  /** Like `all`, the stored BSON of each document. */
  *allRaw(
    range?: { start: KeyPart[]; end: KeyPart[]; reverse?: boolean },
    stats?: ScanStats,
  ): Generator<Buffer> {
    const start = [this.no, ...(range?.start ?? [])];
    const end = [this.no, ...(range?.end ?? [MAX_PART])];
    const entries = this.store.docs.getRange(
      range?.reverse ? { start: end, end: start, reverse: true } : { start, end },
    );
    for (const { value } of entries) {
      if (stats) stats.docsExamined++;
      yield value;
    }
  }

  // ---- writing (inside a write transaction) ----------------------------------------------------------------

  /**
   * Throws the duplicate key error a unique index would refuse the document's keys with (the `_id` is checked
   * by `Store.putNewDoc`). `keys` are the document's keys per index (in `indexes` order); candidates with the
   * same encoded key are compared by value, since keys are lossy. `unchanged` (an update) names, per index,
   * the keys the document held before: it owns them already, so they need no lookup.
   */
  private checkUnique(
    idParts: KeyPart[],
    keys: IndexKey[][],
    options: { unchanged?: Array<Set<string>>; marks?: UniqueMarks } = {},
  ): void {
    const { unchanged, marks } = options;
    for (let i = 0; i < this.indexes.length; i++) {
      const idx = this.indexes[i] as Index;
      if (!idx.unique) continue;
      for (const key of keys[i] ?? []) {
        if (unchanged?.[i]?.has(partsId(key.parts))) continue;
        if (marks?.isFree(this, idx, key.parts)) continue;
        let wanted: string | undefined;
        const prefix = [idx.no, ...key.parts];
        const end = [...prefix, MAX_PART];
        // Usually no other document holds the key: one native count answers that without an iterator.
        // (lmdb-js marks the options object it is given as a count: each call gets its own.)
        if (this.store.index.getKeysCount({ start: prefix, end }) === 0) continue;
        for (const entry of this.store.index.getKeys({ start: prefix, end })) {
          const otherId = idx.idPartsOf(entry as KeyPart[]);
          if (sameParts(otherId, idParts)) continue;
          const other = this.getByIdParts(otherId);
          wanted ??= JSON.stringify(key.values.map(keyOf));
          if (other && idx.keysOf(other).some((k) => JSON.stringify(k.values.map(keyOf)) === wanted))
            throw duplicateKeyError(this.ns, idx.spec.name, idx.spec.key, idx.fields, key.values);
        }
      }
    }
  }

  private encode(doc: Doc, types: TypeMap | undefined): Buffer {
    return serialize(applyTypes(doc, types), ENCODE) as Buffer;
  }

  /** Marks an index multikey (persisted with the catalog) the first time a document needs it. */
  private noteMultikey(idx: Index, doc: Doc, onCatalogChange: () => void): void {
    if (!idx.multikey && idx.isMultikeyFor(doc)) {
      idx.multikey = true;
      onCatalogChange();
    }
  }

  /** The greatest entry of the index table that starts with `prefix` (null when none does). */
  greatestEntry(prefix: KeyPart[]): KeyPart[] | null {
    for (const entry of this.store.index.getKeys({
      start: [...prefix, MAX_PART],
      end: prefix,
      reverse: true,
      limit: 1,
    }))
      return entry as KeyPart[];
    return null;
  }

  insertStored(doc: Doc, types: TypeMap | undefined, onCatalogChange: () => void, marks?: UniqueMarks): void {
    const idParts = valueParts(doc._id);
    // Each index's keys are computed once, for the unique check and for the insert.
    const keys = this.indexes.map((idx) => idx.keysOf(doc));
    const key = [this.no, ...idParts];
    // The document goes in first, refused when its `_id` is taken: one descent of the documents' tree
    // instead of a lookup and then the put (with random `_id`s each one a page not in any CPU cache).
    if (!this.store.putNewDoc(key, receivedBytes.get(doc) ?? this.encode(doc, types)))
      throw duplicateKeyError(this.ns, '_id_', { _id: 1 }, ['_id'], [doc._id]);
    try {
      this.checkUnique(idParts, keys, { marks });
    } catch (e) {
      this.store.removeDoc(key);
      throw e;
    }
    this.indexes.forEach((idx, i) => {
      for (const k of keys[i] ?? []) {
        this.store.putIndexEntry([idx.no, ...k.parts, ...idParts]);
        if (marks && idx.unique) marks.add(idx, k.parts);
      }
      this.noteMultikey(idx, doc, onCatalogChange);
    });
    if (types) docTypes.set(doc, types);
    this.setCount(this.count + 1);
  }

  replaceStored(oldDoc: Doc, newDoc: Doc, types: TypeMap | undefined, onCatalogChange: () => void): void {
    const idParts = valueParts(oldDoc._id);
    const newKeys = this.indexes.map((idx) => idx.keysOf(newDoc));
    const oldKeys = this.indexes.map((idx) => new Map(idx.keysOf(oldDoc).map((k) => [partsId(k.parts), k])));
    this.checkUnique(idParts, newKeys, { unchanged: oldKeys.map((before) => new Set(before.keys())) });
    this.indexes.forEach((idx, i) => {
      const before = oldKeys[i] as Map<string, IndexKey>;
      const after = new Map((newKeys[i] ?? []).map((k) => [partsId(k.parts), k]));
      for (const [id, k] of before)
        if (!after.has(id)) this.store.removeIndexEntry([idx.no, ...k.parts, ...idParts]);
      for (const [id, k] of after)
        if (!before.has(id)) this.store.putIndexEntry([idx.no, ...k.parts, ...idParts]);
      this.noteMultikey(idx, newDoc, onCatalogChange);
    });
    this.store.putDoc(docKey(this.no, oldDoc._id), this.encode(newDoc, types));
    if (types) docTypes.set(newDoc, types);
  }

  deleteStored(doc: Doc): boolean {
    const idParts = valueParts(doc._id);
    if (!this.store.removeDoc([this.no, ...idParts])) return false;
    for (const idx of this.indexes)
      for (const k of idx.keysOf(doc)) this.store.removeIndexEntry([idx.no, ...k.parts, ...idParts]);
    this.setCount(this.count - 1);
    return true;
  }

  /** Adds the entries of every stored document to a new index, failing like mongod on duplicates. */
  buildIndex(idx: Index, onDuplicate: (dup: MongoServerError) => MongoServerError): void {
    for (const doc of this.all()) {
      const idParts = valueParts(doc._id);
      for (const key of idx.keysOf(doc)) {
        if (idx.unique) {
          const prefix = [idx.no, ...key.parts];
          for (const entry of this.store.index.getKeys({ start: prefix, end: [...prefix, MAX_PART] })) {
            if (sameParts(idx.idPartsOf(entry as KeyPart[]), idParts)) continue;
            throw onDuplicate(
              duplicateKeyError(this.ns, idx.spec.name, idx.spec.key, idx.fields, key.values),
            );
          }
        }
        this.store.putIndexEntry([idx.no, ...key.parts, ...idParts]);
      }
      if (!idx.multikey && idx.isMultikeyFor(doc)) idx.multikey = true;
    }
  }

  /** Removes every entry of an index. */
  clearIndex(idx: Index): void {
    this.store.clearIndex(idx.no);
  }

  /** Removes every document and index entry of this collection. */
  clear(): void {
    for (const key of this.store.docs.getKeys({ start: [this.no], end: [this.no, MAX_PART] }))
      this.store.removeDoc(key as KeyPart[]);
    for (const idx of this.indexes) this.clearIndex(idx);
    this.count = 0;
    this.store.setCount(this.no, -1);
  }

  private setCount(n: number): void {
    this.count = n;
    this.store.setCount(this.no, n);
  }
}

/** Work counters of a query, reported by explain's executionStats. */
export interface ScanStats {
  keysExamined: number;
  docsExamined: number;
}

export class Database {
  readonly collections = new Map<string, Collection>();
  constructor(readonly name: string) {}
}
