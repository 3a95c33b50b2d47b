/**
 * A runner for MongoDB's unified test format, limited to what the CRUD specification tests use:
 * client / database / collection / session entities, initialData, collection and database operations
 * through the official Node.js driver, expectResult / expectError / outcome, and command-monitoring
 * expectEvents.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { EJSON } from 'bson';
import {
  Collection,
  Db,
  MongoBulkWriteError,
  MongoClient,
  MongoError,
  MongoServerError,
  ReadPreference,
  type ClientSession,
  type CommandFailedEvent,
  type CommandStartedEvent,
  type CommandSucceededEvent,
  type MongoClientOptions,
  type ReadPreferenceMode,
} from 'mongodb';
import {
  assertMatches,
  assertSameDocuments,
  MatchError,
  show,
  type Doc,
  type MatchContext,
} from './match.js';
import { outOfScopeFeatures, unmetRequirements, type ServerInfo } from './scope.js';

export type Status = 'passed' | 'failed' | 'unsupported';

export interface TestResult {
  description: string;
  status: Status;
  /** Failure message or unsupported reason. */
  reason?: string;
}

export interface FileResult {
  file: string;
  family: string;
  results: TestResult[];
}

export interface RunContext {
  uri: string;
  /** Internal client for initialData, outcome and fail points. */
  internal: MongoClient;
  server: ServerInfo;
  /** Per-test time limit in milliseconds. */
  testTimeoutMs: number;
  /**
   * Also execute tests that use out-of-scope features (not those failing runOnRequirements) and append
   * "would pass" / "would fail: …" to their reason. They stay counted as unsupported.
   */
  tryUnsupported?: boolean;
}

/** Test-file family, e.g. "updateOne-hint.json" → "updateOne", "client-bulkWrite-errors.json" → "client-bulkWrite". */
export function familyOf(file: string): string {
  const name = basename(file, '.json');
  for (const prefix of ['client-bulkWrite', 'db-aggregate', 'create-null-ids']) {
    if (name.startsWith(prefix)) return prefix;
  }
  return name.split('-')[0]!;
}

// ---------------------------------------------------------------------------------------------
// Entities

type CommandEvent = CommandStartedEvent | CommandSucceededEvent | CommandFailedEvent;

interface ClientEntity {
  kind: 'client';
  client: MongoClient;
  observe: Set<string>;
  ignore: Set<string>;
  events: { type: string; event: CommandEvent }[];
  listening: boolean;
}

const SENSITIVE = new Set([
  'authenticate',
  'saslstart',
  'saslcontinue',
  'getnonce',
  'createuser',
  'updateuser',
  'copydbgetnonce',
  'copydbsaslstart',
  'copydb',
]);

class Entities implements MatchContext {
  private readonly map = new Map<string, unknown>();

  set(name: string, value: unknown): void {
    if (this.map.has(name)) throw new Error(`entity "${name}" is already defined`);
    this.map.set(name, value);
  }

  entity(name: string): unknown {
    if (!this.map.has(name)) throw new MatchError(`entity "${name}" is not defined`);
    const value = this.map.get(name);
    return isClientEntity(value) ? value.client : value;
  }

  client(name: string): ClientEntity {
    const value = this.map.get(name);
    if (!isClientEntity(value)) throw new Error(`entity "${name}" is not a client`);
    return value;
  }

  db(name: string): Db {
    const value = this.map.get(name);
    if (!(value instanceof Db)) throw new Error(`entity "${name}" is not a database`);
    return value;
  }

  collection(name: string): Collection<Doc> {
    const value = this.map.get(name);
    if (!(value instanceof Collection)) throw new Error(`entity "${name}" is not a collection`);
    return value as Collection<Doc>;
  }

  session(name: string): ClientSession {
    const value = this.map.get(name);
    if (!value || typeof value !== 'object' || !('endSession' in value)) {
      throw new Error(`entity "${name}" is not a session`);
    }
    return value as ClientSession;
  }

  get(name: string): unknown {
    if (!this.map.has(name)) throw new Error(`entity "${name}" is not defined`);
    return this.map.get(name);
  }

  async close(): Promise<void> {
    for (const value of this.map.values()) {
      if (isClientEntity(value)) value.listening = false;
      if (value && typeof value === 'object' && 'endSession' in value && 'clientOptions' in value) {
        await (value as ClientSession).endSession().catch(() => undefined);
      }
    }
    for (const value of this.map.values()) {
      if (isClientEntity(value)) await value.client.close().catch(() => undefined);
    }
    this.map.clear();
  }
}

function isClientEntity(value: unknown): value is ClientEntity {
  return !!value && typeof value === 'object' && (value as { kind?: unknown }).kind === 'client';
}

function readPreference(spec: unknown): ReadPreference | undefined {
  if (!spec || typeof spec !== 'object') return undefined;
  const rp = spec as { mode: string; tagSets?: Doc[]; maxStalenessSeconds?: number; hedge?: Doc };
  const mode = (rp.mode.charAt(0).toLowerCase() + rp.mode.slice(1)) as ReadPreferenceMode;
  const options: { maxStalenessSeconds?: number } = {};
  if (rp.maxStalenessSeconds !== undefined) options.maxStalenessSeconds = rp.maxStalenessSeconds;
  return new ReadPreference(mode, rp.tagSets as never, options);
}

/** collectionOptions / databaseOptions → driver options. */
function namespaceOptions(spec: Doc | undefined): Doc {
  const out: Doc = {};
  if (!spec) return out;
  if (spec.readConcern) out.readConcern = spec.readConcern;
  if (spec.writeConcern) out.writeConcern = spec.writeConcern;
  if (spec.readPreference) out.readPreference = readPreference(spec.readPreference);
  if (spec.timeoutMS !== undefined) out.timeoutMS = spec.timeoutMS;
  return out;
}

async function createEntities(specs: Doc[], entities: Entities, ctx: RunContext): Promise<void> {
  for (const wrapper of specs) {
    const type = Object.keys(wrapper)[0]!;
    const spec = wrapper[type] as Doc;
    const id = String(spec.id);
    switch (type) {
      case 'client': {
        const uriOptions = { ...((spec.uriOptions as Doc | undefined) ?? {}) };
        if (uriOptions.readConcernLevel !== undefined) {
          uriOptions.readConcern = { level: uriOptions.readConcernLevel };
          delete uriOptions.readConcernLevel;
        }
        if (uriOptions.w !== undefined) {
          uriOptions.writeConcern = {
            ...((uriOptions.writeConcern as Doc | undefined) ?? {}),
            w: uriOptions.w,
          };
          delete uriOptions.w;
        }
        const options: MongoClientOptions = {
          serverSelectionTimeoutMS: 10_000,
          monitorCommands: true,
          // The Node.js driver replaces a null `_id` with an ObjectId before sending (NODE-6468) unless the
          // server is to assign ids; with forceServerObjectId it sends documents as given, so the tests of
          // `_id: null` reach the server. Documents without an `_id` then get it from the server, as mongod does.
          forceServerObjectId: true,
          ...(uriOptions as MongoClientOptions),
        };
        const client = new MongoClient(ctx.uri, options);
        const entity: ClientEntity = {
          kind: 'client',
          client,
          observe: new Set((spec.observeEvents as string[] | undefined) ?? []),
          ignore: new Set(
            ((spec.ignoreCommandMonitoringEvents as string[] | undefined) ?? []).concat('configureFailPoint'),
          ),
          events: [],
          listening: true,
        };
        const record = (type: string) => (event: CommandEvent) => {
          if (!entity.listening || !entity.observe.has(type)) return;
          if (entity.ignore.has(event.commandName)) return;
          const lower = event.commandName.toLowerCase();
          if (!spec.observeSensitiveCommands) {
            if (SENSITIVE.has(lower)) return;
            if (
              (lower === 'hello' || lower === 'ismaster') &&
              'command' in event &&
              (event.command.speculativeAuthenticate || Object.keys(event.command).length === 0)
            ) {
              return;
            }
          }
          entity.events.push({ type, event });
        };
        client.on('commandStarted', record('commandStartedEvent'));
        client.on('commandSucceeded', record('commandSucceededEvent'));
        client.on('commandFailed', record('commandFailedEvent'));
        await client.connect();
        entities.set(id, entity);
        break;
      }
      case 'database': {
        const client = entities.client(String(spec.client)).client;
        entities.set(id, client.db(String(spec.databaseName), namespaceOptions(spec.databaseOptions as Doc)));
        break;
      }
      case 'collection': {
        const db = entities.db(String(spec.database));
        entities.set(
          id,
          db.collection(String(spec.collectionName), namespaceOptions(spec.collectionOptions as Doc)),
        );
        break;
      }
      case 'session': {
        const client = entities.client(String(spec.client)).client;
        entities.set(id, client.startSession((spec.sessionOptions as Doc | undefined) ?? {}));
        break;
      }
      default:
        throw new Error(`unsupported entity type ${type}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Data setup and outcome

async function setupInitialData(data: Doc[] | undefined, ctx: RunContext): Promise<void> {
  for (const entry of data ?? []) {
    const db = ctx.internal.db(String(entry.databaseName));
    const name = String(entry.collectionName);
    const majority = { writeConcern: { w: 'majority' as const } };
    await db.dropCollection(name, majority).catch(ignoreNamespaceNotFound);
    const documents = (entry.documents as Doc[] | undefined) ?? [];
    if (entry.createOptions) {
      await db.createCollection(name, { ...(entry.createOptions as Doc), ...majority });
    }
    if (documents.length > 0) {
      await db.collection(name).insertMany(
        documents.map((d) => ({ ...d })),
        majority,
      );
    } else if (!entry.createOptions) {
      await db.createCollection(name, majority);
    }
  }
}

function ignoreNamespaceNotFound(error: unknown): void {
  if (error instanceof MongoServerError && (error.code === 26 || /ns not found/i.test(error.message))) return;
  throw error;
}

async function checkOutcome(outcome: Doc[] | undefined, ctx: RunContext): Promise<void> {
  for (const entry of outcome ?? []) {
    const collection = ctx.internal.db(String(entry.databaseName)).collection(String(entry.collectionName), {
      readPreference: ReadPreference.primary,
      readConcern: { level: 'local' },
    });
    const actual = await collection.find({}, { sort: { _id: 1 } }).toArray();
    assertSameDocuments((entry.documents as Doc[]) ?? [], actual, `outcome ${String(entry.collectionName)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Operations

interface Operation {
  name: string;
  object: string;
  arguments?: Doc;
  expectResult?: unknown;
  expectError?: Doc;
  ignoreResultAndError?: boolean;
  saveResultAsEntity?: string;
}

function resolveArguments(args: Doc | undefined, entities: Entities): Doc {
  const out: Doc = { ...(args ?? {}) };
  if (typeof out.session === 'string') out.session = entities.session(out.session);
  if (out.readPreference) out.readPreference = readPreference(out.readPreference);
  return out;
}

function returnDocument(value: unknown): 'before' | 'after' | undefined {
  if (value === undefined) return undefined;
  const v = String(value).toLowerCase();
  if (v !== 'before' && v !== 'after') throw new Error(`invalid returnDocument ${String(value)}`);
  return v;
}

interface BulkWriteResultLike {
  insertedCount: number;
  matchedCount: number;
  modifiedCount: number;
  deletedCount: number;
  upsertedCount: number;
  upsertedIds: Doc;
  insertedIds: Doc;
  getRawResponse(): Doc;
}

/** The driver does not export the BulkWriteResult class at runtime, so recognise it by shape. */
function isBulkWriteResult(value: unknown): value is BulkWriteResultLike {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as { getRawResponse?: unknown }).getRawResponse === 'function' &&
    'insertedCount' in value &&
    'upsertedIds' in value
  );
}

/** Converts driver model objects (BulkWriteResult, …) into plain documents. */
function toDocument(result: unknown): unknown {
  if (isBulkWriteResult(result)) {
    return {
      insertedCount: result.insertedCount,
      matchedCount: result.matchedCount,
      modifiedCount: result.modifiedCount,
      deletedCount: result.deletedCount,
      upsertedCount: result.upsertedCount,
      upsertedIds: result.upsertedIds,
      insertedIds: result.insertedIds,
    };
  }
  return result;
}

async function runOperation(op: Operation, entities: Entities, ctx: RunContext): Promise<unknown> {
  const args = resolveArguments(op.arguments, entities);
  if (op.object === 'testRunner') return runSpecialOperation(op, args, entities, ctx);

  const target = entities.get(op.object);
  switch (op.name) {
    case 'aggregate': {
      const { pipeline, ...opts } = args;
      if (target instanceof Db || target instanceof Collection) {
        return target.aggregate(pipeline as Doc[], opts).toArray();
      }
      throw new Error(`aggregate on ${op.object}, which is neither a database nor a collection`);
    }
    case 'bulkWrite': {
      const { requests, ...opts } = args;
      return toDocument(await entities.collection(op.object).bulkWrite(requests as never, opts));
    }
    case 'countDocuments': {
      const { filter, ...opts } = args;
      return entities.collection(op.object).countDocuments(filter as Doc, opts);
    }
    case 'count': {
      const { filter, ...opts } = args;
      return entities.collection(op.object).count(filter as Doc, opts);
    }
    case 'estimatedDocumentCount':
      return entities.collection(op.object).estimatedDocumentCount(args);
    case 'distinct': {
      const { fieldName, filter, ...opts } = args;
      return entities.collection(op.object).distinct(String(fieldName), (filter as Doc) ?? {}, opts);
    }
    case 'find': {
      const { filter, ...opts } = args;
      return entities
        .collection(op.object)
        .find((filter as Doc) ?? {}, opts)
        .toArray();
    }
    case 'findOne': {
      const { filter, ...opts } = args;
      return entities.collection(op.object).findOne((filter as Doc) ?? {}, opts);
    }
    case 'findOneAndDelete': {
      const { filter, ...opts } = args;
      return entities.collection(op.object).findOneAndDelete(filter as Doc, opts);
    }
    case 'findOneAndReplace': {
      const { filter, replacement, ...opts } = args;
      const rd = returnDocument(opts.returnDocument);
      if (rd) opts.returnDocument = rd;
      return entities.collection(op.object).findOneAndReplace(filter as Doc, replacement as Doc, opts);
    }
    case 'findOneAndUpdate': {
      const { filter, update, ...opts } = args;
      const rd = returnDocument(opts.returnDocument);
      if (rd) opts.returnDocument = rd;
      return entities.collection(op.object).findOneAndUpdate(filter as Doc, update as Doc, opts);
    }
    case 'insertOne': {
      const { document, ...opts } = args;
      return entities.collection(op.object).insertOne({ ...(document as Doc) }, opts);
    }
    case 'insertMany': {
      const { documents, ...opts } = args;
      return entities.collection(op.object).insertMany(
        (documents as Doc[]).map((d) => ({ ...d })),
        opts,
      );
    }
    case 'replaceOne': {
      const { filter, replacement, ...opts } = args;
      return entities.collection(op.object).replaceOne(filter as Doc, replacement as Doc, opts);
    }
    case 'updateOne': {
      const { filter, update, ...opts } = args;
      return entities.collection(op.object).updateOne(filter as Doc, update as Doc, opts);
    }
    case 'updateMany': {
      const { filter, update, ...opts } = args;
      return entities.collection(op.object).updateMany(filter as Doc, update as Doc, opts);
    }
    case 'deleteOne': {
      const { filter, ...opts } = args;
      return entities.collection(op.object).deleteOne(filter as Doc, opts);
    }
    case 'deleteMany': {
      const { filter, ...opts } = args;
      return entities.collection(op.object).deleteMany(filter as Doc, opts);
    }
    case 'createIndex': {
      const { keys, ...opts } = args;
      return entities.collection(op.object).createIndex(keys as never, opts);
    }
    case 'dropIndex': {
      const { name, ...opts } = args;
      return entities.collection(op.object).dropIndex(String(name), opts);
    }
    case 'dropIndexes':
      return entities.collection(op.object).dropIndexes(args);
    case 'listIndexes':
      return entities.collection(op.object).listIndexes(args).toArray();
    case 'listIndexNames':
      return (await entities.collection(op.object).listIndexes(args).toArray()).map((i) => i.name);
    case 'createCollection': {
      const { collection, ...opts } = args;
      await entities.db(op.object).createCollection(String(collection), opts);
      return undefined;
    }
    case 'dropCollection': {
      const { collection, ...opts } = args;
      return entities.db(op.object).dropCollection(String(collection), opts);
    }
    case 'modifyCollection': {
      const { collection, ...opts } = args;
      return entities.db(op.object).command({ collMod: collection, ...opts });
    }
    case 'listCollections': {
      const { filter, ...opts } = args;
      return entities
        .db(op.object)
        .listCollections((filter as Doc) ?? {}, opts)
        .toArray();
    }
    case 'listCollectionNames': {
      const { filter, ...opts } = args;
      return (
        await entities
          .db(op.object)
          .listCollections((filter as Doc) ?? {}, opts)
          .toArray()
      ).map((c) => c.name);
    }
    case 'runCommand': {
      const { command, commandName: _commandName, ...opts } = args;
      return entities.db(op.object).command(command as Doc, opts);
    }
    case 'listDatabases':
      return (await entities.client(op.object).client.db().admin().listDatabases(args)).databases;
    case 'dropDatabase':
      return entities.client(op.object).client.db(String(args.database)).dropDatabase();
    case 'endSession':
      return entities.session(op.object).endSession();
    default:
      throw new UnsupportedOperation(`operation ${op.name} on ${op.object}`);
  }
}

class UnsupportedOperation extends Error {}

/** Operations whose result is an iterable of documents, each matched as a root-level document. */
const ITERABLE_RESULTS = new Set([
  'find',
  'aggregate',
  'listIndexes',
  'listCollections',
  'listDatabases',
  'runCursorCommand',
  'listSearchIndexes',
]);

const activeFailPoints: { client: MongoClient; name: string }[] = [];

async function runSpecialOperation(
  op: Operation,
  args: Doc,
  entities: Entities,
  ctx: RunContext,
): Promise<unknown> {
  switch (op.name) {
    case 'failPoint': {
      const failPoint = args.failPoint as Doc;
      const client = entities.client(String(args.client)).client;
      await client.db('admin').command(failPoint);
      activeFailPoints.push({ client, name: String(failPoint.configureFailPoint) });
      return undefined;
    }
    case 'createEntities':
      await createEntities(args.entities as Doc[], entities, ctx);
      return undefined;
    case 'assertCollectionExists':
    case 'assertCollectionNotExists': {
      const names = (
        await ctx.internal.db(String(args.databaseName)).listCollections({}, { nameOnly: true }).toArray()
      ).map((c) => c.name);
      const exists = names.includes(String(args.collectionName));
      if (exists !== (op.name === 'assertCollectionExists')) {
        throw new MatchError(`${op.name}: collection ${String(args.collectionName)} exists=${exists}`);
      }
      return undefined;
    }
    case 'assertIndexExists':
    case 'assertIndexNotExists': {
      let names: string[] = [];
      try {
        names = (
          await ctx.internal
            .db(String(args.databaseName))
            .collection(String(args.collectionName))
            .listIndexes()
            .toArray()
        ).map((i) => String(i.name));
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === 26)) throw error;
      }
      const exists = names.includes(String(args.indexName));
      if (exists !== (op.name === 'assertIndexExists')) {
        throw new MatchError(`${op.name}: index ${String(args.indexName)} exists=${exists}`);
      }
      return undefined;
    }
    case 'wait':
      await new Promise((resolve) => setTimeout(resolve, Number(args.ms)));
      return undefined;
    default:
      throw new UnsupportedOperation(`test runner operation ${op.name}`);
  }
}

async function disableFailPoints(): Promise<void> {
  while (activeFailPoints.length) {
    const fp = activeFailPoints.pop()!;
    await fp.client
      .db('admin')
      .command({ configureFailPoint: fp.name, mode: 'off' })
      .catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------
// Errors

const CODE_NAMES: Record<string, number> = {
  DuplicateKey: 11000,
  BadValue: 2,
  FailedToParse: 9,
  TypeMismatch: 14,
  InvalidLength: 16,
  IllegalOperation: 20,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  ConflictingUpdateOperators: 40,
  CursorNotFound: 43,
  NamespaceExists: 48,
  CommandNotFound: 59,
  ImmutableField: 66,
  InvalidOptions: 72,
  InvalidNamespace: 73,
  IndexKeySpecsConflict: 86,
  WriteConcernFailed: 64,
  DocumentValidationFailure: 121,
  CommandNotSupportedOnView: 166,
  NoSuchKey: 4,
  UnknownError: 8,
  Location51091: 51091,
};

function errorMessages(error: unknown): string[] {
  const messages: string[] = [];
  if (error instanceof Error) messages.push(error.message);
  if (error instanceof MongoBulkWriteError) {
    const writeErrors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
    for (const we of writeErrors) if (we) messages.push(String(we.errmsg ?? ''));
    if (error.err) messages.push(String(error.err.errmsg ?? ''));
  }
  return messages;
}

function errorCodes(error: unknown): number[] {
  const codes: number[] = [];
  if (error instanceof MongoError && typeof error.code === 'number') codes.push(error.code);
  if (error instanceof MongoBulkWriteError) {
    const writeErrors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
    for (const we of writeErrors) if (we && typeof we.code === 'number') codes.push(we.code);
    if (error.err && typeof error.err.code === 'number') codes.push(error.err.code);
  }
  return codes;
}

function checkExpectedError(error: unknown, expected: Doc, entities: Entities): void {
  const describe = () => `${error instanceof Error ? `${error.name}: ${error.message}` : show(error)}`;
  if (expected.isError === true) {
    // an error was raised; nothing more to check
  }
  if (expected.isClientError !== undefined) {
    const isServer = error instanceof MongoServerError;
    if (expected.isClientError === true && isServer)
      throw new MatchError(`expected a client error, got server error ${describe()}`);
    if (expected.isClientError === false && !isServer)
      throw new MatchError(`expected a server error, got ${describe()}`);
  }
  if (expected.isTimeoutError === true) throw new MatchError('timeout errors are not checked');
  if (typeof expected.errorContains === 'string') {
    const needle = expected.errorContains.toLowerCase();
    if (!errorMessages(error).some((m) => m.toLowerCase().includes(needle))) {
      throw new MatchError(
        `expected the error message to contain "${expected.errorContains}", got ${describe()}`,
      );
    }
  }
  if (typeof expected.errorCode === 'number') {
    if (!errorCodes(error).includes(expected.errorCode)) {
      throw new MatchError(
        `expected error code ${expected.errorCode}, got ${errorCodes(error).join(',') || 'none'} (${describe()})`,
      );
    }
  }
  if (typeof expected.errorCodeName === 'string') {
    const name = expected.errorCodeName;
    const actualName =
      error instanceof MongoServerError ? (error.codeName ?? error.errorResponse?.codeName) : undefined;
    const byName = typeof actualName === 'string' && actualName.toLowerCase() === name.toLowerCase();
    const byCode = CODE_NAMES[name] !== undefined && errorCodes(error).includes(CODE_NAMES[name]!);
    if (!byName && !byCode)
      throw new MatchError(`expected error code name ${name}, got ${String(actualName)} (${describe()})`);
  }
  if (Array.isArray(expected.errorLabelsContain)) {
    for (const label of expected.errorLabelsContain as string[]) {
      if (!(error instanceof MongoError && error.hasErrorLabel(label))) {
        throw new MatchError(`expected error label ${label} (${describe()})`);
      }
    }
  }
  if (Array.isArray(expected.errorLabelsOmit)) {
    for (const label of expected.errorLabelsOmit as string[]) {
      if (error instanceof MongoError && error.hasErrorLabel(label)) {
        throw new MatchError(`unexpected error label ${label} (${describe()})`);
      }
    }
  }
  if (expected.expectResult !== undefined) {
    const result = error instanceof MongoBulkWriteError ? toDocument(error.result) : undefined;
    assertMatches(expected.expectResult, result, { ctx: entities, path: 'expectError.expectResult' });
  }
  if (expected.errorResponse !== undefined) {
    const response = error instanceof MongoServerError ? (error.errorResponse ?? error) : undefined;
    if (!response) throw new MatchError(`expected a server error response, got ${describe()}`);
    assertMatches(expected.errorResponse, response, { ctx: entities, path: 'expectError.errorResponse' });
  }
}

// ---------------------------------------------------------------------------------------------
// Events

function checkEvents(expectEvents: Doc[], entities: Entities): void {
  for (const expectedForClient of expectEvents) {
    const clientName = String(expectedForClient.client);
    const client = entities.client(clientName);
    const expected = (expectedForClient.events as Doc[]) ?? [];
    const actual = client.events;
    const ignoreExtra = expectedForClient.ignoreExtraEvents === true;
    const names = () => actual.map((e) => `${e.type}(${e.event.commandName})`).join(', ');
    if (actual.length < expected.length || (!ignoreExtra && actual.length !== expected.length)) {
      throw new MatchError(
        `expectEvents for ${clientName}: expected ${expected.length} events [${expected
          .map(
            (e) =>
              `${Object.keys(e)[0]}(${String((Object.values(e)[0] as Doc).commandName ?? Object.keys(((Object.values(e)[0] as Doc).command as Doc) ?? {})[0] ?? '')})`,
          )
          .join(', ')}], observed ${actual.length} [${names()}]`,
      );
    }
    expected.forEach((exp, i) => {
      const type = Object.keys(exp)[0]!;
      const spec = exp[type] as Doc;
      const observed = actual[i]!;
      const path = `events[${i}]`;
      if (observed.type !== type) {
        throw new MatchError(
          `${path}: expected ${type}, observed ${observed.type}(${observed.event.commandName})`,
        );
      }
      const event = observed.event;
      if (spec.commandName !== undefined && spec.commandName !== event.commandName) {
        throw new MatchError(
          `${path}.commandName: expected ${String(spec.commandName)}, got ${event.commandName}`,
        );
      }
      if (
        spec.databaseName !== undefined &&
        'databaseName' in event &&
        spec.databaseName !== event.databaseName
      ) {
        throw new MatchError(
          `${path}.databaseName: expected ${String(spec.databaseName)}, got ${String(event.databaseName)}`,
        );
      }
      if (spec.command !== undefined) {
        assertMatches(spec.command, (event as CommandStartedEvent).command, {
          ctx: entities,
          path: `${path}.command`,
        });
      }
      if (spec.reply !== undefined) {
        assertMatches(spec.reply, (event as CommandSucceededEvent).reply, {
          ctx: entities,
          path: `${path}.reply`,
        });
      }
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Test and file execution

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function executeTest(file: Doc, test: Doc, ctx: RunContext): Promise<void> {
  const entities = new Entities();
  try {
    await setupInitialData(file.initialData as Doc[] | undefined, ctx);
    await createEntities((file.createEntities as Doc[] | undefined) ?? [], entities, ctx);
    const operations = (test.operations as Operation[]) ?? [];
    for (const [index, op] of operations.entries()) {
      const label = `operations[${index}] ${op.name}`;
      let result: unknown;
      let error: unknown;
      let failed = false;
      try {
        result = toDocument(await runOperation(op, entities, ctx));
      } catch (e) {
        if (e instanceof UnsupportedOperation || e instanceof MatchError) throw e;
        failed = true;
        error = e;
      }
      if (op.ignoreResultAndError) continue;
      try {
        if (op.expectError) {
          if (!failed)
            throw new MatchError(`expected an error, but the operation succeeded with ${show(result)}`);
          checkExpectedError(error, op.expectError, entities);
        } else if (failed) {
          const e = error as Error;
          throw new MatchError(`unexpected error ${e?.name ?? 'Error'}: ${e?.message ?? String(e)}`);
        } else if (op.expectResult !== undefined) {
          assertMatches(op.expectResult, result, {
            ctx: entities,
            path: 'result',
            rootElements: ITERABLE_RESULTS.has(op.name),
          });
        }
      } catch (e) {
        if (e instanceof MatchError) throw new MatchError(`${label}: ${e.message}`);
        throw e;
      }
      if (op.saveResultAsEntity) entities.set(op.saveResultAsEntity, result);
    }
    if (Array.isArray(test.expectEvents)) {
      for (const value of (test.expectEvents as Doc[]).map((e) => entities.client(String(e.client)))) {
        value.listening = false;
      }
      checkEvents(test.expectEvents as Doc[], entities);
    }
    await checkOutcome(test.outcome as Doc[] | undefined, ctx);
  } finally {
    await disableFailPoints();
    await entities.close();
  }
}

async function runTest(file: Doc, test: Doc, ctx: RunContext): Promise<TestResult> {
  const description = String(test.description);
  if (typeof test.skipReason === 'string')
    return { description, status: 'unsupported', reason: `skipReason: ${test.skipReason}` };
  const unmet =
    (await unmetRequirements(file.runOnRequirements, ctx.server)) ??
    (await unmetRequirements(test.runOnRequirements, ctx.server));
  if (unmet) return { description, status: 'unsupported', reason: unmet };
  const features = outOfScopeFeatures(file, test, ctx.server);
  if (features.length) {
    const reason = features.join('; ');
    if (!ctx.tryUnsupported) return { description, status: 'unsupported', reason };
    try {
      await withTimeout(executeTest(file, test, ctx), ctx.testTimeoutMs, 'test');
      return { description, status: 'unsupported', reason: `${reason} [tried: would pass]` };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { description, status: 'unsupported', reason: `${reason} [tried: fails — ${message}]` };
    }
  }
  try {
    await withTimeout(executeTest(file, test, ctx), ctx.testTimeoutMs, 'test');
    return { description, status: 'passed' };
  } catch (error) {
    if (error instanceof UnsupportedOperation) {
      return { description, status: 'unsupported', reason: `runner does not implement ${error.message}` };
    }
    const message =
      error instanceof Error
        ? `${error instanceof MatchError ? '' : `${error.name}: `}${error.message}`
        : String(error);
    return { description, status: 'failed', reason: message };
  }
}

export async function loadTestFile(path: string): Promise<Doc> {
  return EJSON.parse(await readFile(path, 'utf8'), { relaxed: true }) as Doc;
}

export async function runFile(path: string, ctx: RunContext): Promise<FileResult> {
  const file = await loadTestFile(path);
  const results: TestResult[] = [];
  for (const test of (file.tests as Doc[]) ?? []) {
    results.push(await runTest(file, test, ctx));
  }
  return { file: basename(path), family: familyOf(path), results };
}
