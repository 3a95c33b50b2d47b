/**
 * Answers written by a compiled serialiser go straight to `res.end` when nothing is to be compressed
 * (lib/compression.ts `sendJsonText`): a client must see exactly what Express's `res.json` sent —
 * the same headers and body — and compression, HEAD and conditional requests must work as before.
 */
import { expect } from 'chai';
import express from 'express';
import supertest from 'supertest';
import { compressSentBodies } from '../../src/lib/compression.js';
import { z } from '../../src/lib/openapi.js';
import {
  RouteSerialisers,
  serialiseJsonResponses,
  useSerialisers,
} from '../../src/lib/response-serialisers.js';

const Item = z.object({ id: z.string(), name: z.string(), tags: z.array(z.string()) });
const Body = z.object({ data: z.array(Item) });

function app() {
  const app = express();
  app.set('etag', false);
  compressSentBodies(app.response);
  serialiseJsonResponses(app.response);
  const serialised = useSerialisers(new RouteSerialisers(new Map([[200, Body]])));
  const body = (count: number) => ({
    data: Array.from({ length: count }, (_, i) => ({
      id: `id-${i}`,
      name: `Ünïcode ${i} “quoted”`,
      tags: ['a'],
    })),
  });
  app.use((_req, res, next) => {
    res.vary('Origin'); // as CORS does: Vary keeps what was there
    next();
  });
  app.get('/serialised/:count', serialised, (req, res) => {
    res.json(body(Number(req.params.count)));
  });
  app.get('/plain/:count', (req, res) => {
    res.json(body(Number(req.params.count)));
  });
  return supertest(app);
}

const SAME = ['content-type', 'content-length', 'vary', 'content-encoding'];
const headersOf = (response: supertest.Response) =>
  Object.fromEntries(SAME.map((h) => [h, response.headers[h]]));

describe('serialised answers sent straight to the socket', () => {
  const request = app();

  for (const count of [1, 40]) {
    it(`${count === 1 ? 'a small' : 'a large (over the compression threshold)'} body: the same headers and bytes as res.json`, async () => {
      const fast = await request.get(`/serialised/${count}`).set('Accept-Encoding', 'identity').expect(200);
      const plain = await request.get(`/plain/${count}`).set('Accept-Encoding', 'identity').expect(200);
      expect(headersOf(fast)).to.deep.equal(headersOf(plain));
      expect(fast.headers['content-type']).to.equal('application/json; charset=utf-8');
      expect(fast.headers.vary).to.equal('Origin, Accept-Encoding');
      expect(fast.text).to.equal(plain.text);
      expect(Number(fast.headers['content-length'])).to.equal(Buffer.byteLength(fast.text));
    });
  }

  it('a large body is still compressed for a client that accepts gzip', async () => {
    // superagent decompresses: the header says what was sent, the text what it was.
    const response = await request.get('/serialised/40').set('Accept-Encoding', 'gzip').expect(200);
    expect(response.headers['content-encoding']).to.equal('gzip');
    expect(Number(response.headers['content-length'])).to.be.below(Buffer.byteLength(response.text));
    const plain = await request.get('/plain/40').set('Accept-Encoding', 'identity');
    expect(response.text).to.equal(plain.text);
  });

  it('HEAD and conditional requests answer as before', async () => {
    const head = await request.head('/serialised/1').expect(200);
    const plainHead = await request.head('/plain/1').expect(200);
    expect(headersOf(head)).to.deep.equal(headersOf(plainHead));
    const conditional = await request.get('/serialised/1').set('If-None-Match', '*').expect(304);
    const plainConditional = await request.get('/plain/1').set('If-None-Match', '*').expect(304);
    expect(conditional.headers['content-length']).to.equal(plainConditional.headers['content-length']);
  });
});
