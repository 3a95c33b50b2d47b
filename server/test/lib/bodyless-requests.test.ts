import { expect } from 'chai';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import type { Server } from 'node:http';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, signedInUser } from '../auth/helpers.js';

/**
 * A request that announces no body (neither Content-Length nor Transfer-Encoding: `curl -X POST`,
 * autocannon) or names no Content-Type (fetch without a body) skips the body parsers as a whole
 * (app.ts); it must be answered exactly as when the parsers looked at it and passed it on:
 * validation still names the missing fields, and routes without a body answer as before. Sent over
 * a raw socket, to choose the headers exactly.
 */
describe('requests without a body', () => {
  let ctx: TestContext;
  let server: Server;
  let port: number;
  before(async () => {
    ctx = await createAuthContext();
    server = ctx.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await ctx.close();
  });

  /** A raw HTTP/1.1 request; the status and the parsed JSON body of its answer. */
  function raw(method: string, path: string, headers: Record<string, string> = {}, body = '') {
    return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('end', () => {
        const [head = '', body = ''] = answer.split('\r\n\r\n');
        const status = Number(head.split(' ')[1]);
        const text = /transfer-encoding: chunked/i.test(head)
          ? body
              .split('\r\n')
              .filter((_, index) => index % 2 === 1)
              .join('')
          : body;
        resolve({ status, body: JSON.parse(text) as Record<string, unknown> });
      });
      socket.on('error', reject);
      const lines = [`${method} ${path} HTTP/1.1`, 'Host: localhost', 'Connection: close'];
      for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    });
  }

  it('POST /api/v1/verify without Content-Length answers as with an empty body', async () => {
    const user = await signedInUser(ctx);
    const withoutLength = await raw('POST', '/api/v1/verify', bearer(user.access_token));
    expect(withoutLength.status).to.equal(200);
    const withEmptyBody = await ctx.request.post('/api/v1/verify').set(bearer(user.access_token)).expect(200);
    expect(withoutLength.body).to.deep.equal(withEmptyBody.body);
  });

  it('POST /api/v1/verify with Content-Length: 0 and no type (as fetch sends it) answers the same', async () => {
    const user = await signedInUser(ctx);
    const fetchLike = await raw('POST', '/api/v1/verify', {
      ...bearer(user.access_token),
      'Content-Length': '0',
    });
    expect(fetchLike.status).to.equal(200);
    const withEmptyBody = await ctx.request.post('/api/v1/verify').set(bearer(user.access_token)).expect(200);
    expect(fetchLike.body).to.deep.equal(withEmptyBody.body);
  });

  it('a body without a Content-Type is not read, as before (the fields are missing)', async () => {
    const body = '{"email":"a@b.test","password":"x"}';
    const response = await raw('POST', '/api/v1/auth/login', { 'Content-Length': String(body.length) }, body);
    expect(response.status).to.equal(400);
    expect(JSON.stringify(response.body.details)).to.contain('body.email');
  });

  it('a route that needs a body still names the missing fields', async () => {
    const response = await raw('POST', '/api/v1/auth/login', { 'Content-Type': 'application/json' });
    expect(response.status).to.equal(400);
    expect(response.body.code).to.equal('validation_failed');
    expect(JSON.stringify(response.body.details)).to.contain('body.email');
  });

  it('a body that is announced is still parsed', async () => {
    const user = await signedInUser(ctx);
    const response = await ctx.request
      .post('/api/v1/auth/refresh')
      .send({ refresh_token: user.refresh_token })
      .expect(200);
    expect(response.body.refresh_token).to.be.a('string').and.not.equal(user.refresh_token);
  });
});
