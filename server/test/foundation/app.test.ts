import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { expect } from 'chai';
import { createTestContext, type TestContext } from '../helpers/context.js';

describe('application skeleton', () => {
  let ctx: TestContext;
  let staticRoot: string;

  before(async () => {
    staticRoot = await mkdtemp(path.join(tmpdir(), 'iam-static-'));
    const dashboardDist = path.join(staticRoot, 'dashboard');
    await mkdir(path.join(dashboardDist, 'assets'), { recursive: true });
    await writeFile(path.join(dashboardDist, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(dashboardDist, 'assets', 'index-Ab12Cd34.js'), 'console.log("app")');
    await mkdir(path.join(staticRoot, 'sdk'));
    await writeFile(path.join(staticRoot, 'sdk', 'iam-sdk.min.js'), 'var IamSdk={}');
    await mkdir(path.join(staticRoot, 'widget'));
    await writeFile(path.join(staticRoot, 'widget', 'iam-auth-widget.min.js'), 'var IamAuthWidget={}');
    await mkdir(path.join(staticRoot, 'storybook'));
    await writeFile(
      path.join(staticRoot, 'storybook', 'index.html'),
      '<!doctype html><title>Storybook</title>',
    );
    ctx = await createTestContext({
      config: (config) => ({
        ...config,
        paths: {
          dashboardDist,
          sdkDist: path.join(staticRoot, 'sdk'),
          widgetDist: path.join(staticRoot, 'widget'),
          storybookDist: path.join(staticRoot, 'storybook'),
        },
      }),
    });
  });

  after(async () => {
    await ctx?.close();
    await rm(staticRoot, { recursive: true, force: true });
  });

  describe('GET /api/v1/health', () => {
    it('reports the version, uptime and a reachable database', async () => {
      const response = await ctx.request.get('/api/v1/health').expect(200);
      expect(response.body).to.include({ status: 'ok', version: ctx.config.version });
      expect(response.body.uptime_s).to.be.a('number').and.at.least(0);
      expect(response.body.db).to.deep.equal({ status: 'up' });
    });

    it('sets the security headers of helmet', async () => {
      const response = await ctx.request.get('/api/v1/health');
      expect(response.headers['x-content-type-options']).to.equal('nosniff');
      expect(response.headers['content-security-policy']).to.contain("default-src 'self'");
      expect(response.headers['x-powered-by']).to.equal(undefined);
    });
  });

  describe('/storybook/ (development)', () => {
    it('serves the built Storybook with a policy that lets its inline scripts run', async () => {
      const response = await ctx.request.get('/storybook/').expect(200);
      expect(response.text).to.contain('<title>Storybook</title>');
      expect(response.headers['content-security-policy']).to.contain("script-src 'self' 'unsafe-inline'");
      // the dashboard keeps the strict policy
      const dashboard = await ctx.request.get('/').set('Accept', 'text/html').expect(200);
      expect(dashboard.headers['content-security-policy']).to.contain("script-src 'self'");
      expect(dashboard.headers['content-security-policy']).not.to.contain(
        "script-src 'self' 'unsafe-inline'",
      );
    });

    it('says how to build it when it has not been built, and is not served in production', async () => {
      const unbuilt = await createTestContext({
        config: (config) => ({
          ...config,
          paths: { ...config.paths, storybookDist: path.join(staticRoot, 'none') },
        }),
      });
      try {
        const response = await unbuilt.request.get('/storybook/').expect(404);
        expect(response.text).to.contain('npm run build-storybook');
      } finally {
        await unbuilt.close();
      }
      const production = await createTestContext({
        config: (config) => ({
          ...config,
          isProduction: true,
          paths: { ...config.paths, storybookDist: path.join(staticRoot, 'storybook') },
        }),
      });
      try {
        const response = await production.request.get('/storybook/').set('Accept', 'text/html');
        expect(response.status).to.equal(404);
        expect(response.text).not.to.contain('<title>Storybook</title>');
      } finally {
        await production.close();
      }
    });
  });

  describe('OpenAPI', () => {
    it('serves a valid OpenAPI 3.1 document that includes the health route', async () => {
      const response = await ctx.request.get('/api/v1/openapi.json').expect(200);
      expect(response.body.openapi).to.match(/^3\.1\./);
      // The validator mutates what it is given; hand it a copy.
      const validated = await SwaggerParser.validate(structuredClone(response.body));
      expect(validated.paths).to.have.property('/api/v1/health');
      expect(response.body.components.schemas).to.include.keys('Error', 'Health');
    });

    it('serves Swagger UI at /api/v1/docs', async () => {
      const response = await ctx.request.get('/api/v1/docs/').expect(200);
      expect(response.type).to.equal('text/html');
      expect(response.text).to.contain('swagger-ui');
      const init = await ctx.request.get('/api/v1/docs/swagger-ui-init.js').expect(200);
      expect(init.text).to.contain('/api/v1/openapi.json');
    });
  });

  describe('request errors', () => {
    it('answers an unknown API route with a JSON 404, never the dashboard', async () => {
      const response = await ctx.request.get('/api/v1/does-not-exist').set('accept', 'text/html').expect(404);
      expect(response.body).to.deep.equal({
        error: 'No API route matches this path.',
        code: 'route_not_found',
      });
    });

    it('rejects malformed JSON with 400 invalid_json', async () => {
      const response = await ctx.request
        .post('/api/v1/health')
        .set('content-type', 'application/json')
        .send('{"email": ')
        .expect(400);
      expect(response.body.code).to.equal('invalid_json');
    });

    it('rejects bodies over the 1 MB limit with 413', async () => {
      const response = await ctx.request
        .post('/api/v1/health')
        .set('content-type', 'application/json')
        .send(JSON.stringify({ blob: 'x'.repeat(1024 * 1024 + 10) }))
        .expect(413);
      expect(response.body.code).to.equal('payload_too_large');
    });
  });

  describe('dashboard and CDN', () => {
    it('serves index.html for client-side routes, revalidated on every load', async () => {
      const response = await ctx.request.get('/organizations/123').set('accept', 'text/html').expect(200);
      expect(response.text).to.contain('<div id="root">');
      expect(response.headers['cache-control']).to.equal('no-cache');
    });

    it('caches content-hashed assets for a year', async () => {
      const response = await ctx.request.get('/assets/index-Ab12Cd34.js').expect(200);
      expect(response.headers['cache-control']).to.contain('max-age=31536000');
      expect(response.headers['cache-control']).to.contain('immutable');
    });

    it('answers a missing asset with 404 instead of index.html', async () => {
      await ctx.request.get('/assets/missing-000.js').expect(404);
    });

    it('serves the SDK and widget bundles under /cdn/', async () => {
      const sdk = await ctx.request.get('/cdn/sdk/iam-sdk.min.js').expect(200);
      expect(sdk.text).to.contain('IamSdk');
      const widget = await ctx.request.get('/cdn/widget/iam-auth-widget.min.js').expect(200);
      expect(widget.text).to.contain('IamAuthWidget');
      await ctx.request.get('/cdn/sdk/nope.js').expect(404);
      // Third-party pages embed these bundles.
      expect(widget.headers['cross-origin-resource-policy']).to.equal('cross-origin');
      expect(sdk.headers['access-control-allow-origin']).to.equal('*');
    });
  });

  describe('when the database goes away', () => {
    it('reports degraded health with 503', async () => {
      await ctx.database.connection.close();
      const response = await ctx.request.get('/api/v1/health').expect(503);
      expect(response.body).to.include({ status: 'degraded' });
      expect(response.body.db).to.deep.equal({ status: 'down' });
    });
  });
});
