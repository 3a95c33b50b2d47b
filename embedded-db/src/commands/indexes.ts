/**
 * Indexes: createIndexes, listIndexes, dropIndexes (and its old name deleteIndexes).
 */
import { type Doc, isPlainObject, keyOf } from '../bson/values.js';
import { mongoError } from '../errors.js';
import { validateFilter } from '../query/filter.js';
import { scanQuery } from '../query/limits.js';
import { checkPath } from '../query/paths.js';
import { isView, viewWriteError } from '../query/views.js';
import { validateCollName } from '../engine/checks.js';
import { makeIndexSpec } from '../engine/index-spec.js';
import type { CommandContext, Handlers } from './context.js';
import { numberOpt } from './helpers.js';

export function indexCommands(ctx: CommandContext): Handlers {
  return {
    createIndexes: (b, db) => createIndexes(ctx, b, db),
    listIndexes: (b, db) => listIndexes(ctx, b, db),
    dropIndexes: (b, db) => dropIndexes(ctx, b, db),
    deleteIndexes: (b, db) => dropIndexes(ctx, b, db),
  };
}

function createIndexes(ctx: CommandContext, b: Doc, db: string): Doc {
  const name = validateCollName(db, b.createIndexes);
  if (isView(ctx.engine.getCollection(db, name))) throw viewWriteError(db, name);
  if (!Array.isArray(b.indexes) || b.indexes.length === 0)
    throw mongoError(2, 'Must specify at least one index to create');
  const specs = b.indexes.map((raw) => {
    if (!isPlainObject(raw)) throw mongoError(14, 'index specification must be an object');
    if (raw.name === undefined && raw.key === undefined)
      throw mongoError(9, "The 'key' field is a required property of an index specification");
    if (isPlainObject(raw.key)) for (const k of Object.keys(raw.key)) checkPath(k, 'The index key');
    if (isPlainObject(raw.partialFilterExpression)) {
      validateFilter(raw.partialFilterExpression);
      // evaluated on every write of the collection, outside any time limit: like mongod, no regex or $expr
      if (scanQuery([raw.partialFilterExpression]).risky)
        throw mongoError(67, 'Expression not supported in partial index: $regex / $expr');
    }
    return makeIndexSpec(raw);
  });
  const { coll, created } = ctx.engine.ensureCollection(db, name);
  const before = coll.indexes.length + 1;
  for (const s of specs) ctx.engine.createIndex(coll, s);
  const after = coll.indexes.length + 1;
  const reply: Doc = {
    numIndexesBefore: before,
    numIndexesAfter: after,
    createdCollectionAutomatically: created,
  };
  if (before === after) reply.note = 'all indexes already exist';
  return reply;
}

function listIndexes(ctx: CommandContext, b: Doc, db: string): Doc {
  const name = validateCollName(db, b.listIndexes);
  const coll = ctx.engine.getCollection(db, name);
  if (!coll) throw mongoError(26, `ns does not exist: ${db}.${name}`);
  const specs = [coll.idIndexSpec(), ...coll.indexes.map((i) => ({ ...i.spec }))];
  const batchSize = isPlainObject(b.cursor) ? numberOpt(b.cursor.batchSize, 'batchSize') : undefined;
  return ctx.cursors.reply(`${db}.${name}`, specs, batchSize, false);
}

function dropIndexes(ctx: CommandContext, b: Doc, db: string): Doc {
  const name = validateCollName(db, b.dropIndexes ?? b.deleteIndexes);
  const coll = ctx.engine.getCollection(db, name);
  if (!coll) throw mongoError(26, `ns not found ${db}.${name}`);
  const was = coll.indexes.length + 1;
  const idx = b.index;
  if (idx === '*') {
    for (const i of [...coll.indexes]) ctx.engine.dropIndex(coll, i.spec.name);
    return { nIndexesWas: was, msg: 'non-_id indexes dropped for collection' };
  }
  const names: string[] = [];
  if (typeof idx === 'string') names.push(idx);
  else if (Array.isArray(idx)) names.push(...idx.map(String));
  else if (isPlainObject(idx)) {
    const found = coll.indexes.filter((i) => keyOf(i.spec.key) === keyOf(idx));
    if (keyOf(idx) === keyOf({ _id: 1 })) throw mongoError(72, 'cannot drop _id index');
    if (found.length === 0) throw mongoError(27, `can't find index with key: ${JSON.stringify(idx)}`);
    if (found.length > 1) throw mongoError(27, 'index specification matches more than one index');
    names.push((found[0] as { spec: { name: string } }).spec.name);
  } else throw mongoError(14, "dropIndexes: 'index' must be a string, array or object");
  for (const n of names) {
    if (n === '_id_') throw mongoError(72, 'cannot drop _id index');
    if (!coll.indexes.some((i) => i.spec.name === n))
      throw mongoError(27, `index not found with name [${n}]`);
  }
  for (const n of names) ctx.engine.dropIndex(coll, n);
  return { nIndexesWas: was };
}
