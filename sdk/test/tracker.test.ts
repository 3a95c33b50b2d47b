import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import type { JSDOM } from 'jsdom';
import { SDK_VERSION, Tracker } from '../src/index';
import { APP_ID, createPage, IngestServer, MemoryStorage, sleep } from './helpers';

describe('tracker: registration, batching and flush', () => {
  let server: IngestServer;
  let page: JSDOM;
  const trackers: Tracker[] = [];
  const tracker = (options: Partial<ConstructorParameters<typeof Tracker>[0]> = {}) => {
    const created = new Tracker({
      applicationId: APP_ID,
      apiUrl: server.url,
      window: page.window as unknown as Window,
      autoPageViews: false,
      ...options,
    });
    trackers.push(created);
    return created;
  };

  beforeEach(async () => {
    server = await new IngestServer().start();
    page = createPage();
  });
  afterEach(async () => {
    for (const created of trackers.splice(0)) await created.shutdown();
    await server.stop();
    page.window.close();
  });

  it('registers the installation with device and environment info as soon as it starts', async () => {
    const sdk = tracker();
    await server.waitFor(() => server.to('/api/v1/installations').length === 1, 2000, 'registration');
    const [request] = server.to('/api/v1/installations');
    expect(request!.headers['x-application-id']).to.equal(APP_ID);
    expect(request!.headers['x-sdk-version']).to.equal(SDK_VERSION);
    const body = request!.body;
    const ids = sdk.ids()!;
    expect(body.installation_id)
      .to.equal(ids.installation_id)
      .and.match(/^inst_[0-9a-f]{32}$/);
    expect(body.anonymous_id)
      .to.equal(ids.anonymous_id)
      .and.match(/^anon_[0-9a-f]{32}$/);
    expect(body.is_anonymous).to.equal(true);
    expect(body).not.to.have.property('user_id');
    expect(body.device_info).to.include({ user_agent: page.window.navigator.userAgent, language: 'en-US' });
    expect(body.device_info.timezone).to.equal(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(body.device_info.screen_resolution).to.match(/^\d+x\d+$/);
    expect(body.device_info.color_depth).to.be.a('number');
    expect(body.device_info.hardware_concurrency).to.be.a('number');
    expect(body.device_info).to.have.property('platform');
    expect(body.environment_info).to.include({
      url: 'https://shop.example/products?x=1',
      referrer: 'https://search.example/',
      session_id: ids.session_id,
    });
    expect(Date.parse(body.environment_info.timestamp)).to.be.closeTo(Date.now(), 5000);
  });

  it('sends events in one batch once flushAt events wait, each with its own id and a timestamp', async () => {
    tracker({ flushAt: 3, flushIntervalMs: 300_000 });
    await server.waitFor(() => server.to('/api/v1/installations').length === 1);
    const sdk = trackers[0]!;
    sdk.track('signup_started', { plan: 'pro' });
    sdk.track('signup_step', { step: 2 });
    await sleep(150);
    expect(server.to('/api/v1/analytics')).to.have.length(0);
    sdk.track('signup_done');
    await server.waitFor(() => server.to('/api/v1/analytics').length === 1);
    const [batch] = server.to('/api/v1/analytics');
    expect(batch!.body.session_info).to.deep.equal({
      session_id: sdk.ids()!.session_id,
      installation_id: sdk.ids()!.installation_id,
    });
    const events = batch!.body.events;
    expect(events.map((event: { event: string }) => event.event)).to.deep.equal([
      'signup_started',
      'signup_step',
      'signup_done',
    ]);
    expect(events[0].properties).to.deep.equal({ plan: 'pro' });
    expect(events[2].properties).to.deep.equal({});
    expect(new Set(events.map((event: { id: string }) => event.id)).size).to.equal(3);
    for (const event of events) {
      expect(event.id).to.match(/^evt_[0-9a-f]{32}$/);
      expect(Date.parse(event.timestamp)).to.be.closeTo(Date.now(), 5000);
    }
  });

  it('sends what waits every flushIntervalMs without being asked', async () => {
    const sdk = tracker({ flushAt: 100, flushIntervalMs: 300 });
    sdk.track('opened');
    await server.waitFor(() => server.events().length === 1, 2000, 'the interval flush');
  });

  it('flush() sends everything now and resolves when the server has answered', async () => {
    const sdk = tracker({ flushAt: 100, flushIntervalMs: 300_000 });
    sdk.track('a');
    sdk.activity('settings_opened', 'component', { resource_id: 'settings', metadata: { tab: 'profile' } });
    await sdk.flush();
    expect(server.events().map((event) => event.event)).to.deep.equal(['a']);
    expect(server.activities()).to.deep.equal([
      {
        action: 'settings_opened',
        resource_type: 'component',
        resource_id: 'settings',
        metadata: { tab: 'profile' },
        installation_id: sdk.ids()!.installation_id,
        anonymous_user_id: sdk.ids()!.anonymous_id,
      },
    ]);
    expect(server.paths()[0]).to.equal('/api/v1/installations');
  });

  it('never puts more than 500 events in one request', async () => {
    const storage = new MemoryStorage();
    const sdk = tracker({ flushAt: 500, maxQueueSize: 2000, flushIntervalMs: 300_000, storage });
    // The server's answer to the first batch arrives after the rest are queued.
    server.respond = () => ({ status: 200, body: {} });
    for (let i = 0; i < 1100; i++) sdk.track('bulk', { i });
    await sdk.flush();
    await server.waitFor(() => server.events().length === 1100, 5000, 'all events');
    const sizes = server.to('/api/v1/analytics').map((request) => request.body.events.length);
    expect(Math.max(...sizes)).to.be.at.most(500);
    expect(new Set(server.events().map((event) => event.id)).size).to.equal(1100);
  });

  it('declares the version of package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(SDK_VERSION).to.equal(pkg.version);
  });
});
