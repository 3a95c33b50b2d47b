/**
 * Names of databases and collections, and `_id` values, checked with mongod's codes.
 */
import { isPlainObject } from '../bson/values.js';
import { mongoError } from '../errors.js';

export function validateDbName(name: string): void {
  if (!name || /[/\\. "$\0]/.test(name) || name.length > 63)
    throw mongoError(73, `Invalid database name: '${name}'`);
}

export function validateCollName(db: string, name: unknown): string {
  if (typeof name !== 'string') throw mongoError(73, `collection name has invalid type ${typeof name}`);
  if (!name || name.includes('\0') || name.startsWith('.') || name.includes('$'))
    throw mongoError(73, `Invalid collection name: ${name}`);
  if (db.length + 1 + name.length > 255)
    throw mongoError(73, `Fully qualified namespace is too long. Namespace: ${db}.${name}`);
  return name;
}

export function validateId(id: unknown): void {
  if (Array.isArray(id)) throw mongoError(53, "The '_id' value cannot be of type array");
  if (id instanceof RegExp) throw mongoError(53, "The '_id' value cannot be of type regex");
  if (id === undefined) throw mongoError(53, "The '_id' value cannot be undefined");
  if (isPlainObject(id)) {
    const bad = firstDollarKey(id);
    if (bad)
      throw mongoError(
        52,
        `_id fields may not contain '$'-prefixed fields: ${bad} is not valid for storage.`,
      );
  }
}

function firstDollarKey(v: unknown): string | undefined {
  if (Array.isArray(v)) {
    for (const e of v) {
      const k = firstDollarKey(e);
      if (k) return k;
    }
    return undefined;
  }
  if (!isPlainObject(v)) return undefined;
  for (const [k, x] of Object.entries(v)) {
    if (k.startsWith('$')) return k;
    const inner = firstDollarKey(x);
    if (inner) return inner;
  }
  return undefined;
}
