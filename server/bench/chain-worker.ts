/**
 * One server of server/bench/chain-cpu.ts: our app from the sources of the working directory's
 * checkout, started as `node server/dist/index.js` would be (on the database MONGODB_URI names),
 * then driven in process — requests handed to the app's request listener over in-memory sockets —
 * beside a bare Express hello-world driven the same way. Without the kernel's TCP work (most of a
 * loopback request's system time, and what swings most with the machine's load) the user CPU per
 * request is our middleware chain's own: the figure to compare two checkouts by.
 * Prints one JSON line per route: `{"route", "us", "hello"}` (CPU µs per request, ours and hello).
 */
import { IncomingMessage, ServerResponse, type RequestListener } from 'node:http';
import path from 'node:path';
import { Duplex } from 'node:stream';
import { pathToFileURL } from 'node:url';
import express from 'express';
import { fixture } from '../../bench/lib/fixture.js';

const cwd = process.cwd();
const load = (file: string) => import(pathToFileURL(path.join(cwd, file)).href);
const { loadConfig } = await load('server/src/config.ts');
const { createLogger } = await load('server/src/lib/logger.ts');
const { startServer } = await load('server/src/server.ts');

const config = loadConfig();
const running = await startServer(config, createLogger({ level: config.logLevel }));
const app = running.server.listeners('request')[0] as RequestListener;
const f = await fixture(running.url as string);

const helloApp = express();
helloApp.get('/', (_req, res) => {
  res.send('Hello World!');
});

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
}

/** A socket that swallows what is written (as a peer that reads everything at once would). */
function sink(): Duplex {
  const socket = new Duplex({
    write(_chunk, _encoding, callback) {
      callback();
    },
    writev(_chunks, callback) {
      callback();
    },
    read() {},
  });
  Object.defineProperty(socket, 'remoteAddress', { value: '127.0.0.1' });
  Object.defineProperty(socket, 'remotePort', { value: 50_000 });
  return socket;
}

/** One request through `listener`, resolved when its response has finished (and closed). */
function once(listener: RequestListener, call: Call, socket: Duplex): Promise<number> {
  return new Promise((resolve) => {
    const req = new IncomingMessage(socket as never);
    req.method = call.method;
    req.url = call.url;
    req.headers = { host: '127.0.0.1', ...call.headers };
    req.httpVersion = '1.1';
    req.httpVersionMajor = 1;
    req.httpVersionMinor = 1;
    req.push(null);
    req.complete = true;
    const res = new ServerResponse(req);
    res.assignSocket(socket as never);
    res.on('finish', () => {
      res.detachSocket(socket as never);
      // What node:http's server does once a response is written: `close` on it and the request.
      setImmediate(() => {
        res.emit('close');
        req.emit('close');
        resolve(res.statusCode);
      });
    });
    listener(req, res);
  });
}

async function drive(listener: RequestListener, call: Call, requests: number, concurrency: number) {
  let left = requests;
  // One socket per request in flight, as keep-alive connections are.
  const worker = async () => {
    const socket = sink();
    while (left-- > 0) {
      const status = await once(listener, call, socket);
      if (status >= 400) throw new Error(`${call.method} ${call.url}: ${status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

async function cpuPerRequest(listener: RequestListener, call: Call, requests: number): Promise<number> {
  await drive(listener, call, Math.min(2_000, requests), 20);
  const before = process.cpuUsage();
  await drive(listener, call, requests, 20);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / requests;
}

const jwt = { authorization: `Bearer ${f.accessToken}` };
const calls: Record<string, Call> = {
  health: { method: 'GET', url: '/api/v1/health', headers: {} },
  verify: { method: 'POST', url: '/api/v1/verify', headers: jwt },
  me: { method: 'GET', url: '/api/v1/auth/me', headers: jwt },
  projects: { method: 'GET', url: '/api/v1/projects', headers: { authorization: `Bearer ${f.apiToken}` } },
};
const hello: Call = { method: 'GET', url: '/', headers: {} };
const requests = Number(process.env.CHAIN_REQUESTS ?? 10_000);
for (const route of (process.env.CHAIN_ROUTES ?? 'health,verify').split(',')) {
  const helloBefore = await cpuPerRequest(helloApp as RequestListener, hello, requests);
  const us = await cpuPerRequest(app, calls[route]!, requests);
  const helloAfter = await cpuPerRequest(helloApp as RequestListener, hello, requests);
  console.log(JSON.stringify({ route, us, hello: (helloBefore + helloAfter) / 2 }));
}
await running.close();
process.exit(0);
