import { expect } from 'chai';
import { Tracker } from '../src/index';
import { APP_ID, captureWarnings, createPage, IngestServer, MemoryStorage, sleep } from './helpers';

describe('tracker: the persisted queue', () => {
  let server: IngestServer;
  const trackers: Tracker[] = [];
  const start = (apiUrl: string, storage?: MemoryStorage, options = {}) => {
    const created = new Tracker({
      applicationId: APP_ID,
      apiUrl,
      storage,
      flushIntervalMs: 300_000,
      ...options,
    });
    trackers.push(created);
    return created;
  };

  beforeEach(async () => {
    server = await new IngestServer().start();
  });
  afterEach(async () => {
    for (const created of trackers.splice(0)) await created.shutdown();
    await server.stop();
  });

  it('keeps what the server did not take across a reload, and the next page load sends it', async () => {
    const storage = new MemoryStorage();
    // First page load: the API is down.
    server.respond = () => ({ status: 503 });
    const first = start(server.url, storage);
    first.track('added_to_cart', { sku: 'A1' });
    first.activity('checkout_opened', 'component');
    await first.flush();
    const { installation_id } = first.ids()!;
    const queued = JSON.parse(storage.getItem(`iam_queue_${APP_ID}`)!);
    const eventId = queued.find((entry: { path: string }) => entry.path === 'analytics').id;
    expect(server.events()).to.have.length(0);
    await first.shutdown(); // the page goes away

    // Second page load, same storage: the API is back.
    server.respond = () => ({ status: 200 });
    const second = start(server.url, storage);
    await server.waitFor(() => server.events().length === 1, 3000, 'the resend');
    await second.flush();
    expect(server.events().map((event) => [event.event, event.id])).to.deep.equal([
      ['added_to_cart', eventId],
    ]);
    expect(server.activities().map((activity) => activity.action)).to.deep.equal(['checkout_opened']);
    expect(second.ids()!.installation_id).to.equal(installation_id);
    expect(storage.getItem(`iam_queue_${APP_ID}`)).to.equal(null);
  });

  it('keeps the same identifiers across a reload of the page (local storage of a real page)', async () => {
    const page = createPage();
    const win = page.window as unknown as Window;
    const first = start(server.url, undefined, { window: win, autoPageViews: false });
    const before = first.ids()!;
    await first.shutdown();
    const second = start(server.url, undefined, { window: win, autoPageViews: false });
    expect(second.ids()).to.deep.include({
      installation_id: before.installation_id,
      anonymous_id: before.anonymous_id,
      session_id: before.session_id,
    });
    expect(page.window.localStorage.getItem('iam_installation_id')).to.equal(before.installation_id);
    expect(page.window.sessionStorage.getItem('iam_session_id')).to.equal(before.session_id);
    page.window.close();
  });

  it('is bounded: beyond maxQueueSize the oldest entries go, with one warning', async () => {
    const warnings = captureWarnings();
    try {
      const storage = new MemoryStorage();
      // Nobody listens here: every send fails, so everything stays queued.
      const sdk = start('http://127.0.0.1:9', storage, { maxQueueSize: 5, flushAt: 500 });
      for (let i = 0; i < 12; i++) sdk.track('tick', { i });
      await sleep(50);
      const queued = JSON.parse(storage.getItem(`iam_queue_${APP_ID}`)!);
      expect(queued).to.have.length(5);
      expect(
        queued.map((entry: { body: { properties: { i: number } } }) => entry.body.properties.i),
      ).to.deep.equal([7, 8, 9, 10, 11]);
      expect(warnings.messages.filter((message) => message.includes('maxQueueSize'))).to.have.length(1);
    } finally {
      warnings.restore();
    }
  });
});
