import { expect } from 'chai';
import express from 'express';
import supertest from 'supertest';
import { oncePerRequest, requestScope } from '../../src/core/request-scope.js';

/**
 * core/request-scope.ts: an answer is read once per request where the scope is entered, every time
 * on every other path, and afresh once the response is sent (work after it sees changes).
 */
describe('request scope', () => {
  let loads = 0;
  let afterResponse: Promise<unknown> | undefined;
  const load = () => Promise.resolve(++loads);
  const app = express();
  app.use(requestScope({ only: ['/scoped'] }));
  const handler: express.RequestHandler = async (_req, res) => {
    const first = await oncePerRequest('key', load);
    const second = await oncePerRequest('key', load);
    res.json({ first, second });
    afterResponse = oncePerRequest('key', load);
  };
  app.get('/scoped', handler);
  app.get('/skipped', handler);
  const request = supertest(app);

  beforeEach(() => {
    loads = 0;
  });

  it('reads once per request, and afresh in the next request and after the response', async () => {
    expect((await request.get('/scoped?x=1').expect(200)).body).to.deep.equal({ first: 1, second: 1 });
    expect(await afterResponse).to.equal(2);
    expect((await request.get('/scoped').expect(200)).body).to.deep.equal({ first: 3, second: 3 });
  });

  it('reads every time on a path not named (no scope entered)', async () => {
    expect((await request.get('/skipped?y=2').expect(200)).body).to.deep.equal({ first: 1, second: 2 });
  });
});
