import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import {
  createTrackedTenant,
  createTrackingContext,
  ingest,
  installationBody,
  newId,
  type TrackedTenant,
} from './helpers.js';

const DAY_MS = 86_400_000;

describe('tracking ingest: POST /api/v1/analytics', () => {
  let ctx: TestContext;
  let tenant: TrackedTenant;
  const events = () => ctx.database.connection.collection('analytics_events');
  const send = (body: unknown, applicationId = tenant.applicationId) =>
    ingest(ctx, '/analytics', applicationId, body);

  before(async () => {
    ctx = await createTrackingContext();
    tenant = await createTrackedTenant(ctx);
  });
  after(() => ctx.close());

  it('stores a batch and answers how many events it stored', async () => {
    const installationId = newId('inst_');
    const sessionId = newId('sess_');
    const response = await send({
      events: [
        { id: newId('evt_'), event: 'page_view', properties: { path: '/cart', items: [1, 2] } },
        { id: newId('evt_'), event: 'clicked', properties: { button: 'buy' } },
      ],
      session_info: { session_id: sessionId, installation_id: installationId },
    }).expect(200);
    expect(response.body).to.deep.equal({ events_processed: 2, duplicates: 0, rejected: [] });
    const stored = await events().find({ installation_id: installationId }).sort({ event: 1 }).toArray();
    expect(stored.map((e) => e.event)).to.deep.equal(['clicked', 'page_view']);
    expect(stored[1]!.properties).to.deep.equal({ path: '/cart', items: [1, 2] });
    expect(stored[1]!.session_id).to.equal(sessionId);
    expect(String(stored[1]!.application_id)).to.equal(tenant.applicationId);
    expect(String(stored[1]!.organization_id)).to.equal(tenant.organizationId);
    expect(stored[1]!.timestamp).to.be.instanceOf(Date);
  });

  it('counts an event id once: repeated within a batch, retried, and sent twice at the same moment', async () => {
    const ids = Array.from({ length: 20 }, () => newId('evt_'));
    const batch = { events: ids.map((id) => ({ id, event: 'retry_me' })) };

    const withRepeats = await send({
      events: [...batch.events.slice(0, 10), ...batch.events.slice(0, 3)],
    }).expect(200);
    expect(withRepeats.body).to.include({ events_processed: 10, duplicates: 3 });

    const retried = await send(batch).expect(200);
    expect(retried.body).to.include({ events_processed: 10, duplicates: 10 });
    const again = await send(batch).expect(200);
    expect(again.body).to.include({ events_processed: 0, duplicates: 20 });

    const fresh = Array.from({ length: 50 }, () => ({ id: newId('evt_'), event: 'race' }));
    const racing = await Promise.all([1, 2, 3].map(() => send({ events: fresh })));
    const processed = racing.map((response) => {
      expect(response.status).to.equal(200);
      return response.body.events_processed as number;
    });
    expect(processed.reduce((a, b) => a + b, 0)).to.equal(50);

    expect(await events().countDocuments({ event: 'retry_me' })).to.equal(20);
    expect(await events().countDocuments({ event: 'race' })).to.equal(50);
  });

  it('keeps event ids per application: the same id in another application is stored there', async () => {
    const other = await createTrackedTenant(ctx, 'other-app');
    const id = newId('evt_');
    await send({ events: [{ id, event: 'shared_id' }] }).expect(200);
    const there = await send({ events: [{ id, event: 'shared_id' }] }, other.applicationId).expect(200);
    expect(there.body.events_processed).to.equal(1);
    expect(await events().countDocuments({ event_id: id })).to.equal(2);
  });

  it('refuses far-future and expired timestamps one by one and stores the rest', async () => {
    const now = Date.now();
    const ids = [newId('evt_'), newId('evt_'), newId('evt_'), newId('evt_'), newId('evt_')];
    const response = await send({
      events: [
        { id: ids[0], event: 'fine', timestamp: new Date(now - 1000).toISOString() },
        { id: ids[1], event: 'future', timestamp: new Date(now + 10 * 60_000).toISOString() },
        { id: ids[2], event: 'ancient', timestamp: new Date(now - 91 * DAY_MS).toISOString() },
        { id: ids[3], event: 'slight_skew', timestamp: new Date(now + 60_000).toISOString() },
        { id: ids[4], event: 'epoch_ms', timestamp: now - 5000 },
      ],
    }).expect(200);
    expect(response.body.events_processed).to.equal(3);
    expect(response.body.rejected).to.have.length(2);
    expect(response.body.rejected[0]).to.include({ index: 1, id: ids[1], reason: 'timestamp_in_future' });
    expect(response.body.rejected[1]).to.include({ index: 2, id: ids[2], reason: 'timestamp_too_old' });
    expect(response.body.rejected[1].message).to.contain('90 days');
    expect(await events().countDocuments({ event_id: { $in: ids } })).to.equal(3);
    const epoch = await events().findOne({ event_id: ids[4] });
    expect(epoch!.timestamp.getTime()).to.equal(now - 5000);
  });

  it('reads a timestamp without offset as UTC', async () => {
    const id = newId('evt_');
    const local = new Date(Date.now() - 60_000).toISOString().replace('Z', '');
    await send({ events: [{ id, event: 'naive', timestamp: local }] }).expect(200);
    expect((await events().findOne({ event_id: id }))!.timestamp.toISOString()).to.equal(`${local}Z`);
  });

  it('accepts 500 events, refuses 501 with 400 saying the limit', async () => {
    const batch = (n: number) => ({
      events: Array.from({ length: n }, () => ({ id: newId('evt_'), event: 'bulk' })),
    });
    const ok = await send(batch(500)).expect(200);
    expect(ok.body.events_processed).to.equal(500);
    const tooMany = await send(batch(501)).expect(400);
    expect(tooMany.body.code).to.equal('validation_failed');
    expect(tooMany.body.error).to.contain('At most 500 events');
    expect(tooMany.body.details[0].path).to.equal('body.events');
    expect(await events().countDocuments({ event: 'bulk' })).to.equal(500);
  });

  it('takes a batch just under 1 MB and refuses one over it with 413 in the error shape', async () => {
    const padding = 'x'.repeat(20_000);
    const batch = (n: number, event: string) => ({
      events: Array.from({ length: n }, () => ({ event, properties: { padding } })),
    });
    const under = batch(50, 'fits');
    expect(JSON.stringify(under).length).to.be.within(900_000, 1024 * 1024);
    expect((await send(under).expect(200)).body.events_processed).to.equal(50);
    const over = batch(60, 'big');
    expect(JSON.stringify(over).length).to.be.above(1024 * 1024);
    const response = await send(over).expect(413);
    expect(response.body).to.deep.equal({
      error: 'The request body is too large: at most 1048576 bytes are accepted.',
      code: 'payload_too_large',
    });
    expect(await events().countDocuments({ event: 'big' })).to.equal(0);
  });

  it('adds stored events (not duplicates) to the installation’s total_events, with activity', async () => {
    const installation = installationBody();
    await ingest(ctx, '/installations', tenant.applicationId, installation).expect(201);
    const session_info = { installation_id: installation.installation_id, session_id: newId('sess_') };
    const batch = { events: [1, 2, 3].map(() => ({ id: newId('evt_'), event: 'counted' })), session_info };
    await send(batch).expect(200);
    await send(batch).expect(200);
    await ingest(ctx, '/activity', tenant.applicationId, {
      action: 'page_view',
      resource_type: 'component',
      installation_id: installation.installation_id,
    }).expect(201);
    const stored = await ctx.database.connection
      .collection('installations')
      .findOne({ installation_id: installation.installation_id });
    expect(stored!.total_events).to.equal(4);
    expect(stored!.session_count).to.equal(2);
  });

  it('keeps events for ANALYTICS_RETENTION_DAYS with a TTL index on the timestamp', async () => {
    const indexes = await events().indexes();
    const ttl = indexes.find((index) => index.name === 'timestamp_retention');
    expect(ttl).to.include({ expireAfterSeconds: 90 * 86_400 });
    expect(ttl!.key).to.deep.equal({ timestamp: 1 });
    const unique = indexes.find((index) => index.unique);
    expect(unique!.key).to.deep.equal({ application_id: 1, event_id: 1 });
    // Every index costs each stored event a write: only these three.
    expect(indexes.map((index) => index.name).sort()).to.deep.equal([
      '_id_',
      'application_id_1_event_id_1',
      'timestamp_retention',
    ]);
  });
});

describe('tracking ingest: analytics settings', () => {
  let ctx: TestContext | undefined;
  afterEach(() => ctx?.close());

  it('replaces a retention index of another length when ANALYTICS_RETENTION_DAYS changed', async () => {
    ctx = await createTrackingContext({ ANALYTICS_RETENTION_DAYS: '7' });
    const tenant = await createTrackedTenant(ctx);
    const events = ctx.database.connection.collection('analytics_events');
    await events.createIndex(
      { timestamp: 1 },
      { name: 'timestamp_retention', expireAfterSeconds: 90 * 86_400 },
    );
    const response = await ingest(ctx, '/analytics', tenant.applicationId, {
      events: [
        { event: 'recent', timestamp: new Date(Date.now() - 6 * DAY_MS).toISOString() },
        { event: 'too_old_now', timestamp: new Date(Date.now() - 8 * DAY_MS).toISOString() },
      ],
    }).expect(200);
    expect(response.body.events_processed).to.equal(1);
    expect(response.body.rejected[0]).to.include({ reason: 'timestamp_too_old' });
    const ttl = (await events.indexes()).find((index) => index.name === 'timestamp_retention');
    expect(ttl).to.include({ expireAfterSeconds: 7 * 86_400 });
  });

  it('drops the unused (application_id, timestamp) index a database of an earlier version holds', async () => {
    ctx = await createTrackingContext();
    const events = ctx.database.connection.collection('analytics_events');
    await events.createIndex({ application_id: 1, timestamp: -1 });
    const tenant = await createTrackedTenant(ctx);
    await ingest(ctx, '/analytics', tenant.applicationId, { events: [{ event: 'after_upgrade' }] }).expect(
      200,
    );
    const names = (await events.indexes()).map((index) => index.name);
    expect(names).to.not.include('application_id_1_timestamp_-1');
    expect(names).to.include.members(['application_id_1_event_id_1', 'timestamp_retention']);
    expect(await events.countDocuments({ event: 'after_upgrade' })).to.equal(1);
  });

  it('takes a batch of up to 1 MB even when BODY_LIMIT is smaller, and no more when it is larger', async () => {
    ctx = await createTrackingContext({ BODY_LIMIT: '100kb' });
    const tenant = await createTrackedTenant(ctx);
    const padding = 'x'.repeat(10_000);
    const large = { events: Array.from({ length: 80 }, () => ({ event: 'large', properties: { padding } })) };
    expect(JSON.stringify(large).length).to.be.within(500_000, 1024 * 1024);
    const response = await ingest(ctx, '/analytics', tenant.applicationId, large).expect(200);
    expect(response.body.events_processed).to.equal(80);
    // Other routes keep BODY_LIMIT.
    await ingest(ctx, '/activity', tenant.applicationId, {
      action: 'x',
      resource_type: 'other',
      resource_id: 'y'.repeat(150_000),
    }).expect(413);
    await ctx.close();

    ctx = await createTrackingContext({ BODY_LIMIT: '5mb' });
    const second = await createTrackedTenant(ctx);
    const huge = { events: Array.from({ length: 120 }, () => ({ event: 'huge', properties: { padding } })) };
    expect(JSON.stringify(huge).length).to.be.above(1024 * 1024);
    await ingest(ctx, '/analytics', second.applicationId, huge).expect(413);
  });
});
