/**
 * MongoDB's `$jsonSchema`: JSON Schema draft 4 (without `$ref`, `format`, `default`, …) plus `bsonType`, as a
 * query operator (filters and collection validators). mingo only evaluates it through a validator the caller
 * plugs in, so it is implemented here.
 */
import { bsonTypeName } from './compare.js';
import { mongoError } from '../errors.js';
import { checkPattern } from './limits.js';
import { docTypes } from '../bson/types.js';
import { isPlainObject, keyOf, type Doc } from '../bson/values.js';

const JSON_TYPES: Record<string, (t: string, v: unknown) => boolean> = {
  object: (t) => t === 'object',
  array: (t) => t === 'array',
  string: (t) => t === 'string',
  boolean: (t) => t === 'bool',
  null: (t) => t === 'null',
  number: (t) => t === 'int' || t === 'long' || t === 'double' || t === 'decimal',
  integer: (t) => t === 'int' || t === 'long',
};

function typeMatches(name: string, want: unknown, v: unknown, json: boolean): boolean {
  const list = Array.isArray(want) ? want : [want];
  return list.some((w) => {
    if (json) return JSON_TYPES[String(w)]?.(name, v) ?? false;
    if (w === 'number') return ['int', 'long', 'double', 'decimal'].includes(name);
    return w === name;
  });
}

function num(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  const t = (v as { _bsontype?: string } | null)?._bsontype;
  if (t === 'Decimal128' || t === 'Long' || t === 'Int32' || t === 'Double') return Number(String(v));
  return undefined;
}

/** Whether `v` satisfies a MongoDB `$jsonSchema` (draft 4 subset plus `bsonType`). `path` finds recorded types. */
export function matchesSchema(v: unknown, schema: unknown, root?: Doc, path = ''): boolean {
  if (!isPlainObject(schema)) return true;
  const recorded = root && path ? docTypes.get(root)?.get(path) : undefined;
  const tname = bsonTypeName(v, recorded);
  if (schema.bsonType !== undefined && !typeMatches(tname, schema.bsonType, v, false)) return false;
  if (schema.type !== undefined && !typeMatches(tname, schema.type, v, true)) return false;
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => keyOf(e) === keyOf(v))) return false;
  const n = num(v);
  if (n !== undefined) {
    if (
      typeof schema.minimum === 'number' &&
      (schema.exclusiveMinimum === true ? n <= schema.minimum : n < schema.minimum)
    )
      return false;
    if (
      typeof schema.maximum === 'number' &&
      (schema.exclusiveMaximum === true ? n >= schema.maximum : n > schema.maximum)
    )
      return false;
    if (typeof schema.multipleOf === 'number' && n % schema.multipleOf !== 0) return false;
  }
  if (typeof v === 'string') {
    const len = [...v].length;
    if (typeof schema.minLength === 'number' && len < schema.minLength) return false;
    if (typeof schema.maxLength === 'number' && len > schema.maxLength) return false;
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(v)) return false;
  }
  if (Array.isArray(v)) {
    if (typeof schema.minItems === 'number' && v.length < schema.minItems) return false;
    if (typeof schema.maxItems === 'number' && v.length > schema.maxItems) return false;
    if (schema.uniqueItems === true && new Set(v.map(keyOf)).size !== v.length) return false;
    if (
      isPlainObject(schema.items) &&
      !v.every((e, i) => matchesSchema(e, schema.items, root, `${path}.${i}`))
    )
      return false;
    if (Array.isArray(schema.items)) {
      const items = schema.items;
      if (!items.every((s, i) => i >= v.length || matchesSchema(v[i], s, root, `${path}.${i}`))) return false;
      if (schema.additionalItems === false && v.length > items.length) return false;
      if (
        isPlainObject(schema.additionalItems) &&
        !v.slice(items.length).every((e) => matchesSchema(e, schema.additionalItems))
      )
        return false;
    }
  }
  if (isPlainObject(v) && tname === 'object') {
    const keys = Object.keys(v);
    if (
      Array.isArray(schema.required) &&
      !schema.required.every((k) => Object.prototype.hasOwnProperty.call(v, String(k)))
    )
      return false;
    if (typeof schema.minProperties === 'number' && keys.length < schema.minProperties) return false;
    if (typeof schema.maxProperties === 'number' && keys.length > schema.maxProperties) return false;
    const props = isPlainObject(schema.properties) ? schema.properties : {};
    const patterns = isPlainObject(schema.patternProperties) ? Object.entries(schema.patternProperties) : [];
    for (const k of keys) {
      const sub = path ? `${path}.${k}` : k;
      let covered = false;
      if (Object.prototype.hasOwnProperty.call(props, k)) {
        covered = true;
        if (!matchesSchema(v[k], props[k], root, sub)) return false;
      }
      for (const [re, s] of patterns)
        if (new RegExp(re, 'u').test(k)) {
          covered = true;
          if (!matchesSchema(v[k], s, root, sub)) return false;
        }
      if (!covered) {
        if (schema.additionalProperties === false) return false;
        if (
          isPlainObject(schema.additionalProperties) &&
          !matchesSchema(v[k], schema.additionalProperties, root, sub)
        )
          return false;
      }
    }
    if (isPlainObject(schema.dependencies))
      for (const [k, dep] of Object.entries(schema.dependencies)) {
        if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
        if (Array.isArray(dep) && !dep.every((d) => Object.prototype.hasOwnProperty.call(v, String(d))))
          return false;
        if (isPlainObject(dep) && !matchesSchema(v, dep, root, path)) return false;
      }
  }
  if (Array.isArray(schema.allOf) && !schema.allOf.every((s) => matchesSchema(v, s, root, path)))
    return false;
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some((s) => matchesSchema(v, s, root, path))) return false;
  if (Array.isArray(schema.oneOf) && schema.oneOf.filter((s) => matchesSchema(v, s, root, path)).length !== 1)
    return false;
  if (isPlainObject(schema.not) && matchesSchema(v, schema.not, root, path)) return false;
  return true;
}

const SCHEMA_KEYWORDS = new Set([
  'bsonType',
  'type',
  'enum',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'items',
  'additionalItems',
  'required',
  'minProperties',
  'maxProperties',
  'properties',
  'patternProperties',
  'additionalProperties',
  'dependencies',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'title',
  'description',
]);

/** Refuses keywords mongod does not support in `$jsonSchema` (`$ref`, `format`, `default`, …). */
export function checkSchema(schema: unknown): void {
  if (!isPlainObject(schema)) throw mongoError(14, '$jsonSchema must be an object');
  for (const [k, v] of Object.entries(schema)) {
    if (!SCHEMA_KEYWORDS.has(k)) throw mongoError(9, `$jsonSchema keyword '${k}' is not currently supported`);
    // patterns run on every validated write: catastrophic backtracking is refused like in queries
    if (k === 'pattern' && typeof v === 'string') checkPattern(v, 'u');
    if (k === 'patternProperties' && isPlainObject(v)) for (const re of Object.keys(v)) checkPattern(re, 'u');
    if (k === 'properties' || k === 'patternProperties' || k === 'dependencies') {
      if (isPlainObject(v)) for (const s of Object.values(v)) if (isPlainObject(s)) checkSchema(s);
    } else if (k === 'items' || k === 'additionalItems' || k === 'additionalProperties' || k === 'not') {
      if (isPlainObject(v)) checkSchema(v);
      else if (Array.isArray(v)) v.forEach(checkSchema);
    } else if (k === 'allOf' || k === 'anyOf' || k === 'oneOf') {
      if (Array.isArray(v)) v.forEach(checkSchema);
    }
  }
}

/** `$jsonSchema` as a query operator (top level of a filter or a validator). */
export const $jsonSchema = (_selector: string, schema: unknown) => {
  checkSchema(schema);
  return (obj: Doc) => matchesSchema(obj, schema, obj);
};
