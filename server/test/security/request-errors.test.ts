import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import type { Response, Test } from 'supertest';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, signedInUser } from '../auth/helpers.js';

/** A 4xx in the API's error shape, with the given code and no stack or library internals. */
function expectClientError(response: Response, status: number, code: string): void {
  expect(response.status, JSON.stringify(response.body)).to.equal(status);
  expect(response.body).to.have.all.keys('error', 'code');
  expect(response.body.code).to.equal(code);
  expect(response.body.error)
    .to.be.a('string')
    .and.not.match(/at \w+ \(|node_modules|incorrect header/);
}

const LOGIN_BODY = JSON.stringify({ email: 'nobody@example.com', password: 'wrong password' });

/** Sends bytes as they are (superagent would serialise a Buffer to JSON under a JSON content type). */
const raw = (body: string | Buffer) => (request: Test) => request.serialize((data) => data).send(body);

describe('requests the server cannot read answer 4xx in the error shape (development mode)', () => {
  let ctx: TestContext;
  let accessToken: string;

  before(async () => {
    // Development mode: this is where a 500 would carry the stack.
    ctx = await createAuthContext({ NODE_ENV: 'development' });
    accessToken = (await signedInUser(ctx, 'request-errors')).access_token;
  });
  after(() => ctx.close());

  for (const path of [
    '/api/v1/organizations/%E0%A4%A',
    '/api/v1/organizations/%E0%A4%A/members',
    '/api/v1/projects/%ZZ',
    '/api/v1/tokens/%C0%AF',
  ]) {
    it(`GET ${path}: 400 invalid_path_encoding, anonymous and signed in`, async () => {
      expectClientError(await ctx.request.get(path), 400, 'invalid_path_encoding');
      expectClientError(await ctx.request.get(path).set(bearer(accessToken)), 400, 'invalid_path_encoding');
    });
  }

  it('says how to encode a literal "%"', async () => {
    const response = await ctx.request.get('/api/v1/organizations/100%');
    expectClientError(response, 400, 'invalid_path_encoding');
    expect(response.body.error).to.contain('%25');
  });

  it('a JSON body labelled gzip that is not gzip: 400 invalid_body_encoding', async () => {
    const response = await ctx.request
      .post('/api/v1/auth/login')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .send(LOGIN_BODY);
    expectClientError(response, 400, 'invalid_body_encoding');
    expect(response.body.error).to.contain('Content-Encoding');
  });

  it('a truncated gzip body, and a deflate or br body that is not one: 400 invalid_body_encoding', async () => {
    const truncated = gzipSync(LOGIN_BODY).subarray(0, 20);
    for (const [encoding, body] of [
      ['gzip', truncated],
      ['deflate', Buffer.from(LOGIN_BODY)],
      ['br', Buffer.from(LOGIN_BODY)],
    ] as const) {
      const response = await ctx.request
        .post('/api/v1/auth/login')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .use(raw(body));
      expectClientError(response, 400, 'invalid_body_encoding');
    }
  });

  it('a real gzip body is still read (the login is refused on its merits)', async () => {
    const response = await ctx.request
      .post('/api/v1/auth/login')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .use(raw(gzipSync(LOGIN_BODY)));
    expect(response.status, JSON.stringify(response.body)).to.equal(401);
    expect(response.body.code).to.equal('invalid_credentials');
  });

  it('an unknown Content-Encoding or charset: 415 unsupported_encoding', async () => {
    const compressed = await ctx.request
      .post('/api/v1/auth/login')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'compress')
      .send(LOGIN_BODY);
    expectClientError(compressed, 415, 'unsupported_encoding');
    const charset = await ctx.request
      .post('/api/v1/auth/login')
      .set('Content-Type', 'application/json; charset=klingon')
      .send(LOGIN_BODY);
    expectClientError(charset, 415, 'unsupported_encoding');
  });

  it('invalid JSON and an oversize body keep their codes; the size error names the limit', async () => {
    const invalid = await ctx.request
      .post('/api/v1/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"email": ');
    expectClientError(invalid, 400, 'invalid_json');
    const huge = await ctx.request
      .post('/api/v1/auth/login')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }));
    expectClientError(huge, 413, 'payload_too_large');
    expect(huge.body.error).to.match(/\d+ bytes/);
  });
});

describe('request errors in production mode', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createTestContext({ env: { NODE_ENV: 'production' } });
  });
  after(() => ctx.close());

  it('the same 4xx answers, without a stack', async () => {
    expectClientError(await ctx.request.get('/api/v1/organizations/%E0%A4%A'), 400, 'invalid_path_encoding');
    const response = await ctx.request
      .post('/api/v1/auth/login')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .send(LOGIN_BODY);
    expectClientError(response, 400, 'invalid_body_encoding');
  });
});
