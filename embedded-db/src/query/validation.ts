/**
 * Document validation: a collection's `validator` (query operators and `$jsonSchema`) with `validationLevel`
 * (`strict`, `moderate`, `off`) and `validationAction` (`error`, `warn`), set by `create` and `collMod`, checked
 * on every insert and update like mongod (DocumentValidationFailure, 121). `bypassDocumentValidation` skips it.
 */
import { mongoError } from '../errors.js';
import { checkPattern, scanQuery } from './limits.js';
import { Query } from './query.js';
import { docTypes, type TypeMap } from '../bson/types.js';
import { isPlainObject, type Doc } from '../bson/values.js';

/** Checks the validation options of `create`/`collMod`; returns the ones to store. */
export function validationOptions(b: Doc): Doc {
  const out: Doc = {};
  if (b.validator !== undefined) {
    if (!isPlainObject(b.validator)) throw mongoError(14, "'validator' must be an object");
    for (const k of Object.keys(b.validator))
      if (['$where', '$near', '$nearSphere', '$text', '$geoNear'].includes(k))
        throw mongoError(72, `${k} is not allowed in collection validators`);
    // evaluated on every write, outside any time limit: patterns that can backtrack catastrophically are refused
    for (const p of scanQuery([b.validator]).patterns) checkPattern(p.source, p.flags);
    new Query(b.validator); // parse errors now, not on the first write
    out.validator = b.validator;
  }
  if (b.validationLevel !== undefined) {
    if (!['off', 'strict', 'moderate'].includes(String(b.validationLevel)))
      throw mongoError(
        2,
        `Enumeration value '${String(b.validationLevel)}' for field 'validationLevel' is not a valid value.`,
      );
    out.validationLevel = b.validationLevel;
  }
  if (b.validationAction !== undefined) {
    if (!['error', 'warn'].includes(String(b.validationAction)))
      throw mongoError(
        2,
        `Enumeration value '${String(b.validationAction)}' for field 'validationAction' is not a valid value.`,
      );
    out.validationAction = b.validationAction;
  }
  return out;
}

const compiled = new WeakMap<object, Query>();

/**
 * Throws DocumentValidationFailure (121) when `doc` fails the collection's validator. `old` is the document before
 * an update (with `validationLevel: moderate`, documents that were already invalid may stay invalid).
 */
export function validateDocument(
  options: Doc,
  doc: Doc,
  old: Doc | undefined,
  bypass: boolean,
  types?: TypeMap,
): void {
  const validator = options.validator;
  if (bypass || !isPlainObject(validator) || Object.keys(validator).length === 0) return;
  // the exact numeric types of the new document decide `$type`/`bsonType` (an integral double is no int)
  if (types && !docTypes.has(doc)) docTypes.set(doc, types);
  const level = options.validationLevel ?? 'strict';
  if (level === 'off') return;
  if (options.validationAction === 'warn') return;
  let q = compiled.get(validator);
  if (!q) {
    q = new Query(validator);
    compiled.set(validator, q);
  }
  if (q.test(doc)) return;
  if (level === 'moderate' && old !== undefined && !q.test(old)) return;
  throw mongoError(121, 'Document failed validation', {
    errInfo: { failingDocumentId: doc._id, details: { operatorName: Object.keys(validator)[0] ?? '$and' } },
  });
}
