/**
 * Updates of one document: update operators (simple ones applied directly, the rest by mingo's updater with
 * mongod's checks around it), replacements and pipeline updates; and the base document of an upsert.
 */
import { Aggregator } from 'mingo/aggregator';
import { update as mingoUpdate } from 'mingo/updater';
import { docTypes, dropTypes, pruneTypes, type TypeMap } from '../bson/types.js';
import {
  cloneDoc,
  type Doc,
  formatValue,
  getPath,
  holdsProtoField,
  idFirst,
  isPlainObject,
  keyOf,
  protoDocs,
} from '../bson/values.js';
import { mongoError, MongoServerError } from '../errors.js';
import { validateFilter } from '../query/filter.js';
import { AGGREGATION_CONTEXT, MINGO_OPTIONS } from '../query/mingo.js';
import { checkPipeline, checkUpdatePaths, setPath } from '../query/paths.js';
import { applyPulls, applySimpleUpdate, prepareUpdate } from '../query/update-ops.js';
import { applyOwnFieldOps, refuseReshaping, takeOwnFieldOps } from '../query/own-fields.js';
import { validateId } from './checks.js';

/** Applies an update (operators, replacement or pipeline) to one document; returns the new document. */
export function applyUpdate(
  old: Doc,
  u: Doc | Doc[],
  uTypes: TypeMap | undefined,
  opts: { query: Doc; arrayFilters?: Doc[]; upsert?: boolean; variables?: Doc },
): { doc: Doc; types: TypeMap | undefined; changed: boolean } {
  const oldTypes = docTypes.get(old);
  if (opts.arrayFilters) for (const f of opts.arrayFilters) validateFilter(f);
  if (Array.isArray(u)) {
    checkPipeline(u, validateFilter);
    for (const stage of u) {
      const op = isPlainObject(stage) ? Object.keys(stage)[0] : undefined;
      if (!op || !PIPELINE_UPDATE_STAGES.has(op) || Object.keys(stage).length !== 1)
        throw mongoError(
          ErrorCodes.InvalidOptions,
          `${op ?? 'stage'} is not allowed to be used within an update`,
        );
    }
    refuseReshaping([old], 'update with a pipeline');
    let doc: Doc;
    try {
      const agg = new Aggregator(u, {
        ...MINGO_OPTIONS,
        context: AGGREGATION_CONTEXT,
        processingMode: 0,
        ...(opts.variables ? { variables: opts.variables } : {}),
      });
      // the clone carries the stored types: the stages type what they compute from them (query/expr-types.ts)
      const input = cloneDoc(old);
      if (oldTypes) docTypes.set(input, oldTypes);
      doc = (agg.run([input]) as Doc[])[0] as Doc;
    } catch (e) {
      throw updateError(e);
    }
    if (!isPlainObject(doc)) throw mongoError(2, 'pipeline update must produce a document');
    if (doc._id === undefined && old._id !== undefined) doc._id = old._id;
    checkIdUnchanged(old, doc, opts.upsert);
    const fixed = idFirst(doc);
    return {
      doc: fixed,
      types: pipelineTypes(doc, fixed, old, oldTypes),
      changed: keyOf(fixed) !== keyOf(old),
    };
  }
  const keys = Object.keys(u);
  const isOps = keys.length > 0 && keys.every((k) => k.startsWith('$'));
  if (!isOps) {
    const bad = keys.find((k) => k.startsWith('$'));
    if (bad)
      throw mongoError(
        52,
        `The dollar ($) prefixed field '${bad}' in '${bad}' is not allowed in the context of an update's replacement document. Consider using an aggregation pipeline with $replaceWith.`,
      );
    const doc: Doc = { _id: old._id, ...u };
    if (old._id === undefined) delete doc._id;
    else if (u._id !== undefined && keyOf(u._id) !== keyOf(old._id))
      throw mongoError(
        66,
        `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${formatValue(u._id)}`,
      );
    if (u._id !== undefined) doc._id = u._id;
    return { doc: idFirst(doc), types: uTypes, changed: keyOf(doc) !== keyOf(old) };
  }
  const ops: Doc = {};
  for (const k of keys) {
    if (!UPDATE_OPERATORS.has(k))
      throw mongoError(
        9,
        `Unknown modifier: ${k}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    const spec = u[k];
    if (!isPlainObject(spec))
      throw mongoError(
        9,
        `Modifiers operate on fields but we found type ${typeName(spec)} instead. For example: {$mod: {<field>: ...}} not {${k}: ${formatValue(spec)}}`,
      );
    checkUpdatePaths(k, spec);
    if (k === '$setOnInsert') {
      if (!opts.upsert) continue;
      ops.$set = { ...((ops.$set as Doc) ?? {}), ...spec };
      continue;
    }
    if (k === '$set') {
      ops.$set = { ...((ops.$set as Doc) ?? {}), ...spec };
      continue;
    }
    if (Object.keys(spec).length) ops[k] = spec;
  }
  checkConflicts(ops);
  checkArithmetic(old, ops);
  // fields named __proto__/constructor/prototype are written here, as own properties (own-fields.ts)
  const { rest, own } = takeOwnFieldOps(ops);
  // positional paths resolved, $pull and _id taken out, paths checked (update-ops.ts)
  const prepared = prepareUpdate(old, rest, opts);
  const doc = cloneDoc(old);
  let fields: string[] = [];
  if (Object.keys(prepared.ops).length) {
    const simple = applySimpleUpdate(doc, prepared.ops);
    if (simple) fields = simple;
    else
      try {
        fields = mingoUpdate(doc, prepared.ops as never, undefined, undefined, {
          cloneMode: 'deep',
          queryOptions: MINGO_OPTIONS,
        });
      } catch (e) {
        throw updateError(e);
      }
  }
  fields.push(...applyPulls(doc, prepared.pulls));
  if (own) fields.push(...applyOwnFieldOps(doc, own));
  if (prepared.setId !== undefined) {
    validateId(prepared.setId);
    doc._id = prepared.setId;
  }
  checkIdUnchanged(old, doc, opts.upsert);
  let types = dropTypes(oldTypes, fields);
  if (uTypes) {
    for (const [p, t] of uTypes) {
      const m = /^\$(set|setOnInsert|inc|mul|min|max)\.(.+)$/.exec(p);
      if (!m || !m[2] || m[2].includes('$')) continue;
      if (m[1] === 'setOnInsert' && !opts.upsert) continue;
      types ??= new Map();
      types.set(m[2], t);
    }
  }
  if (oldTypes) {
    // arithmetic keeps the stored type (long + int stays long)
    for (const op of ['$inc', '$mul', '$min', '$max']) {
      const spec = ops[op] as Doc | undefined;
      if (!spec) continue;
      for (const p of Object.keys(spec)) {
        const t = oldTypes.get(p);
        if (t && !types?.has(p)) (types ??= new Map()).set(p, t);
      }
    }
  }
  const out = idFirst(doc);
  if ((own || protoDocs.has(old)) && holdsProtoField(out)) protoDocs.add(out);
  return { doc: out, types: pruneTypes(out, types), changed: fields.length > 0 };
}

const ErrorCodes = { InvalidOptions: 72 } as const;

const PIPELINE_UPDATE_STAGES = new Set([
  '$addFields',
  '$set',
  '$project',
  '$unset',
  '$replaceRoot',
  '$replaceWith',
]);

const UPDATE_OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$rename',
  '$push',
  '$pull',
  '$pullAll',
  '$addToSet',
  '$pop',
  '$currentDate',
  '$bit',
  '$setOnInsert',
]);

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'double';
  if (typeof v === 'boolean') return 'bool';
  return typeof v;
}

function checkConflicts(ops: Doc): void {
  const paths: string[] = [];
  for (const [op, spec] of Object.entries(ops)) {
    for (const p of Object.keys(spec as Doc)) {
      paths.push(p);
      if (op === '$rename') paths.push(String((spec as Doc)[p]));
    }
  }
  for (let i = 0; i < paths.length; i++) {
    for (let j = i + 1; j < paths.length; j++) {
      const a = paths[i] as string;
      const b = paths[j] as string;
      if (a === b || a.startsWith(b + '.') || b.startsWith(a + '.'))
        throw mongoError(
          40,
          `Updating the path '${b}' would create a conflict at '${a.length < b.length ? a : b}'`,
        );
    }
  }
  for (const p of paths) {
    if (p === '') throw mongoError(56, 'An empty update path is not valid.');
    if (p.split('.').some((s) => s === ''))
      throw mongoError(56, `The update path '${p}' contains an empty field name, which is not allowed.`);
  }
}

function isNumeric(v: unknown): boolean {
  if (typeof v === 'number') return true;
  const t = (v as { _bsontype?: string } | null)?._bsontype;
  return t === 'Long' || t === 'Decimal128' || t === 'Int32' || t === 'Double';
}

/** mingo silently skips $inc/$mul on non-numbers; mongod fails with TypeMismatch. */
function checkArithmetic(old: Doc, ops: Doc): void {
  for (const [op, verb] of [
    ['$inc', 'increment'],
    ['$mul', 'multiply'],
  ] as const) {
    const spec = ops[op] as Doc | undefined;
    if (!spec) continue;
    for (const [path, arg] of Object.entries(spec)) {
      if (!isNumeric(arg))
        throw mongoError(14, `Cannot ${verb} with non-numeric argument: {${path}: ${formatValue(arg)}}`);
      if (path.includes('$')) continue;
      const current = getPath(old, path);
      if (current !== undefined && !isNumeric(current)) {
        const field = path.split('.').pop() as string;
        throw mongoError(
          14,
          `Cannot apply ${op} to a value of non-numeric type. {_id: ${formatValue(old._id)}} has the field '${field}' of non-numeric type ${typeName(current)}`,
        );
      }
    }
  }
}

function updateError(e: unknown): MongoServerError {
  if (e instanceof MongoServerError) return e;
  const msg = e instanceof Error ? e.message : String(e);
  if (/immutable field/i.test(msg)) return mongoError(66, msg.replace(/\.$/, ''));
  if (/numeric|number/i.test(msg)) return mongoError(14, msg);
  return mongoError(2, msg);
}

function checkIdUnchanged(old: Doc, doc: Doc, upsert: boolean | undefined): void {
  if (upsert && old._id === undefined) return;
  if (keyOf(doc._id) !== keyOf(old._id))
    throw mongoError(66, "Performing an update on the path '_id' would modify the immutable field '_id'");
}

/** Builds the base document of an upsert from the equality conditions of its query. */
export function upsertBase(query: Doc): Doc {
  const doc: Doc = {};
  const visit = (q: Doc) => {
    for (const [k, v] of Object.entries(q)) {
      if (k === '$and' && Array.isArray(v)) {
        for (const sub of v) if (isPlainObject(sub)) visit(sub);
        continue;
      }
      if (k.startsWith('$')) continue;
      if (isPlainObject(v) && Object.keys(v).some((x) => x.startsWith('$'))) {
        if ('$eq' in v && Object.keys(v).length === 1) setPath(doc, k, cloneDoc(v.$eq));
        continue;
      }
      setPath(doc, k, cloneDoc(v));
    }
  };
  visit(query);
  return doc;
}

/**
 * Types of a pipeline update's result: those the stages computed, else the stored ones of numbers that are
 * still the same value at the same path (stages mingo runs internally, like `$unset`, carry no types).
 */
function pipelineTypes(out: Doc, fixed: Doc, old: Doc, oldTypes: TypeMap | undefined): TypeMap | undefined {
  const computed = docTypes.get(out);
  if (computed) return pruneTypes(fixed, computed);
  if (!oldTypes) return undefined;
  const kept: TypeMap = new Map();
  for (const [p, t] of oldTypes) {
    const v = getPath(fixed, p);
    if (typeof v === 'number' && Object.is(v, getPath(old, p))) kept.set(p, t);
  }
  return kept.size ? kept : undefined;
}
