/**
 * Update operators: what runs before and after mingo's update so the result is mongod's.
 *
 * - Positional paths (`arr.$.a`, `arr.$[]`, `arr.$[id]`) are resolved to concrete array indexes first, against
 *   the document as it was before the update (like mongod). mingo took two fields under one positional operator
 *   (`arr.$.a` + `arr.$.b`, which mongoose sends for subdocuments with timestamps) for a conflict.
 * - `$pull` is applied here: mingo wrapped a condition built from `$or`/`$and`/`$nor` as if it were a value
 *   condition, so `$or` removed nothing and `$nor` removed everything.
 * - `$set` of `_id` to its current value is allowed (mongoose sends it), to another value answers ImmutableField.
 * - Paths that cannot be created (`$set: {'arr.field': …}` on an array, a field under a scalar) answer
 *   PathNotViable (28); array operators on a non-array answer mongod's errors instead of doing nothing.
 * - `$inc`/`$mul` involving a Decimal128 compute in decimal.
 */
import { compareNumbers, decimalArith, isDecimal, isNumberLike } from '../bson/decimal.js';
import { mongoError } from '../errors.js';
import { bsonTypeName, Query, sameValue } from './query.js';
import { docTypes } from '../bson/types.js';
import { formatValue, getPath, isPlainObject, keyOf, type Doc } from '../bson/values.js';

const CREATING_OPS = new Set([
  '$set',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$currentDate',
  '$push',
  '$addToSet',
  '$bit',
]);

function isPositional(seg: string): boolean {
  return seg === '$' || seg === '$[]' || (seg.startsWith('$[') && seg.endsWith(']'));
}

function typeOfValue(doc: Doc, path: string, v: unknown): string {
  return bsonTypeName(v, docTypes.get(doc)?.get(path));
}

/** Index of the array element the query matched for the positional `$` at `prefix`. */
function positionalIndex(arr: unknown[], prefix: string, query: Doc): number {
  const conds: Doc = {};
  const collect = (q: Doc) => {
    for (const [k, v] of Object.entries(q)) {
      if (k === '$and' && Array.isArray(v)) for (const sub of v) if (isPlainObject(sub)) collect(sub);
      if (k === prefix || k.startsWith(prefix + '.')) conds[k] = v;
    }
  };
  collect(query);
  if (Object.keys(conds).length === 0)
    throw mongoError(2, 'The positional operator did not find the match needed from the query.');
  const q = new Query(conds);
  for (let i = 0; i < arr.length; i++) {
    const probe: Doc = {};
    let cur = probe;
    const parts = prefix.split('.');
    parts.forEach((p, j) => {
      if (j === parts.length - 1) cur[p] = [arr[i]];
      else cur = cur[p] = {} as Doc;
    });
    if (q.test(probe)) return i;
  }
  throw mongoError(2, 'The positional operator did not find the match needed from the query.');
}

/** The concrete paths a (possibly positional) update path stands for in `doc`. */
export function expandPath(
  doc: Doc,
  path: string,
  query: Doc,
  filters: Map<string, Query>,
  used: Set<string>,
): string[] {
  const segs = path.split('.');
  if (!segs.some(isPositional)) return [path];
  const out: string[] = [];
  const walk = (value: unknown, i: number, at: string[], raw: string[]) => {
    if (i === segs.length) {
      out.push(at.join('.'));
      return;
    }
    const seg = segs[i] as string;
    if (!isPositional(seg)) {
      const next = isPlainObject(value) || Array.isArray(value) ? getPath(value, seg) : undefined;
      walk(next, i + 1, [...at, seg], [...raw, seg]);
      return;
    }
    if (!Array.isArray(value)) {
      if (seg === '$')
        throw mongoError(2, 'The positional operator did not find the match needed from the query.');
      throw mongoError(
        2,
        `The path '${raw.join('.')}' must exist in the document in order to apply array updates.`,
      );
    }
    if (seg === '$') {
      const idx = positionalIndex(value, raw.join('.'), query);
      walk(value[idx], i + 1, [...at, String(idx)], [...raw, seg]);
      return;
    }
    let test: ((e: unknown) => boolean) | undefined;
    if (seg !== '$[]') {
      const id = seg.slice(2, -1);
      const q = filters.get(id);
      if (!q) throw mongoError(2, `No array filter found for identifier '${id}' in path '${path}'`);
      used.add(id);
      test = (e) => q.test({ [id]: e });
    }
    value.forEach((e, j) => {
      if (!test || test(e)) walk(e, i + 1, [...at, String(j)], [...raw, seg]);
    });
  };
  walk(doc, 0, [], []);
  return out;
}

/** Checks that every segment of a creating path can hold a field (mongod's PathNotViable, 28). */
function checkViable(doc: Doc, path: string): void {
  const parts = path.split('.');
  let cur: unknown = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const p = parts[i] as string;
    const next = Array.isArray(cur)
      ? /^\d+$/.test(p)
        ? cur[Number(p)]
        : undefined
      : isPlainObject(cur)
        ? Object.prototype.hasOwnProperty.call(cur, p)
          ? cur[p]
          : undefined
        : undefined;
    if (Array.isArray(cur) && !/^\d+$/.test(p))
      throw mongoError(
        28,
        `Cannot create field '${p}' in element {${parts[i - 1] ?? ''}: ${formatValue(cur)}}`,
      );
    if (next === undefined) return;
    if (!isPlainObject(next) && !Array.isArray(next)) {
      throw mongoError(
        28,
        `Cannot create field '${parts[i + 1] ?? ''}' in element {${p}: ${formatValue(next)}}`,
      );
    }
    cur = next;
  }
  const last = parts[parts.length - 1] as string;
  if (Array.isArray(cur) && parts.length > 1 && !/^\d+$/.test(last))
    throw mongoError(
      28,
      `Cannot create field '${last}' in element {${parts[parts.length - 2] ?? ''}: ${formatValue(cur)}}`,
    );
}

function checkArrayTarget(doc: Doc, op: string, path: string): void {
  const v = getPath(doc, path);
  if (v === undefined || Array.isArray(v)) return;
  const field = path.split('.').pop() as string;
  const t = typeOfValue(doc, path, v);
  if (op === '$push')
    throw mongoError(
      2,
      `The field '${field}' must be an array but is of type ${t} in document {_id: ${formatValue(doc._id)}}`,
    );
  if (op === '$addToSet')
    throw mongoError(
      2,
      `Cannot apply $addToSet to non-array field. Field named '${field}' has non-array type ${t}`,
    );
  if (op === '$pull' || op === '$pullAll') throw mongoError(2, `Cannot apply ${op} to a non-array value`);
  if (op === '$pop') throw mongoError(14, `Path '${path}' contains an element of non-array type '${t}'`);
}

export interface PreparedUpdate {
  /** Operators for mingo, on concrete paths. */
  ops: Doc;
  /** `$pull` conditions on concrete paths, applied by `applyPulls`. */
  pulls: Array<[string, unknown]>;
  /** An `_id` to set on an upserted document. */
  setId?: unknown;
}

/**
 * Resolves positional paths, takes `$pull` and `_id` out of the operators, checks paths like mongod and computes
 * decimal arithmetic. `ops` are the operators after `$setOnInsert` was folded into `$set`.
 */
export function prepareUpdate(
  old: Doc,
  ops: Doc,
  opts: { query: Doc; arrayFilters?: Doc[]; upsert?: boolean },
): PreparedUpdate {
  const filters = new Map<string, Query>();
  for (const f of opts.arrayFilters ?? []) {
    const ids = new Set(Object.keys(f).map((k) => k.split('.')[0] as string));
    if (ids.size !== 1)
      throw mongoError(
        9,
        `Error parsing array filter :: caused by :: Expected a single top-level field name, found '${[...ids].join("' and '")}'`,
      );
    const id = [...ids][0] as string;
    if (filters.has(id))
      throw mongoError(9, `Found multiple array filters with the same top-level field name ${id}`);
    filters.set(id, new Query(f));
  }
  const used = new Set<string>();
  const out: Doc = {};
  const pulls: Array<[string, unknown]> = [];
  let setId: unknown;
  for (const [op, spec] of Object.entries(ops)) {
    for (const [path, arg] of Object.entries(spec as Doc)) {
      if (op === '$set' && path === '_id') {
        if (old._id === undefined && opts.upsert) {
          setId = arg;
          continue;
        }
        if (!sameValue(arg, old._id))
          throw mongoError(
            66,
            "Performing an update on the path '_id' would modify the immutable field '_id'",
          );
        continue;
      }
      const concrete = op === '$rename' ? [path] : expandPath(old, path, opts.query, filters, used);
      for (const p of concrete) {
        if (CREATING_OPS.has(op)) checkViable(old, p);
        if (op === '$push' || op === '$addToSet' || op === '$pull' || op === '$pullAll' || op === '$pop')
          checkArrayTarget(old, op, p);
        if (op === '$pull') {
          pulls.push([p, arg]);
          continue;
        }
        if ((op === '$inc' || op === '$mul') && isNumberLike(arg)) {
          const cur = getPath(old, p);
          if (isDecimal(arg) || isDecimal(cur)) {
            const base = cur === undefined ? 0 : cur;
            const r =
              op === '$inc'
                ? decimalArith('+', base, arg)
                : cur === undefined
                  ? decimalArith('*', 0, arg)
                  : decimalArith('*', base, arg);
            ((out.$set ??= {}) as Doc)[p] = r;
            continue;
          }
        }
        if ((op === '$min' || op === '$max') && (isDecimal(arg) || isDecimal(getPath(old, p)))) {
          const cur = getPath(old, p);
          if (cur !== undefined && isNumberLike(cur) && isNumberLike(arg)) {
            const c = compareNumbers(arg, cur);
            if ((op === '$min' && c < 0) || (op === '$max' && c > 0)) ((out.$set ??= {}) as Doc)[p] = arg;
            continue;
          }
        }
        ((out[op] ??= {}) as Doc)[p] = arg;
      }
    }
  }
  for (const id of filters.keys())
    if (!used.has(id))
      throw mongoError(
        9,
        `The array filter for identifier '${id}' was not used in the update ${formatValue(ops)}`,
      );
  checkConcreteConflicts(out, pulls);
  return { ops: out, pulls, setId };
}

function checkConcreteConflicts(ops: Doc, pulls: Array<[string, unknown]>): void {
  const paths: string[] = pulls.map(([p]) => p);
  for (const [op, spec] of Object.entries(ops))
    for (const p of Object.keys(spec as Doc)) {
      paths.push(p);
      if (op === '$rename') paths.push(String((spec as Doc)[p]));
    }
  const sorted = [...paths].sort();
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1] as string;
    const b = sorted[i] as string;
    if (a === b || b.startsWith(a + '.')) throw mongoError(40, `Update created a conflict at '${a}'`);
  }
}

/** The predicate of a `$pull` condition: a document query, an operator condition or a value. */
function pullPredicate(cond: unknown): (v: unknown) => boolean {
  if (isPlainObject(cond)) {
    const keys = Object.keys(cond);
    const valueOps =
      keys.length > 0 &&
      keys.every((k) => k.startsWith('$') && !['$and', '$or', '$nor', '$expr'].includes(k));
    if (valueOps) {
      const q = new Query({ v: cond });
      return (v) => q.test({ v });
    }
    const q = new Query(cond);
    return (v) => isPlainObject(v) && q.test(v);
  }
  if (cond instanceof RegExp) return (v) => typeof v === 'string' && cond.test(v);
  const k = keyOf(cond);
  return (v) => keyOf(v) === k || sameValue(v, cond);
}

/** Applies `$pull`s to the (already copied) document; returns the paths it changed. */
export function applyPulls(doc: Doc, pulls: Array<[string, unknown]>): string[] {
  const changed: string[] = [];
  for (const [path, cond] of pulls) {
    const parts = path.split('.');
    const parent = parts.length === 1 ? doc : getPath(doc, parts.slice(0, -1).join('.'));
    const last = parts[parts.length - 1] as string;
    if (!isPlainObject(parent) && !Array.isArray(parent)) continue;
    const arr = (parent as Doc)[last];
    if (!Array.isArray(arr)) continue;
    const pred = pullPredicate(cond);
    const kept = arr.filter((e) => !pred(e));
    if (kept.length !== arr.length) {
      (parent as Doc)[last] = kept;
      changed.push(path);
    }
  }
  return changed;
}

/** A value `$set` may write without cloning or deep comparison: a primitive or a Date. */
const isSimpleValue = (v: unknown) =>
  v === null || (typeof v !== 'object' && !Number.isNaN(v)) || v instanceof Date;
const isNum = (v: unknown): v is number => typeof v === 'number' && !Number.isNaN(v);
const INT32 = 2 ** 31;
const isInt32 = (v: unknown) => Number.isInteger(v) && (v as number) >= -INT32 && (v as number) < INT32;

/**
 * The common updates — counters and stamps: `$inc`, `$max`, `$bit`, and `$set` of primitives
 * and dates on paths through plain objects — applied directly, with mingo's results, instead of
 * through mingo's updater, which builds its operator tables on every call (most of an upsert's
 * cost). Answers the modified fields, or null (the document untouched) when anything is outside
 * that case; then mingo does the update.
 */
export function applySimpleUpdate(doc: Doc, ops: Doc): string[] | null {
  const targets: Array<{ op: string; path: string; parent: Doc | null; key: string; value: unknown }> = [];
  for (const op of Object.keys(ops)) {
    if (op !== '$inc' && op !== '$max' && op !== '$set' && op !== '$bit') return null;
    const spec = ops[op] as Doc;
    for (const path of Object.keys(spec)) {
      const value = spec[path];
      if (op === '$set' && !isSimpleValue(value)) return null;
      if ((op === '$inc' || op === '$max') && !isNum(value)) return null;
      if (op === '$bit') {
        if (!isPlainObject(value)) return null;
        const names = Object.keys(value);
        const operand = value[names[0]!];
        if (names.length !== 1 || !['and', 'or', 'xor'].includes(names[0]!)) return null;
        if (!isInt32(operand)) return null;
      }
      // Every segment but the last must be a plain object or missing (created on the way).
      const segments = path.split('.');
      let parent: Doc | null = doc;
      for (let i = 0; i < segments.length - 1; i++) {
        const next: unknown = parent ? parent[segments[i]!] : undefined;
        if (next === undefined) parent = null;
        else if (isPlainObject(next) && segments[i] !== '__proto__') parent = next;
        else return null;
      }
      const key = segments[segments.length - 1]!;
      const current = parent ? parent[key] : undefined;
      if (key === '__proto__') return null;
      if ((op === '$inc' || op === '$max') && current !== undefined && !isNum(current)) return null;
      if (op === '$bit' && current !== undefined && !isInt32(current)) return null;
      targets.push({ op, path, parent, key, value });
    }
  }
  const modified: string[] = [];
  for (const target of targets) {
    let parent = target.parent;
    if (!parent) {
      // Created now (an earlier target may have created part of the path already).
      parent = doc;
      const segments = target.path.split('.');
      for (let i = 0; i < segments.length - 1; i++) {
        const segment = segments[i]!;
        if (parent[segment] === undefined) parent[segment] = {};
        parent = parent[segment] as Doc;
      }
    }
    const { key, value } = target;
    const current = parent[key];
    let changed: boolean;
    if (target.op === '$inc') {
      const next = ((current as number | undefined) || 0) + (value as number);
      parent[key] = next;
      changed = next !== current;
    } else if (target.op === '$max') {
      changed = current === undefined || (current as number) < (value as number);
      if (changed) parent[key] = value;
    } else if (target.op === '$set') {
      changed = !(
        current === value ||
        (current instanceof Date && value instanceof Date && current.getTime() === value.getTime())
      );
      if (changed) parent[key] = value instanceof Date ? new Date(value.getTime()) : value;
    } else {
      const [name, operand] = Object.entries(value as Record<string, number>)[0]!;
      const before = (current as number | undefined) || 0;
      const next = name === 'and' ? before & operand : name === 'or' ? before | operand : before ^ operand;
      parent[key] = next;
      changed = next !== before || current === undefined;
    }
    if (changed) modified.push(target.path);
  }
  return modified;
}
