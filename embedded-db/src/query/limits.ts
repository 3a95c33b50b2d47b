/**
 * Bounded queries: `maxTimeMS`, a default ceiling, and regular expressions that cannot backtrack forever.
 *
 * The engine runs every command on one thread, so a query that never ends (a `$regex` such as `^(a+)+$` against
 * a long string backtracks for hours) would stall every connection. Two defences:
 *
 * 1. Every regular expression of a query is checked before it runs (`scslre`, a static analysis for
 *    super-linear backtracking of JavaScript regular expressions). A pattern with nested or adjacent
 *    quantifiers that can backtrack exponentially or polynomially within one match attempt (`(a+)+`, `\d*\d*x`,
 *    `^(\w+\s?)*$`) is refused with BadValue (2) at once. Patterns that are only quadratic because an
 *    unanchored search retries at every position (`\w+@`) are common and allowed: the time limit bounds them.
 * 2. The evaluation part of a command (matching, sorting, projecting, aggregating, computing updated documents;
 *    never the writes themselves) runs through `vm` with a timeout, which V8 enforces by interrupting whatever
 *    JavaScript runs, regular expression matching included. The limit is the command's `maxTimeMS`, or
 *    `defaultMaxTimeMS` when it has none; running out answers mongod's MaxTimeMSExpired (50). Commands that
 *    only touch a few documents found through an index and have no regular expression or `$expr` skip the
 *    `vm` call (it costs a thread start, ~0.15 ms) because their work is small by construction; so does an
 *    aggregate whose every stage touches few documents (CommandContext.cheapPipeline: a cheap leading `$match`,
 *    `$unionWith`s that are cheap by the same rule, equality `$lookup`s read by key or into small collections,
 *    stages that only reshape, sort, group or limit what those read). Where construction does not bound the
 *    reads (a join through an index whose keys repeat), the cheap section counts them and runs again guarded
 *    past CHEAP_JOIN_READS.
 */
import vm from 'node:vm';
import { RegExpParser } from '@eslint-community/regexpp';
import { analyse } from 'scslre';
import { mongoError } from '../errors.js';
import { isPlainObject, type Doc } from '../bson/values.js';

export const DEFAULT_MAX_TIME_MS = 5_000;
/** Candidate documents up to which a query without regular expressions / $expr runs without the vm guard. */
export const CHEAP_CANDIDATES = 100;
/** Time the static analysis of one pattern may take before the pattern is refused as unanalysable. */
const ANALYSIS_BUDGET_MS = 500;
const MAX_INT32 = 2_147_483_647;

const context = vm.createContext({ run: undefined as (() => unknown) | undefined });
const script = new vm.Script('run()', { filename: 'embedded-mongo-bounded-section' });
let inside = false;
/** Sections run through `vm` (with its watchdog thread) since start: read by tests that a cheap command skips it. */
export const guardedSections = { count: 0 };
/**
 * Documents a cheap section may read where its reads are not bounded by construction (a `$lookup` through an index
 * whose keys may repeat, or through no index: query/lookup.ts); beyond, the section is run again under the guard.
 */
export const CHEAP_JOIN_READS = 10 * CHEAP_CANDIDATES;
/** What the running cheap section may still read (undefined outside one: nothing is counted). */
let cheapReads: { left: number } | undefined;

class TimeLimitExceeded extends Error {}
/** A cheap section read more than CHEAP_JOIN_READS: Budget.run runs it again, guarded. */
class NotCheap extends Error {}

/** Documents the running cheap section may still read; Infinity outside one. */
export function cheapReadsLeft(): number {
  return cheapReads ? cheapReads.left : Infinity;
}

/** Counts `n` documents read by the running section; a cheap one that reads too many is ended (and re-run). */
export function spendCheap(n: number): void {
  if (!cheapReads) return;
  cheapReads.left -= n;
  if (cheapReads.left < 0) throw new NotCheap();
}

/** Runs `fn` synchronously, interrupting it after `ms` milliseconds. */
function runWithTimeout<T>(fn: () => T, ms: number): T {
  if (inside) return fn(); // nested: the enclosing section's timeout already applies
  inside = true;
  guardedSections.count++;
  context.run = fn;
  try {
    return script.runInContext(context, { timeout: Math.max(1, Math.ceil(ms)) }) as T;
  } catch (e) {
    if ((e as NodeJS.ErrnoException | null)?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT')
      throw new TimeLimitExceeded();
    throw e;
  } finally {
    context.run = undefined;
    inside = false;
  }
}

export function maxTimeExpired(): Error {
  return mongoError(50, 'operation exceeded time limit');
}

/** The time budget of one command. */
export class Budget {
  private readonly deadline: number;

  constructor(
    limitMs: number,
    /** The command has a regular expression or an expression that can make one document expensive. */
    readonly risky: boolean,
  ) {
    this.deadline = Date.now() + limitMs;
  }

  /**
   * Runs an evaluation section (no writes inside!) within the remaining time. `cheap` sections (few candidate
   * documents, nothing risky) run directly.
   */
  run<T>(fn: () => T, cheap = false): T {
    const outer = cheapReads;
    if (cheap && !this.risky) {
      cheapReads = { left: CHEAP_JOIN_READS };
      try {
        return fn();
      } catch (e) {
        // read more than its construction promised (an evaluation section writes nothing): run it guarded
        if (!(e instanceof NotCheap)) throw e;
      } finally {
        cheapReads = outer;
      }
    }
    const remaining = this.deadline - Date.now();
    if (remaining <= 0) throw maxTimeExpired();
    cheapReads = undefined;
    try {
      return runWithTimeout(fn, remaining);
    } catch (e) {
      if (e instanceof TimeLimitExceeded) throw maxTimeExpired();
      throw e;
    } finally {
      cheapReads = outer;
    }
  }
}

/** `maxTimeMS` of a command (0 or absent → the default ceiling). */
export function commandTimeLimit(body: Doc, defaultMs: number): number {
  const v = body.maxTimeMS;
  if (v === undefined || v === null) return defaultMs;
  if (typeof v !== 'number' || !Number.isFinite(v))
    throw mongoError(2, `maxTimeMS must be a number, not ${typeof v}`);
  if (v < 0 || v > MAX_INT32 || !Number.isInteger(v))
    throw mongoError(2, `${v} value for maxTimeMS is out of range [0, ${MAX_INT32}]`);
  return v === 0 ? defaultMs : v;
}

// ---- regular expressions ---------------------------------------------------------------------------------

const REGEX_OPERATORS = new Set(['$regexMatch', '$regexFind', '$regexFindAll']);
/** Expressions that can make a single document arbitrarily expensive to evaluate. */
const RISKY_KEYS = new Set([
  '$expr',
  '$regex',
  '$regexMatch',
  '$regexFind',
  '$regexFindAll',
  '$function',
  '$accumulator',
  '$where',
]);

export interface QueryScan {
  patterns: Array<{ source: string; flags: string }>;
  risky: boolean;
}

/** Finds the regular expressions (and other risky operators) in the parts of a command that get evaluated. */
export function scanQuery(parts: unknown[]): QueryScan {
  const out: QueryScan = { patterns: [], risky: false };
  const stack: unknown[] = [...parts];
  while (stack.length) {
    const v = stack.pop();
    if (v instanceof RegExp) {
      out.patterns.push({ source: v.source, flags: v.flags });
      out.risky = true;
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      for (const e of v) stack.push(e);
      continue;
    }
    if (!isPlainObject(v)) continue;
    for (const [k, x] of Object.entries(v)) {
      if (RISKY_KEYS.has(k)) out.risky = true;
      if (k === '$regex' && typeof x === 'string')
        out.patterns.push({ source: x, flags: typeof v.$options === 'string' ? v.$options : '' });
      if (REGEX_OPERATORS.has(k) && isPlainObject(x) && typeof x.regex === 'string')
        out.patterns.push({ source: x.regex, flags: typeof x.options === 'string' ? x.options : '' });
      stack.push(x);
    }
  }
  return out;
}

const verdicts = new Map<string, string | null>();

/** Refuses a pattern that can backtrack super-linearly within one match attempt (BadValue, 2). */
export function checkPattern(source: string, options: string): void {
  const flags = [...new Set(options.split('').filter((f) => 'imsu'.includes(f)))].join('');
  const key = `${flags}/${source}`;
  let verdict = verdicts.get(key);
  if (verdict === undefined) {
    verdict = analysePattern(source, flags);
    if (verdicts.size >= 1000) verdicts.clear();
    verdicts.set(key, verdict);
  }
  if (verdict)
    throw mongoError(
      2,
      `Regular expression /${source.length > 200 ? source.slice(0, 200) + '…' : source}/ is refused: ${verdict}`,
    );
}

function analysePattern(source: string, flags: string): string | null {
  const parser = new RegExpParser();
  let pattern;
  try {
    pattern = parser.parsePattern(source, 0, source.length, { unicode: flags.includes('u') });
  } catch {
    return null; // not JavaScript syntax: compiling it fails with its own error (or it is PCRE-only syntax)
  }
  try {
    // Move reports (quadratic only through the retry at each start position) are left to the time limit.
    const reports = runWithTimeout(
      () =>
        analyse({ pattern, flags: parser.parseFlags(flags) }, { reportTypes: { Move: false }, maxReports: 1 })
          .reports,
      ANALYSIS_BUDGET_MS,
    );
    const bad = reports[0];
    if (!bad) return null;
    const quant = bad.type === 'Trade' ? bad.startQuant.raw : bad.type === 'Self' ? bad.quant.raw : '';
    return `it can backtrack ${bad.exponential ? 'exponentially' : 'polynomially'} (at ${quant || 'a quantifier'}), so its matching time is not bounded; rewrite it without nested or adjacent overlapping quantifiers`;
  } catch (e) {
    if (e instanceof TimeLimitExceeded)
      return 'it is too complex to check for catastrophic backtracking in time';
    return null;
  }
}
