/**
 * `$lookup` by localField/foreignField, answered per input document through the foreign collection's `_id` or an
 * index on the foreign field. mingo's own `$lookup` reads the whole foreign collection into a hash of its
 * foreign-field values for every aggregate, so a join of one document (the password sign-in's factors) cost a
 * read of every user's factors.
 *
 * The join itself stays mingo's: the candidates an index gives (a superset of the matches: MongoDB's equality,
 * which the index answers, is wider than mingo's hash equality) are hashed and looked up by exactly mingo's code,
 * in the foreign collection's natural order. So the answer is the one the whole-collection hash gives: an array
 * local value joins each element (in the local array's order, each foreign document once), a missing local field
 * joins foreign documents whose field is null or missing, an array foreign field joins by element.
 *
 * Only where the engine registered a reader for the aggregation (Engine.aggregate: no collation, no `let`); a
 * pipeline-form `$lookup`, a view and a local value an index cannot look up take mingo's whole-collection path.
 */
import * as pipelineOperators from 'mingo/operators/pipeline';
import type { Options as MingoOptions } from 'mingo/types';
import { ensureArray, flatten, HashMap, isArray, resolve } from 'mingo/util';
import type { Doc } from '../bson/values.js';
import { spendCheap } from './limits.js';

/** The foreign side of one `$lookup`, read by key. */
export interface ForeignReader {
  /** Documents in the foreign collection. */
  readonly size: number;
  /**
   * The foreign documents whose foreign field may equal one of `keys` (every one that does, maybe more), in
   * natural order; undefined when these keys are better answered by reading the whole collection.
   */
  candidates(keys: unknown[]): Doc[] | undefined;
}

/** Makes the reader of `from` joined on `foreignField`; undefined for a view or a field no index can look up. */
export type ForeignReaders = (from: string, foreignField: string) => ForeignReader | undefined;

/** The readers of a running aggregation, by its collection resolver (the one option mingo hands every stage). */
export const foreignReaders = new WeakMap<object, ForeignReaders>();

interface LookupSpec {
  from: string;
  localField: string;
  foreignField: string;
  as: string;
}

type Stage = (coll: LazyLike, expr: unknown, options: MingoOptions) => LazyLike;
interface LazyLike {
  map(f: (d: Doc) => Doc): LazyLike;
}

/** The `$lookup` of aggregations (AGGREGATION_CONTEXT): the indexed join where it applies, mingo's otherwise. */
export const $lookup: Stage = (coll, expr, options) => {
  const base = pipelineOperators.$lookup as unknown as Stage;
  const spec = expr as Partial<LookupSpec> & Doc;
  const resolver = options.collectionResolver;
  const readers = resolver ? foreignReaders.get(resolver) : undefined;
  const { from, localField, foreignField } = spec;
  if (!readers || typeof from !== 'string' || !localField || !foreignField) return base(coll, expr, options);
  if (typeof localField !== 'string' || typeof foreignField !== 'string') return base(coll, expr, options);
  if (spec.pipeline !== undefined || spec.let !== undefined || options.collation || options.variables)
    return base(coll, expr, options);
  const reader = readers(from, foreignField);
  if (!reader) return base(coll, expr, options);
  let whole: HashMap<unknown, Doc[]> | undefined;
  let read = 0;
  const wholeMap = (): HashMap<unknown, Doc[]> => {
    if (whole) return whole;
    spendCheap(reader.size);
    return (whole = keyed((resolver as (name: string) => Doc[])(from), foreignField));
  };
  return coll.map((obj) => {
    const local = (resolve(obj, localField) as unknown) ?? null;
    let map = whole;
    // once the lookups have read as many documents as the collection holds, one read of it is cheaper
    if (!map && read <= reader.size) {
      const docs = reader.candidates(isArray(local) ? local : [local]);
      if (docs) {
        read += docs.length;
        map = keyed(docs, foreignField);
      }
    }
    map ??= wholeMap();
    return { ...obj, [spec.as as string]: joined(map, local) };
  });
};

/** mingo's hash of the foreign documents by each value (or array element) of the foreign field. */
function keyed(docs: Doc[], foreignField: string): HashMap<unknown, Doc[]> {
  const map = HashMap.init<unknown, Doc[]>();
  for (const doc of docs) {
    for (const v of ensureArray((resolve(doc, foreignField) as unknown) ?? null)) {
      const xs = map.get(v);
      const arr = xs ?? [];
      arr.push(doc);
      if (arr !== xs) map.set(v, arr);
    }
  }
  return map;
}

/** mingo's join of one local value (an array joins each element; what no foreign document has adds `undefined`). */
function joined(map: HashMap<unknown, Doc[]>, local: unknown): unknown[] {
  if (isArray(local)) return Array.from(new Set(flatten(local.map((v) => map.get(v)))));
  return map.get(local) ?? [];
}
