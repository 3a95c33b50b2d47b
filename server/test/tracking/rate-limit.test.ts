import { expect } from 'chai';
import { loadConfig } from '../../src/config.js';
import type { TestContext } from '../helpers/context.js';
import {
  createTrackedTenant,
  createTrackingContext,
  ingest,
  installationBody,
  newId,
  PARTNER_ORIGIN,
} from './helpers.js';

const event = () => ({ events: [{ id: newId('evt_'), event: 'tick' }] });

describe('tracking ingest: rate limits', () => {
  let ctx: TestContext | undefined;
  afterEach(() => ctx?.close());

  it('limits each client address per application, with a Retry-After a browser can read', async () => {
    ctx = await createTrackingContext({ INGEST_RATE_LIMIT_PER_IP: '3', TRUST_PROXY: 'true' });
    const first = await createTrackedTenant(ctx, 'first');
    const second = await createTrackedTenant(ctx, 'second');
    const from = (ip: string) => ({ 'X-Forwarded-For': ip, Origin: PARTNER_ORIGIN });
    await ingest(ctx!, '/analytics', first.applicationId, event(), from('203.0.113.7')).expect(200);
    await ingest(
      ctx!,
      '/activity',
      second.applicationId,
      { action: 'a', resource_type: 'other' },
      from('203.0.113.7'),
    ).expect(201);
    await ingest(ctx!, '/analytics', first.applicationId, event(), from('203.0.113.7')).expect(200);
    await ingest(ctx!, '/analytics', first.applicationId, event(), from('203.0.113.7')).expect(200);
    const limited = await ingest(
      ctx!,
      '/analytics',
      first.applicationId,
      event(),
      from('203.0.113.7'),
    ).expect(429);
    expect(limited.body).to.deep.equal({
      error: 'Too many tracking requests from this address. Please try again later.',
      code: 'rate_limited',
    });
    expect(Number(limited.headers['retry-after'])).to.be.within(1, 60);
    expect(limited.headers['access-control-allow-origin']).to.equal(PARTNER_ORIGIN);
    expect(limited.headers['access-control-expose-headers']).to.match(/retry-after/i);
    // Another address is not affected, nor the same address with another application (its own
    // bucket); nothing of the refused batch was stored.
    await ingest(ctx!, '/analytics', first.applicationId, event(), from('198.51.100.9')).expect(200);
    await ingest(ctx!, '/analytics', second.applicationId, event(), from('203.0.113.7')).expect(200);
    expect(await ctx.database.connection.collection('analytics_events').countDocuments()).to.equal(5);
  });

  it('limits each application across addresses', async () => {
    // FLOOD_ADDRESSES 0 and a per-address limit of 1: the ceiling is the configured 3.
    ctx = await createTrackingContext({
      INGEST_RATE_LIMIT_PER_APPLICATION: '3',
      INGEST_RATE_LIMIT_PER_IP: '1',
      INGEST_RATE_LIMIT_FLOOD_ADDRESSES: '0',
      TRUST_PROXY: 'true',
    });
    const busy = await createTrackedTenant(ctx, 'busy');
    const quiet = await createTrackedTenant(ctx, 'quiet');
    for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3'])
      await ingest(ctx!, '/analytics', busy.applicationId, event(), { 'X-Forwarded-For': ip }).expect(200);
    const limited = await ingest(ctx!, '/analytics', busy.applicationId, event(), {
      'X-Forwarded-For': '192.0.2.4',
    }).expect(429);
    expect(limited.body.error).to.contain('for this application');
    expect(limited.headers['retry-after']).to.match(/^\d+$/);
    await ingest(ctx!, '/analytics', quiet.applicationId, event(), { 'X-Forwarded-For': '192.0.2.4' }).expect(
      200,
    );
  });

  it('counts a request refused for its address not against its application', async () => {
    ctx = await createTrackingContext({
      INGEST_RATE_LIMIT_PER_IP: '2',
      INGEST_RATE_LIMIT_PER_APPLICATION: '4',
      INGEST_RATE_LIMIT_FLOOD_ADDRESSES: '0',
      TRUST_PROXY: 'true',
    });
    const shop = await createTrackedTenant(ctx, 'shop');
    const from = (ip: string) => ({ 'X-Forwarded-For': ip });
    for (let i = 0; i < 2; i++)
      await ingest(ctx!, '/analytics', shop.applicationId, event(), from('203.0.113.50')).expect(200);
    // A noisy address keeps going after its own limit…
    for (let i = 0; i < 5; i++) {
      const limited = await ingest(ctx!, '/analytics', shop.applicationId, event(), from('203.0.113.50'));
      expect(limited.status).to.equal(429);
      expect(limited.body.error).to.contain('from this address');
    }
    // …and the application's other users still have the rest of its allowance (2 of 4).
    const third = await ingest(ctx!, '/analytics', shop.applicationId, event(), from('198.51.100.1')).expect(
      200,
    );
    // Both limits are counted and reported.
    expect(String(third.headers['ratelimit']))
      .to.match(/"ingest-ip"; r=1;/)
      .and.match(/"ingest-application"; r=1;/);
    await ingest(ctx!, '/analytics', shop.applicationId, event(), from('198.51.100.2')).expect(200);
    const full = await ingest(ctx!, '/analytics', shop.applicationId, event(), from('198.51.100.3'));
    expect(full.status).to.equal(429);
    expect(full.body.error).to.contain('for this application');
    expect(String(full.headers['ratelimit']))
      .to.match(/"ingest-ip"; r=1;/)
      .and.match(/"ingest-application"; r=0;/);
  });

  it('200 addresses flooding an application up to their own limits leave room for a legitimate installation', async function () {
    this.timeout(60_000);
    // The old defaults' ratio, scaled down: 600 per address, 30,000 per application → 2 and 100. At
    // that ratio 51 flooding addresses used to get every other client of the application 429.
    ctx = await createTrackingContext({
      INGEST_RATE_LIMIT_PER_IP: '2',
      INGEST_RATE_LIMIT_PER_APPLICATION: '100',
      TRUST_PROXY: 'true',
    });
    const shop = await createTrackedTenant(ctx, 'flooded');
    const flooders = Array.from({ length: 200 }, (_, n) => `10.${Math.floor(n / 250)}.${n % 250}.1`);
    const statuses: number[] = [];
    for (let start = 0; start < flooders.length; start += 25) {
      const answers = await Promise.all(
        flooders
          .slice(start, start + 25)
          .flatMap((ip) =>
            [0, 1].map(() =>
              ingest(ctx!, '/analytics', shop.applicationId, event(), { 'X-Forwarded-For': ip }),
            ),
          ),
      );
      statuses.push(...answers.map((answer) => answer.status));
    }
    // A legitimate installation of the application, from its own address, still gets through.
    const installation = installationBody();
    const from = { 'X-Forwarded-For': '198.51.100.77', Origin: PARTNER_ORIGIN };
    await ingest(ctx, '/installations', shop.applicationId, installation, from).expect(201);
    const batch = {
      events: [{ id: newId('evt_'), event: 'page_view' }],
      session_info: { installation_id: installation.installation_id },
    };
    await ingest(ctx, '/analytics', shop.applicationId, batch, from).expect(200);

    // Each address sent its maximum, all accepted…
    expect(statuses.filter((status) => status === 200)).to.have.length(400);
    // …and more from a flooding address hits its own bucket, not the application's.
    const more = await ingest(ctx, '/analytics', shop.applicationId, event(), {
      'X-Forwarded-For': flooders[7]!,
    });
    expect(more.status).to.equal(429);
    expect(more.body.error).to.contain('from this address');
  });

  it('sizes the application ceiling from the per-address limit: 200 flooding addresses plus one', () => {
    const { rateLimit } = loadConfig({ NODE_ENV: 'test' }).tracking;
    expect(rateLimit.perApplication).to.equal(201 * rateLimit.perIp);
    const explicit = loadConfig({ NODE_ENV: 'test', INGEST_RATE_LIMIT_PER_APPLICATION: '500000' });
    expect(explicit.tracking.rateLimit.perApplication).to.equal(500_000);
  });

  it('limits each installation of an application, whatever address it comes from', async () => {
    ctx = await createTrackingContext({ INGEST_RATE_LIMIT_PER_INSTALLATION: '2', TRUST_PROXY: 'true' });
    const shop = await createTrackedTenant(ctx, 'installs');
    const other = await createTrackedTenant(ctx, 'other-app');
    const installationId = newId('inst_');
    const batch = () => ({
      events: [{ id: newId('evt_'), event: 'tick' }],
      session_info: { installation_id: installationId },
    });
    const from = (ip: string) => ({ 'X-Forwarded-For': ip });
    await ingest(ctx, '/analytics', shop.applicationId, batch(), from('192.0.2.10')).expect(200);
    await ingest(
      ctx,
      '/activity',
      shop.applicationId,
      { action: 'opened', resource_type: 'other', installation_id: installationId },
      from('192.0.2.11'),
    ).expect(201);
    const limited = await ingest(ctx, '/analytics', shop.applicationId, batch(), from('192.0.2.12'));
    expect(limited.status).to.equal(429);
    expect(limited.body).to.deep.equal({
      error: 'Too many tracking requests from this installation. Please try again later.',
      code: 'rate_limited',
    });
    // Another installation, and the same id in another application, have their own buckets.
    await ingest(ctx, '/installations', shop.applicationId, installationBody(), from('192.0.2.12')).expect(
      201,
    );
    await ingest(ctx, '/analytics', other.applicationId, batch(), from('192.0.2.12')).expect(200);
  });
});
