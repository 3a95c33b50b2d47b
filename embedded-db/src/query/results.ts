/**
 * Shaping a result: find's sort (mongod's order and the collation) and projection (mongod's field order, `$slice`
 * alone keeping the other fields).
 */
import { applyTypes, docTypes } from '../bson/types.js';
import { cloneDoc, type Doc, formatValue, isPlainObject } from '../bson/values.js';
import { mongoError } from '../errors.js';
import { makeCollator, sortBy } from './compare.js';
import { MINGO_OPTIONS, orderProjected } from './mingo.js';
import { refuseReshaping } from './own-fields.js';
import { checkProjection, checkSort } from './paths.js';
import { Query } from './query.js';

export function sortDocs(docs: Doc[], sort: Doc, collation?: unknown): Doc[] {
  checkSort(sort);
  if ('$natural' in sort) {
    // natural order is insertion order; only a {$natural: -1} sort changes anything
    return sort.$natural === -1 ? docs.slice().reverse() : docs;
  }
  for (const [f, dir] of Object.entries(sort)) {
    if (isPlainObject(dir) && '$meta' in dir) continue;
    if (dir !== 1 && dir !== -1)
      throw mongoError(15974, `Illegal key in $sort specification: ${f}: ${formatValue(dir)}`);
  }
  // mongod's order (numbers of every type by value, Decimal128 included) and the collation (compare.ts)
  return sortBy(docs, sort, makeCollator(collation));
}

/** Applies a find projection; keeps the numeric type annotations of the source documents. */
export function project(docs: Doc[], projection: Doc | undefined, filter: Doc): Doc[] {
  checkProjection(projection);
  if (!projection || Object.keys(projection).length === 0)
    return docs.map((d) => applyTypes(d, docTypes.get(d)));
  const slices = sliceOnlyProjection(projection);
  if (slices) return docs.map((d) => applyTypes(applySlices(d, slices), docTypes.get(d)));
  refuseReshaping(docs, 'apply a projection to');
  const q = new Query(filter, MINGO_OPTIONS);
  return docs.map((d) =>
    applyTypes(orderProjected(q.find([d], projection).all()[0] as Doc, d), docTypes.get(d)),
  );
}

/**
 * A projection made only of `$slice` (and exclusions) keeps every other field in mongod, while mingo treats
 * `$slice` as an inclusion. Returns the slices when the projection has that shape.
 */
function sliceOnlyProjection(projection: Doc): Array<[string, unknown]> | undefined {
  const slices: Array<[string, unknown]> = [];
  for (const [k, v] of Object.entries(projection)) {
    if (isPlainObject(v) && Object.keys(v).length === 1 && '$slice' in v) slices.push([k, v.$slice]);
    else if (v === 0 || v === false) slices.push([k, undefined]);
    else return undefined;
  }
  return slices.some(([, s]) => s !== undefined) ? slices : undefined;
}

function applySlices(doc: Doc, slices: Array<[string, unknown]>): Doc {
  const out = cloneDoc(doc);
  for (const [path, spec] of slices) {
    const parts = path.split('.');
    let parent: unknown = out;
    for (const p of parts.slice(0, -1)) parent = isPlainObject(parent) ? parent[p] : undefined;
    if (!isPlainObject(parent)) continue;
    const last = parts[parts.length - 1] as string;
    if (spec === undefined) {
      delete parent[last];
      continue;
    }
    const arr = parent[last];
    if (!Array.isArray(arr)) continue;
    if (typeof spec === 'number') parent[last] = spec >= 0 ? arr.slice(0, spec) : arr.slice(spec);
    else if (Array.isArray(spec) && typeof spec[0] === 'number' && typeof spec[1] === 'number') {
      const start = spec[0] < 0 ? Math.max(arr.length + spec[0], 0) : spec[0];
      parent[last] = arr.slice(start, start + spec[1]);
    }
  }
  return out;
}
