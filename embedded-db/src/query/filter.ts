/**
 * The query operators mongod knows: unknown ones are refused the way mongod refuses them (mingo would take some
 * for field names), and the ones the embedded server does not offer answer BadValue.
 */
import { type Doc, isPlainObject } from '../bson/values.js';
import { mongoError } from '../errors.js';
import { checkExpression, checkPath } from './paths.js';
import { checkSchema } from './schema.js';

const TOP_LEVEL_OPERATORS = new Set([
  '$and',
  '$or',
  '$nor',
  '$expr',
  '$comment',
  '$where',
  '$jsonSchema',
  '$text',
  '$sampleRate',
  '$alwaysTrue',
  '$alwaysFalse',
]);
const FIELD_OPERATORS = new Set([
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$nin',
  '$not',
  '$exists',
  '$type',
  '$mod',
  '$regex',
  '$options',
  '$all',
  '$elemMatch',
  '$size',
  '$bitsAllSet',
  '$bitsAnySet',
  '$bitsAllClear',
  '$bitsAnyClear',
  '$geoWithin',
  '$geoIntersects',
  '$near',
  '$nearSphere',
  '$within',
  '$jsonSchema',
]);

/** Rejects unknown query operators the way mongod does (mingo would silently treat some as field names). */
export function validateFilter(filter: unknown, depth = 0): void {
  if (!isPlainObject(filter)) throw mongoError(2, 'query filter must be an object');
  if (depth > 100) throw mongoError(2, 'exceeded maximum query tree depth of 100');
  for (const [k, v] of Object.entries(filter)) {
    if (k.startsWith('$')) {
      if (!TOP_LEVEL_OPERATORS.has(k))
        throw mongoError(
          2,
          `unknown top level operator: ${k}. If you have a field name that starts with a '$' symbol, consider using $getField or $setField.`,
        );
      if (k === '$and' || k === '$or' || k === '$nor') {
        if (!Array.isArray(v) || v.length === 0) throw mongoError(2, `${k} must be a nonempty array`);
        for (const sub of v) {
          if (!isPlainObject(sub)) throw mongoError(2, `${k}/$and/$or entries need to be full objects`);
          validateFilter(sub, depth + 1);
        }
      } else if (k === '$where' || k === '$text') {
        throw mongoError(2, `${k} is not supported by the embedded server`);
      } else if (k === '$jsonSchema') {
        checkSchema(v);
      } else if (k === '$expr') {
        checkExpression(v);
      }
      continue;
    }
    checkPath(k);
    if (isPlainObject(v)) {
      const keys = Object.keys(v);
      if (keys.length && (keys[0] as string).startsWith('$')) {
        for (const op of keys) {
          if (!FIELD_OPERATORS.has(op)) throw mongoError(2, `unknown operator: ${op}`);
          const arg = v[op];
          if ((op === '$in' || op === '$nin' || op === '$all') && !Array.isArray(arg))
            throw mongoError(2, `${op} needs an array`);
          if (op === '$not' && !isPlainObject(arg) && !(arg instanceof RegExp))
            throw mongoError(2, '$not needs a regex or a document');
          if (op === '$not' && isPlainObject(arg)) validateFilter({ [k]: arg }, depth + 1);
          if (op === '$elemMatch' && !isPlainObject(arg)) throw mongoError(2, '$elemMatch needs an Object');
          // {$elemMatch: {field: …}} matches documents in the array: its keys are paths too
          if (op === '$elemMatch' && !Object.keys(arg as Doc).some((x) => FIELD_OPERATORS.has(x)))
            validateFilter(arg, depth + 1);
          if (
            op === '$near' ||
            op === '$nearSphere' ||
            op === '$geoWithin' ||
            op === '$geoIntersects' ||
            op === '$within' ||
            op === '$jsonSchema'
          )
            throw mongoError(2, `${op} is not supported by the embedded server`);
        }
      }
    }
  }
}
