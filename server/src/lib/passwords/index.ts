/**
 * Password hashing: bcrypt (bcryptjs) in a pool of worker threads, over an HMAC-SHA-384 pre-hash so
 * that no password is ever truncated. See docs/security.md, "Password hashing".
 *
 *   const hasher = createPasswordHasher({ cost: config.BCRYPT_COST, pepper: config.PASSWORD_PEPPER });
 *   const hash = await hasher.hash(password);
 *   if (user ? await hasher.verify(password, user.password_hash) : await hasher.verifyDummy(password)) …
 *   if (hasher.needsRehash(user.password_hash)) user.password_hash = await hasher.hash(password);
 *   // Imported hashes (`bcrypt-raw:$2b$…`, see IMPORTED_BCRYPT_PREFIX) verify and always need a re-hash.
 *   await hasher.close(); // on shutdown
 *
 * When every thread is busy and the queue is full, the calls reject with `PasswordHasherBusyError`
 * (an AppError: 503 `server_busy` with Retry-After). Callers name who asks (`{ address, account }`)
 * so the queue is shared fairly: one address or account flooding it cannot take every slot.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import bcrypt from 'bcryptjs';
import { ipKeyGenerator } from 'express-rate-limit';
import { AppError, CommonErrors } from '../errors.js';
import { WorkerPool, WorkerPoolFullError } from './pool.js';

/**
 * Who a hash is computed for. The hashing queue is shared fairly between client address groups
 * (IPv4 address, IPv6 /56, as the rate limits group them) and accounts: when it is full, a newcomer
 * takes the place of the newest waiting job of whichever address or account holds the most, so a
 * flood from one address (or against one account) is refused while everyone else still gets in.
 */
export interface HashClaimant {
  /** The client's IP address (`req.ip`, honouring TRUST_PROXY). */
  address?: string | null;
  /** The account, e.g. its normalised e-mail address. */
  account?: string | null;
}

export interface PasswordHasher {
  hash(password: string, by?: HashClaimant): Promise<string>;
  verify(password: string, hash: string, by?: HashClaimant): Promise<boolean>;
  /** Compares against a fixed dummy hash of the same cost so unknown accounts take as long as wrong passwords; always resolves false. */
  verifyDummy(password: string, by?: HashClaimant): Promise<false>;
  /** True when a stored hash used another cost than configured (re-hash after a successful login). */
  needsRehash(hash: string): boolean;
  close(): Promise<void>;
}

export interface PasswordHasherOptions {
  /** bcrypt cost (log2 rounds), 4–31; the configured default is 10 (BCRYPT_COST). */
  cost: number;
  /**
   * Secret HMAC key of the pre-hash (PASSWORD_PEPPER). Changing it invalidates every stored hash.
   * Without it a fixed built-in key is used: still no truncation, but no pepper protection.
   */
  pepper?: string;
  /** Worker threads (PASSWORD_HASH_THREADS); default one per core, see `defaultPoolSize`. */
  poolSize?: number;
  /** Nice value of the hashing threads (PASSWORD_HASH_NICENESS, 0–19); default HASH_THREAD_NICENESS. */
  niceness?: number;
  /**
   * Most hashes that may wait for a thread (PASSWORD_HASH_QUEUE_LIMIT); beyond it `hash`, `verify`
   * and `verifyDummy` reject with `PasswordHasherBusyError`. Default `QUEUE_PER_THREAD × poolSize`.
   */
  maxQueue?: number;
}

/**
 * Default queue bound per worker thread. At the default cost (10) one bcrypt run takes about 50 ms
 * on a current core (150 queued runs on one thread took 8 s), so 32 waiting jobs per thread mean an
 * accepted sign-in waits at most about 1.6 s (a few seconds at cost 12) — while a flood beyond
 * that is answered 503 at once instead of delaying everyone's sign-in behind it. Normal peaks stay
 * far below it: each account and address is rate limited before any hash is computed.
 */
export const QUEUE_PER_THREAD = 32;

/**
 * All hashing threads are busy and the queue is full: the API answers 503 `server_busy` with
 * `Retry-After` (seconds until the queue is estimated to have room, at least 1).
 */
export class PasswordHasherBusyError extends AppError {
  readonly retryAfterS: number;

  constructor(retryAfterS: number) {
    super(CommonErrors.SERVER_BUSY, { headers: { 'Retry-After': String(retryAfterS) } });
    this.name = 'PasswordHasherBusyError';
    this.retryAfterS = retryAfterS;
  }
}

/**
 * Longest accepted password, in characters as JavaScript counts them (`string.length`, UTF-16 code
 * units — what zod's `.max()` checks). Longer input is rejected by `hash` and never verifies; the
 * limit only bounds the work per request, the pre-hash itself has no length limit.
 */
export const MAX_PASSWORD_LENGTH = 1024;

/**
 * Hashes imported from another product (POST /projects/{id}/users/import): a plain bcrypt hash of
 * the raw password — no pre-hash, so the other product's 72-byte truncation applies as it did
 * there — stored as `bcrypt-raw:$2b$…`. `verify` compares the password with it as given (no NFKC
 * normalisation: the other product hashed the bytes the person typed), and `needsRehash` is true,
 * so the first sign-in replaces it with this module's format.
 */
export const IMPORTED_BCRYPT_PREFIX = 'bcrypt-raw:';

/**
 * Highest bcrypt cost an imported hash may have. Each step doubles the work; cost 14 is about 16
 * hashes of the default cost 10 — once per account, before the first sign-in re-hashes. Higher
 * costs would let an import file tie up the hashing threads.
 */
export const IMPORTED_BCRYPT_MAX_COST = 14;

const BCRYPT_HASH = /^\$2[aby]\$(\d{2})\$[./A-Za-z0-9]{53}$/;

/** Whether a hash from another product can be imported: `$2a$`, `$2b$` or `$2y$`, cost 4–14. */
export function isImportableBcryptHash(hash: string): boolean {
  const match = BCRYPT_HASH.exec(hash);
  const cost = match ? Number(match[1]) : NaN;
  return cost >= 4 && cost <= IMPORTED_BCRYPT_MAX_COST;
}

/** The stored form of an imported bcrypt hash (see IMPORTED_BCRYPT_PREFIX). */
export function importedPasswordHash(bcryptHash: string): string {
  return `${IMPORTED_BCRYPT_PREFIX}${bcryptHash}`;
}

/** HMAC key used when no pepper is configured. Public by design: it only serves the length fix. */
const BUILT_IN_PREHASH_KEY = 'iam-platform/password-prehash/v1';

/**
 * One hashing thread per core: sign-in then runs at the machine's hash limit (cores ÷ time of one
 * hash). The event loop stays responsive because the hashing threads run at a lower CPU priority
 * (HASH_THREAD_NICENESS): under load the kernel gives the request thread the core first.
 *
 * With several server processes (WEB_CONCURRENCY) each gets its share of the cores and, while there
 * are no more processes than cores, one thread more (at most one per core). The share alone leaves
 * cores idle: the cluster hands connections to processes unevenly (with 4 sign-in connections on 2
 * processes, 3 and 1 happen), and a process whose few sign-ins are all between their database round
 * trips has its one thread idle while another process's hashes wait for theirs. The extra thread
 * lets a process with waiting hashes use that core; when every thread has work they share the cores
 * (the same hashes per second, each taking longer), still below the request threads' priority.
 */
export function defaultPoolSize(processes = 1, cores = os.availableParallelism()): number {
  const share = Math.max(1, Math.round(cores / Math.max(1, processes)));
  return processes > 1 && processes <= cores ? Math.min(cores, Math.ceil(cores / processes) + 1) : share;
}

/**
 * Default nice value of the hashing threads (Linux keeps one per thread; elsewhere best effort). At
 * 10 a busy hashing thread gets about a tenth of a core that the event loop also wants — and of a
 * core that any other normal-priority process wants: on a machine shared with other busy processes
 * the hashing threads get less than their share (PASSWORD_HASH_NICENESS=0 gives it back).
 */
export const HASH_THREAD_NICENESS = 10;

/**
 * OWASP's pre-hash: base64(HMAC-SHA-384(key, NFKC(password))) — always 64 ASCII characters, so
 * below bcrypt's 72-byte limit and free of NUL bytes. NFKC normalisation (NIST SP 800-63B) makes
 * the same password typed as composed or decomposed Unicode verify alike.
 */
export function prehashPassword(password: string, key: string): string {
  return createHmac('sha384', key).update(password.normalize('NFKC'), 'utf8').digest('base64');
}

type PasswordJob =
  { op: 'hash'; input: string; cost: number } | { op: 'verify'; input: string; hash: string };

/**
 * The worker threads' job handler (see WorkerPool): bcryptjs run synchronously, which is fine there
 * because the thread does nothing else. Inputs are already pre-hashed.
 */
const WORKER_HANDLER = `
const bcrypt = (await importModule(workerData.bcryptjs)).default;
try {
  (await importModule('node:os')).setPriority(workerData.niceness);
} catch {
  // Not permitted here (some sandboxes): hash at normal priority.
}
return (job) => {
  switch (job.op) {
    case 'hash':
      return bcrypt.hashSync(job.input, bcrypt.genSaltSync(job.cost));
    case 'verify':
      return bcrypt.compareSync(job.input, job.hash);
    default:
      throw new Error('Unknown password job ' + job.op);
  }
};`;

/**
 * A well-formed bcrypt hash of the configured cost whose digest is random bytes: comparing against
 * it costs exactly one bcrypt run at that cost, and no input can match it.
 */
function makeDummyHash(cost: number): string {
  return bcrypt.genSaltSync(cost) + bcrypt.encodeBase64(Array.from(randomBytes(23)), 23);
}

/** The queue's fairness keys of a claimant (see WorkerPool's fair sharing). */
function fairnessKeys(by: HashClaimant | undefined): string[] {
  const keys: string[] = [];
  if (by?.address) keys.push(`address:${ipKeyGenerator(by.address)}`);
  if (by?.account) keys.push(`account:${by.account}`);
  return keys;
}

function assertString(value: unknown, name: string): asserts value is string {
  if (typeof value !== 'string') throw new TypeError(`${name} must be a string`);
}

export function createPasswordHasher(options: PasswordHasherOptions): PasswordHasher {
  const { cost } = options;
  if (!Number.isInteger(cost) || cost < 4 || cost > 31) {
    throw new RangeError(`bcrypt cost must be an integer between 4 and 31, got ${cost}.`);
  }
  const key = options.pepper ?? BUILT_IN_PREHASH_KEY;
  const size = options.poolSize ?? defaultPoolSize();
  if (
    options.niceness !== undefined &&
    !(Number.isInteger(options.niceness) && options.niceness >= 0 && options.niceness <= 19)
  ) {
    throw new RangeError(
      `Hashing thread niceness must be an integer between 0 and 19, got ${options.niceness}.`,
    );
  }
  const pool = new WorkerPool<PasswordJob, string | boolean>({
    handlerSource: WORKER_HANDLER,
    workerData: {
      bcryptjs: pathToFileURL(createRequire(import.meta.url).resolve('bcryptjs')).href,
      niceness: options.niceness ?? HASH_THREAD_NICENESS,
    },
    size,
    maxQueue: options.maxQueue ?? QUEUE_PER_THREAD * size,
    name: 'password',
  });
  const dummyHash = makeDummyHash(cost);

  async function run(job: PasswordJob, by: HashClaimant | undefined, weight = 1): Promise<string | boolean> {
    try {
      return await pool.run(job, { keys: fairnessKeys(by), weight });
    } catch (error) {
      if (error instanceof WorkerPoolFullError) {
        throw new PasswordHasherBusyError(Math.max(1, Math.ceil(error.retryAfterMs / 1000)));
      }
      throw error;
    }
  }

  async function compare(password: string, hash: string, by: HashClaimant | undefined): Promise<boolean> {
    const result = await run({ op: 'verify', input: prehashPassword(password, key), hash }, by);
    return result === true;
  }

  return {
    async hash(password, by) {
      assertString(password, 'password');
      if (password.length > MAX_PASSWORD_LENGTH) {
        throw new RangeError(`Passwords are limited to ${MAX_PASSWORD_LENGTH} characters.`);
      }
      const result = await run({ op: 'hash', input: prehashPassword(password, key), cost }, by);
      return result as string;
    },
    async verify(password, hash, by) {
      assertString(password, 'password');
      assertString(hash, 'hash');
      if (password.length > MAX_PASSWORD_LENGTH) return false;
      if (hash.startsWith(IMPORTED_BCRYPT_PREFIX)) {
        const imported = hash.slice(IMPORTED_BCRYPT_PREFIX.length);
        // Checked again here: a stored value of absurd cost must not tie up a hashing thread.
        if (!isImportableBcryptHash(imported)) return false;
        // Its own cost: 2^(its cost − ours) runs of ours (see IMPORTED_BCRYPT_MAX_COST).
        const weight = 2 ** Math.max(0, Number(imported.slice(4, 6)) - cost);
        return (await run({ op: 'verify', input: password, hash: imported }, by, weight)) === true;
      }
      return compare(password, hash, by);
    },
    async verifyDummy(password, by) {
      assertString(password, 'password');
      if (password.length <= MAX_PASSWORD_LENGTH) await compare(password, dummyHash, by);
      return false;
    },
    needsRehash(hash) {
      // An imported hash (bcrypt-raw:…) is always replaced by this module's format.
      if (hash.startsWith(IMPORTED_BCRYPT_PREFIX)) return true;
      // Anything that is not a bcrypt hash of the configured cost (including malformed values).
      const match = BCRYPT_HASH.exec(hash);
      return !match || Number(match[1]) !== cost;
    },
    close() {
      return pool.close();
    },
  };
}
