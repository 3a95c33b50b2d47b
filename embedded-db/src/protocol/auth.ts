/**
 * Authentication: SCRAM-SHA-256 (RFC 5802, RFC 7677) the way mongod speaks it over `saslStart` /
 * `saslContinue` (and `speculativeAuthenticate` inside `hello`), for one built-in user in the `admin` database.
 *
 * When the server runs as the product's store (a data directory is given) the credentials are generated on the
 * first start and kept in `<dataDir>/credentials.json` (mode 0600); `startEmbeddedMongo()` puts them into the
 * connection string it returns, so the driver and mongoose authenticate without any extra configuration.
 * Until a connection has authenticated, every command except the handshake answers mongod's error 13
 * (`Unauthorized`, "Command find requires authentication").
 */
import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';
import { closeSync, constants, fchmodSync, openSync, readFileSync, writeSync, fsyncSync } from 'node:fs';
import { join } from 'node:path';
import { Binary } from 'bson';
import { mongoError } from '../errors.js';
import { isPlainObject, type Doc } from '../bson/values.js';

export type AuthMode = 'required' | 'none';

export const SCRAM_SHA_256 = 'SCRAM-SHA-256';
export const AUTH_DB = 'admin';
export const CREDENTIALS_FILE = 'credentials.json';
/** mongod's default `scramSHA256IterationCount`. */
const ITERATIONS = 15_000;
const DEFAULT_USER = 'iam';

export interface Credentials {
  username: string;
  password: string;
}

/** Commands a connection may run before it has authenticated (the handshake and what mongod also allows). */
const OPEN_COMMANDS = new Set([
  'hello',
  'isMaster',
  'ismaster',
  'ping',
  'buildInfo',
  'buildinfo',
  'saslStart',
  'saslContinue',
  'connectionStatus',
  'logout',
]);

export function requiresAuthentication(command: string): boolean {
  return !OPEN_COMMANDS.has(command);
}

/** A random user password: 32 URL-safe characters (192 bits), unchanged by SASLprep. */
export function generateCredentials(username = DEFAULT_USER): Credentials {
  return { username, password: randomBytes(24).toString('base64url') };
}

/**
 * Reads `<dataDir>/credentials.json`, or creates it (exclusively, mode 0600) with generated credentials on the
 * first start. The directory is expected to exist and to be locked by this server.
 */
export function loadOrCreateCredentials(dataDir: string): Credentials {
  const path = join(dataDir, CREDENTIALS_FILE);
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    return readCredentials(path);
  }
  const creds = generateCredentials();
  try {
    fchmodSync(fd, 0o600); // whatever the umask
    const body = { ...creds, mechanism: SCRAM_SHA_256, authSource: AUTH_DB };
    writeSync(fd, JSON.stringify(body, null, 2) + '\n');
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return creds;
}

function readCredentials(path: string): Credentials {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(
      `Cannot read the embedded MongoDB credentials in ${path} (${(e as Error).message}); delete the file to generate new ones`,
      { cause: e },
    );
  }
  const p = parsed as Partial<Credentials> | null;
  if (!p || typeof p.username !== 'string' || !p.username || typeof p.password !== 'string' || !p.password)
    throw new Error(
      `The embedded MongoDB credentials in ${path} lack a username or password; delete the file to generate new ones`,
    );
  if (!/^[\x21-\x7e]+$/.test(p.username) || !/^[\x21-\x7e]+$/.test(p.password))
    throw new Error(
      `The embedded MongoDB credentials in ${path} must be printable ASCII without spaces; delete the file to generate new ones`,
    );
  return { username: p.username, password: p.password };
}

/** `mongodb://user:password@host:port/?authSource=admin` (or without credentials). */
export function connectionString(host: string, port: number, creds: Credentials | undefined): string {
  const h = host.includes(':') ? `[${host}]` : host;
  if (!creds) return `mongodb://${h}:${port}/`;
  const user = encodeURIComponent(creds.username);
  const pass = encodeURIComponent(creds.password);
  return `mongodb://${user}:${pass}@${h}:${port}/?authSource=${AUTH_DB}`;
}

// ---- SCRAM-SHA-256 -----------------------------------------------------------------------------------------

interface ScramUser {
  name: string;
  salt: Buffer;
  storedKey: Buffer;
  serverKey: Buffer;
}

/** Per-connection authentication state. */
export interface AuthState {
  /** Name of the authenticated user, once authenticated. */
  user?: string;
  conversation?: Conversation;
}

interface Conversation {
  id: number;
  step: 'first' | 'final' | 'done';
  db: string;
  username: string;
  gs2Header: string;
  clientFirstBare: string;
  serverFirst: string;
  nonce: string;
  skipEmptyExchange: boolean;
}

const hmac = (key: Buffer, text: string): Buffer => createHmac('sha256', key).update(text, 'utf8').digest();
const sha256 = (data: Buffer): Buffer => createHash('sha256').update(data).digest();

function authFailed(): Error {
  return mongoError(18, 'Authentication failed.');
}

export class ScramAuthenticator {
  private readonly user: ScramUser;
  /** Keys unknown users are "salted" with, so an unknown name looks like a wrong password. */
  private readonly decoySecret = randomBytes(32);

  constructor(creds: Credentials) {
    const salt = randomBytes(32);
    // SASLprep is the identity for the printable ASCII passwords accepted here (see readCredentials).
    const salted = pbkdf2Sync(creds.password, salt, ITERATIONS, 32, 'sha256');
    this.user = {
      name: creds.username,
      salt,
      storedKey: sha256(hmac(salted, 'Client Key')),
      serverKey: hmac(salted, 'Server Key'),
    };
  }

  get username(): string {
    return this.user.name;
  }

  /** `hello.saslSupportedMechs` for `"<db>.<user>"`: advertised for any name, so it reveals nothing. */
  supportedMechs(spec: unknown): string[] | undefined {
    return typeof spec === 'string' && spec.includes('.') ? [SCRAM_SHA_256] : undefined;
  }

  saslStart(body: Doc, db: string, state: AuthState): Doc {
    const mechanism = body.mechanism;
    if (typeof mechanism !== 'string') throw mongoError(2, 'Auth mechanism not specified');
    if (mechanism !== SCRAM_SHA_256)
      throw mongoError(
        334,
        `Received authentication for mechanism ${mechanism} which is unknown or not enabled`,
      );
    state.conversation = undefined;
    const text = payloadText(body.payload);
    // gs2-header: no channel binding ("n" or "y"), no authzid
    const m = /^([ny]),(?:a=[^,]*)?,(.*)$/s.exec(text);
    if (!m) throw mongoError(17, 'Invalid SCRAM-SHA-256 client first message');
    const gs2Header = text.slice(0, text.length - (m[2] as string).length);
    const clientFirstBare = m[2] as string;
    const attrs = parseAttributes(clientFirstBare);
    const rawName = attrs.get('n');
    const clientNonce = attrs.get('r');
    if (!rawName || !clientNonce || attrs.has('m') || !/^[\x21-\x2b\x2d-\x7e]+$/.test(clientNonce))
      throw mongoError(17, 'Invalid SCRAM-SHA-256 client first message');
    const username = rawName.replace(/=2C/g, ',').replace(/=3D/g, '=');
    const known = db === AUTH_DB && username === this.user.name;
    const salt = known
      ? this.user.salt
      : createHmac('sha256', this.decoySecret).update(`${db}.${username}`).digest();
    const nonce = clientNonce + randomBytes(24).toString('base64');
    const serverFirst = `r=${nonce},s=${salt.toString('base64')},i=${ITERATIONS}`;
    const options = isPlainObject(body.options) ? body.options : {};
    state.conversation = {
      id: 1,
      step: 'first',
      db,
      username,
      gs2Header,
      clientFirstBare,
      serverFirst,
      nonce,
      skipEmptyExchange: options.skipEmptyExchange === true,
    };
    return { conversationId: 1, done: false, payload: Buffer.from(serverFirst, 'utf8') };
  }

  saslContinue(body: Doc, state: AuthState): Doc {
    const conv = state.conversation;
    const id = typeof body.conversationId === 'number' ? body.conversationId : Number(body.conversationId);
    if (!conv || id !== conv.id) throw mongoError(17, 'No SASL session state found');
    if (conv.step === 'done') {
      state.conversation = undefined;
      return { conversationId: conv.id, done: true, payload: Buffer.alloc(0) };
    }
    // From here on any failure ends the conversation.
    state.conversation = undefined;
    const text = payloadText(body.payload);
    const proofAt = text.lastIndexOf(',p=');
    if (proofAt < 0) throw authFailed();
    const withoutProof = text.slice(0, proofAt);
    const attrs = parseAttributes(withoutProof);
    const proof = Buffer.from(text.slice(proofAt + 3), 'base64');
    if (
      attrs.get('c') !== Buffer.from(conv.gs2Header, 'utf8').toString('base64') ||
      attrs.get('r') !== conv.nonce
    )
      throw authFailed();
    const known = conv.db === AUTH_DB && conv.username === this.user.name;
    const authMessage = `${conv.clientFirstBare},${conv.serverFirst},${withoutProof}`;
    const clientSignature = hmac(this.user.storedKey, authMessage);
    if (proof.length !== clientSignature.length) throw authFailed();
    const clientKey = Buffer.alloc(proof.length);
    for (let i = 0; i < proof.length; i++)
      clientKey[i] = (proof[i] as number) ^ (clientSignature[i] as number);
    const matches = timingSafeEqual(sha256(clientKey), this.user.storedKey);
    if (!known || !matches) throw authFailed();
    state.user = conv.username;
    const serverSignature = hmac(this.user.serverKey, authMessage).toString('base64');
    const payload = Buffer.from(`v=${serverSignature}`, 'utf8');
    if (conv.skipEmptyExchange) return { conversationId: conv.id, done: true, payload };
    state.conversation = { ...conv, step: 'done' };
    return { conversationId: conv.id, done: false, payload };
  }

  /** `hello.speculativeAuthenticate`: the saslStart embedded in the handshake (the driver's first round trip). */
  speculative(spec: unknown, state: AuthState): Doc | undefined {
    if (!isPlainObject(spec) || spec.saslStart === undefined) return undefined;
    try {
      const db = typeof spec.db === 'string' ? spec.db : AUTH_DB;
      return this.saslStart(spec, db, state);
    } catch {
      return undefined; // the driver then authenticates with an ordinary saslStart and gets the error there
    }
  }
}

function payloadText(payload: unknown): string {
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  if (payload instanceof Binary)
    return Buffer.from(payload.buffer.subarray(0, payload.position)).toString('utf8');
  if (typeof payload === 'string') return payload;
  throw mongoError(17, 'SASL payload must be binary data');
}

function parseAttributes(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of text.split(',')) {
    const eq = part.indexOf('=');
    if (eq !== 1) continue;
    out.set(part.slice(0, 1), part.slice(2));
  }
  return out;
}
