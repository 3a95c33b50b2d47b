import { expect } from 'chai';
import { Tracker } from '../src/index';
import { MAX_ATTEMPTS, RequestQueue } from '../src/queue';
import { backoffMs, parseRetryAfter } from '../src/transport';
import { APP_ID, captureWarnings, IngestServer, MemoryStorage, sleep } from './helpers';

describe('tracker: retries', () => {
  let server: IngestServer;
  let sdk: Tracker | undefined;
  let warnings: ReturnType<typeof captureWarnings>;
  const start = (storage = new MemoryStorage()) =>
    (sdk = new Tracker({ applicationId: APP_ID, apiUrl: server.url, storage, flushIntervalMs: 300_000 }));
  const analytics = () => server.to('/api/v1/analytics');

  beforeEach(async () => {
    server = await new IngestServer().start();
    warnings = captureWarnings();
  });
  afterEach(async () => {
    await sdk?.shutdown();
    sdk = undefined;
    warnings.restore();
    await server.stop();
  });

  it('retries a batch answered 503 with growing, jittered delays until it is accepted, then counts it once', async () => {
    server.respond = (request) =>
      request.path === '/api/v1/analytics' && analytics().length < 2 ? { status: 503 } : { status: 200 };
    const storage = new MemoryStorage();
    start(storage).track('checkout');
    await sdk!.flush();
    await server.waitFor(() => analytics().length === 3, 6000, 'two retries');
    const [first, second, third] = analytics();
    // backoff: 0.5–1 s after the first failure, 1–2 s after the second
    expect(second!.at - first!.at).to.be.within(450, 1300);
    expect(third!.at - second!.at).to.be.within(950, 2300);
    expect(third!.body.events[0].id).to.equal(first!.body.events[0].id);
    await sleep(50);
    expect(storage.getItem(`iam_queue_${APP_ID}`)).to.equal(null);
  });

  it('honours Retry-After on 429', async () => {
    server.respond = (request) =>
      request.path === '/api/v1/analytics' && analytics().length === 0
        ? {
            status: 429,
            headers: { 'retry-after': '2' },
            body: { error: 'Too many requests', code: 'rate_limited' },
          }
        : { status: 200 };
    start().track('search');
    await sdk!.flush();
    await sdk!.flush(); // the interval or flushAt would not send earlier either
    await server.waitFor(() => analytics().length === 2, 4000, 'the retry');
    const [first, second] = analytics();
    expect(second!.at - first!.at).to.be.at.least(1900);
  });

  it('retries after a network error (connection reset)', async () => {
    server.respond = (request) =>
      request.path === '/api/v1/analytics' && analytics().length === 0 ? 'destroy' : { status: 200 };
    start().track('offline_then_online');
    await sdk!.flush();
    await server.waitFor(() => analytics().length === 2, 3000, 'the retry');
    expect(analytics()[1]!.body.events[0].event).to.equal('offline_then_online');
  });

  it('does not retry a 400: the batch is dropped with one warning, later events still go out', async () => {
    server.respond = (request) =>
      request.path === '/api/v1/analytics' && analytics().length < 2
        ? { status: 400, body: { error: 'Invalid body', code: 'validation_failed' } }
        : { status: 200 };
    const storage = new MemoryStorage();
    start(storage).track('bad');
    await sdk!.flush();
    sdk!.track('also_refused');
    await sdk!.flush();
    await sleep(1500);
    expect(analytics()).to.have.length(2);
    expect(storage.getItem(`iam_queue_${APP_ID}`)).to.equal(null);
    expect(warnings.messages.filter((message) => message.includes('HTTP 400'))).to.have.length(1);
    sdk!.track('good');
    await sdk!.flush();
    expect(server.events().map((event) => event.event)).to.deep.equal(['bad', 'also_refused', 'good']);
  });

  it('gives up on a request after repeated 5xx answers (so one poisonous request cannot block the queue)', () => {
    const queue = new RequestQueue(new MemoryStorage(), 'q', 10);
    queue.add({ id: 'poison', path: 'activity', body: {} });
    queue.add({ id: 'fine', path: 'activity', body: {} });
    let dropped = 0;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const batch = queue.take();
      expect(batch!.entries[0]!.id).to.equal('poison');
      dropped = queue.release(new Set(['poison']), true);
    }
    expect(dropped).to.equal(1);
    expect(queue.take()!.entries[0]!.id).to.equal('fine');
  });

  it('computes backoff between half and all of 1 s, 2 s, 4 s … capped at 30 s, and reads both Retry-After forms', () => {
    for (let failures = 1; failures <= 10; failures++) {
      const ceiling = Math.min(30_000, 1000 * 2 ** (failures - 1));
      for (let i = 0; i < 50; i++) expect(backoffMs(failures)).to.be.within(ceiling / 2, ceiling);
    }
    expect(parseRetryAfter('7')).to.equal(7000);
    const now = Date.now();
    expect(parseRetryAfter(new Date(now + 3000).toUTCString(), now)).to.be.within(2000, 3000);
    expect(parseRetryAfter('soon')).to.equal(undefined);
  });
});
