/**
 * Databases and collections: listDatabases, listCollections, create (collections and views), collMod, drop,
 * dropDatabase, renameCollection, dbStats, collStats.
 */
import { Long } from 'bson';
import { docTypes } from '../bson/types.js';
import { type Doc, isPlainObject } from '../bson/values.js';
import { mongoError } from '../errors.js';
import { makeCollator } from '../query/compare.js';
import { validateFilter } from '../query/filter.js';
import { MINGO_OPTIONS } from '../query/mingo.js';
import { checkPipeline } from '../query/paths.js';
import { Query } from '../query/query.js';
import { validationOptions } from '../query/validation.js';
import { isView, viewOptions } from '../query/views.js';
import { validateCollName } from '../engine/checks.js';
import { setCollectionOptions } from '../engine/engine.js';
import type { CommandContext, Handlers } from './context.js';
import { numberOpt } from './helpers.js';

export function collectionCommands(ctx: CommandContext): Handlers {
  return {
    listDatabases: (b) => listDatabases(ctx, b),
    listCollections: (b, db) => listCollections(ctx, b, db),
    create: (b, db) => create(ctx, b, db),
    collMod: (b, db) => collMod(ctx, b, db),
    drop: (b, db) => drop(ctx, b, db),
    dropDatabase: (_b, db) => dropDatabase(ctx, db),
    renameCollection: (b) => renameCollection(ctx, b),
    dbStats: (_b, db) => dbStats(ctx, db),
    collStats: (b, db) => collStats(ctx, b, db),
  };
}

function listDatabases(ctx: CommandContext, b: Doc): Doc {
  let dbs = [...ctx.engine.dbs.values()]
    .filter((d) => d.collections.size > 0)
    .map((d) => {
      let size = 0;
      for (const c of d.collections.values()) size += c.count * 64;
      return { name: d.name, sizeOnDisk: size, empty: size === 0 };
    });
  if (isPlainObject(b.filter)) {
    validateFilter(b.filter);
    const q = new Query(b.filter, MINGO_OPTIONS);
    const all = dbs;
    dbs = ctx.bounded(() => all.filter((d) => q.test(d)), true);
  }
  if (b.nameOnly) return { databases: dbs.map((d) => ({ name: d.name })) };
  const total = dbs.reduce((s, d) => s + d.sizeOnDisk, 0);
  return { databases: dbs, totalSize: total, totalSizeMb: Math.floor(total / (1024 * 1024)) };
}

function listCollections(ctx: CommandContext, b: Doc, db: string): Doc {
  const d = ctx.engine.dbs.get(db);
  let infos: Doc[] = d
    ? [...d.collections.values()].map((c) =>
        isView(c)
          ? { name: c.name, type: 'view', options: { ...c.options }, info: { readOnly: true } }
          : {
              name: c.name,
              type: 'collection',
              options: { ...c.options },
              info: { readOnly: false, uuid: c.uuid },
              idIndex: c.idIndexSpec(),
            },
      )
    : [];
  if (isPlainObject(b.filter) && Object.keys(b.filter).length) {
    validateFilter(b.filter);
    const q = new Query(b.filter, MINGO_OPTIONS);
    const all = infos;
    infos = ctx.bounded(() => all.filter((i) => q.test(i)), true);
  }
  if (b.nameOnly) infos = infos.map((i) => ({ name: i.name, type: i.type }));
  const batchSize = isPlainObject(b.cursor) ? numberOpt(b.cursor.batchSize, 'batchSize') : undefined;
  return ctx.cursors.reply(`${db}.$cmd.listCollections`, infos, batchSize, false);
}

/** Collection kinds the embedded server does not implement: refused, never created as plain collections. */
const UNSUPPORTED_CREATE_OPTIONS = [
  'timeseries',
  'clusteredIndex',
  'expireAfterSeconds',
  'changeStreamPreAndPostImages',
  'encryptedFields',
];

function create(ctx: CommandContext, b: Doc, db: string): Doc {
  const name = validateCollName(db, b.create);
  if (b.viewOn !== undefined || b.pipeline !== undefined) {
    if (b.viewOn === undefined) throw mongoError(9, "'pipeline' requires 'viewOn' to also be specified");
    const opts = viewOptions(b);
    checkPipeline(opts.pipeline as Doc[], validateFilter);
    ctx.engine.createCollection(db, name, opts);
    return {};
  }
  // mongod reads `capped` as a boolean: any truthy value (`capped: 1024`) asks for a capped collection
  if (b.capped !== undefined && b.capped !== null && b.capped !== false && b.capped !== 0) {
    if (b.size === undefined) throw mongoError(72, "the 'size' field is required when 'capped' is true");
    if (typeof b.size !== 'number' && !Long.isLong(b.size))
      throw mongoError(14, "BSON field 'create.size' is the wrong type, expected a number");
    // documents are kept in _id order, not insertion order, so the oldest cannot be dropped as `size`/`max`
    // require: refused rather than accepted and never capped
    throw mongoError(
      72,
      'capped collections are not supported by the embedded server (documents would never be dropped at size or max)',
    );
  }
  for (const k of UNSUPPORTED_CREATE_OPTIONS)
    if (b[k] !== undefined)
      throw mongoError(72, `create option '${k}' is not supported by the embedded server`);
  validationOptions(b);
  if (b.collation !== undefined) makeCollator(b.collation);
  const options: Doc = {};
  for (const [k, v] of Object.entries(b)) {
    if (k === 'create' || k.startsWith('$') || k === 'lsid' || k === 'writeConcern' || k === 'comment')
      continue;
    options[k] = v;
  }
  ctx.engine.createCollection(db, name, options);
  return {};
}

/** collMod: validator / validationLevel / validationAction of a collection, or a view's definition. */
function collMod(ctx: CommandContext, b: Doc, db: string): Doc {
  const name = validateCollName(db, b.collMod);
  const coll = ctx.engine.getCollection(db, name);
  if (!coll) throw mongoError(26, `ns does not exist: ${db}.${name}`);
  const changes: Doc = {};
  for (const k of Object.keys(b)) {
    if (k === 'collMod' || k.startsWith('$') || ['lsid', 'writeConcern', 'comment'].includes(k)) continue;
    if (['validator', 'validationLevel', 'validationAction', 'viewOn', 'pipeline'].includes(k)) continue;
    throw mongoError(72, `collMod option '${k}' is not supported by the embedded server`);
  }
  if (isView(coll)) {
    if (b.validator !== undefined || b.validationLevel !== undefined || b.validationAction !== undefined)
      throw mongoError(166, `Namespace ${db}.${name} is a view, not a collection`);
    if (b.viewOn !== undefined || b.pipeline !== undefined) {
      const opts = viewOptions({
        viewOn: b.viewOn ?? coll.options.viewOn,
        pipeline: b.pipeline ?? coll.options.pipeline,
      });
      checkPipeline(opts.pipeline as Doc[], validateFilter);
      Object.assign(changes, opts);
    }
  } else {
    if (b.viewOn !== undefined || b.pipeline !== undefined)
      throw mongoError(72, `Namespace ${db}.${name} is a collection, not a view`);
    Object.assign(changes, validationOptions(b));
  }
  setCollectionOptions(ctx.engine, coll, changes);
  return {};
}

function drop(ctx: CommandContext, b: Doc, db: string): Doc {
  const name = validateCollName(db, b.drop);
  const coll = ctx.engine.dropCollection(db, name);
  if (!coll) return {};
  ctx.cursors.killOf(coll.ns);
  return { nIndexesWas: coll.indexes.length + 1, ns: coll.ns };
}

function dropDatabase(ctx: CommandContext, db: string): Doc {
  const d = ctx.engine.dbs.get(db);
  if (d) for (const c of d.collections.values()) ctx.cursors.killOf(c.ns);
  ctx.engine.dropDatabase(db);
  return { dropped: db };
}

function renameCollection(ctx: CommandContext, b: Doc): Doc {
  const from = String(b.renameCollection);
  const to = String(b.to);
  const [fdb, ...fr] = from.split('.');
  const [tdb, ...tr] = to.split('.');
  const fname = fr.join('.');
  const tname = tr.join('.');
  if (!fdb || !tdb || !fname || !tname) throw mongoError(73, `Invalid namespace specified '${from}'`);
  const src = ctx.engine.getCollection(fdb, fname);
  if (!src) throw mongoError(26, 'Source collection ' + from + ' does not exist');
  if (ctx.engine.getCollection(tdb, tname)) {
    if (!b.dropTarget) throw mongoError(48, 'target namespace exists');
    ctx.engine.dropCollection(tdb, tname);
  }
  const dst = ctx.engine.createCollection(tdb, tname, { ...src.options });
  for (const idx of src.indexes) ctx.engine.createIndex(dst, idx.spec);
  for (const d of src.all()) ctx.engine.insert(dst, d, docTypes.get(d));
  ctx.engine.dropCollection(fdb, fname);
  ctx.cursors.killOf(src.ns);
  return {};
}

function dbStats(ctx: CommandContext, db: string): Doc {
  const d = ctx.engine.dbs.get(db);
  let objects = 0;
  let indexes = 0;
  for (const c of d?.collections.values() ?? []) {
    objects += c.count;
    indexes += c.indexes.length + 1;
  }
  return {
    db,
    collections: d?.collections.size ?? 0,
    views: 0,
    objects,
    avgObjSize: 0,
    dataSize: 0,
    storageSize: 0,
    indexes,
    indexSize: 0,
    totalSize: 0,
    scaleFactor: 1,
  };
}

function collStats(ctx: CommandContext, b: Doc, db: string): Doc {
  const name = validateCollName(db, b.collStats);
  const c = ctx.engine.getCollection(db, name);
  if (!c) throw mongoError(26, `Collection [${db}.${name}] not found.`);
  return {
    ns: c.ns,
    count: c.count,
    size: 0,
    storageSize: 0,
    nindexes: c.indexes.length + 1,
    totalIndexSize: 0,
    indexSizes: {},
  };
}
