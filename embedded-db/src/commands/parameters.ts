/**
 * Server parameters: getParameter and setParameter, answered like mongod 7.
 *
 * Only parameters the embedded server honours are registered; setParameter of any other name answers like mongod
 * for a parameter it does not know (72 InvalidOptions "attempted to set unrecognized parameter [x], use help:true
 * to see options "), so a client never believes a setting took effect that did not. Parameters fixed at start-up
 * answer 20 IllegalOperation "not allowed to change [x] at runtime", a value of the wrong type 2 BadValue, and
 * both commands outside `admin` 13 Unauthorized. setParameter replies `was`, the previous value of the first
 * parameter it names, like mongod.
 *
 * | parameter               | effect                                                                          |
 * | ----------------------- | ------------------------------------------------------------------------------- |
 * | `notablescan`           | queries that would scan a whole collection answer 291 NoQueryExecutionPlans    |
 * | `cursorTimeoutMillis`   | idle cursors are dropped after this long (checked once a minute)                |
 * | `ttlMonitorEnabled`     | false pauses the removal of expired TTL documents                               |
 * | `logLevel`, `quiet`, `logComponentVerbosity` | kept and reported (the server writes no log of its own)    |
 * | start-up only           | `enableTestCommands`, `ttlMonitorSleepSecs`, `authenticationMechanisms`,        |
 * |                         | `featureCompatibilityVersion`, `maxBSONDepth`                                   |
 */
import { Long } from 'bson';
import { type Doc, isPlainObject } from '../bson/values.js';
import { mongoError } from '../errors.js';

const HELP = ', use help:true to see options ';

/** Command fields that are not parameter names (generic arguments of every command). */
const GENERIC = new Set([
  'lsid',
  'comment',
  'maxTimeMS',
  'writeConcern',
  'readConcern',
  'apiVersion',
  'apiStrict',
  'apiDeprecationErrors',
  'txnNumber',
  'autocommit',
  'startTransaction',
]);

interface Parameter {
  get(): unknown;
  /** Absent: fixed at start-up. */
  set?(value: unknown): void;
}

export interface ParameterSettings {
  testCommands: boolean;
  ttlMonitorSleepSecs: number;
  authenticationMechanisms: string[];
}

export class Parameters {
  notablescan = false;
  cursorTimeoutMillis = 10 * 60 * 1000;
  ttlMonitorEnabled = true;
  logLevel = 0;
  quiet = false;
  logComponentVerbosity: Doc = { verbosity: 0 };
  private readonly table: Record<string, Parameter>;

  constructor(readonly settings: ParameterSettings) {
    const fixed = (value: unknown): Parameter => ({ get: () => value });
    this.table = {
      featureCompatibilityVersion: fixed({ version: '7.0' }),
      authenticationMechanisms: fixed(settings.authenticationMechanisms),
      maxBSONDepth: fixed(100),
      enableTestCommands: fixed(settings.testCommands),
      ttlMonitorSleepSecs: fixed(settings.ttlMonitorSleepSecs),
      notablescan: { get: () => this.notablescan, set: (v) => (this.notablescan = bool('notablescan', v)) },
      ttlMonitorEnabled: {
        get: () => this.ttlMonitorEnabled,
        set: (v) => (this.ttlMonitorEnabled = bool('ttlMonitorEnabled', v)),
      },
      cursorTimeoutMillis: {
        get: () => Long.fromNumber(this.cursorTimeoutMillis),
        set: (v) => (this.cursorTimeoutMillis = integer('cursorTimeoutMillis', v, 0)),
      },
      logLevel: { get: () => this.logLevel, set: (v) => (this.logLevel = integer('logLevel', v, 0, 5)) },
      quiet: { get: () => this.quiet, set: (v) => (this.quiet = bool('quiet', v)) },
      logComponentVerbosity: {
        get: () => this.logComponentVerbosity,
        set: (v) => {
          if (!isPlainObject(v))
            throw mongoError(2, 'Invalid value for logComponentVerbosity: expected an object');
          this.logComponentVerbosity = { ...this.logComponentVerbosity, ...v };
        },
      },
    };
  }

  private has(name: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.table, name);
  }

  /** getParameter: `{getParameter: 1, name: 1, …}`, `'*'` or `{allParameters: true}`, `{showDetails: true}`. */
  getParameter(b: Doc, db: string): Doc {
    adminOnly('getParameter', db);
    const spec = b.getParameter;
    const details = isPlainObject(spec) && spec.showDetails === true;
    const show = (name: string): unknown => {
      const p = this.table[name] as Parameter;
      return details
        ? { value: p.get(), settableAtRuntime: p.set !== undefined, settableAtStartup: true }
        : p.get();
    };
    const out: Doc = {};
    if (spec === '*' || (isPlainObject(spec) && spec.allParameters === true)) {
      for (const name of Object.keys(this.table)) out[name] = show(name);
      return out;
    }
    for (const name of parameterNames(b, 'getParameter')) {
      if (!this.has(name)) throw mongoError(72, 'no option found to get');
      out[name] = show(name);
    }
    if (Object.keys(out).length === 0) throw mongoError(72, 'no option found to get');
    return out;
  }

  /** setParameter: every name is checked (and its value converted) before any is set, like mongod. */
  setParameter(b: Doc, db: string): Doc {
    adminOnly('setParameter', db);
    const names = parameterNames(b, 'setParameter');
    if (names.length === 0) throw mongoError(72, `no option found to set${HELP}`);
    for (const name of names) {
      if (!this.has(name)) throw mongoError(72, `attempted to set unrecognized parameter [${name}]${HELP}`);
      if (!(this.table[name] as Parameter).set)
        throw mongoError(20, `not allowed to change [${name}] at runtime`);
    }
    const was = (this.table[names[0] as string] as Parameter).get();
    const before = this.snapshot();
    try {
      for (const name of names) (this.table[name] as Parameter).set?.(b[name]);
    } catch (e) {
      Object.assign(this, before);
      throw e;
    }
    return { was };
  }

  private snapshot(): Partial<Parameters> {
    const { notablescan, cursorTimeoutMillis, ttlMonitorEnabled, logLevel, quiet, logComponentVerbosity } =
      this;
    return { notablescan, cursorTimeoutMillis, ttlMonitorEnabled, logLevel, quiet, logComponentVerbosity };
  }
}

function adminOnly(command: string, db: string): void {
  if (db !== 'admin') throw mongoError(13, `${command} may only be run against the admin database.`);
}

function parameterNames(b: Doc, command: string): string[] {
  return Object.keys(b).filter((k) => k !== command && !k.startsWith('$') && !GENERIC.has(k));
}

function bool(name: string, v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (v instanceof Long) return !v.isZero();
  throw mongoError(2, `Invalid value for ${name}: expected a boolean, got ${JSON.stringify(v)}`);
}

function integer(name: string, v: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = v instanceof Long ? v.toNumber() : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max)
    throw mongoError(
      2,
      `Invalid value for ${name}: expected an integer from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}, got ${String(v)}`,
    );
  return n;
}
