import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer } from '../auth/helpers.js';
import { createTrackedTenant, createTrackingContext, type TrackedTenant } from '../tracking/helpers.js';

/** The SDK's public surface used here (its sources are TypeScript for a bundler, loaded by tsx). */
interface SdkTracker {
  track(event: string, properties?: Record<string, unknown>): void;
  activity(action: string, resourceType: string, details?: Record<string, unknown>): void;
  flush(): Promise<void>;
  shutdown(): Promise<void>;
  ids(): { installation_id: string; anonymous_id: string } | null;
}
type TrackerClass = new (options: Record<string, unknown>) => SdkTracker;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('analytics from the real SDK: events it retries after a lost answer count once', () => {
  let ctx: TestContext;
  let tenant: TrackedTenant;
  let server: Server;
  let apiUrl: string;
  let Tracker: TrackerClass;

  before(async () => {
    ctx = await createTrackingContext();
    tenant = await createTrackedTenant(ctx, 'sdk-retry');
    server = ctx.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const sdk = '../../../sdk/src/index.ts';
    ({ Tracker } = (await import(sdk)) as { Tracker: TrackerClass });
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await ctx.close();
  });

  it('counts a batch the server stored but whose answer was lost once, though the SDK sends it twice', async () => {
    const sent: string[] = [];
    let lost = 0;
    // The network: every request reaches the server; the first answer to an event batch never
    // comes back (a dropped connection after the server stored it), so the SDK retries that batch.
    const lossyFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const path = new URL(String(input)).pathname;
      sent.push(`${init?.method ?? 'GET'} ${path} ${response.status}`);
      if (path === '/api/v1/analytics' && lost === 0) {
        lost += 1;
        throw new TypeError('fetch failed');
      }
      return response;
    };
    const tracker = new Tracker({
      applicationId: tenant.applicationId,
      apiUrl,
      fetch: lossyFetch,
      flushIntervalMs: 300_000,
      autoPageViews: false,
    });
    try {
      for (const event of ['signup_started', 'signup_started', 'signup_done']) tracker.track(event);
      tracker.activity('settings_opened', 'component');
      await tracker.flush();
      // The retry waits a jittered 0.5–1 s backoff; then the queue is empty.
      const deadline = Date.now() + 5000;
      while (sent.filter((line) => line.startsWith('POST /api/v1/analytics')).length < 2) {
        expect(Date.now(), `the SDK retried (sent: ${sent.join(', ')})`).to.be.below(deadline);
        await sleep(100);
        await tracker.flush();
      }
    } finally {
      await tracker.shutdown();
    }
    const batches = sent.filter((line) => line.startsWith('POST /api/v1/analytics'));
    expect(batches).to.deep.equal(['POST /api/v1/analytics 200', 'POST /api/v1/analytics 200']);

    const summary = await ctx.request
      .get('/api/v1/analytics/summary')
      .query({ application_id: tenant.applicationId })
      .set(bearer(tenant.user.access_token))
      .expect(200);
    expect(summary.body.top_events).to.deep.equal([
      { event: 'signup_started', count: 2 },
      { event: 'signup_done', count: 1 },
    ]);
    expect(summary.body.totals).to.include({
      events: 3,
      anonymous_users: 1,
      installations: 1,
      active_installations: 1,
      // Every SDK call is an API request of the application too: both batches included.
      requests: sent.length,
      errors: 0,
    });
    const stored = await ctx.database.connection.collection('analytics_events').countDocuments({
      application_id: { $exists: true },
      event: { $in: ['signup_started', 'signup_done'] },
    });
    expect(stored).to.equal(3);
  });
});
