/**
 * Our server for server/bench/middleware-share.ts: started as `node server/dist/index.js` would be,
 * then with the global middleware named in MW_WITHOUT (comma-separated layer names, as
 * middleware-share.ts prints them) taken out of the app's stack — the measured "share" of a
 * middleware is what the server gains without it. Prints `{"listening": url, "layers": [...]}`.
 */
import type { Express } from 'express';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/lib/logger.js';
import { startServer } from '../src/server.js';

const config = loadConfig();
const running = await startServer(config, createLogger({ level: config.logLevel }));
const app = running.server.listeners('request')[0] as Express;
type Named = { name: string };
const stack = (app as unknown as { router: { stack: (Named & { handle: { parts?: Named[] } })[] } }).router
  .stack;
const without = new Set((process.env.MW_WITHOUT ?? '').split(',').filter(Boolean));
// The global middleware run inside one layer (app.ts `chain`): its `parts`, by name, are layers here.
const layers = stack.flatMap((layer) => [layer.name, ...(layer.handle.parts ?? []).map((part) => part.name)]);
for (const layer of stack) {
  const parts = layer.handle.parts ?? [];
  for (let i = parts.length - 1; i >= 0; i--) if (without.has(parts[i]!.name)) parts.splice(i, 1);
}
for (let i = stack.length - 1; i >= 0; i--) if (without.has(stack[i]!.name)) stack.splice(i, 1);
// Installed on the response prototype rather than as layers (app.ts): taken out by deleting them.
const response = app.response as unknown as Record<string, unknown>;
if (without.has('compressSentBodies')) delete response.send;
if (without.has('serialiseJsonResponses')) delete response.json;
// The health route's database ping (shared by concurrent checks): answered as up without a command.
if (without.has('databaseProbe')) running.database.isUp = () => Promise.resolve(true);
console.log(JSON.stringify({ listening: running.url, layers, removed: [...without] }));
process.on('SIGTERM', () => void running.close().then(() => process.exit(0)));
