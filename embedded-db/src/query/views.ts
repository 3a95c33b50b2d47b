/**
 * Views (`create` with `viewOn`/`pipeline`) and the `$merge` stage.
 *
 * A view is a catalog entry whose options hold `viewOn` and `pipeline`; reading it runs the view's pipeline
 * (after the pipelines of the views it is defined on) in front of the reader's own pipeline, like mongod.
 * Writing to it answers CommandNotSupportedOnView (166).
 */
import { Aggregator } from 'mingo/aggregator';
import { docTypes } from '../bson/types.js';
import { type Doc, getPath, isPlainObject } from '../bson/values.js';
import { mongoError } from '../errors.js';
import { duplicateKeyError } from '../storage/collection.js';
import { sameValue } from './query.js';

/** The collection/view catalog as far as views need it. */
interface Catalog {
  getCollection(db: string, name: string): { options: Doc } | undefined;
}

export function isView(c: { options: Doc } | undefined): boolean {
  return c !== undefined && typeof c.options.viewOn === 'string';
}

/** The underlying collection of a view and the pipeline to run on it (views on views resolved). */
export function resolveView(
  engine: Catalog,
  db: string,
  name: string,
): { source: string; pipeline: Doc[] } | undefined {
  let c = engine.getCollection(db, name);
  if (!isView(c)) return undefined;
  let pipeline: Doc[] = [];
  let source = name;
  const seen = new Set<string>();
  while (c && isView(c)) {
    if (seen.has(source)) throw mongoError(13, `View cycle detected: ${[...seen].join(' -> ')}`);
    seen.add(source);
    pipeline = [...((c.options.pipeline as Doc[] | undefined) ?? []), ...pipeline];
    source = c.options.viewOn as string;
    c = engine.getCollection(db, source);
  }
  return { source, pipeline };
}

export function viewWriteError(db: string, name: string): Error {
  return mongoError(166, `Namespace ${db}.${name} is a view, not a collection`);
}

/** Validates the options of `create` for a view; returns the catalog options. */
export function viewOptions(b: Doc): Doc {
  if (typeof b.viewOn !== 'string' || b.viewOn === '')
    throw mongoError(2, "'viewOn' must be a non-empty string");
  const pipeline = b.pipeline ?? [];
  if (!Array.isArray(pipeline) || !pipeline.every(isPlainObject))
    throw mongoError(14, "'pipeline' must be an array of objects");
  for (const s of pipeline) {
    const op = Object.keys(s)[0];
    if (op === '$out' || op === '$merge')
      throw mongoError(51047, `${op} cannot be used in a view definition`);
  }
  for (const k of ['capped', 'size', 'max', 'validator', 'validationLevel', 'validationAction', 'timeseries'])
    if (b[k] !== undefined) throw mongoError(72, `Cannot specify '${k}' for a view`);
  const options: Doc = { viewOn: b.viewOn, pipeline };
  if (b.collation !== undefined) options.collation = b.collation;
  return options;
}

// ---- $merge ---------------------------------------------------------------------------------------------

export interface MergeSpec {
  db: string;
  coll: string;
  on: string[];
  whenMatched: 'replace' | 'keepExisting' | 'merge' | 'fail' | Doc[];
  whenNotMatched: 'insert' | 'discard' | 'fail';
  let?: Doc;
}

export function parseMerge(spec: unknown, db: string): MergeSpec {
  if (typeof spec === 'string') spec = { into: spec };
  if (!isPlainObject(spec)) throw mongoError(51182, '$merge only supports a string or object argument');
  const into = spec.into;
  let target: { db: string; coll: string };
  if (typeof into === 'string') target = { db, coll: into };
  else if (isPlainObject(into) && typeof into.coll === 'string')
    target = { db: typeof into.db === 'string' ? into.db : db, coll: into.coll };
  else throw mongoError(51178, "$merge 'into' field  must be either a string or an object");
  const on = spec.on === undefined ? ['_id'] : typeof spec.on === 'string' ? [spec.on] : spec.on;
  if (!Array.isArray(on) || on.length === 0 || !on.every((f) => typeof f === 'string'))
    throw mongoError(51186, "$merge 'on' field  must be either a string or an array of strings");
  const wm = spec.whenMatched ?? 'merge';
  if (!Array.isArray(wm) && !['replace', 'keepExisting', 'merge', 'fail'].includes(String(wm)))
    throw mongoError(2, `Enumeration value '${String(wm)}' for field 'whenMatched' is not a valid value.`);
  const wnm = spec.whenNotMatched ?? 'insert';
  if (!['insert', 'discard', 'fail'].includes(String(wnm)))
    throw mongoError(
      2,
      `Enumeration value '${String(wnm)}' for field 'whenNotMatched' is not a valid value.`,
    );
  if (spec.let !== undefined && !isPlainObject(spec.let))
    throw mongoError(14, "$merge 'let' must be an object");
  return {
    ...target,
    on: on as string[],
    whenMatched: wm as MergeSpec['whenMatched'],
    whenNotMatched: wnm as MergeSpec['whenNotMatched'],
    let: spec.let as Doc | undefined,
  };
}

/** What `$merge` does with one output document, given the matching target document. */
export type MergeAction = { insert: Doc } | { replace: Doc; old: Doc } | undefined;

export function mergeOne(spec: MergeSpec, doc: Doc, existing: Doc | undefined, options: Doc): MergeAction {
  for (const f of spec.on) {
    const v = getPath(doc, f);
    if (Array.isArray(v)) throw mongoError(51185, `$merge write error: 'on' field '${f}' cannot be an array`);
  }
  if (!existing) {
    if (spec.whenNotMatched === 'discard') return undefined;
    if (spec.whenNotMatched === 'fail')
      throw mongoError(
        13113,
        '$merge could not find a matching document in the target collection for at least one document in the source collection',
      );
    return { insert: doc };
  }
  const wm = spec.whenMatched;
  if (wm === 'keepExisting') return undefined;
  if (wm === 'fail') {
    const key: Doc = {};
    for (const f of spec.on) key[f] = 1;
    throw duplicateKeyError(
      `${spec.db}.${spec.coll}`,
      spec.on.length === 1 && spec.on[0] === '_id'
        ? '_id_'
        : Object.keys(key)
            .map((f) => `${f}_1`)
            .join('_'),
      key,
      spec.on,
      spec.on.map((f) => getPath(doc, f)),
    );
  }
  let next: Doc;
  if (wm === 'replace') next = { ...doc, _id: existing._id };
  else if (wm === 'merge') next = { ...existing, ...doc, _id: existing._id };
  else {
    const vars: Doc = { new: doc, ...(spec.let ?? {}) };
    const agg = new Aggregator(wm, { ...options, variables: vars, processingMode: 1 } as never);
    next = (agg.run([existing]) as Doc[])[0] as Doc;
    if (next._id === undefined) next._id = existing._id;
  }
  if (next._id !== undefined && !sameValue(next._id, existing._id))
    throw mongoError(
      66,
      "$merge failed to update the matching document, did you attempt to modify the _id or the shard key? :: caused by :: Performing an update on the path '_id' would modify the immutable field '_id'",
    );
  const types = docTypes.get(doc);
  if (types) docTypes.set(next, types);
  return { replace: next, old: existing };
}
