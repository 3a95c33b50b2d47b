/**
 * Field paths that would walk into JavaScript's object machinery.
 *
 * Documents are plain JavaScript objects, and a dotted path is resolved segment by segment. A segment named
 * `__proto__`, `constructor` or `prototype` reaches `Object.prototype` instead of a field (an upsert seeded from
 * `{"__proto__.polluted": "yes"}` used to set `Object.prototype.polluted` for every collection of the server).
 * So these names are refused as path segments wherever a path is given: filter keys (also inside `$and`/`$or`/
 * `$nor`/`$not`/`$elemMatch`, array filters and partial filter expressions), update paths (and `$rename`
 * targets), projections, sort keys, index keys, `distinct` keys, and field paths / output fields of aggregation
 * pipelines and expressions (`$expr`, pipeline updates). The error is mongod's `BadValue` (2).
 *
 * A field with such a name is still data: documents may hold it, and `$set`/`$setOnInsert`/`$unset`/`$rename`
 * may write it as the last segment of a path. The engine keeps it as an own property, never as a prototype
 * (own-fields.ts); it is refused only where it would be walked through or evaluated.
 */
import { mongoError } from '../errors.js';
import { isPlainObject, own, PROTO_ELEMENT_NAME, type Doc } from '../bson/values.js';

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

/** Whether a dotted path has a segment the engine refuses. */
export function hasForbiddenSegment(path: string): boolean {
  if (!path.includes('__proto__') && !path.includes('constructor') && !path.includes('prototype'))
    return false;
  return path.split('.').some((s) => FORBIDDEN.has(s));
}

function forbidden(path: string, where: string): never {
  const seg = path.split('.').find((s) => FORBIDDEN.has(s)) as string;
  throw mongoError(
    2,
    `${where} '${path}' contains the field name '${seg}', which is not allowed in field paths (__proto__, constructor and prototype are refused)`,
  );
}

/** Throws BadValue when a field path (dotted) contains `__proto__`, `constructor` or `prototype`. */
export function checkPath(path: string, where = 'The field path'): void {
  if (hasForbiddenSegment(path)) forbidden(path, where);
}

/** Field reference in an expression: `$a.b` → `a.b`, `$$var.a.b` → `a.b`; other strings are literals. */
function checkFieldRef(s: string, where: string): void {
  if (!s.startsWith('$') || s.length < 2) return;
  if (s.startsWith('$$')) {
    const dot = s.indexOf('.');
    if (dot > 0) checkPath(s.slice(dot + 1), where);
    return;
  }
  checkPath(s.slice(1), where);
}

/** Options of aggregation stages whose plain string values are field paths. */
const PATH_OPTIONS = new Set([
  'localField',
  'foreignField',
  'as',
  'connectFromField',
  'connectToField',
  'depthField',
  'includeArrayIndex',
  'path',
]);

/**
 * Walks an aggregation expression or stage specification: keys that are not operators are field names (output
 * fields of `$project`/`$addFields`/`$group`, …), strings starting with `$` are field references.
 */
export function checkExpression(value: unknown, where = 'The field path', depth = 0): void {
  if (depth > 200) throw mongoError(2, 'expression nesting is too deep');
  if (typeof value === 'string') {
    checkFieldRef(value, where);
    return;
  }
  if (Array.isArray(value)) {
    for (const v of value) checkExpression(v, where, depth + 1);
    return;
  }
  if (!isPlainObject(value)) return;
  for (const [k, v] of Object.entries(value)) {
    if (k === '$literal') continue;
    if (k === '$getField' || k === '$setField' || k === '$unsetField') {
      // a literal field name (dots included), not a path
      const field = typeof v === 'string' ? v : isPlainObject(v) ? v.field : undefined;
      if (typeof field === 'string' && FORBIDDEN.has(field)) forbidden(field, `The ${k} field`);
    }
    if (!k.startsWith('$')) checkPath(k, where);
    if (PATH_OPTIONS.has(k) && typeof v === 'string') checkPath(v.startsWith('$') ? v.slice(1) : v, where);
    checkExpression(v, where, depth + 1);
  }
}

/** Checks every stage of a pipeline; `$match` stages are filters (their string values are literals). */
export function checkPipeline(stages: unknown, validateFilter: (f: unknown) => void, depth = 0): void {
  if (!Array.isArray(stages)) return;
  if (depth > 20) throw mongoError(2, 'pipeline nesting is too deep');
  for (const stage of stages) {
    if (!isPlainObject(stage)) continue;
    for (const [op, spec] of Object.entries(stage)) {
      if (op === '$match') {
        if (isPlainObject(spec)) validateFilter(spec);
      } else if (op === '$documents' || op === '$out' || op === '$merge') {
        continue;
      } else if (op === '$facet' && isPlainObject(spec)) {
        for (const [name, sub] of Object.entries(spec)) {
          checkPath(name, 'The $facet output field');
          checkPipeline(sub, validateFilter, depth + 1);
        }
      } else if ((op === '$lookup' || op === '$unionWith' || op === '$graphLookup') && isPlainObject(spec)) {
        const { pipeline, restrictSearchWithMatch, ...rest } = spec;
        checkPipeline(pipeline, validateFilter, depth + 1);
        if (isPlainObject(restrictSearchWithMatch)) validateFilter(restrictSearchWithMatch);
        checkExpression(rest);
      } else if ((op === '$unset' || op === '$count') && typeof spec === 'string') {
        checkPath(spec);
      } else if (op === '$unset' && Array.isArray(spec)) {
        for (const p of spec) if (typeof p === 'string') checkPath(p);
      } else {
        checkExpression(spec);
      }
    }
  }
}

/** Update operators whose paths may end in `__proto__`, `constructor` or `prototype` (own-fields.ts). */
export const OWN_FIELD_OPS = new Set(['$set', '$setOnInsert', '$unset', '$rename']);

/** Whether a path's last segment (and only that one) names `__proto__`, `constructor` or `prototype`. */
export function endsInOwnField(path: string): boolean {
  if (!hasForbiddenSegment(path)) return false;
  const segs = path.split('.');
  return FORBIDDEN.has(segs[segs.length - 1] as string) && !segs.slice(0, -1).some((s) => FORBIDDEN.has(s));
}

/**
 * Update operators: every key of an operator's spec is a path; `$rename` values are paths too. `$set`,
 * `$setOnInsert`, `$unset` and `$rename` may name a field `__proto__`, `constructor` or `prototype` as the last
 * segment: it is written as data (own-fields.ts); walking through such a field (`__proto__.x`) stays refused.
 */
export function checkUpdatePaths(op: string, spec: Doc): void {
  const ownFields = OWN_FIELD_OPS.has(op);
  const check = (p: string, where: string) => {
    if (!(ownFields && endsInOwnField(p))) checkPath(p, where);
  };
  for (const [path, arg] of Object.entries(spec)) {
    check(path, 'The update path');
    if (op === '$rename' && typeof arg === 'string') check(arg, 'The $rename target');
    // $pull / $push modifiers hold conditions and sort specs whose keys are field names of the elements
    if ((op === '$pull' || op === '$push' || op === '$addToSet') && isPlainObject(arg)) checkKeys(arg);
  }
}

/** Visits every plain object inside a value (iteratively: decoded commands can nest deeply). */
function eachObject(root: unknown, visit: (o: Doc) => void): void {
  const stack: unknown[] = [root];
  while (stack.length) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      for (const e of v) stack.push(e);
      continue;
    }
    if (!isPlainObject(v)) continue;
    visit(v);
    for (const k of Object.keys(v)) stack.push(v[k]);
  }
}

function checkKeys(v: unknown): void {
  eachObject(v, (o) => {
    for (const k of Object.keys(o)) if (!k.startsWith('$')) checkPath(k);
  });
}

/** Projection (find, findAndModify `fields`): keys are paths, values may be expressions. */
export function checkProjection(projection: Doc | undefined): void {
  if (!projection) return;
  for (const [k, v] of Object.entries(projection)) {
    checkPath(k, 'The projection path');
    checkExpression(v, 'The projection path');
  }
}

/** Sort specification: keys are paths. */
export function checkSort(sort: Doc | undefined): void {
  if (!sort) return;
  for (const k of Object.keys(sort)) checkPath(k, 'The sort path');
}

/** Decoded commands whose message holds no field named `__proto__` (see noteProtoFree). */
const protoFree = new WeakSet<object>();

/**
 * Remembers that a command decoded from `bytes` holds no field named `__proto__` when the bytes do not contain
 * that name at all: one native byte search instead of checkCommandProtoKeys's walk over every object of the command
 * (an insert of 500 events holds ~1,000 of them). A match (perhaps only inside a string) leaves the walk to decide.
 */
export function noteProtoFree(bytes: Buffer, decoded: object): void {
  if (bytes.indexOf(PROTO_ELEMENT_NAME) === -1) protoFree.add(decoded);
}

/**
 * Refuses a field named `__proto__` anywhere in a decoded command except where it is data: the documents of an
 * insert, replacement documents, the values of `$set`/`$setOnInsert`, and the paths of `$set`/`$setOnInsert`/
 * `$unset`/`$rename` (whose segments checkUpdatePaths checks). There the server keeps it as an own property
 * (own-fields.ts); in filters, projections, sorts and pipelines it is still refused.
 */
export function checkCommandProtoKeys(name: string, body: unknown): void {
  if (typeof body === 'object' && body !== null && protoFree.has(body)) return;
  const data = new Set<object>();
  const specs = new Set<object>();
  const update = (u: unknown) => {
    if (!isPlainObject(u)) return;
    const keys = Object.keys(u);
    if (keys.length === 0 || !keys.every((k) => k.startsWith('$'))) {
      data.add(u); // a replacement document
      return;
    }
    for (const op of OWN_FIELD_OPS) {
      const spec = own(u, op);
      if (!isPlainObject(spec)) continue;
      specs.add(spec);
      if (op === '$set' || op === '$setOnInsert')
        for (const k of Object.keys(spec))
          if (typeof spec[k] === 'object' && spec[k] !== null) data.add(spec[k] as object);
    }
  };
  if (isPlainObject(body)) {
    if (name === 'insert' && Array.isArray(body.documents))
      for (const d of body.documents) if (isPlainObject(d)) data.add(d);
    if (name === 'update' && Array.isArray(body.updates))
      for (const st of body.updates) if (isPlainObject(st)) update(st.u);
    if (name === 'findAndModify' || name === 'findandmodify') update(body.update);
  }
  const stack: unknown[] = [body];
  while (stack.length) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object' || data.has(v)) continue;
    if (Array.isArray(v)) {
      for (const e of v) stack.push(e);
      continue;
    }
    if (!isPlainObject(v)) continue;
    if (!specs.has(v) && Object.prototype.hasOwnProperty.call(v, '__proto__'))
      throw mongoError(
        2,
        "The field name '__proto__' is not allowed here (only in documents and as a field set, unset or renamed by an update)",
      );
    for (const k of Object.keys(v)) stack.push(v[k]);
  }
}

/** Sets a dotted path, creating intermediate objects. */
export function setPath(doc: Doc, path: string, value: unknown): void {
  checkPath(path);
  const parts = path.split('.');
  let cur: Doc = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const p = parts[i] as string;
    let next = own(cur, p);
    if (!isPlainObject(next) && !Array.isArray(next)) {
      next = {};
      cur[p] = next;
    }
    cur = next as Doc;
  }
  cur[parts[parts.length - 1] as string] = value;
}
