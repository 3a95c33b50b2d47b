/**
 * Index specifications: a caller's spec normalized and validated like mongod, default names, equivalence.
 */
import { type Doc, formatValue, isPlainObject, keyOf } from '../bson/values.js';
import { mongoError } from '../errors.js';
import type { IndexSpec } from '../storage/collection.js';

/** Normalizes a caller-provided index spec and validates it like mongod. */
export function makeIndexSpec(raw: Doc): IndexSpec {
  const key = raw.key;
  if (!isPlainObject(key) || Object.keys(key).length === 0)
    throw mongoError(67, 'Index keys cannot be empty.');
  for (const [f, dir] of Object.entries(key)) {
    if (!f) throw mongoError(67, 'Index keys cannot be an empty field.');
    const ok =
      (typeof dir === 'number' && dir !== 0 && !Number.isNaN(dir)) ||
      ['text', '2dsphere', '2d', 'hashed'].includes(String(dir));
    if (!ok)
      throw mongoError(
        67,
        `Values in the index key pattern can't be zero or an unknown string: ${formatValue(key)}`,
      );
  }
  const name = typeof raw.name === 'string' ? raw.name : defaultIndexName(key);
  if (raw.name !== undefined && typeof raw.name !== 'string')
    throw mongoError(14, "The field 'name' must be a string");
  if (!name) throw mongoError(67, 'The index name cannot be empty');
  const spec: IndexSpec = { v: 2, key: { ...key }, name };
  for (const [k, v] of Object.entries(raw)) {
    if (k === 'key' || k === 'name' || k === 'v' || k === 'ns' || k === 'background') continue;
    if (k === 'unique' || k === 'sparse' || k === 'hidden') {
      if (v) spec[k] = true;
      continue;
    }
    if (k === 'expireAfterSeconds') {
      if (typeof v !== 'number' || v < 0 || Number.isNaN(v))
        throw mongoError(2, "TTL index 'expireAfterSeconds' option must be numeric and non-negative");
      if (Object.keys(key).length !== 1)
        throw mongoError(67, 'TTL indexes are single-field indexes, compound indexes do not support TTL.');
      spec.expireAfterSeconds = Math.floor(v);
      continue;
    }
    if (k === 'partialFilterExpression') {
      if (!isPlainObject(v)) throw mongoError(14, "'partialFilterExpression' option must be a document");
      spec.partialFilterExpression = v;
      continue;
    }
    spec[k] = v;
  }
  if (name === '_id_' && keyOf(key) !== keyOf({ _id: 1 }))
    throw mongoError(67, "The index name '_id_' is reserved for the _id index");
  return spec;
}

export function defaultIndexName(key: Doc): string {
  return Object.entries(key)
    .map(([f, d]) => `${f}_${String(d)}`)
    .join('_');
}

export function sameIndexOptions(a: Doc, b: Doc): boolean {
  const norm = (s: Doc) => {
    const o: Doc = {};
    for (const k of [
      'unique',
      'sparse',
      'partialFilterExpression',
      'expireAfterSeconds',
      'collation',
      'weights',
      'default_language',
      '2dsphereIndexVersion',
      'hidden',
    ]) {
      if (s[k] !== undefined && s[k] !== false) o[k] = s[k];
    }
    return keyOf(o);
  };
  return norm(a) === norm(b);
}
