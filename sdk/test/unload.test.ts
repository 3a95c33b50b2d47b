import { expect } from 'chai';
import type { JSDOM } from 'jsdom';
import { Tracker, type TrackerOptions } from '../src/index';
import { APP_ID, createPage, IngestServer, sleep } from './helpers';

describe('tracker: page hide and offline', () => {
  let server: IngestServer;
  let page: JSDOM;
  let keepalive: boolean[];
  const trackers: Tracker[] = [];
  const start = (options: Partial<TrackerOptions> = {}) => {
    const created = new Tracker({
      applicationId: APP_ID,
      apiUrl: server.url,
      window: page.window as unknown as Window,
      autoPageViews: false,
      flushAt: 100,
      flushIntervalMs: 300_000,
      fetch: (input, init) => {
        keepalive.push(init?.keepalive === true);
        return fetch(input, init);
      },
      ...options,
    });
    trackers.push(created);
    return created;
  };
  const queued = () => page.window.localStorage.getItem(`iam_queue_${APP_ID}`);
  const setOnline = (online: boolean) =>
    Object.defineProperty(page.window.navigator, 'onLine', { value: online, configurable: true });

  beforeEach(async () => {
    server = await new IngestServer().start();
    page = createPage();
    keepalive = [];
  });
  afterEach(async () => {
    for (const created of trackers.splice(0)) await created.shutdown();
    await server.stop();
    page.window.close();
  });

  it('on pagehide sends the queue as keepalive requests (they outlive the page) and clears it at once', async () => {
    const sdk = start();
    await sdk.flush();
    sdk.track('read_article', { id: 7 });
    sdk.activity('share_clicked', 'component');
    expect(queued()).to.not.equal(null);
    page.window.dispatchEvent(new page.window.Event('pagehide'));
    expect(queued()).to.equal(null);
    await server.waitFor(() => server.events().length === 1 && server.activities().length === 1);
    expect(keepalive.slice(-2)).to.deep.equal([true, true]);
    expect(server.events()[0].event).to.equal('read_article');
  });

  it('also when the tab is hidden (mobile browsers may never fire pagehide)', async () => {
    const sdk = start();
    await sdk.flush();
    sdk.track('scrolled');
    Object.defineProperty(page.window.document, 'visibilityState', { value: 'hidden', configurable: true });
    page.window.document.dispatchEvent(new page.window.Event('visibilitychange'));
    await server.waitFor(() => server.events().length === 1);
    expect(keepalive.at(-1)).to.equal(true);
  });

  it('puts the events back when a keepalive send fails while the page is still there', async () => {
    const sdk = start();
    await sdk.flush();
    server.respond = () => ({ status: 503 });
    sdk.track('hidden_then_back');
    page.window.dispatchEvent(new page.window.Event('pagehide'));
    await server.waitFor(() => server.events().length === 1);
    await sleep(50);
    expect(JSON.parse(queued()!)[0].body.event).to.equal('hidden_then_back');
  });

  it('while sends are failing, pagehide leaves the persisted queue for the next page load', async () => {
    server.respond = () => ({ status: 503 });
    const sdk = start();
    sdk.track('during_outage');
    await sdk.flush();
    const requests = server.received.length;
    page.window.dispatchEvent(new page.window.Event('pagehide'));
    await sleep(100);
    expect(server.received).to.have.length(requests);
    expect(JSON.parse(queued()!).map((entry: { path: string }) => entry.path)).to.include('analytics');
  });

  it('a send still in flight when the page goes is not held back from the next page load', async () => {
    server.respond = (request) =>
      request.path === '/api/v1/analytics' && server.events().length === 0
        ? { status: 503 }
        : { status: 200 };
    let analyticsCalls = 0;
    // This page dies with its retry in flight: that request never settles.
    const dying = new Tracker({
      applicationId: APP_ID,
      apiUrl: server.url,
      window: page.window as unknown as Window,
      autoPageViews: false,
      flushAt: 100,
      flushIntervalMs: 300_000,
      fetch: (input, init) =>
        String(input).endsWith('/analytics') && ++analyticsCalls === 2
          ? new Promise(() => {})
          : fetch(input, init),
    });
    dying.track('in_flight_at_reload');
    await dying.flush(); // 503; the retry follows and hangs
    await server.waitFor(() => analyticsCalls === 2, 3000, 'the retry');
    page.window.dispatchEvent(new page.window.Event('pagehide'));

    start(); // the next page load, same storage
    await server.waitFor(() => server.events().length === 2, 2000, 'the resend on the next page load');
    expect(server.events()[1].event).to.equal('in_flight_at_reload');
  });

  it('pauses while offline and sends when the browser is back online', async () => {
    setOnline(false);
    const sdk = start({ flushAt: 1 });
    sdk.track('on_the_train');
    await sdk.flush();
    page.window.dispatchEvent(new page.window.Event('pagehide'));
    await sleep(100);
    expect(server.received).to.have.length(0);
    setOnline(true);
    page.window.dispatchEvent(new page.window.Event('online'));
    await server.waitFor(() => server.events().length === 1, 2000, 'the send after reconnecting');
  });
});
