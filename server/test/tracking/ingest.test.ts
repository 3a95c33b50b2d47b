import { expect } from 'chai';
import { Types } from 'mongoose';
import { RECENT_APPLICATION_TTL_MS } from '../../src/modules/applications/applications.service.js';
import type { TestContext } from '../helpers/context.js';
import { bearer } from '../auth/helpers.js';
import {
  createTrackedTenant,
  createTrackingContext,
  FOREIGN_ORIGIN,
  ingest,
  installationBody,
  newId,
  PARTNER_ORIGIN,
  type TrackedTenant,
} from './helpers.js';

const PATHS = ['/installations', '/activity', '/analytics'] as const;

const validBodies = () => ({
  '/installations': installationBody(),
  '/activity': { action: 'page_view', resource_type: 'component', metadata: { path: '/' } },
  '/analytics': { events: [{ id: newId('evt_'), event: 'clicked' }] },
});

describe('tracking ingest: who may send (X-Application-ID, origins, CORS)', () => {
  let ctx: TestContext;
  let tenant: TrackedTenant;

  before(async () => {
    ctx = await createTrackingContext();
    tenant = await createTrackedTenant(ctx);
  });
  after(() => ctx.close());

  it('accepts each route from an allowed origin, with CORS headers a browser can read', async () => {
    const bodies = validBodies();
    for (const path of PATHS) {
      const response = await ingest(ctx, path, tenant.applicationId, bodies[path], {
        Origin: PARTNER_ORIGIN,
      });
      expect(response.status, `${path}: ${JSON.stringify(response.body)}`).to.be.oneOf([200, 201]);
      expect(response.headers['access-control-allow-origin'], path).to.equal(PARTNER_ORIGIN);
      expect(response.headers['access-control-expose-headers'], path).to.match(/retry-after/i);
    }
  });

  it('accepts requests without Origin (servers, the Python client)', async () => {
    const bodies = validBodies();
    for (const path of PATHS) {
      const response = await ingest(ctx, path, tenant.applicationId, bodies[path]);
      expect(response.status, `${path}: ${JSON.stringify(response.body)}`).to.be.oneOf([200, 201]);
      expect(response.headers).not.to.have.property('access-control-allow-origin');
    }
  });

  it('refuses a foreign origin with 403 naming the origin and where to allow it, storing nothing', async () => {
    const bodies = validBodies();
    const collections = ['installations', 'anonymous_users', 'analytics_events', 'activity_logs'];
    const count = () =>
      Promise.all(collections.map((name) => ctx.database.connection.collection(name).countDocuments()));
    const before = await count();
    for (const path of PATHS) {
      const response = await ingest(ctx, path, tenant.applicationId, bodies[path], {
        Origin: FOREIGN_ORIGIN,
      }).expect(403);
      expect(response.body.code).to.equal('origin_not_allowed');
      expect(response.body.error).to.contain(FOREIGN_ORIGIN).and.to.contain('allowed origins');
      expect(response.body.error).to.contain('dashboard');
      expect(response.headers).not.to.have.property('access-control-allow-origin');
    }
    expect(await count()).to.deep.equal(before);
  });

  it('answers 400 without a (well-formed) X-Application-ID, 404 for an unknown or inactive application', async () => {
    const body = validBodies()['/analytics'];
    const missing = await ingest(ctx, '/analytics', undefined, body).expect(400);
    expect(missing.body.code).to.equal('application_id_required');
    expect(missing.body.error).to.contain('X-Application-ID');
    await ingest(ctx, '/analytics', 'not-an-id', body).expect(400);
    const unknown = await ingest(ctx, '/analytics', new Types.ObjectId().toHexString(), body).expect(404);
    expect(unknown.body).to.deep.equal({ error: 'Application not found.', code: 'application_not_found' });

    const other = await createTrackedTenant(ctx, 'deleting');
    await ingest(ctx, '/analytics', other.applicationId, validBodies()['/analytics']).expect(200);
    await ctx.request
      .delete(`/api/v1/applications/${other.applicationId}`)
      .set(bearer(other.user.access_token))
      .expect(204);
    await ingest(ctx, '/analytics', other.applicationId, validBodies()['/analytics']).expect(404);
  });

  it('sees a changed application at once, a deactivated organization within a few seconds', async function () {
    this.timeout(RECENT_APPLICATION_TTL_MS + 10_000);
    const shop = await createTrackedTenant(ctx, 'changing');
    const send = () =>
      ingest(ctx, '/analytics', shop.applicationId, validBodies()['/analytics'], { Origin: PARTNER_ORIGIN });
    await send().expect(200);
    // A change through this process (its applications service) reaches the ingest API at once.
    await ctx.request
      .patch(`/api/v1/applications/${shop.applicationId}`)
      .set(bearer(shop.user.access_token))
      .send({ allowed_origins: ['https://other.example.com'] })
      .expect(200);
    expect((await send().expect(403)).body.code).to.equal('origin_not_allowed');
    await ctx.request
      .patch(`/api/v1/applications/${shop.applicationId}`)
      .set(bearer(shop.user.access_token))
      .send({ allowed_origins: [PARTNER_ORIGIN] })
      .expect(200);
    await send().expect(200);
    // A deactivated organization (like any change another server process makes) is seen once the
    // application read by this process is older than RECENT_APPLICATION_TTL_MS.
    const deactivatedAt = Date.now();
    await ctx.request
      .post(`/api/v1/organizations/${shop.organizationId}/deactivate`)
      .set(bearer(shop.user.access_token))
      .expect(200);
    let status = 200;
    while (status === 200) {
      expect(Date.now() - deactivatedAt).to.be.below(RECENT_APPLICATION_TTL_MS + 1_000);
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await send()).status;
    }
    expect(status).to.equal(404);
  });

  it('answers CORS preflights for allowed origins only, allowing the SDK headers', async () => {
    for (const path of [...PATHS, '/identify']) {
      const allowed = await ctx.request
        .options(`/api/v1${path}`)
        .set({
          Origin: PARTNER_ORIGIN,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type,x-application-id,x-sdk-version',
        })
        .expect(204);
      expect(allowed.headers['access-control-allow-origin'], path).to.equal(PARTNER_ORIGIN);
      expect(allowed.headers['access-control-allow-methods'], path).to.equal('POST, OPTIONS');
      expect(allowed.headers['access-control-allow-headers'], path).to.equal(
        'content-type, authorization, x-application-id, x-sdk-version',
      );
      const refused = await ctx.request
        .options(`/api/v1${path}`)
        .set({ Origin: FOREIGN_ORIGIN, 'Access-Control-Request-Method': 'POST' })
        .expect(403);
      expect(refused.headers).not.to.have.property('access-control-allow-origin');
      expect(refused.body.error).to.contain(FOREIGN_ORIGIN);
    }
  });

  it('records X-SDK-Version with the installation, the activity and the events', async () => {
    const headers = { 'X-SDK-Version': '0.1.0' };
    const installation = installationBody();
    await ingest(ctx, '/installations', tenant.applicationId, installation, headers).expect(201);
    const activity = await ingest(
      ctx,
      '/activity',
      tenant.applicationId,
      { action: 'page_view', resource_type: 'component', installation_id: installation.installation_id },
      { ...headers, 'User-Agent': 'TestAgent/1.0' },
    ).expect(201);
    const id = newId('evt_');
    await ingest(ctx, '/analytics', tenant.applicationId, { events: [{ id, event: 'x' }] }, headers).expect(
      200,
    );

    const db = ctx.database.connection;
    const storedInstallation = await db
      .collection('installations')
      .findOne({ installation_id: installation.installation_id });
    expect(storedInstallation!.sdk_version).to.equal('0.1.0');
    const log = await db
      .collection('activity_logs')
      .findOne({ _id: new Types.ObjectId(activity.body.activity_id) });
    expect(log).to.include({
      action: 'page_view',
      resource_type: 'component',
      sdk_version: '0.1.0',
      user_agent: 'TestAgent/1.0',
      installation_id: installation.installation_id,
    });
    expect(log!.ip_address).to.be.a('string').and.not.equal('');
    expect(String(log!.application_id)).to.equal(tenant.applicationId);
    expect(String(log!.project_id)).to.equal(tenant.projectId);
    expect(String(log!.organization_id)).to.equal(tenant.organizationId);
    const event = await db.collection('analytics_events').findOne({ event_id: id });
    expect(event!.sdk_version).to.equal('0.1.0');
  });
});
