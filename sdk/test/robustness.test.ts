import { expect } from 'chai';
import * as sdkModule from '../src/index';
import { Tracker, type TrackerOptions } from '../src/index';
import { APP_ID, captureWarnings, createPage, IngestServer, MemoryStorage, sleep } from './helpers';

describe('tracker: never breaks the host page', () => {
  let server: IngestServer;
  let warnings: ReturnType<typeof captureWarnings>;
  const trackers: Tracker[] = [];
  const start = (options: Partial<TrackerOptions> = {}) => {
    const created = new Tracker({
      applicationId: APP_ID,
      apiUrl: server.url,
      storage: new MemoryStorage(),
      flushIntervalMs: 300_000,
      ...options,
    } as TrackerOptions);
    trackers.push(created);
    return created;
  };

  beforeEach(async () => {
    server = await new IngestServer().start();
    warnings = captureWarnings();
  });
  afterEach(async () => {
    for (const created of trackers.splice(0)) await created.shutdown();
    warnings.restore();
    await server.stop();
  });

  it('ignores unusable events with a warning instead of throwing, and keeps sending the good ones', async () => {
    const sdk = start();
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const calls = [
      () => sdk.track(undefined as never),
      () => sdk.track(42 as never),
      () => sdk.track('x'.repeat(201)),
      () => sdk.track('circular', circular),
      () => sdk.track('bigint', { n: BigInt(1) }),
      () => sdk.track('array', [1, 2] as never),
      () => sdk.track('dollar_key', { $set: 1 }),
      () => sdk.track('dotted_key', { 'a.b': 1 }),
      () => sdk.track('too_big', { text: 'é'.repeat(17_000) }),
      () => sdk.track('too_deep', { a: { b: { c: { d: { e: { f: { g: { h: { i: 1 } } } } } } } } }),
      () => sdk.activity('', 'other'),
      () => sdk.activity('with_bad_metadata', 'other', { metadata: { __proto__x: 1, 'x.y': 2 } }),
      () => sdk.identify(undefined as never),
      () => sdk.identify({} as never),
    ];
    for (const call of calls) expect(call).not.to.throw();
    sdk.track('fine', { nested: { ok: [1, { deep: true }] }, when: new Date(0) });
    await sdk.flush();
    expect(server.events()).to.have.length(1);
    expect(server.events()[0]).to.deep.include({
      event: 'fine',
      properties: { nested: { ok: [1, { deep: true }] }, when: '1970-01-01T00:00:00.000Z' },
    });
    expect(server.activities()).to.have.length(0);
    expect(warnings.messages.length).to.be.at.least(5);
    for (const message of warnings.messages) expect(message).to.match(/^\[iam-sdk\] /);
  });

  it('survives a fetch that throws synchronously, storage that throws and a console that throws', async () => {
    const throwingStorage = {
      getItem: () => {
        throw new Error('broken');
      },
      setItem: () => {
        throw new Error('broken');
      },
      removeItem: () => {
        throw new Error('broken');
      },
    };
    let calls = 0;
    const sdk = start({
      storage: throwingStorage,
      fetch: (() => {
        calls++;
        throw new TypeError('fetch is broken');
      }) as never,
    });
    console.warn = () => {
      throw new Error('console is broken');
    };
    expect(() => sdk.track('a')).not.to.throw();
    expect(() => sdk.track(null as never)).not.to.throw();
    let settled = false;
    await sdk.flush().then(() => (settled = true));
    expect(settled).to.equal(true);
    expect(calls).to.be.at.least(1);
    expect(sdk.ids()!.installation_id).to.match(/^inst_/);
  });

  it('replaces bad options by defaults with ONE console warning naming them', async () => {
    const page = createPage();
    const sdk = start({
      window: page.window as unknown as Window,
      storage: undefined,
      flushAt: 0,
      flushIntervalMs: 'fast' as never,
      maxQueueSize: 1e9,
      autoPageViews: 'yes' as never,
      fetch: 'no' as never,
      sdkVersion: 'not a version!' as never,
    });
    expect(warnings.messages).to.have.length(1);
    for (const name of ['flushAt', 'flushIntervalMs', 'maxQueueSize', 'autoPageViews', 'fetch', 'sdkVersion'])
      expect(warnings.messages[0]).to.include(name);
    expect(sdk.config).to.include({
      flushAt: 1,
      flushIntervalMs: 3000,
      maxQueueSize: 10_000,
      autoPageViews: true,
      sdkVersion: sdkModule.SDK_VERSION,
    });
    expect(sdk.config.fetch).to.equal(undefined);
    sdk.track('still_works');
    await server.waitFor(() => server.events().length === 1);
    page.window.close();
  });

  it('without applicationId or apiUrl it warns once and does nothing (no request, no throw)', async () => {
    const sdk = new Tracker(undefined as never);
    const other = new Tracker({ applicationId: APP_ID, apiUrl: 'javascript:alert(1)' });
    trackers.push(sdk, other);
    expect(warnings.messages).to.have.length(2);
    expect(warnings.messages[0]).to.include('tracking is off');
    expect(warnings.messages[1]).to.include('apiUrl');
    for (const tracker of [sdk, other]) {
      expect(() => tracker.track('x')).not.to.throw();
      await tracker.flush();
      expect(tracker.isOptedOut()).to.equal(true);
    }
    await sleep(50);
    expect(server.received).to.have.length(0);
  });

  it('module-level functions before init() do nothing; auth calls reject with not_initialized', async () => {
    expect(() => sdkModule.track('early')).not.to.throw();
    expect(sdkModule.ids()).to.equal(null);
    await sdkModule.flush();
    const error = await sdkModule.login('a@example.com', 'secret').catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(sdkModule.IamError).and.include({ code: 'not_initialized' });
  });
});
