/**
 * Reads through cursors: find (on a view, or with a collation or `let`, as the equivalent aggregation), getMore,
 * killCursors.
 */
import { Long } from 'bson';
import { applyTypes, docTypes } from '../bson/types.js';
import { type Doc, isPlainObject } from '../bson/values.js';
import { mongoError } from '../errors.js';
import { commandOptions } from '../query/mingo.js';
import type { Plan } from '../query/plan.js';
import { hintOrder } from '../query/planner.js';
import { resolveView } from '../query/views.js';
import { validateCollName } from '../engine/checks.js';
import type { CommandContext, ExplainCapture, Handlers } from './context.js';
import { numberOpt } from './helpers.js';

export function findCommands(ctx: CommandContext): Handlers {
  return {
    find: (b, db) => find(ctx, b, db),
    getMore: (b, db) => getMore(ctx, b, db),
    killCursors: (b, db) => killCursors(ctx, b, db),
  };
}

export function find(ctx: CommandContext, b: Doc, db: string, explained?: ExplainCapture): Doc {
  const name = validateCollName(db, b.find);
  const filter = b.filter ?? {};
  if (!isPlainObject(filter))
    throw mongoError(14, "BSON field 'FindCommandRequest.filter' is the wrong type, expected type 'object'");
  const skip = numberOpt(b.skip, 'skip') ?? 0;
  let limit = numberOpt(b.limit, 'limit');
  let singleBatch = b.singleBatch === true;
  if (limit !== undefined && limit < 0) {
    limit = -limit;
    singleBatch = true;
  }
  const batchSize = numberOpt(b.batchSize, 'batchSize');
  if (b.tailable)
    throw mongoError(2, 'error processing query: tailable cursor requested on non capped collection');
  const special = findSpecial(ctx, b, db, name, filter, { skip, limit, batchSize, singleBatch });
  if (special) return special;
  const coll = ctx.engine.getCollection(db, name);
  const givenSort = isPlainObject(b.sort) && Object.keys(b.sort).length ? b.sort : undefined;
  // a hinted index without a sort answers in the index's order (descending keys included), like mongod
  const sort = givenSort ?? hintOrder(coll, b.hint);
  // explain collects the plan itself; otherwise the time guard's plan is the one the find runs
  const planned: { value?: Plan } = explained?.plan ?? {};
  const docs = ctx.bounded(
    () =>
      ctx.engine.find(coll, {
        filter,
        sort,
        skip,
        limit: limit || undefined,
        projection: isPlainObject(b.projection) ? b.projection : undefined,
        hint: b.hint,
        stats: explained?.stats,
        plan: planned,
        raw: true,
      }),
    ctx.cheap(coll, filter, {
      sort,
      hint: b.hint,
      limit: (skip || 0) + (limit || 0),
      planned: explained ? undefined : planned,
    }),
  );
  if (explained) explained.returned = docs.length;
  return ctx.cursors.reply(`${db}.${name}`, docs, batchSize, singleBatch);
}

/**
 * find on a view, or with a collation or `let` variables: run as the equivalent aggregation (the view's
 * pipeline, then $match, $sort, $skip, $limit, $project), like mongod does for views. Undefined otherwise.
 */
function findSpecial(
  ctx: CommandContext,
  b: Doc,
  db: string,
  name: string,
  filter: Doc,
  o: { skip: number; limit: number | undefined; batchSize: number | undefined; singleBatch: boolean },
): Doc | undefined {
  const view = resolveView(ctx.engine, db, name);
  const extra = commandOptions(ctx.collationFor(db, name, b.collation), b.let);
  if (!view && !extra) return undefined;
  const pipeline: Doc[] = [...(view?.pipeline ?? [])];
  if (Object.keys(filter).length) pipeline.push({ $match: filter });
  if (isPlainObject(b.sort) && Object.keys(b.sort).length) pipeline.push({ $sort: b.sort });
  if (o.skip) pipeline.push({ $skip: o.skip });
  if (o.limit) pipeline.push({ $limit: o.limit });
  if (isPlainObject(b.projection) && Object.keys(b.projection).length)
    pipeline.push({ $project: b.projection });
  const coll = ctx.engine.getCollection(db, view ? view.source : name);
  const docs = ctx.bounded(() => ctx.engine.aggregate(db, coll, pipeline, undefined, extra));
  const typed = docs.map((d) => applyTypes(d, docTypes.get(d)));
  return ctx.cursors.reply(`${db}.${name}`, typed, o.batchSize, o.singleBatch);
}

function getMore(ctx: CommandContext, b: Doc, db: string): Doc {
  const idv = b.getMore;
  const id = typeof idv === 'number' ? idv : Long.isLong(idv) ? (idv as Long).toNumber() : NaN;
  if (!Number.isFinite(id)) throw mongoError(14, "Field 'getMore' must be of type long in: " + String(idv));
  if (typeof b.collection !== 'string') throw mongoError(14, "Field 'collection' must be of type string");
  const cur = ctx.cursors.get(id);
  if (!cur) throw mongoError(43, `cursor id ${id} not found`);
  if (cur.ns !== `${db}.${b.collection}`)
    throw mongoError(
      13,
      `Requested getMore on namespace '${db}.${b.collection}', but cursor belongs to a different namespace ${cur.ns}`,
    );
  const batchSize = numberOpt(b.batchSize, 'batchSize');
  const batch = ctx.cursors.takeBatch(cur, batchSize || Infinity);
  const done = cur.pos >= cur.docs.length;
  if (done) ctx.cursors.delete(id);
  cur.lastUsed = Date.now();
  return { cursor: { nextBatch: batch, id: Long.fromNumber(done ? 0 : id), ns: cur.ns } };
}

function killCursors(ctx: CommandContext, b: Doc, _db: string): Doc {
  const ids = Array.isArray(b.cursors) ? b.cursors : [];
  const killed: Long[] = [];
  const notFound: Long[] = [];
  for (const v of ids) {
    const id = typeof v === 'number' ? v : Long.isLong(v) ? (v as Long).toNumber() : NaN;
    if (ctx.cursors.delete(id)) killed.push(Long.fromNumber(id));
    else notFound.push(Long.fromNumber(Number.isFinite(id) ? id : 0));
  }
  return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [] };
}
