import { expect } from 'chai';
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { gzipSync } from 'node:zlib';
import pino from 'pino';
import { errorHandler } from '../../src/lib/errors.js';
import { jsonBodyParser, parseLimit } from '../../src/lib/json-body.js';

const LIMIT = '1kb';

/**
 * The short path of the JSON body reader (lib/json-body.ts) answers exactly as express.json:
 * the same `req.body`, or the same status and error code, for every body a client may send —
 * sent over a raw socket to one route behind each parser, to choose the headers byte by byte.
 */
describe('JSON bodies: the short path answers as express.json does', () => {
  let server: Server;
  let port: number;
  before(async () => {
    const app = express();
    const echo: express.RequestHandler = (req, res) => {
      res.json({ body: req.body === undefined ? '(undefined)' : (req.body as unknown) });
    };
    app.post('/short', jsonBodyParser(LIMIT), echo);
    app.post('/express', express.json({ limit: LIMIT }), echo);
    app.use(errorHandler({ logger: pino({ level: 'silent' }), exposeStack: false }));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => new Promise((resolve) => server.close(resolve)));

  function raw(path: string, headers: Record<string, string>, body: Buffer | string) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('end', () => {
        const answer = Buffer.concat(chunks).toString();
        const [head = '', text = ''] = answer.split('\r\n\r\n');
        resolve({ status: Number(head.split(' ')[1]), body: text });
      });
      socket.on('error', reject);
      const lines = [`POST ${path} HTTP/1.1`, 'Host: localhost', 'Connection: close'];
      for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      socket.write(body);
    });
  }

  const json = (body: string | Buffer, type = 'application/json') => ({
    headers: { 'Content-Type': type, 'Content-Length': String(Buffer.byteLength(body)) },
    body,
  });

  const cases: Record<string, { headers: Record<string, string>; body: string | Buffer }> = {
    'an object': json('{"subject":{"user_id":"u1"},"action":"invoice:approve"}'),
    'an array': json('[1,2,{"a":null}]'),
    'whitespace before the object': json(' \r\n\t{"a":1}'),
    'an empty body': json(''),
    'only whitespace': json('   '),
    'a byte order mark': json(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":"ä"}')])),
    'German letters and emoji': json('{"name":"Müller & Söhne 🚀"}'),
    'invalid UTF-8': json(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d])),
    'a string (strict: objects and arrays only)': json('"text"'),
    'a number': json('42'),
    null: json('null'),
    'broken JSON': json('{"a":'),
    'trailing garbage': json('{"a":1} x'),
    'charset=utf-8': json('{"a":1}', 'application/json; charset=utf-8'),
    'charset="UTF-8" in upper case': json('{"a":1}', 'Application/JSON; Charset="UTF-8"'),
    'charset=latin1': json('{"a":1}', 'application/json; charset=latin1'),
    'another type': json('{"a":1}', 'text/plain'),
    '+json': json('{"a":1}', 'application/merge-patch+json'),
    'at the limit': json(`{"a":"${'x'.repeat(1024 - 8)}"}`),
    'past the limit': json(`{"a":"${'x'.repeat(1024)}"}`),
    gzip: {
      headers: {
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
        'Content-Length': String(gzipSync('{"a":1}').length),
      },
      body: gzipSync('{"a":1}'),
    },
    'a broken gzip body': {
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': '5' },
      body: 'abcde',
    },
    chunked: {
      headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      body: '7\r\n{"a":1}\r\n0\r\n\r\n',
    },
  };

  for (const [name, { headers, body }] of Object.entries(cases))
    it(`${name}: the same answer`, async () => {
      const [short, reference] = await Promise.all([
        raw('/short', headers, body),
        raw('/express', headers, body),
      ]);
      expect(short.status, short.body).to.equal(reference.status);
      expect(short.body).to.equal(reference.body);
    });

  it('reads the body that the short path takes, and leaves the others to express.json', async () => {
    // The answers above match either way; these show the bodies really were parsed (not passed on).
    const parsed = await raw('/short', cases['an object']!.headers, cases['an object']!.body);
    expect(JSON.parse(parsed.body)).to.deep.equal({
      body: { subject: { user_id: 'u1' }, action: 'invoice:approve' },
    });
    const refused = await raw('/short', cases['broken JSON']!.headers, cases['broken JSON']!.body);
    expect(refused.status).to.equal(400);
    expect(JSON.parse(refused.body)).to.include({ code: 'invalid_json' });
  });

  it('reads BODY_LIMIT as express.json does', () => {
    expect(parseLimit('1mb')).to.equal(1024 * 1024);
    expect(parseLimit('100kb')).to.equal(102_400);
    expect(parseLimit('2048')).to.equal(2048);
    expect(parseLimit(512)).to.equal(512);
    expect(parseLimit('1.5kb')).to.equal(1536);
  });
});
