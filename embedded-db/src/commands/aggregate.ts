/**
 * aggregate (with $out and $merge, views, `aggregate: 1` with $documents or $listLocalSessions), count and
 * distinct.
 */
import { calculateObjectSize, ObjectId } from 'bson';
import { applyTypes, docTypes } from '../bson/types.js';
import { type Doc, getPath, idFirst, isPlainObject } from '../bson/values.js';
import { mongoError, toServerError } from '../errors.js';
import { makeCollator } from '../query/compare.js';
import { AGGREGATION_CONTEXT, commandOptions, MINGO_OPTIONS } from '../query/mingo.js';
import { checkPath } from '../query/paths.js';
import { validateDocument } from '../query/validation.js';
import { isView, mergeOne, type MergeSpec, parseMerge, resolveView, viewWriteError } from '../query/views.js';
import { validateCollName } from '../engine/checks.js';
import type { Collection, IndexSpec, IndexUsage } from '../storage/collection.js';
import { MAX_BSON_OBJECT_SIZE } from '../protocol/wire.js';
import type { CommandContext, Handlers } from './context.js';
import { distinctValues, normalizeOutput, numberOpt } from './helpers.js';

export function aggregateCommands(ctx: CommandContext): Handlers {
  return {
    count: (b, db) => count(ctx, b, db),
    distinct: (b, db) => distinct(ctx, b, db),
    aggregate: (b, db) => aggregate(ctx, b, db),
  };
}

function aggregate(ctx: CommandContext, b: Doc, db: string): Doc {
  const target = b.aggregate;
  const pipeline = b.pipeline;
  if (!Array.isArray(pipeline)) throw mongoError(14, "'pipeline' option must be specified as an array");
  if (b.explain)
    return { explainVersion: '1', stages: [], queryPlanner: { namespace: `${db}.${String(target)}` } };
  if (!isPlainObject(b.cursor))
    throw mongoError(9, "The 'cursor' option is required, except for aggregate with the explain argument");
  const batchSize = numberOpt(b.cursor.batchSize, 'batchSize');
  let name: string | undefined;
  if (target === 1) name = undefined;
  else name = validateCollName(db, target);
  let stages = pipeline as Doc[];
  let out: { db: string; coll: string } | undefined;
  let merge: MergeSpec | undefined;
  for (let i = 0; i < stages.length; i++) {
    const s = stages[i] as Doc;
    if (!isPlainObject(s) || Object.keys(s).length !== 1)
      throw mongoError(40323, 'A pipeline stage specification object must contain exactly one field.');
    const op = Object.keys(s)[0] as string;
    if (op === '$out') {
      if (i !== stages.length - 1)
        throw mongoError(40601, '$out can only be the final stage in the pipeline');
      const spec = s.$out;
      out =
        typeof spec === 'string'
          ? { db, coll: spec }
          : { db: String((spec as Doc).db ?? db), coll: String((spec as Doc).coll) };
    } else if (['$geoNear', '$search', '$searchMeta', '$vectorSearch'].includes(op)) {
      throw mongoError(2, `${op} is not supported by the embedded server`);
    } else if (op === '$merge') {
      if (i !== stages.length - 1)
        throw mongoError(40601, '$merge can only be the final stage in the pipeline');
      merge = parseMerge(s.$merge, db);
    } else if (op === '$changeStream')
      throw mongoError(40573, 'The $changeStream stage is only supported on replica sets');
    else if (op === '$indexStats' && i > 0)
      throw mongoError(40602, '$indexStats is only valid as the first stage in a pipeline');
  }
  if (out || merge) stages = stages.slice(0, -1);
  // a view: its pipeline runs first, on the collection it is defined on
  const view = name ? resolveView(ctx.engine, db, name) : undefined;
  if (view) stages = [...view.pipeline, ...stages];
  const coll = name ? ctx.engine.getCollection(db, view ? view.source : name) : undefined;
  const extra = commandOptions(name ? ctx.collationFor(db, name, b.collation) : b.collation, b.let);
  let input: Doc[] | undefined;
  const first = stages[0] as Doc | undefined;
  if (target === 1) {
    if (first && '$listLocalSessions' in first) {
      input = ctx.sessions.local();
      stages = stages.slice(1);
    } else if (!(first && '$documents' in first)) {
      const op = first ? Object.keys(first)[0] : '$match';
      throw mongoError(73, `{aggregate: 1} is not valid for '${op}'; a collection is required.`);
    }
  } else if (first && '$listLocalSessions' in first) {
    throw mongoError(50889, '$listLocalSessions must be run against the database with {aggregate: 1}');
  } else if (first && '$indexStats' in first) {
    if (view) throw mongoError(166, `Namespace ${db}.${String(name)} is a view, not a collection`);
    input = indexStats(ctx, coll, first.$indexStats);
    stages = stages.slice(1);
  }
  let docs: Doc[];
  const run = stages;
  // a view's own pipeline is not in the command body, so its risky expressions would go unseen: never cheap
  const cheap = !input && !!name && !view && ctx.cheapPipeline(db, coll, run, !extra);
  try {
    docs = ctx.bounded(() => ctx.engine.aggregate(db, coll, run, input, extra), cheap);
  } catch (e) {
    throw toServerError(e);
  }
  if (out) {
    validateCollName(out.db, out.coll);
    const existing = ctx.engine.getCollection(out.db, out.coll);
    const specs = existing ? existing.indexes.map((i) => i.spec) : [];
    if (existing) ctx.engine.dropCollection(out.db, out.coll);
    const dst = ctx.engine.createCollection(out.db, out.coll, existing ? { ...existing.options } : {});
    for (const s of specs) ctx.engine.createIndex(dst, s);
    // each document keeps the numeric types the pipeline gave it (an int64 stays an int64)
    for (const d of docs) ctx.engine.insert(dst, normalizeOutput(d), docTypes.get(d));
    return ctx.cursors.reply(`${db}.${String(name)}`, [], batchSize, false);
  }
  if (merge) {
    runMerge(ctx, merge, docs, b.bypassDocumentValidation === true);
    return ctx.cursors.reply(`${db}.${String(name)}`, [], batchSize, false);
  }
  const typed = docs.map((d) => applyTypes(d, docTypes.get(d)));
  return ctx.cursors.reply(`${db}.${name ?? '$cmd.aggregate'}`, typed, batchSize, false);
}

/**
 * `$indexStats`: per index its name, key, spec, the host, and `accesses` — operations that used it (finds,
 * counts, updates, deletes, aggregations' leading `$match`) since the server started or the index was created.
 * Kept in memory, like mongod's.
 */
function indexStats(ctx: CommandContext, coll: Collection | undefined, spec: unknown): Doc[] {
  if (!isPlainObject(spec) || Object.keys(spec).length > 0)
    throw mongoError(28803, 'The $indexStats stage specification must be an empty object');
  if (!coll) return [];
  const host = `${ctx.info.host}:${ctx.info.port()}`;
  const entry = (spec: IndexSpec, usage: IndexUsage): Doc => {
    const doc: Doc = {
      name: spec.name,
      key: spec.key,
      host,
      accesses: { ops: usage.ops, since: usage.since },
      spec: { ...spec },
    };
    docTypes.set(doc, new Map([['accesses.ops', 'long']])); // an int64, like mongod's
    return doc;
  };
  return [entry(coll.idIndexSpec(), coll.idUsage), ...coll.indexes.map((i) => entry(i.spec, i.usage))];
}

function count(ctx: CommandContext, b: Doc, db: string): Doc {
  const name = validateCollName(db, b.count);
  const q = (b.query ?? {}) as Doc;
  if (!isPlainObject(q))
    throw mongoError(14, "BSON field 'count.query' is the wrong type, expected type 'object'");
  const special = countSpecial(ctx, b, db, name, q);
  if (special) return special;
  const coll = ctx.engine.getCollection(db, name);
  const skip = numberOpt(b.skip, 'skip') ?? 0;
  const limit = Math.abs(numberOpt(b.limit, 'limit') ?? 0);
  // with a limit, counting stops once skip + limit documents matched
  const max = limit ? Math.max(skip, 0) + limit : Infinity;
  let n = ctx.bounded(() => ctx.engine.countMatching(coll, q, max), ctx.cheap(coll, q));
  n = Math.max(0, n - skip);
  if (limit) n = Math.min(n, limit);
  return { n };
}

/** count on a view, or with a collation: counted through the equivalent aggregation. Undefined otherwise. */
function countSpecial(ctx: CommandContext, b: Doc, db: string, name: string, q: Doc): Doc | undefined {
  const view = resolveView(ctx.engine, db, name);
  const extra = commandOptions(ctx.collationFor(db, name, b.collation), undefined);
  if (!view && !extra) return undefined;
  const pipeline: Doc[] = [...(view?.pipeline ?? []), { $match: q }];
  const skip = numberOpt(b.skip, 'skip') ?? 0;
  const limit = Math.abs(numberOpt(b.limit, 'limit') ?? 0);
  if (skip) pipeline.push({ $skip: skip });
  if (limit) pipeline.push({ $limit: limit });
  const coll = ctx.engine.getCollection(db, view ? view.source : name);
  const n = ctx.bounded(() => ctx.engine.aggregate(db, coll, pipeline, undefined, extra).length);
  return { n };
}

function distinct(ctx: CommandContext, b: Doc, db: string): Doc {
  const name = validateCollName(db, b.distinct);
  if (typeof b.key !== 'string')
    throw mongoError(14, "BSON field 'distinct.key' is the wrong type, expected type 'string'");
  checkPath(b.key, 'The distinct key');
  const q = (b.query ?? {}) as Doc;
  const view = resolveView(ctx.engine, db, name);
  if (view) {
    // on a view: the view's pipeline, then the query, then the distinct values of the key
    const docs = ctx.bounded(() =>
      ctx.engine.aggregate(
        db,
        ctx.engine.getCollection(db, view.source),
        [...view.pipeline, { $match: q }],
        undefined,
        commandOptions(ctx.collationFor(db, name, b.collation), undefined),
      ),
    );
    return { values: distinctValues(docs, b.key, makeCollator(ctx.collationFor(db, name, b.collation))) };
  }
  const coll = ctx.engine.getCollection(db, name);
  const key = b.key;
  const extra = commandOptions(ctx.collationFor(db, name, b.collation), undefined);
  const values = ctx.bounded(
    () => distinctValues(ctx.matchFor(coll, q, extra), key, makeCollator(extra?.collation)),
    ctx.cheap(coll, q) && !extra,
  );
  // mongod's cap on the one reply document distinct answers with
  if (calculateObjectSize({ values }) > MAX_BSON_OBJECT_SIZE)
    throw mongoError(17217, 'distinct too big, 16mb cap');
  return { values };
}

/** Writes the output of a pipeline ending in `$merge` into its target collection. */
function runMerge(ctx: CommandContext, spec: MergeSpec, docs: Doc[], bypass: boolean): void {
  validateCollName(spec.db, spec.coll);
  if (isView(ctx.engine.getCollection(spec.db, spec.coll))) throw viewWriteError(spec.db, spec.coll);
  const { coll } = ctx.engine.ensureCollection(spec.db, spec.coll);
  const onId = spec.on.length === 1 && spec.on[0] === '_id';
  for (const raw of docs) {
    const doc = raw._id === undefined && onId ? { _id: new ObjectId(), ...raw } : raw;
    const filter: Doc = {};
    for (const f of spec.on) filter[f] = getPath(doc, f) ?? null;
    const existing = ctx.engine.match(coll, filter)[0];
    const action = mergeOne(spec, doc, existing, { ...MINGO_OPTIONS, context: AGGREGATION_CONTEXT });
    if (!action) continue;
    if ('insert' in action) {
      validateDocument(coll.options, action.insert, undefined, bypass);
      ctx.engine.insert(coll, action.insert, docTypes.get(raw));
    } else {
      validateDocument(coll.options, action.replace, action.old, bypass);
      ctx.engine.replace(coll, action.old, idFirst(action.replace), docTypes.get(action.replace));
    }
  }
}
