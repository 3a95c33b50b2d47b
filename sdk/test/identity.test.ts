import { expect } from 'chai';
import type { JSDOM } from 'jsdom';
import { Tracker } from '../src/index';
import { APP_ID, createPage, IngestServer } from './helpers';

describe('tracker: identifiers and sessions', () => {
  let server: IngestServer;
  let page: JSDOM;
  const realNow = Date.now;
  const trackers: Tracker[] = [];
  const start = (win: Window = page.window as unknown as Window) => {
    const created = new Tracker({
      applicationId: APP_ID,
      apiUrl: server.url,
      window: win,
      autoPageViews: false,
      flushIntervalMs: 300_000,
    });
    trackers.push(created);
    return created;
  };
  const registrations = () => server.to('/api/v1/installations').map((request) => request.body);

  beforeEach(async () => {
    server = await new IngestServer().start();
    page = createPage();
  });
  afterEach(async () => {
    Date.now = realNow;
    for (const created of trackers.splice(0)) await created.shutdown();
    await server.stop();
    page.window.close();
  });

  it('keeps inst_ and anon_ in localStorage and sess_ in sessionStorage (SPEC §3)', () => {
    const ids = start().ids()!;
    expect(ids.installation_id).to.match(/^inst_[0-9a-f]{32}$/);
    expect(ids.anonymous_id).to.match(/^anon_[0-9a-f]{32}$/);
    expect(ids.session_id).to.match(/^sess_[0-9a-f]{32}$/);
    const { localStorage, sessionStorage } = page.window;
    expect(localStorage.getItem('iam_installation_id')).to.equal(ids.installation_id);
    expect(localStorage.getItem('iam_anonymous_id')).to.equal(ids.anonymous_id);
    expect(sessionStorage.getItem('iam_session_id')).to.equal(ids.session_id);
    expect(localStorage.getItem('iam_session_id')).to.equal(null);
  });

  it('starts a new session after 30 minutes without activity, and registers it; activity keeps it alive', async () => {
    const sdk = start();
    const first = sdk.ids()!.session_id;
    let now = realNow();
    Date.now = () => now;
    now += 29 * 60_000;
    sdk.track('still_here');
    now += 29 * 60_000; // 58 min after start, but only 29 since the last event
    sdk.track('still_here_2');
    expect(sdk.ids()!.session_id).to.equal(first);
    now += 31 * 60_000;
    sdk.track('back_after_lunch');
    const second = sdk.ids()!.session_id;
    expect(second).to.match(/^sess_[0-9a-f]{32}$/);
    expect(second).to.not.equal(first);
    Date.now = realNow;
    await sdk.flush();
    expect(registrations().map((body) => body.environment_info.session_id)).to.deep.equal([first, second]);
    const batches = server.to('/api/v1/analytics').map((request) => request.body);
    expect(batches.map((batch) => [batch.session_info.session_id, batch.events.length])).to.deep.equal([
      [first, 2],
      [second, 1],
    ]);
  });

  it('reset() (sign-out) gives a new anonymous id and session on the same installation, registered as anonymous', async () => {
    const sdk = start();
    const before = sdk.ids()!;
    sdk.identify('user-1');
    sdk.reset();
    const after = sdk.ids()!;
    expect(after.installation_id).to.equal(before.installation_id);
    expect(after.anonymous_id).to.not.equal(before.anonymous_id);
    expect(after.session_id).to.not.equal(before.session_id);
    expect(after.user_id).to.equal(null);
    await sdk.flush();
    const last = registrations().at(-1);
    expect(last).to.deep.include({ anonymous_id: after.anonymous_id, is_anonymous: true });
    expect(last).to.not.have.property('user_id');
  });

  it('identify() without a token re-registers the installation with the user id', async () => {
    const sdk = start();
    sdk.identify({ id: 'customer-42' });
    await sdk.flush();
    expect(registrations().at(-1)).to.deep.include({ is_anonymous: false, user_id: 'customer-42' });
    expect(server.to('/api/v1/identify')).to.have.length(0);
  });

  it('identify() with a bearer token calls POST /api/v1/identify with the anonymous and installation ids', async () => {
    const sdk = start();
    sdk.identify('user-7', 'jwt-of-user-7');
    await sdk.flush();
    const [request] = server.to('/api/v1/identify');
    expect(request!.headers.authorization).to.equal('Bearer jwt-of-user-7');
    expect(request!.headers['x-application-id']).to.equal(APP_ID);
    expect(request!.body).to.deep.equal({
      anonymous_id: sdk.ids()!.anonymous_id,
      installation_id: sdk.ids()!.installation_id,
    });
  });

  it('falls back to memory when storage is blocked (Safari private mode, disabled cookies) and still sends', async () => {
    const blocked = createPage();
    const denied = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    Object.defineProperty(blocked.window, 'localStorage', { get: denied });
    Object.defineProperty(blocked.window, 'sessionStorage', { get: denied });
    const sdk = start(blocked.window as unknown as Window);
    const ids = sdk.ids()!;
    expect(sdk.ids()).to.deep.include({ installation_id: ids.installation_id, session_id: ids.session_id });
    sdk.track('works_anyway');
    await sdk.flush();
    expect(server.events().map((event) => event.event)).to.deep.equal(['works_anyway']);
    expect(registrations()[0]!.installation_id).to.equal(ids.installation_id);
    blocked.window.close();
  });

  it('falls back to memory per key when the quota is exceeded', async () => {
    const full = createPage();
    const storage = full.window.localStorage;
    const { prototype } = full.window.Storage;
    const setItem = prototype.setItem;
    Object.defineProperty(prototype, 'setItem', {
      configurable: true,
      value(this: Storage, key: string, value: string) {
        if (key.startsWith('iam_queue_')) throw new DOMException('Quota exceeded', 'QuotaExceededError');
        return setItem.call(this, key, value);
      },
    });
    const sdk = start(full.window as unknown as Window);
    sdk.track('kept_in_memory');
    await sdk.flush();
    expect(server.events().map((event) => event.event)).to.deep.equal(['kept_in_memory']);
    expect(storage.getItem('iam_installation_id')).to.equal(sdk.ids()!.installation_id);
    expect(storage.getItem(`iam_queue_${APP_ID}`)).to.equal(null);
    full.window.close();
  });
});
