/**
 * What happens to a command body before its handler runs: numbers normalized (their exact types remembered for
 * the documents that get stored), and the parts that get evaluated as queries picked out for limits.ts.
 */
import { normalize, normalizeDoc, type TypeMap } from '../bson/types.js';
import { type Doc, isPlainObject } from '../bson/values.js';
import { checkCommandProtoKeys } from '../query/paths.js';

/** Commands that write: they run in a write transaction of the store and reply once it is durable. */
const WRITE_COMMANDS = new Set([
  'insert',
  'update',
  'delete',
  'findAndModify',
  'findandmodify',
  'create',
  'collMod',
  'drop',
  'dropDatabase',
  'renameCollection',
  'createIndexes',
  'dropIndexes',
  'deleteIndexes',
]);

export function writesData(name: string, body: Doc): boolean {
  if (WRITE_COMMANDS.has(name)) return true;
  if (name !== 'aggregate' || !Array.isArray(body.pipeline)) return false;
  return body.pipeline.some((s) => isPlainObject(s) && ('$out' in s || '$merge' in s));
}

/** The parts of a command that get evaluated as queries or expressions (for limits.ts). */
export function queryParts(name: string, b: Doc): unknown[] {
  const pullOrPipeline = (u: unknown): unknown =>
    Array.isArray(u) ? u : isPlainObject(u) ? u.$pull : undefined;
  switch (name) {
    case 'find':
      return [b.filter, b.projection];
    case 'count':
    case 'distinct':
      return [b.query];
    case 'aggregate':
      return [b.pipeline];
    case 'update':
      return Array.isArray(b.updates)
        ? b.updates.map((st) => (isPlainObject(st) ? [st.q, st.arrayFilters, pullOrPipeline(st.u)] : []))
        : [];
    case 'delete':
      return Array.isArray(b.deletes) ? b.deletes.map((st) => (isPlainObject(st) ? st.q : undefined)) : [];
    case 'findAndModify':
    case 'findandmodify':
      return [b.query, b.fields, b.arrayFilters, pullOrPipeline(b.update)];
    case 'listCollections':
    case 'listDatabases':
      return [b.filter];
    default:
      return [];
  }
}

const typedDocs = new WeakMap<object, TypeMap | undefined>();

/**
 * Command bodies decoded from a message of at most MAX_BSON_OBJECT_SIZE bytes: every document in
 * them is smaller still, so inserts skip measuring each one (a walk over every value).
 */
export const decodedFromSmallMessage = new WeakSet<Doc>();

export function typesOf(d: Doc): TypeMap | undefined {
  return typedDocs.get(d);
}

/**
 * Normalizes a decoded command body in place (see types.ts). Documents that get stored keep their numeric
 * type annotations, recorded before the rest of the body is normalized.
 */
export function prepareBody(name: string, body: Doc): void {
  checkCommandProtoKeys(name, body);
  const keep = (d: unknown) => {
    if (!isPlainObject(d)) return;
    const { types } = normalizeDoc(d);
    // Most documents hold no number needing its type kept: no entry for them (one fewer weak reference each).
    if (types) typedDocs.set(d, types);
  };
  if (name === 'insert' && Array.isArray(body.documents)) {
    body.documents.forEach(keep);
    // The documents are normalized now: the rest of the command needs it, not a second walk over them.
    for (const key of Object.keys(body))
      if (key !== 'documents') body[key] = normalize(body[key], undefined, key);
    return;
  }
  if (name === 'update' && Array.isArray(body.updates))
    for (const st of body.updates) keep(isPlainObject(st) ? st.u : undefined);
  else if (name === 'findAndModify' || name === 'findandmodify') keep(body.update);
  normalize(body);
}
