/**
 * lib/route-table.ts: a router's static routes handed their requests directly (issue #38). What a
 * client sees must be what Express's own walk gives — the same handler, params, mount path, errors,
 * fall-through and 404s — whether a request takes the table or the walk.
 */
import { expect } from 'chai';
import express, { Router, type ErrorRequestHandler } from 'express';
import supertest from 'supertest';
import { directRouteKeys, dispatchDirectly } from '../../src/lib/route-table.js';

function appWith(router: Router) {
  const app = express();
  app.use('/base', router);
  app.use((req, res) => {
    res.status(404).json({ fellThrough: true, baseUrl: req.baseUrl, url: req.url });
  });
  const errors: ErrorRequestHandler = (error: Error, _req, res, _next) => {
    res.status(500).json({ error: error.message });
  };
  app.use(errors);
  return supertest(app);
}

describe('route table: static routes dispatched directly (issue #38)', () => {
  it('hands a static route its request with what Express sets: route, params, mount path', async () => {
    const router = Router();
    dispatchDirectly(router);
    router.get('/things', (req, res) => {
      res.json({ route: req.route?.path, params: req.params, baseUrl: req.baseUrl, url: req.url });
    });
    router.post('/things', (_req, res) => {
      res.json({ created: true });
    });
    expect(directRouteKeys(router)).to.have.members(['GET /things', 'POST /things']);
    const request = appWith(router);
    const got = await request.get('/base/things?x=1');
    expect(got.status).to.equal(200);
    expect(got.body).to.deep.equal({ route: '/things', params: {}, baseUrl: '/base', url: '/things?x=1' });
    expect((await request.post('/base/things')).body).to.deep.equal({ created: true });
    // Other spellings take Express's walk and get the same answer.
    for (const path of ['/base/THINGS', '/base/things/'])
      expect((await request.get(path)).body.route, path).to.equal('/things');
    // A method no route takes is not answered by the route: it falls through as Express lets it.
    expect((await request.delete('/base/things')).body).to.include({ fellThrough: true });
  });

  it('leaves a path to the walk when an earlier or later layer would also take it', async () => {
    const router = Router();
    dispatchDirectly(router);
    router.get('/things/:id', (req, res) => {
      res.json({ by: 'param', id: req.params.id });
    });
    router.get('/things/new', (_req, res) => {
      res.json({ by: 'static' });
    });
    router.post('/form', express.urlencoded({ extended: false }));
    router.post('/form', (req, res) => {
      res.json({ body: req.body as unknown });
    });
    expect(directRouteKeys(router)).to.deep.equal([]);
    const request = appWith(router);
    expect((await request.get('/base/things/new')).body).to.deep.equal({ by: 'param', id: 'new' });
    const form = await request.post('/base/form').type('form').send('a=1');
    expect(form.body).to.deep.equal({ body: { a: '1' } });
  });

  it('passes errors, rejections and fall-through on as Express does, with the mount path restored', async () => {
    const router = Router();
    dispatchDirectly(router);
    router.get('/throws', () => {
      throw new Error('thrown');
    });
    router.get('/rejects', async () => {
      await Promise.resolve();
      throw new Error('rejected');
    });
    router.get('/next', (_req, _res, next) => {
      next();
    });
    router.get('/next-route', (_req, _res, next) => {
      next('route');
    });
    expect(directRouteKeys(router)).to.have.members([
      'GET /throws',
      'GET /rejects',
      'GET /next',
      'GET /next-route',
    ]);
    const request = appWith(router);
    expect((await request.get('/base/throws')).body).to.deep.equal({ error: 'thrown' });
    expect((await request.get('/base/rejects')).body).to.deep.equal({ error: 'rejected' });
    for (const path of ['/base/next', '/base/next-route']) {
      const fell = await request.get(path);
      expect(fell.status, path).to.equal(404);
      expect(fell.body, path).to.deep.equal({ fellThrough: true, baseUrl: '', url: path });
    }
  });

  it('builds the table again when routes are added after the first request', async () => {
    const router = Router();
    dispatchDirectly(router);
    router.get('/first', (_req, res) => {
      res.json({ first: true });
    });
    const request = appWith(router);
    expect((await request.get('/base/first')).body).to.deep.equal({ first: true });
    router.get('/second', (_req, res) => {
      res.json({ second: true });
    });
    expect((await request.get('/base/second')).body).to.deep.equal({ second: true });
  });

  it('passes a path no layer of a small router takes straight on, and still serves its own', async () => {
    const inner = Router();
    dispatchDirectly(inner);
    inner.post('/ingest', (_req, res) => {
      res.json({ ingested: true });
    });
    const outer = Router();
    outer.options('/ingest', (_req, res) => {
      res.sendStatus(204);
    });
    outer.use(inner);
    dispatchDirectly(outer);
    const request = appWith(outer);
    expect((await request.post('/base/ingest')).body).to.deep.equal({ ingested: true });
    expect((await request.options('/base/ingest')).status).to.equal(204);
    const other = await request.get('/base/other');
    expect(other.status).to.equal(404);
    expect(other.body).to.deep.equal({ fellThrough: true, baseUrl: '', url: '/base/other' });
  });
});
