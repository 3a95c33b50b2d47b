/**
 * The database of a benchmark run: our embedded MongoDB-compatible server, in memory, in a process
 * of its own (so its CPU shows apart from the servers measured). Every server of the run — ours
 * and the peer — connects to it. Prints `{"uri": "…"}` once it accepts connections.
 */
import { startEmbeddedMongo } from '@iam-platform/embedded-mongodb';

const mongo = await startEmbeddedMongo({ dataDir: null, port: 0 });
console.log(JSON.stringify({ uri: mongo.uri }));
const stop = () => void mongo.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
