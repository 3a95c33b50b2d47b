/**
 * What the planner (planner.ts) decides and the scans (scan.ts) carry out: the stage, the index and key ranges,
 * the order delivered; and mongod's explain shape of it.
 */
import type { Doc } from '../bson/values.js';
import type { Index } from '../storage/collection.js';
import type { KeyPart } from '../storage/keys.js';

export interface KeyRange {
  start: KeyPart[];
  end: KeyPart[];
}

export interface Plan {
  /**
   * COLLSCAN: every document; IDSCAN: ranges of `_id` in the documents table; IXSCAN: ranges of an index;
   * OR: the union of index plans, one per branch of an `$or` (`branches`), each document once.
   */
  stage: 'COLLSCAN' | 'IDSCAN' | 'IXSCAN' | 'OR';
  index?: Index;
  /** Key ranges without the table prefix (index or collection number), ascending, start inclusive, end exclusive. */
  ranges: KeyRange[];
  reverse: boolean;
  /** The scan yields documents in the requested sort order. */
  sortCovered: boolean;
  /** Bounds per index field as mongod's explain prints them. */
  bounds: Record<string, string[]>;
  /** IDSCAN of `_id` values (not a range): one document at most per range. */
  idPoints?: boolean;
  /** The key ranges are exactly the filter: every key in them is one matching document (counts need no reads). */
  exact?: boolean;
  /**
   * The scans (every range of the index, or of every branch) each deliver this order, and are merged into
   * one stream in it (mongod's SORT_MERGE): the sort fields, each with its direction.
   */
  mergeSort?: Array<[string, 1 | -1]>;
  /** OR: the plan of each branch (IXSCAN plans). */
  branches?: Plan[];
  /** A branch of an OR plan: the branch with the rest of the filter (`exact` is relative to it). */
  filter?: Doc;
  /** OR: no document matches two branches, so the branches' counts add up. */
  disjoint?: boolean;
}

/** mongod's explain shape of a plan. */
export function explainPlan(plan: Plan): Doc {
  if (plan.stage === 'COLLSCAN')
    return { stage: 'COLLSCAN', direction: plan.reverse ? 'backward' : 'forward' };
  if (plan.stage === 'IDSCAN')
    return {
      stage: 'FETCH',
      inputStage: {
        stage: 'IXSCAN',
        keyPattern: { _id: 1 },
        indexName: '_id_',
        isMultiKey: false,
        isUnique: true,
        direction: plan.reverse ? 'backward' : 'forward',
        indexBounds: plan.bounds,
      },
    };
  if (plan.stage === 'OR') {
    const inputStages = (plan.branches ?? []).map((b) => explainPlan(b).inputStage as Doc);
    return {
      stage: 'FETCH',
      inputStage: plan.mergeSort
        ? { stage: 'SORT_MERGE', sortPattern: Object.fromEntries(plan.mergeSort), inputStages }
        : { stage: 'OR', inputStages },
    };
  }
  const idx = plan.index as Index;
  return {
    stage: 'FETCH',
    inputStage: {
      stage: 'IXSCAN',
      keyPattern: idx.spec.key,
      indexName: idx.spec.name,
      isMultiKey: idx.multikey,
      isUnique: idx.unique,
      isSparse: idx.sparse,
      isPartial: idx.partial !== undefined,
      direction: plan.reverse ? 'backward' : 'forward',
      indexBounds: plan.bounds,
    },
  };
}
