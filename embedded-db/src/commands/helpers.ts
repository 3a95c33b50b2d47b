/**
 * Small helpers of several command families: options, write errors, size limits, projection of one document,
 * distinct values.
 */
import { calculateObjectSize, Long } from 'bson';
import { applyTypes, docTypes } from '../bson/types.js';
import { type Doc, formatValue, keyOf, pathValues } from '../bson/values.js';
import { mongoError, MongoServerError, toServerError } from '../errors.js';
import type { Collator } from '../query/compare.js';
import { MINGO_OPTIONS, orderProjected } from '../query/mingo.js';
import { checkProjection, checkSort } from '../query/paths.js';
import { Query } from '../query/query.js';
import { sortDocs } from '../query/results.js';
import { validateId } from '../engine/checks.js';
import { MAX_BSON_OBJECT_SIZE } from '../protocol/wire.js';

/** Aggregation output can contain values mingo produced (e.g. bigint); make it storable. */
export function normalizeOutput(d: Doc): Doc {
  return d;
}

export function numberOpt(v: unknown, field: string): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number' && Number.isFinite(v)) {
    if (field !== 'limit' && v < 0)
      throw mongoError(51024, `BSON field '${field}' value must be >= 0, actual value '${v}'`);
    return Math.trunc(v);
  }
  if (Long.isLong(v)) return (v as Long).toNumber();
  throw mongoError(
    14,
    `BSON field '${field}' is the wrong type '${typeof v}', expected types '[long, int, decimal, double']`,
  );
}

export function writeError(index: number, e: unknown): Doc {
  const err = toServerError(e);
  const out: Doc = { index, code: err.code };
  if (err instanceof MongoServerError && err.code === 11000) {
    if (err.extra.keyPattern) out.keyPattern = err.extra.keyPattern;
    if (err.extra.keyValue) out.keyValue = err.extra.keyValue;
  }
  out.errmsg = err.message;
  return out;
}

export function validateNewDoc(d: Doc, measure = true): void {
  if (d._id !== undefined) validateId(d._id);
  if (measure && calculateObjectSize(d) > MAX_BSON_OBJECT_SIZE)
    throw mongoError(
      2,
      `object to insert too large. size in bytes: ${calculateObjectSize(d)}, max size: ${MAX_BSON_OBJECT_SIZE}`,
    );
}

export function validateUpdatedDoc(d: Doc): void {
  const size = calculateObjectSize(d);
  if (size > MAX_BSON_OBJECT_SIZE)
    throw mongoError(17419, `Resulting document after update is larger than ${MAX_BSON_OBJECT_SIZE}`);
}

export function sortFirst(docs: Doc[], sort: Doc, collation?: unknown): Doc[] {
  checkSort(sort);
  if (docs.length <= 1) return docs;
  return sortDocs(docs, sort, collation);
}

export function projectOne(d: Doc, fields: Doc | undefined): Doc {
  checkProjection(fields);
  if (!fields || Object.keys(fields).length === 0) return applyTypes(d, docTypes.get(d));
  return applyTypes(
    orderProjected(new Query({}, MINGO_OPTIONS).find([d], fields).all()[0] as Doc, d),
    docTypes.get(d),
  );
}

/** mongod's error for a result document over 16 MiB (BSONObjectTooLarge, 10334). */
export function documentTooLarge(size: number, d: Doc): Error {
  const first = Object.keys(d)[0];
  const firstText =
    first === undefined ? '' : ` First element: ${first}: ${formatValue(d[first]).slice(0, 80)}`;
  return mongoError(
    10334,
    `BSONObj size: ${size} (0x${size.toString(16).toUpperCase()}) is invalid. Size must be between 0 and 16793600(16MB)${firstText}`,
  );
}

/**
 * The distinct values of a key over documents (arrays contribute their elements); with a collation, strings the
 * collation holds equal count once (the first one seen is returned).
 */
export function distinctValues(docs: Doc[], key: string, collator?: Collator): unknown[] {
  const seen = new Map<string, unknown>();
  const strings: string[] = [];
  for (const d of docs) {
    for (const v of pathValues(applyTypes(d, docTypes.get(d)), key)) {
      if (v === undefined) continue;
      if (collator && typeof v === 'string') {
        if (strings.some((x) => collator(x, v) === 0)) continue;
        strings.push(v);
      }
      const k = keyOf(v);
      if (!seen.has(k)) seen.set(k, v);
    }
  }
  return [...seen.values()];
}
