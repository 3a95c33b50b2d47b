/**
 * Writes: insert, update, delete, findAndModify. Matching and the updated documents are computed first
 * (interruptibly, see limits.ts), then written, so a time-out never leaves a statement half applied.
 */
import { type Doc, isPlainObject } from '../bson/values.js';
import { mongoError } from '../errors.js';
import { type Collection, UniqueMarks } from '../storage/collection.js';
import { commandOptions } from '../query/mingo.js';
import { checkProjection } from '../query/paths.js';
import { validateDocument } from '../query/validation.js';
import { isView, viewWriteError } from '../query/views.js';
import { validateCollName } from '../engine/checks.js';
import { applyUpdate } from '../engine/update.js';
import { decodedFromSmallMessage, typesOf } from './body.js';
import { type CommandContext, type Handlers, MAX_WRITE_BATCH_SIZE } from './context.js';
import { projectOne, sortFirst, validateNewDoc, validateUpdatedDoc, writeError } from './helpers.js';

export function crudCommands(ctx: CommandContext): Handlers {
  return {
    insert: (b, db) => insert(ctx, b, db),
    update: (b, db) => update(ctx, b, db),
    delete: (b, db) => deleteDocs(ctx, b, db),
    findAndModify: (b, db) => findAndModify(ctx, b, db),
    findandmodify: (b, db) => findAndModify(ctx, b, db),
  };
}

function insert(ctx: CommandContext, b: Doc, db: string): Doc {
  const name = validateCollName(db, b.insert);
  const docs = b.documents;
  if (!Array.isArray(docs))
    throw mongoError(9, "BSON field 'insert.documents' is missing but a required field");
  if (docs.length > MAX_WRITE_BATCH_SIZE)
    throw mongoError(
      10334,
      `Write batch sizes must be between 1 and ${MAX_WRITE_BATCH_SIZE}. Got ${docs.length} operations.`,
    );
  const ordered = b.ordered !== false;
  const writeErrors: Doc[] = [];
  let n = 0;
  if (isView(ctx.engine.getCollection(db, name))) throw viewWriteError(db, name);
  const { coll } = ctx.engine.ensureCollection(db, name);
  const measure = !decodedFromSmallMessage.has(b);
  const bypass = b.bypassDocumentValidation === true;
  const marks = new UniqueMarks();
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i] as Doc;
    try {
      if (!isPlainObject(d)) throw mongoError(14, 'Document must be an object');
      validateNewDoc(d, measure);
      validateDocument(coll.options, d, undefined, bypass, typesOf(d));
      ctx.engine.insert(coll, d, typesOf(d), marks);
      n++;
    } catch (e) {
      writeErrors.push(writeError(i, e));
      if (ordered) break;
    }
  }
  return writeErrors.length ? { n, writeErrors } : { n };
}

function update(ctx: CommandContext, b: Doc, db: string): Doc {
  const name = validateCollName(db, b.update);
  const updates = b.updates;
  if (!Array.isArray(updates))
    throw mongoError(9, "BSON field 'update.updates' is missing but a required field");
  // `sort` in update statements arrived with MongoDB 8.0: a 7.0 server fails the whole command parsing it.
  if (updates.some((st) => isPlainObject(st) && st.sort !== undefined))
    throw mongoError(40415, "BSON field 'update.updates.sort' is an unknown field.");
  if (isView(ctx.engine.getCollection(db, name))) throw viewWriteError(db, name);
  const ordered = b.ordered !== false;
  const writeErrors: Doc[] = [];
  const upserted: Doc[] = [];
  let n = 0;
  let nModified = 0;
  for (let i = 0; i < updates.length; i++) {
    const st = updates[i] as Doc;
    try {
      const r = updateOne(ctx, db, name, st, b);
      n += r.n;
      nModified += r.nModified;
      if (r.upsertedId !== undefined) upserted.push({ index: i, _id: r.upsertedId });
    } catch (e) {
      writeErrors.push(writeError(i, e));
      if (ordered) break;
    }
  }
  const reply: Doc = { n, nModified };
  if (upserted.length) reply.upserted = upserted;
  if (writeErrors.length) reply.writeErrors = writeErrors;
  return reply;
}

function updateOne(
  ctx: CommandContext,
  db: string,
  name: string,
  st: Doc,
  cmd: Doc,
): { n: number; nModified: number; upsertedId?: unknown } {
  if (!isPlainObject(st)) throw mongoError(14, 'update statement must be an object');
  const q = st.q ?? {};
  if (!isPlainObject(q))
    throw mongoError(14, "BSON field 'update.updates.q' is the wrong type, expected type 'object'");
  const u = st.u;
  if (!isPlainObject(u) && !Array.isArray(u))
    throw mongoError(
      14,
      "BSON field 'update.updates.u' is the wrong type, expected type 'object' or 'array'",
    );
  const multi = st.multi === true;
  const upsert = st.upsert === true;
  const isReplacement = isPlainObject(u) && !Object.keys(u).some((k) => k.startsWith('$'));
  if (multi && isReplacement && Object.keys(u).length > 0)
    throw mongoError(9, 'multi update is not supported for replacement-style update');
  const arrayFilters = st.arrayFilters as Doc[] | undefined;
  if (arrayFilters !== undefined && !Array.isArray(arrayFilters))
    throw mongoError(14, 'arrayFilters must be an array');
  const uTypes = isPlainObject(u) ? typesOf(u) : undefined;
  const coll = ctx.engine.getCollection(db, name);
  const extra = commandOptions(ctx.collationFor(db, name, st.collation), cmd.let);
  const bypass = cmd.bypassDocumentValidation === true;
  // Everything is computed first (interruptibly), then written: a time-out never leaves a half-done write.
  const plan = ctx.bounded(
    () => {
      let matched = ctx.matchFor(coll, q, extra);
      if (st.sort && isPlainObject(st.sort) && !multi) matched = sortFirst(matched, st.sort, st.collation);
      if (!multi) matched = matched.slice(0, 1);
      if (matched.length === 0)
        return upsert
          ? { upsert: ctx.buildUpsert(q, u as Doc | Doc[], uTypes, arrayFilters, extra?.variables) }
          : {};
      return {
        updates: matched.map((old) => {
          try {
            return {
              old,
              res: applyUpdate(old, u as Doc | Doc[], uTypes, {
                query: q,
                arrayFilters,
                variables: extra?.variables,
              }),
            };
          } catch (error) {
            return { old, error };
          }
        }),
      };
    },
    ctx.cheap(coll, q),
  );
  if (plan.upsert) {
    const { coll: target } = ctx.engine.ensureCollection(db, name);
    validateDocument(target.options, plan.upsert.doc, undefined, bypass, plan.upsert.types);
    const inserted = ctx.engine.insert(target, plan.upsert.doc, plan.upsert.types);
    return { n: 1, nModified: 0, upsertedId: inserted._id };
  }
  if (!plan.updates) return { n: 0, nModified: 0 };
  let nModified = 0;
  for (const { old, res, error } of plan.updates) {
    if (error !== undefined || !res) throw error;
    if (!res.changed) continue;
    validateUpdatedDoc(res.doc);
    validateDocument((coll as Collection).options, res.doc, old, bypass, res.types);
    ctx.engine.replace(coll as Collection, old, res.doc, res.types);
    nModified++;
  }
  return { n: plan.updates.length, nModified };
}

function deleteDocs(ctx: CommandContext, b: Doc, db: string): Doc {
  const name = validateCollName(db, b.delete);
  const deletes = b.deletes;
  if (!Array.isArray(deletes))
    throw mongoError(9, "BSON field 'delete.deletes' is missing but a required field");
  const ordered = b.ordered !== false;
  const writeErrors: Doc[] = [];
  let n = 0;
  const coll = ctx.engine.getCollection(db, name);
  if (isView(coll)) throw viewWriteError(db, name);
  for (let i = 0; i < deletes.length; i++) {
    const st = deletes[i] as Doc;
    try {
      if (!isPlainObject(st) || !isPlainObject(st.q))
        throw mongoError(14, "BSON field 'delete.deletes.q' is the wrong type, expected type 'object'");
      const limit = Number(st.limit ?? 0);
      if (limit !== 0 && limit !== 1)
        throw mongoError(9, `The limit field in delete objects must be 0 or 1. Got ${limit}`);
      if (!coll) continue;
      const q = st.q;
      const extra = commandOptions(ctx.collationFor(db, name, st.collation), b.let);
      let matched = ctx.bounded(() => ctx.matchFor(coll, q, extra), ctx.cheap(coll, q) && !extra);
      if (limit === 1) matched = matched.slice(0, 1);
      for (const d of matched) ctx.engine.remove(coll, d);
      n += matched.length;
    } catch (e) {
      writeErrors.push(writeError(i, e));
      if (ordered) break;
    }
  }
  return writeErrors.length ? { n, writeErrors } : { n };
}

function findAndModify(ctx: CommandContext, b: Doc, db: string): Doc {
  const name = validateCollName(db, b.findAndModify ?? b.findandmodify);
  const q = (b.query ?? {}) as Doc;
  if (!isPlainObject(q))
    throw mongoError(14, "BSON field 'findAndModify.query' is the wrong type, expected type 'object'");
  const remove = b.remove === true;
  const u = b.update as Doc | Doc[] | undefined;
  if (remove && u !== undefined) throw mongoError(9, 'Cannot specify both an update and remove=true');
  if (!remove && u === undefined) throw mongoError(9, 'Either an update or remove=true must be specified');
  if (remove && b.upsert) throw mongoError(9, 'Cannot specify both upsert=true and remove=true ');
  if (remove && b.new)
    throw mongoError(
      9,
      "Cannot specify both new=true and remove=true; 'remove' always returns the deleted document",
    );
  const fields = isPlainObject(b.fields) ? b.fields : undefined;
  checkProjection(fields);
  const coll = ctx.engine.getCollection(db, name);
  if (isView(coll)) throw viewWriteError(db, name);
  const extra = commandOptions(ctx.collationFor(db, name, b.collation), b.let);
  const bypass = b.bypassDocumentValidation === true;
  const out = (d: Doc | undefined): Doc | null => (d ? projectOne(d, fields) : null);
  const uTypes = isPlainObject(u) ? typesOf(u) : undefined;
  const arrayFilters = b.arrayFilters as Doc[] | undefined;
  // computed interruptibly first, written afterwards
  const plan = ctx.bounded(
    () => {
      let matched = ctx.matchFor(coll, q, extra);
      if (isPlainObject(b.sort) && Object.keys(b.sort).length)
        matched = sortFirst(matched, b.sort, extra?.collation);
      const target = matched[0];
      if (remove) return { target, value: out(target) };
      if (!target)
        return b.upsert
          ? { upsert: ctx.buildUpsert(q, u as Doc | Doc[], uTypes, arrayFilters, extra?.variables) }
          : {};
      return {
        target,
        res: applyUpdate(target, u as Doc | Doc[], uTypes, {
          query: q,
          arrayFilters,
          variables: extra?.variables,
        }),
      };
    },
    ctx.cheap(coll, q),
  );
  const target = plan.target;
  if (remove) {
    if (!target || !coll) return { lastErrorObject: { n: 0 }, value: null };
    ctx.engine.remove(coll, target);
    return { lastErrorObject: { n: 1 }, value: plan.value };
  }
  if (!target || !plan.res) {
    if (!plan.upsert) return { lastErrorObject: { n: 0, updatedExisting: false }, value: null };
    const { coll: c } = ctx.engine.ensureCollection(db, name);
    validateDocument(c.options, plan.upsert.doc, undefined, bypass, plan.upsert.types);
    const inserted = ctx.engine.insert(c, plan.upsert.doc, plan.upsert.types);
    return {
      lastErrorObject: { n: 1, updatedExisting: false, upserted: inserted._id },
      value: b.new ? out(inserted) : null,
    };
  }
  const res = plan.res;
  if (res.changed) {
    validateUpdatedDoc(res.doc);
    validateDocument((coll as Collection).options, res.doc, target, bypass, res.types);
    ctx.engine.replace(coll as Collection, target, res.doc, res.types);
  }
  return {
    lastErrorObject: { n: 1, updatedExisting: true },
    value: out(b.new ? (res.changed ? res.doc : target) : target),
  };
}
