/**
 * mongod's `failCommand` fail point, for test suites (MongoDB's specification tests use it to make the server
 * answer an error, close the connection or report a write concern error). Offered like mongod only with test
 * commands on (`testCommands: true`, the CLI's `--setParameter enableTestCommands=1`); otherwise
 * `configureFailPoint` is an unknown command (59).
 *
 * `{configureFailPoint: 'failCommand', mode: 'alwaysOn' | 'off' | {times: n} | {skip: n} |
 * {activationProbability: p}, data: {failCommands: [...], errorCode?, closeConnection?, errorLabels?,
 * writeConcernError?, blockConnection?, blockTimeMS?, appName?, namespace?}}` answers `{count}` (how often the
 * fail point was entered before). Other fail point names answer 266 FailPointSetFailed "<name> not found".
 */
import { type Doc, isPlainObject } from '../bson/values.js';
import { mongoError } from '../errors.js';

/** What the fail point does to one command. */
export interface Failure {
  closeConnection: boolean;
  /** The error reply instead of running the command. */
  error?: Doc;
  /** Added to the reply of the command, which runs. */
  writeConcernError?: Doc;
  blockTimeMS: number;
}

type Mode =
  | { kind: 'off' }
  | { kind: 'alwaysOn' }
  | { kind: 'times'; n: number }
  | { kind: 'skip'; n: number }
  | { kind: 'probability'; p: number };

/** Commands the fail point never fails, like mongod (the handshake and the fail point's own command). */
const EXEMPT = new Set(['configureFailPoint', 'isMaster', 'ismaster', 'hello', 'saslStart', 'saslContinue']);

export class FailPoints {
  private mode: Mode = { kind: 'off' };
  private data: Doc = {};
  private entered = 0;

  configure(b: Doc): Doc {
    const name = b.configureFailPoint;
    if (name !== 'failCommand') throw mongoError(266, `${String(name)} not found`);
    const mode = parseMode(b.mode);
    const data = b.data === undefined ? {} : b.data;
    if (!isPlainObject(data)) throw mongoError(9, "'data' must be an object");
    if (mode.kind !== 'off' && !Array.isArray(data.failCommands))
      throw mongoError(2, 'failCommand fail point requires failCommands to be an array');
    const count = this.entered;
    this.mode = mode;
    this.data = data;
    this.entered = 0;
    return { count };
  }

  /** The failure for this command, if the fail point is on and applies to it (consumes one of `times`). */
  failureFor(name: string, db: string, body: Doc, appName: string | undefined): Failure | undefined {
    if (this.mode.kind === 'off' || EXEMPT.has(name)) return undefined;
    const d = this.data;
    if (!(d.failCommands as unknown[]).includes(name)) return undefined;
    if (typeof d.appName === 'string' && d.appName !== appName) return undefined;
    if (typeof d.namespace === 'string' && d.namespace !== `${db}.${String(body[name])}`) return undefined;
    if (!this.fires()) return undefined;
    const failure: Failure = {
      closeConnection: d.closeConnection === true,
      blockTimeMS: d.blockConnection === true && typeof d.blockTimeMS === 'number' ? d.blockTimeMS : 0,
    };
    if (typeof d.errorCode === 'number') {
      const error = mongoError(d.errorCode, "Failing command via 'failCommand' failpoint").toReply();
      if (Array.isArray(d.errorLabels)) error.errorLabels = d.errorLabels;
      failure.error = error;
    }
    if (isPlainObject(d.writeConcernError)) failure.writeConcernError = d.writeConcernError;
    return failure;
  }

  private fires(): boolean {
    const m = this.mode;
    this.entered++;
    if (m.kind === 'alwaysOn') return true;
    if (m.kind === 'probability') return Math.random() < m.p;
    if (m.kind === 'skip') {
      if (m.n > 0) {
        m.n--;
        return false;
      }
      return true;
    }
    if (m.kind === 'times') {
      if (m.n <= 0) return false;
      m.n--;
      if (m.n === 0) this.mode = { kind: 'off' };
      return true;
    }
    return false;
  }
}

function parseMode(mode: unknown): Mode {
  if (mode === 'off') return { kind: 'off' };
  if (mode === 'alwaysOn') return { kind: 'alwaysOn' };
  if (isPlainObject(mode)) {
    const n = (k: string) => Number(mode[k]);
    if (mode.times !== undefined && Number.isInteger(n('times')) && n('times') >= 0)
      return n('times') === 0 ? { kind: 'off' } : { kind: 'times', n: n('times') };
    if (mode.skip !== undefined && Number.isInteger(n('skip')) && n('skip') >= 0)
      return { kind: 'skip', n: n('skip') };
    if (
      mode.activationProbability !== undefined &&
      n('activationProbability') >= 0 &&
      n('activationProbability') <= 1
    )
      return { kind: 'probability', p: n('activationProbability') };
  }
  throw mongoError(9, `unrecognized fail point mode: ${JSON.stringify(mode)}`);
}
