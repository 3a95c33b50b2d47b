/**
 * Standalone embedded MongoDB: `npm run mongo:embedded -- --port 27018 --dbpath ./data/db`
 * Options: --port <n> (default 27017), --bind_ip/--host <addr> (default 127.0.0.1), --dbpath <dir> (omit or
 * --inMemory for no persistence), --ttlMonitorSleepSecs <n>, --auth / --noauth (default: --auth with a
 * --dbpath, --noauth in memory), --defaultMaxTimeMS <ms> (time limit of queries without maxTimeMS, default 5000),
 * --setParameter enableTestCommands=1 (offers configureFailPoint, like mongod's; for test suites).
 *
 * With authentication the printed connection string carries the generated credentials (kept in
 * <dbpath>/credentials.json, mode 0600), ready for mongosh or Compass.
 */
import { startEmbeddedMongo } from '../index.js';

function parseArgs(argv: string[]): Record<string, string | true> {
  const out: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (!a.startsWith('--')) continue;
    const eq = a.indexOf('=');
    if (eq > 0) {
      out[a.slice(2, eq)] = a.slice(eq + 1);
      continue;
    }
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      out[a.slice(2)] = next;
      i++;
    } else out[a.slice(2)] = true;
  }
  return out;
}

const args = parseArgs(process.argv.slice(2));
if (args.help || args.h) {
  console.log(
    'usage: mongo:embedded [--port 27017] [--bind_ip 127.0.0.1] [--dbpath ./data/db | --inMemory] [--ttlMonitorSleepSecs 60] [--auth | --noauth] [--defaultMaxTimeMS 5000] [--setParameter enableTestCommands=1]',
  );
  process.exit(0);
}
const port = args.port === undefined ? 27017 : Number(args.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`invalid --port ${String(args.port)}`);
  process.exit(2);
}
const host =
  typeof args.bind_ip === 'string' ? args.bind_ip : typeof args.host === 'string' ? args.host : '127.0.0.1';
const dataDir = args.inMemory ? null : typeof args.dbpath === 'string' ? args.dbpath : null;
const ttl = typeof args.ttlMonitorSleepSecs === 'string' ? Number(args.ttlMonitorSleepSecs) * 1000 : 60_000;
const auth = args.noauth ? 'none' : args.auth ? 'required' : undefined;
const defaultMaxTimeMS =
  typeof args.defaultMaxTimeMS === 'string' ? Number(args.defaultMaxTimeMS) : undefined;
if (defaultMaxTimeMS !== undefined && !(Number.isInteger(defaultMaxTimeMS) && defaultMaxTimeMS > 0)) {
  console.error(`invalid --defaultMaxTimeMS ${String(args.defaultMaxTimeMS)}`);
  process.exit(2);
}
const setParameter = typeof args.setParameter === 'string' ? args.setParameter : undefined;
if (setParameter !== undefined && !/^enableTestCommands=(1|true|0|false)$/.test(setParameter)) {
  console.error(
    `unsupported --setParameter ${setParameter} (only enableTestCommands=1 is taken at start-up)`,
  );
  process.exit(2);
}
const testCommands = setParameter !== undefined && /=(1|true)$/.test(setParameter);

try {
  const mongo = await startEmbeddedMongo({
    testCommands,
    port,
    host,
    dataDir,
    ttlMonitorIntervalMs: ttl,
    auth,
    defaultMaxTimeMS,
    log: (msg) => console.log(msg),
  });
  console.log(`embedded MongoDB listening on ${mongo.uri} (${dataDir ? `data: ${dataDir}` : 'in memory'})`);
  if (mongo.auth)
    console.log(
      `authentication required (SCRAM-SHA-256): user "${mongo.auth.username}", password ` +
        (mongo.auth.credentialsFile
          ? `in ${mongo.auth.credentialsFile}`
          : 'generated for this run (in the connection string above)') +
        '; use the connection string above with mongosh or Compass',
    );
  else console.log('no authentication: anyone who can reach this port can read and change the data');
  void mongo.ended.then(({ expected, error }) => {
    if (expected) return;
    console.error(`embedded MongoDB stopped on a fault${error ? `: ${error.message}` : ''}`);
    process.exit(1);
  });
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, shutting down`);
    mongo.stop().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(e);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
} catch (e) {
  console.error(`failed to start embedded MongoDB: ${(e as Error).message}`);
  process.exit(1);
}
