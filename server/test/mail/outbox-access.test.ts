import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createTestContext, type TestContext } from '../helpers/context.js';

function get(port: number, path: string, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, localAddress }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

describe('development outbox access', () => {
  let ctx: TestContext;
  let server: http.Server;

  before(async () => {
    ctx = await createTestContext();
    server = ctx.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await ctx.close();
  });

  it('answers requests from 127.0.0.1 and hides itself from any other client address', async () => {
    const { port } = server.address() as AddressInfo;
    expect(await get(port, '/api/v1/dev/outbox', '127.0.0.1')).to.equal(200);
    expect(await get(port, '/api/v1/dev/outbox', '127.0.0.2')).to.equal(404);
  });

  it('hides itself from a loopback request whose Host is a foreign name (DNS rebinding)', async () => {
    for (const host of [
      'evil.example',
      'evil.example:3000',
      'localhost.evil.example',
      '127.0.0.1.nip.io',
      'localhost:3000.evil.example',
      '[::1].evil.example',
      '',
    ]) {
      const response = await ctx.request.get('/api/v1/dev/outbox').set('Host', host);
      expect(response.status, `Host: ${host}`).to.equal(404);
      expect(response.body).to.deep.equal({
        error: 'No API route matches this path.',
        code: 'route_not_found',
      });
    }
  });

  it('still answers when the Host names loopback, with any port', async () => {
    for (const host of [
      'localhost',
      'localhost:3000',
      'LOCALHOST:5173',
      '127.0.0.1',
      '127.0.0.1:8080',
      '[::1]:3000',
    ]) {
      const response = await ctx.request.get('/api/v1/dev/outbox').set('Host', host);
      expect(response.status, `Host: ${host}`).to.equal(200);
      expect(response.body.data).to.be.an('array');
    }
  });
});
