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
});
