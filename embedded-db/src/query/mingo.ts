/**
 * mingo, configured like mongod: the options every query runs with, the operators of aggregations (mingo's, with
 * the corrections of query.ts and aggregation.ts and mongod's field order for $project), and a command's
 * `collation` and `let` options turned into mingo options.
 */
import { Context } from 'mingo';
import { evalExpr } from 'mingo/core';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import type { Options as MingoOptions, PipelineOperator } from 'mingo/types';
import { type Doc, idFirst, isPlainObject } from '../bson/values.js';
import { mongoError } from '../errors.js';
import { AGGREGATION_OVERRIDES, typedStage } from './aggregation.js';
import { makeCollator } from './compare.js';
import { checkPattern, scanQuery } from './limits.js';
import { $lookup } from './lookup.js';
import { checkExpression } from './paths.js';
import { QUERY_CONTEXT, QUERY_OVERRIDES } from './query.js';

export const MINGO_OPTIONS: Partial<MingoOptions> = {
  context: QUERY_CONTEXT,
  idKey: '_id',
  useStrictMode: true,
  scriptEnabled: false,
};

/**
 * Field order of a projection result as mongod produces it: `_id` first, then the kept fields in the order of
 * the input document, then computed fields. (mingo puts computed fields first and `_id` last.)
 */
export function orderProjected(out: Doc, input: Doc | undefined): Doc {
  if (!input || !isPlainObject(out)) return idFirst(out);
  const ordered: Doc = {};
  if ('_id' in out) ordered._id = out._id;
  for (const k of Object.keys(input)) if (k !== '_id' && k in out) ordered[k] = out[k];
  for (const k of Object.keys(out)) if (!(k in ordered)) ordered[k] = out[k];
  return ordered;
}

/** $project with mongod's field order; the input of each output is tapped (the stage maps 1:1, in order). */
const $projectIdFirst = ((coll, expr, options) => {
  let current: Doc | undefined;
  const tapped = coll.map((d) => {
    current = d as Doc;
    return d;
  });
  return pipelineOperators.$project(tapped, expr, options).map((d) => orderProjected(d as Doc, current));
}) as typeof pipelineOperators.$project;

/**
 * Operators for aggregation: all of mingo's, with $project adjusted, $lookup by key (lookup.ts) and the
 * corrections of query.ts/aggregation.ts.
 */
export const AGGREGATION_CONTEXT = Context.init({
  accumulator: { ...accumulatorOperators, ...AGGREGATION_OVERRIDES.accumulator } as never,
  expression: { ...expressionOperators, ...AGGREGATION_OVERRIDES.expression } as never,
  pipeline: {
    ...(pipelineOperators as unknown as Record<`$${string}`, PipelineOperator>),
    $project: typedStage('$project', $projectIdFirst as never) as never,
    $lookup: $lookup as never,
    ...AGGREGATION_OVERRIDES.pipeline,
  },
  projection: { ...projectionOperators, ...AGGREGATION_OVERRIDES.projection } as never,
  query: { ...queryOperators, ...QUERY_OVERRIDES } as never,
  window: { ...windowOperators, ...AGGREGATION_OVERRIDES.window } as never,
});

/**
 * The `collation` and `let` options of a command, validated, as mingo options (undefined when neither applies).
 * `let` values are expressions evaluated once, before the command runs.
 */
export function commandOptions(
  collation: unknown,
  letDoc: unknown,
): { collation?: Doc; variables?: Doc } | undefined {
  const out: { collation?: Doc; variables?: Doc } = {};
  if (collation !== undefined && makeCollator(collation)) out.collation = collation as Doc;
  if (letDoc !== undefined) {
    if (!isPlainObject(letDoc))
      throw mongoError(14, "BSON field 'let' is the wrong type, expected type 'object'");
    checkExpression(letDoc);
    // evaluated before the command's time limit applies: refuse catastrophic regular expressions here
    for (const p of scanQuery([letDoc]).patterns) checkPattern(p.source, p.flags);
    for (const k of Object.keys(letDoc))
      if (!/^[a-z][A-Za-z0-9_]*$/.test(k) && !(k.charCodeAt(0) > 127))
        throw mongoError(16866, `'${k}' starts with an invalid character for a user variable name`);
    out.variables = evalExpr({}, letDoc, { ...MINGO_OPTIONS, context: AGGREGATION_CONTEXT } as never) as Doc;
  }
  return out.collation || out.variables ? out : undefined;
}
