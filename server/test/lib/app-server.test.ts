/**
 * The server's requests and responses are created with the Express app's prototypes
 * (lib/app-server.ts): Express's per-request `Object.setPrototypeOf` then changes nothing, which
 * spares V8 a hidden-class change of both objects and the inline-cache misses it causes on every
 * request. Counted, not timed: how many live request/response objects get a new prototype.
 */
import http, { type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import express, { type Express } from 'express';
import { pino } from 'pino';
import { loadConfig } from '../../src/config.js';
import { createAppServer, listen } from '../../src/lib/app-server.js';
import { startServer } from '../../src/server.js';

function testApp(): Express {
  const app = express();
  app.use(express.json());
  app.get('/items/:id', (req, res) => {
    res.set('X-Seen', req.get('x-probe') ?? 'none');
    res.json({ id: req.params.id, q: req.query.q ?? null, ip: req.ip, secure: req.secure });
  });
  app.post('/echo', (req, res) => {
    res.status(201).json(req.body);
  });
  return app;
}

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/**
 * Counts `Object.setPrototypeOf` calls that change the prototype of a request or response object
 * while `run` runs (Express calls it on every request in `app.handle`).
 */
async function prototypeChanges(run: () => Promise<void>): Promise<number> {
  const original = Object.setPrototypeOf;
  let changes = 0;
  Object.setPrototypeOf = function (target: object, proto: object | null) {
    const live = target instanceof http.IncomingMessage || target instanceof http.ServerResponse;
    if (live && Object.getPrototypeOf(target) !== proto) changes += 1;
    return original(target, proto);
  } as typeof Object.setPrototypeOf;
  try {
    await run();
  } finally {
    Object.setPrototypeOf = original;
  }
  return changes;
}

async function exercise(server: Server): Promise<void> {
  const base = urlOf(server);
  for (let i = 0; i < 5; i++) {
    const got = await fetch(`${base}/items/${i}?q=x`, { headers: { 'x-probe': 'p' } });
    expect(got.status).to.equal(200);
    expect(got.headers.get('x-seen')).to.equal('p');
    expect(await got.json()).to.deep.equal({ id: String(i), q: 'x', ip: '127.0.0.1', secure: false });
  }
  const posted = await fetch(`${base}/echo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ a: [1, 2] }),
  });
  expect(posted.status).to.equal(201);
  expect(await posted.json()).to.deep.equal({ a: [1, 2] });
  const missing = await fetch(`${base}/nowhere`);
  expect(missing.status).to.equal(404);
}

describe('app server: requests born with the app prototypes', () => {
  it('answers like app.listen while Express changes no request or response prototype', async () => {
    const app = testApp();
    const server = await listen(createAppServer(app), 0, '127.0.0.1');
    const seen: boolean[] = [];
    // Runs before the app: what Node created, before Express touched it.
    server.prependListener('request', (req, res) => {
      seen.push(Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response);
    });
    try {
      expect(await prototypeChanges(() => exercise(server))).to.equal(0);
      expect(seen).to.have.length(7);
      expect(seen.every(Boolean), 'every request and response built with the app prototypes').to.equal(true);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('the same app on a plain server: two prototype changes per request (what the server avoids)', async () => {
    const server = http.createServer(testApp());
    await listen(server, 0, '127.0.0.1');
    try {
      expect(await prototypeChanges(() => exercise(server))).to.equal(14);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('the running server builds its requests with the app prototypes and answers as before', async () => {
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1' });
    const running = await startServer(config, pino({ level: 'silent' }), { inMemoryDatabase: true });
    const prototypes: object[] = [];
    running.server.prependListener('request', (req: IncomingMessage) => {
      prototypes.push(Object.getPrototypeOf(req) as object);
    });
    try {
      const changes = await prototypeChanges(async () => {
        const health = await fetch(`${running.url}/api/v1/health`);
        expect(health.status).to.equal(200);
        expect(health.headers.get('x-content-type-options')).to.equal('nosniff');
        expect(health.headers.get('cache-control')).to.equal('no-store');
        expect(((await health.json()) as { status: string }).status).to.equal('ok');
        const unauthenticated = await fetch(`${running.url}/api/v1/auth/me`);
        expect(unauthenticated.status).to.equal(401);
      });
      expect(changes).to.equal(0);
      expect(prototypes).to.have.length(2);
      for (const proto of prototypes) {
        expect(proto).to.not.equal(http.IncomingMessage.prototype);
        // Express's request methods are there before Express handles the request.
        expect(typeof (proto as { get?: unknown }).get).to.equal('function');
      }
    } finally {
      await running.close();
    }
  });

  it('listen rejects when the port is taken, and leaves no error listener behind', async () => {
    const first = await listen(createAppServer(testApp()), 0, '127.0.0.1');
    const port = (first.address() as AddressInfo).port;
    const second = createAppServer(testApp());
    try {
      let failure: NodeJS.ErrnoException | undefined;
      await listen(second, port, '127.0.0.1').catch((error: NodeJS.ErrnoException) => (failure = error));
      expect(failure?.code).to.equal('EADDRINUSE');
      expect(first.listenerCount('error')).to.equal(0);
    } finally {
      await new Promise((resolve) => first.close(resolve));
    }
  });
});
