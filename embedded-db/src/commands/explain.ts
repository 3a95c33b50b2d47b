/**
 * The explain command.
 */
import { type Doc, isPlainObject } from '../bson/values.js';
import { mongoError } from '../errors.js';
import { validateFilter } from '../query/filter.js';
import { explainPlan } from '../query/plan.js';
import { planQuery } from '../query/planner.js';
import { validateCollName } from '../engine/checks.js';
import { type CommandContext, type ExplainCapture, type Handlers, SERVER_VERSION } from './context.js';
import { find } from './find.js';

export function explainCommands(ctx: CommandContext): Handlers {
  return {
    explain: (b, db) => explain(ctx, b, db),
  };
}

/**
 * explain of find, count, distinct, aggregate (its leading `$match`), update, delete and findAndModify: the plan
 * the planner chooses (queryPlanner) and, unless verbosity is `queryPlanner`, what running it read
 * (executionStats). Nothing is written: writes are explained by the documents they would select.
 */
function explain(ctx: CommandContext, b: Doc, db: string): Doc {
  const inner = b.explain;
  if (!isPlainObject(inner)) throw mongoError(14, 'explain command requires a nested object');
  const cmd = Object.keys(inner)[0] ?? '';
  const collName = validateCollName(db, inner[cmd]);
  const verbosity = typeof b.verbosity === 'string' ? b.verbosity : 'allPlansExecution';
  const coll = ctx.engine.getCollection(db, collName);
  const capture: ExplainCapture = { stats: { keysExamined: 0, docsExamined: 0 }, plan: {}, returned: 0 };
  const started = Date.now();
  let filter: Doc = {};
  if (cmd === 'find') {
    filter = (inner.filter ?? {}) as Doc;
    if (verbosity !== 'queryPlanner') find(ctx, { ...inner, $db: db }, db, capture);
  } else {
    const statement =
      cmd === 'update' || cmd === 'delete'
        ? ((Array.isArray(inner.updates)
            ? inner.updates[0]
            : Array.isArray(inner.deletes)
              ? inner.deletes[0]
              : {}) as Doc)
        : inner;
    const first = Array.isArray(inner.pipeline) ? (inner.pipeline[0] as Doc | undefined) : undefined;
    const raw =
      cmd === 'aggregate'
        ? isPlainObject(first?.$match)
          ? first.$match
          : {}
        : (statement.q ?? statement.query ?? {});
    filter = isPlainObject(raw) ? raw : {};
    if (verbosity !== 'queryPlanner')
      capture.returned = ctx.bounded(
        () =>
          ctx.engine.match(coll, filter, {
            sort: isPlainObject(statement.sort) ? statement.sort : undefined,
            hint: statement.hint,
            stats: capture.stats,
            plan: capture.plan,
          }).length,
      );
  }
  validateFilter(filter);
  const plan =
    capture.plan.value ??
    (coll
      ? planQuery(coll, filter, isPlainObject(inner.sort) ? inner.sort : undefined, inner.hint)
      : undefined);
  const winningPlan = plan ? explainPlan(plan) : { stage: 'EOF' };
  const reply: Doc = {
    explainVersion: '1',
    queryPlanner: {
      namespace: `${db}.${collName}`,
      indexFilterSet: false,
      parsedQuery: filter,
      winningPlan,
      rejectedPlans: [],
    },
    command: inner,
    serverInfo: { host: ctx.info.host, port: ctx.info.port(), version: SERVER_VERSION },
  };
  if (verbosity !== 'queryPlanner')
    reply.executionStats = {
      executionSuccess: true,
      nReturned: capture.returned,
      executionTimeMillis: Date.now() - started,
      totalKeysExamined: capture.stats.keysExamined,
      totalDocsExamined: capture.stats.docsExamined,
      executionStages: { ...winningPlan, nReturned: capture.returned },
    };
  return reply;
}
