import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { createTrackedTenant, createTrackingContext, ingest, newId, PARTNER_ORIGIN } from './helpers.js';

const event = () => ({ events: [{ id: newId('evt_'), event: 'tick' }] });

describe('tracking ingest: rate limits', () => {
  let ctx: TestContext | undefined;
  afterEach(() => ctx?.close());

  it('limits each client address across applications, with a Retry-After a browser can read', async () => {
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
    await ingest(ctx!, '/analytics', second.applicationId, event(), from('203.0.113.7')).expect(200);
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
    // Another address is not affected; nothing of the refused batch was stored.
    await ingest(ctx!, '/analytics', first.applicationId, event(), from('198.51.100.9')).expect(200);
    expect(await ctx.database.connection.collection('analytics_events').countDocuments()).to.equal(3);
  });

  it('limits each application across addresses', async () => {
    ctx = await createTrackingContext({ INGEST_RATE_LIMIT_PER_APPLICATION: '3', TRUST_PROXY: 'true' });
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
});
