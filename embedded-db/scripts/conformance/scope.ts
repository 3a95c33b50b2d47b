/**
 * Which unified-format tests are outside the embedded server's scope, and why.
 *
 * A test is reported as "unsupported" (never hidden, never counted as failed) when it
 *  - has runOnRequirements the target server does not meet (version, topology, serverless, auth, …);
 *  - uses a feature the embedded server deliberately does not implement (`rawData`, client bulk write,
 *    `hint` on unacknowledged writes, fail points when the server has no `configureFailPoint`);
 *  - is skipped by the official Node.js driver's own unified runner because the driver itself
 *    does not implement the behaviour (so the test would fail against any server).
 */
import type { Doc } from './match.js';

export interface ServerInfo {
  /** [major, minor, patch] from buildInfo.versionArray. */
  version: [number, number, number];
  versionString: string;
  topology: 'single' | 'replicaset' | 'sharded' | 'load-balanced';
  /** Whether the server accepts the `configureFailPoint` test command. */
  failPoints: boolean;
  /** Server parameters fetched lazily for `serverParameters` requirements. */
  getParameter(name: string): Promise<unknown>;
  auth: boolean;
}

export function parseVersion(text: string): [number, number, number] {
  const parts = text
    .split(/[.-]/)
    .slice(0, 3)
    .map((p) => Number.parseInt(p, 10));
  return [parts[0] || 0, parts[1] || 0, parts[2] || 0];
}

function compareVersions(a: [number, number, number], b: [number, number, number]): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** Returns null when one of the requirements is met, otherwise a reason. */
export async function unmetRequirements(requirements: unknown, server: ServerInfo): Promise<string | null> {
  if (!Array.isArray(requirements) || requirements.length === 0) return null;
  const reasons: string[] = [];
  for (const req of requirements as Doc[]) {
    const reason = await unmetRequirement(req, server);
    if (!reason) return null;
    reasons.push(reason);
  }
  return `runOnRequirements not met: ${[...new Set(reasons)].join(' / ')}`;
}

async function unmetRequirement(req: Doc, server: ServerInfo): Promise<string | null> {
  const v = server.versionString;
  if (
    typeof req.minServerVersion === 'string' &&
    compareVersions(server.version, parseVersion(req.minServerVersion)) < 0
  ) {
    return `needs server >= ${req.minServerVersion} (server reports ${v})`;
  }
  if (
    typeof req.maxServerVersion === 'string' &&
    compareVersions(server.version, parseVersion(req.maxServerVersion)) > 0
  ) {
    return `written for legacy servers <= ${req.maxServerVersion} (server reports ${v})`;
  }
  if (Array.isArray(req.topologies)) {
    const topologies = req.topologies as string[];
    const ok =
      topologies.includes(server.topology) ||
      (server.topology === 'sharded' && topologies.includes('sharded-replicaset'));
    if (!ok) return `needs topology ${topologies.join(' or ')} (server is ${server.topology})`;
  }
  if (req.serverless === 'require') return 'needs Atlas Serverless';
  if (req.auth === true && !server.auth) return 'needs authentication enabled';
  if (req.auth === false && server.auth) return 'needs authentication disabled';
  if (req.csfle !== undefined && req.csfle !== false) return 'needs client-side field level encryption';
  if (req.authMechanism !== undefined) return `needs auth mechanism ${String(req.authMechanism)}`;
  if (req.serverParameters && typeof req.serverParameters === 'object') {
    for (const [name, expected] of Object.entries(req.serverParameters as Doc)) {
      const actual = await server.getParameter(name).catch(() => undefined);
      if (actual === undefined || String(actual) !== String(expected)) {
        return `needs server parameter ${name}=${String(expected)}`;
      }
    }
  }
  return null;
}

/**
 * Tests the official Node.js driver's unified runner skips for CRUD because the driver lacks the behaviour
 * (test/integration/crud/crud.spec.test.ts in mongodb/node-mongodb-native). They would fail against a real
 * mongod too, so they say nothing about the server.
 */
const NODE_DRIVER_SKIPS: Record<string, string> = {
  'inserting _id with type null via clientBulkWrite':
    'NODE-6468: the driver replaces a null _id with an ObjectId',
  'InsertMany passes bypassDocumentValidation: false':
    'NODE-6484: the driver does not send bypassDocumentValidation: false',
  'FindOneAndUpdate passes bypassDocumentValidation: false':
    'NODE-6484: the driver does not send bypassDocumentValidation: false',
  'FindOneAndReplace passes bypassDocumentValidation: false':
    'NODE-6484: the driver does not send bypassDocumentValidation: false',
  'BulkWrite passes bypassDocumentValidation: false':
    'NODE-6484: the driver does not send bypassDocumentValidation: false',
  'Aggregate with $out passes bypassDocumentValidation: false':
    'NODE-6484: the driver does not send bypassDocumentValidation: false',
};

interface Operation {
  name: string;
  object: string;
  arguments?: Doc;
}

/**
 * Returns the out-of-scope features a test uses (empty when it is in scope).
 * `file` is the parsed test file, `test` one of its tests.
 */
export function outOfScopeFeatures(file: Doc, test: Doc, server: ServerInfo): string[] {
  const reasons = new Set<string>();
  const description = String(test.description);
  const driverSkip = NODE_DRIVER_SKIPS[description];
  if (driverSkip)
    reasons.add(`Node.js driver limitation (${driverSkip}, skipped by the driver's own runner)`);

  const entities = (file.createEntities as Doc[] | undefined) ?? [];
  for (const e of entities) {
    const type = Object.keys(e)[0]!;
    const spec = e[type] as Doc;
    if (!['client', 'database', 'collection', 'session'].includes(type)) {
      reasons.add(`entity type "${type}" (not part of the CRUD runner)`);
    }
    if (type === 'client') {
      for (const key of ['autoEncryptOpts', 'serverApi', 'observeLogMessages', 'observeTracingMessages']) {
        if (spec[key] !== undefined) reasons.add(`client option ${key}`);
      }
    }
  }

  const operations = (test.operations as Operation[]) ?? [];
  for (const op of operations) {
    const args = op.arguments ?? {};
    if (op.name === 'clientBulkWrite')
      reasons.add('client bulk write (MongoClient.bulkWrite / bulkWrite command of MongoDB 8.0)');
    if (op.name === 'failPoint' || op.name === 'targetedFailPoint') {
      if (!server.failPoints)
        reasons.add('fail points (configureFailPoint is a mongod test command, not offered)');
    }
    if (['createChangeStream', 'watch'].includes(op.name)) reasons.add('change streams');
    if (['startTransaction', 'withTransaction', 'commitTransaction'].includes(op.name))
      reasons.add('transactions');
    if (op.name === 'loop' || op.name === 'runOnThread') reasons.add(`test runner operation ${op.name}`);

    const requestArgs: Doc[] = [args];
    if (Array.isArray(args.requests)) {
      for (const r of args.requests as Doc[]) {
        const inner = Object.values(r)[0];
        if (inner && typeof inner === 'object') requestArgs.push(inner as Doc);
      }
    }
    // `hint` on unacknowledged writes is accepted like mongod 7 accepts it, and below 8.2 the driver leaves
    // `rawData` out: both are in scope. rawData itself (time-series buckets, 8.2+) is not offered.
    for (const a of requestArgs) {
      if (a.rawData !== undefined && compareVersions(server.version, [8, 2, 0]) >= 0)
        reasons.add('rawData (timeseries raw bucket access)');
    }
  }

  for (const expected of (test.expectEvents as Doc[] | undefined) ?? []) {
    const type = (expected.eventType as string | undefined) ?? 'command';
    if (type !== 'command') reasons.add(`${type} events`);
  }
  if (test.expectLogMessages) reasons.add('log message assertions');
  if (test.expectTracingMessages) reasons.add('tracing assertions');
  return [...reasons];
}
