import { expect } from 'chai';
import { pino } from 'pino';
import { createServices } from '../../src/services.js';
import type { TestContext } from '../helpers/context.js';
import {
  createTrackedTenant,
  createTrackingContext,
  ingest,
  installationBody,
  newId,
  type TrackedTenant,
} from './helpers.js';

describe('tracking ingest: POST /api/v1/installations', () => {
  let ctx: TestContext;
  let tenant: TrackedTenant;
  const installations = () => ctx.database.connection.collection('installations');
  const anonymousUsers = () => ctx.database.connection.collection('anonymous_users');
  const register = (body: Record<string, unknown>) =>
    ingest(ctx, '/installations', tenant.applicationId, body);
  const stored = (installationId: string) => installations().findOne({ installation_id: installationId });
  const withSession = (body: ReturnType<typeof installationBody>, sessionId: string) => ({
    ...body,
    environment_info: { ...body.environment_info, session_id: sessionId },
  });

  before(async () => {
    ctx = await createTrackingContext();
    tenant = await createTrackedTenant(ctx);
  });
  after(() => ctx.close());

  it('creates the installation (201) with its device and environment info, then updates it (200)', async () => {
    const body = installationBody({ user_id: 'shop-user-42' });
    const created = await register(body).expect(201);
    expect(created.body).to.deep.equal({
      success: true,
      installation_id: body.installation_id,
      new_session: true,
    });
    const first = await stored(body.installation_id);
    expect(first).to.include({
      is_anonymous: true,
      is_active: true,
      anonymous_id: body.anonymous_id,
      session_count: 1,
      total_events: 0,
      reported_user_id: 'shop-user-42',
      user_id: null,
    });
    expect(first!.device_info).to.deep.equal(body.device_info);
    expect(first!.environment_info).to.include({
      url: 'https://shop.example.com/',
      session_id: body.environment_info.session_id,
    });
    expect(first!.environment_info.timestamp.toISOString()).to.equal(body.environment_info.timestamp);
    expect(String(first!.organization_id)).to.equal(tenant.organizationId);

    await new Promise((resolve) => setTimeout(resolve, 15));
    const again = await register({ ...body, is_anonymous: false }).expect(200);
    expect(again.body.new_session).to.equal(false);
    const second = await stored(body.installation_id);
    expect(second!.first_seen_at.getTime()).to.equal(first!.first_seen_at.getTime());
    expect(second!.last_seen_at.getTime()).to.be.above(first!.last_seen_at.getTime());
    expect(second!.session_count).to.equal(1);
    expect(second!.is_anonymous).to.equal(false);
    expect(await installations().countDocuments({ installation_id: body.installation_id })).to.equal(1);
  });

  it('counts a session once per new session id, also under concurrent requests', async () => {
    const body = installationBody();
    const first = body.environment_info.session_id;
    const second = newId('sess_');
    // The very first requests of a new installation race each other: one session, one document.
    const burst = await Promise.all(Array.from({ length: 8 }, () => register(body)));
    expect(burst.map((r) => r.status).sort()).to.deep.equal([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(burst.filter((r) => r.body.new_session)).to.have.length(1);
    expect((await stored(body.installation_id))!.session_count).to.equal(1);

    await Promise.all(Array.from({ length: 8 }, () => register(withSession(body, second))));
    expect((await stored(body.installation_id))!.session_count).to.equal(2);
    await register(withSession(body, first)).expect(200);
    expect((await stored(body.installation_id))!.session_count).to.equal(2);

    // Eight different new sessions at once: eight more.
    await Promise.all(Array.from({ length: 8 }, () => register(withSession(body, newId('sess_')))));
    expect((await stored(body.installation_id))!.session_count).to.equal(10);
  });

  it('counts each session once when many requests for it interleave at the database', async () => {
    // Straight through the service, so the requests' database calls really interleave (over HTTP the
    // per-request work spaces them out).
    const { tracking, applications } = ctx.services;
    const application = (await applications.findActive(tenant.applicationId))!;
    const source = { application, ip: '127.0.0.1', userAgent: 'test', sdkVersion: null };
    const installation_id = newId('inst_');
    const at = (session_id: string) => ({
      installation_id,
      is_anonymous: true,
      environment_info: { session_id },
    });
    const first = newId('sess_');
    const created = await Promise.all(
      Array.from({ length: 20 }, () => tracking.registerInstallation(source, at(first))),
    );
    expect(created.filter((outcome) => outcome.created)).to.have.length(1);
    expect(created.filter((outcome) => outcome.newSession)).to.have.length(1);
    expect(await installations().countDocuments({ installation_id })).to.equal(1);
    expect((await stored(installation_id))!.session_count).to.equal(1);

    const next = newId('sess_');
    await Promise.all(Array.from({ length: 20 }, () => tracking.registerInstallation(source, at(next))));
    expect((await stored(installation_id))!.session_count).to.equal(2);
    await Promise.all(
      Array.from({ length: 20 }, () => tracking.registerInstallation(source, at(newId('sess_')))),
    );
    expect((await stored(installation_id))!.session_count).to.equal(22);
  });

  it('counts a session once across server processes, each remembering only the sessions it met', async () => {
    // A second set of services on the same database stands for a second server process: it has not met the
    // sessions the first one counted, so it tries the counting update first and has to fall back.
    const other = createServices({
      config: ctx.config,
      logger: pino({ level: 'silent' }),
      database: ctx.database,
    });
    try {
      const application = (await ctx.services.applications.findActive(tenant.applicationId))!;
      const source = { application, ip: '127.0.0.1', userAgent: 'test', sdkVersion: null };
      const installation_id = newId('inst_');
      const batch = (session_id: string) => ({
        events: [{ event: 'a' }, { event: 'b' }],
        session_info: { installation_id, session_id },
      });
      const first = newId('sess_');
      await ctx.services.tracking.ingestEvents(source, batch(first));
      await other.tracking.ingestEvents(source, batch(first));
      expect(await stored(installation_id)).to.include({ session_count: 1, total_events: 4 });

      const second = newId('sess_');
      await other.tracking.ingestEvents(source, batch(second));
      await ctx.services.tracking.ingestEvents(source, batch(second));
      await ctx.services.tracking.ingestEvents(source, batch(first));
      expect(await stored(installation_id)).to.include({ session_count: 2, total_events: 10 });
      expect(await installations().countDocuments({ installation_id })).to.equal(1);
    } finally {
      await other.close();
    }
  });

  it('counts a session first seen in an analytics batch, and not again on registration', async () => {
    const body = installationBody();
    await register(body).expect(201);
    const later = newId('sess_');
    await ingest(ctx, '/analytics', tenant.applicationId, {
      events: [{ event: 'after_idle' }],
      session_info: { installation_id: body.installation_id, session_id: later },
    }).expect(200);
    await register(withSession(body, later)).expect(200);
    expect((await stored(body.installation_id))!.session_count).to.equal(2);
  });

  it('starts counting sessions for an installation first seen through events', async () => {
    const installationId = newId('inst_');
    await ingest(ctx, '/analytics', tenant.applicationId, {
      events: [{ event: 'early' }, { event: 'bird' }],
      session_info: { installation_id: installationId, session_id: newId('sess_') },
    }).expect(200);
    const early = await stored(installationId);
    expect(early).to.include({ session_count: 1, total_events: 2, is_anonymous: true, device_info: null });
    await register(installationBody({ installation_id: installationId })).expect(200);
    const registered = await stored(installationId);
    expect(registered!.device_info.platform).to.equal('MacIntel');
    expect(registered!.total_events).to.equal(2);
    expect(registered!.first_seen_at.getTime()).to.equal(early!.first_seen_at.getTime());
  });

  it('upserts the anonymous user: "Anonymous User" plus the platform, last_activity_at moving', async () => {
    const body = installationBody();
    await register(body).expect(201);
    const first = await anonymousUsers().findOne({ anonymous_id: body.anonymous_id });
    expect(first).to.include({
      display_name: 'Anonymous User MacIntel',
      installation_id: body.installation_id,
      user_id: null,
    });
    expect(String(first!.application_id)).to.equal(tenant.applicationId);

    await new Promise((resolve) => setTimeout(resolve, 15));
    await ingest(ctx, '/activity', tenant.applicationId, {
      action: 'page_view',
      resource_type: 'component',
      anonymous_user_id: body.anonymous_id,
      installation_id: body.installation_id,
    }).expect(201);
    const second = await anonymousUsers().findOne({ anonymous_id: body.anonymous_id });
    expect(second!.last_activity_at.getTime()).to.be.above(first!.last_activity_at.getTime());
    expect(second!.first_seen_at.getTime()).to.equal(first!.first_seen_at.getTime());
    expect(await anonymousUsers().countDocuments({ anonymous_id: body.anonymous_id })).to.equal(1);

    const bare = installationBody({ device_info: { platform: null } });
    await register(bare).expect(201);
    expect((await anonymousUsers().findOne({ anonymous_id: bare.anonymous_id }))!.display_name).to.equal(
      'Anonymous User',
    );
  });

  it('validates identifiers by prefix, characters and length', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ installation_id: 'inst_short' }, 'body.installation_id'],
      [{ installation_id: `anon_${'a'.repeat(32)}` }, 'body.installation_id'],
      [{ installation_id: `inst_${'a'.repeat(65)}` }, 'body.installation_id'],
      [{ installation_id: `inst_${'a'.repeat(30)}<>` }, 'body.installation_id'],
      [{ anonymous_id: `inst_${'a'.repeat(32)}` }, 'body.anonymous_id'],
      [{ environment_info: { session_id: 'sess_$ne:1234567' } }, 'body.environment_info.session_id'],
      [{ installation_id: undefined }, 'body.installation_id'],
    ];
    for (const [fields, path] of cases) {
      const response = await register(installationBody(fields)).expect(400);
      expect(response.body.code, JSON.stringify(fields)).to.equal('validation_failed');
      expect(
        response.body.details.map((d: { path: string }) => d.path),
        JSON.stringify(fields),
      ).to.include(path);
    }
    expect(await installations().countDocuments({ installation_id: 'inst_short' })).to.equal(0);
  });
});
