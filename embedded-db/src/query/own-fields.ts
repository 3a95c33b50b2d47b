/**
 * Fields named `__proto__`, `constructor` or `prototype` as data (issue #39): mongod stores them like any field;
 * the embedded server's documents are JavaScript objects, where an assignment to `o.__proto__` changes the
 * object's prototype and a path through `constructor`/`__proto__` reaches Object.prototype.
 *
 * - Reading: bson decodes such a field as an own property (defineProperty), so it round-trips unchanged.
 * - Writing: `$set`/`$setOnInsert`/`$unset`/`$rename` entries whose path ends in one of these names, or whose
 *   `$set` value holds a `__proto__` field, are taken out of the update before mingo sees it and applied here,
 *   walking own properties only and defining the field as an own data property (setOwn). Paths *through* such a
 *   field (`__proto__.x`) stay refused (paths.ts).
 * - Reshaping: mingo rebuilds documents by assignment in projections and aggregation stages, which would drop a
 *   `__proto__` field silently. Documents holding one (marked when decoded, collection.ts) are therefore refused
 *   there with BadValue instead (refuseReshaping).
 */
import {
  cloneDoc,
  type Doc,
  formatValue,
  getPath,
  holdsProtoField,
  isPlainObject,
  keyOf,
  own,
  protoDocs,
  setOwn,
} from '../bson/values.js';
import { mongoError } from '../errors.js';
import { endsInOwnField } from './paths.js';

export interface OwnFieldOps {
  set: Array<[string, unknown]>;
  unset: string[];
  rename: Array<[string, string]>;
}

const isPositional = (seg: string) => seg === '$' || (seg.startsWith('$[') && seg.endsWith(']'));

/**
 * Takes the entries this module applies out of the operators (`ops` after `$setOnInsert` was folded into
 * `$set`); returns the remaining operators, and the taken entries (undefined when there are none).
 */
export function takeOwnFieldOps(ops: Doc): { rest: Doc; own: OwnFieldOps | undefined } {
  const taken: OwnFieldOps = { set: [], unset: [], rename: [] };
  const rest: Doc = {};
  for (const [op, spec] of Object.entries(ops)) {
    if (op !== '$set' && op !== '$unset' && op !== '$rename') {
      rest[op] = spec;
      continue;
    }
    const kept: Doc = {};
    for (const path of Object.keys(spec as Doc)) {
      const arg = (spec as Doc)[path];
      const ownField =
        endsInOwnField(path) ||
        (op === '$set' && holdsProtoField(arg)) ||
        (op === '$rename' && typeof arg === 'string' && endsInOwnField(arg));
      if (!ownField) {
        kept[path] = arg;
        continue;
      }
      for (const p of op === '$rename' ? [path, String(arg)] : [path])
        if (p.split('.').some(isPositional))
          throw mongoError(
            2,
            `The update path '${p}' combines a positional operator with a field named __proto__, constructor or prototype, which the embedded server does not support`,
          );
      if (op === '$set') taken.set.push([path, arg]);
      else if (op === '$unset') taken.unset.push(path);
      else taken.rename.push([path, String(arg)]);
    }
    if (Object.keys(kept).length) rest[op] = kept;
  }
  const any = taken.set.length + taken.unset.length + taken.rename.length > 0;
  return { rest, own: any ? taken : undefined };
}

/** Applies the taken entries to the (already copied) document; returns the paths it changed. */
export function applyOwnFieldOps(doc: Doc, ops: OwnFieldOps): string[] {
  const changed: string[] = [];
  for (const [path, value] of ops.set) if (setField(doc, path, cloneDoc(value))) changed.push(path);
  for (const path of ops.unset) if (unsetField(doc, path)) changed.push(path);
  for (const [from, to] of ops.rename) {
    if (from === to)
      throw mongoError(2, `The source and target field for $rename must differ: ${from}: "${to}"`);
    const value = getPath(doc, from);
    if (value === undefined) continue;
    unsetField(doc, from);
    setField(doc, to, value);
    changed.push(from, to);
  }
  return changed;
}

/** The object holding the last segment of a path, walking own fields (created when `create`); null if none. */
function parentOf(doc: Doc, segs: string[], create: boolean): Doc | unknown[] | null {
  let cur: Doc | unknown[] = doc;
  for (let i = 0; i < segs.length - 1; i++) {
    const seg = segs[i] as string;
    let next: unknown;
    if (Array.isArray(cur)) {
      if (!/^\d+$/.test(seg))
        throw mongoError(
          28,
          `Cannot create field '${seg}' in element {${segs[i - 1] ?? ''}: ${formatValue(cur)}}`,
        );
      next = cur[Number(seg)];
    } else next = own(cur, seg);
    if (next === undefined) {
      if (!create) return null;
      next = {};
      if (Array.isArray(cur)) cur[Number(seg)] = next;
      else setOwn(cur, seg, next);
    } else if (!isPlainObject(next) && !Array.isArray(next)) {
      if (!create) return null;
      throw mongoError(
        28,
        `Cannot create field '${segs[i + 1] ?? ''}' in element {${seg}: ${formatValue(next)}}`,
      );
    }
    cur = next as Doc | unknown[];
  }
  return cur;
}

function setField(doc: Doc, path: string, value: unknown): boolean {
  const segs = path.split('.');
  const parent = parentOf(doc, segs, true) as Doc | unknown[];
  const key = segs[segs.length - 1] as string;
  if (Array.isArray(parent)) {
    if (!/^\d+$/.test(key))
      throw mongoError(
        28,
        `Cannot create field '${key}' in element {${segs[segs.length - 2] ?? ''}: ${formatValue(parent)}}`,
      );
    const before = parent[Number(key)];
    if (before !== undefined && keyOf(before) === keyOf(value)) return false;
    parent[Number(key)] = value;
    return true;
  }
  const before = own(parent, key);
  if (before !== undefined && keyOf(before) === keyOf(value)) return false;
  setOwn(parent, key, value);
  return true;
}

function unsetField(doc: Doc, path: string): boolean {
  const segs = path.split('.');
  const parent = parentOf(doc, segs, false);
  const key = segs[segs.length - 1] as string;
  if (parent === null || Array.isArray(parent) || !Object.prototype.hasOwnProperty.call(parent, key))
    return false;
  delete parent[key];
  return true;
}

/** Refuses to reshape (project, aggregate) documents holding a field named `__proto__` (see above). */
export function refuseReshaping(docs: Iterable<Doc>, what: string): void {
  for (const d of docs)
    if (protoDocs.has(d))
      throw mongoError(
        2,
        `The document {_id: ${formatValue(d._id)}} holds a field named '__proto__': the embedded server stores and returns it unchanged, but cannot ${what} it (read it without a projection, or change the field name)`,
      );
}
