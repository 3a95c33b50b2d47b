import { expect } from 'chai';
import type { JSDOM } from 'jsdom';
import { Tracker, type TrackerOptions } from '../src/index';
import { APP_ID, createPage, IngestServer, sleep } from './helpers';

describe('tracker: opt-out and Do Not Track', () => {
  let server: IngestServer;
  let page: JSDOM;
  const trackers: Tracker[] = [];
  const start = (options: Partial<TrackerOptions> = {}) => {
    const created = new Tracker({
      applicationId: APP_ID,
      apiUrl: server.url,
      window: page.window as unknown as Window,
      autoPageViews: false,
      flushAt: 1,
      ...options,
    });
    trackers.push(created);
    return created;
  };
  const setNavigator = (name: string, value: unknown) =>
    Object.defineProperty(page.window.navigator, name, { value, configurable: true });

  beforeEach(async () => {
    server = await new IngestServer().start();
    page = createPage();
  });
  afterEach(async () => {
    for (const created of trackers.splice(0)) await created.shutdown();
    await server.stop();
    page.window.close();
  });

  it('optOut() stops everything, discards the queue and survives a reload; optIn() resumes', async () => {
    const sdk = start({ flushAt: 100, flushIntervalMs: 300_000 });
    await sdk.flush();
    const before = server.received.length;
    sdk.track('queued_before_opt_out');
    sdk.optOut();
    sdk.track('after_opt_out');
    sdk.activity('after_opt_out', 'other');
    await sdk.flush();
    expect(sdk.isOptedOut()).to.equal(true);
    expect(sdk.ids()).to.equal(null);
    await sdk.shutdown();

    const reloaded = start();
    reloaded.track('after_reload');
    await reloaded.flush();
    await sleep(100);
    expect(server.received).to.have.length(before);
    expect(page.window.localStorage.getItem(`iam_queue_${APP_ID}`)).to.equal(null);

    reloaded.optIn();
    reloaded.track('after_opt_in');
    await server.waitFor(() => server.events().length === 1);
    expect(server.events()[0].event).to.equal('after_opt_in');
  });

  it('with respectDoNotTrack, navigator.doNotTrack "1" means no requests at all', async () => {
    setNavigator('doNotTrack', '1');
    const sdk = start({ respectDoNotTrack: true, autoPageViews: true });
    sdk.track('ignored');
    await sdk.flush();
    await sleep(1300); // past the page view of the load
    expect(server.received).to.have.length(0);
    expect(sdk.isOptedOut()).to.equal(true);
  });

  it('also treats Global Privacy Control as a Do Not Track signal', async () => {
    setNavigator('globalPrivacyControl', true);
    const sdk = start({ respectDoNotTrack: true });
    sdk.track('ignored');
    await sdk.flush();
    expect(server.received).to.have.length(0);
  });

  it('ignores Do Not Track unless the application asks to respect it; an explicit optIn() overrides it', async () => {
    setNavigator('doNotTrack', '1');
    const ignoring = start();
    ignoring.track('counted');
    await server.waitFor(() => server.events().length === 1);
    await ignoring.shutdown();

    const respecting = start({ respectDoNotTrack: true });
    respecting.optIn();
    respecting.track('consented');
    await server.waitFor(() => server.events().length === 2);
  });
});
