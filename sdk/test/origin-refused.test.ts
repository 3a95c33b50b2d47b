import { expect } from 'chai';
import type { JSDOM } from 'jsdom';
import { AuthClient, IamError, Tracker } from '../src/index';
import { APP_ID, createPage, IngestServer, MemoryStorage } from './helpers';

const ORIGIN = 'https://shop.example';
/** What the server's origin check says (server/src/modules/embedding/application-gate.ts). */
const SERVER_TEXT = `The origin ${ORIGIN} may not call this application. Add it to the application's allowed origins (allowed_origins, in the dashboard: Dashboard → Projects → your project → the application → Allowed origins). Deutsch: Der Origin ${ORIGIN} darf diese Anwendung nicht aufrufen; tragen Sie ihn unter Dashboard → Projekte → Ihr Projekt → die Anwendung → Erlaubte Origins ein.`;

/** Collects console.error calls until restored. */
function captureErrors(): { messages: string[]; restore: () => void } {
  const original = console.error;
  const messages: string[] = [];
  console.error = (...args: unknown[]) => void messages.push(args.map(String).join(' '));
  return { messages, restore: () => (console.error = original) };
}

/**
 * Issue #36 item 4: a page whose origin the application does not allow. The browser refuses every
 * call of the SDK at the CORS preflight (a network failure to the page); only the origin check, a
 * simple request any origin may read, gets through. The SDK must say in the console, once, which
 * origin to add and where, and stop sending instead of retrying in silence.
 */
describe('SDK on a page whose origin is not allowed', () => {
  let server: IngestServer;
  let page: JSDOM;
  let errors: ReturnType<typeof captureErrors>;
  /** POSTs the page's browser tried (and CORS refused). */
  let refusedPosts = 0;
  const trackers: Tracker[] = [];

  /** Like a browser on ORIGIN: the origin check reaches the server, every other call fails. */
  const corsRefusing: typeof fetch = (input, init) => {
    if (String(input).includes('/api/auth/origin-check')) return globalThis.fetch(input, init);
    refusedPosts++;
    return Promise.reject(new TypeError('Failed to fetch'));
  };
  const tracker = (fetch: typeof globalThis.fetch = corsRefusing) => {
    const created = new Tracker({
      applicationId: APP_ID,
      apiUrl: server.url,
      window: page.window as unknown as Window,
      autoPageViews: false,
      storage: new MemoryStorage(),
      fetch,
    });
    trackers.push(created);
    return created;
  };
  const checks = () => server.received.filter((r) => r.path.startsWith('/api/auth/origin-check'));

  beforeEach(async () => {
    server = await new IngestServer().start();
    server.respond = (request) =>
      request.path.startsWith('/api/auth/origin-check')
        ? {
            status: 403,
            body: {
              error: SERVER_TEXT,
              code: 'origin_not_allowed',
              allowed: false,
              origin: ORIGIN,
            },
          }
        : { status: 200, body: {} };
    page = createPage();
    errors = captureErrors();
    refusedPosts = 0;
  });
  afterEach(async () => {
    errors.restore();
    for (const created of trackers.splice(0)) await created.shutdown();
    await server.stop();
    page.window.close();
  });

  it('says at start-up, once, which origin to add and where, and stops sending', async () => {
    const sdk = tracker();
    await server.waitFor(() => errors.messages.length > 0, 3000, 'the console message');
    expect(errors.messages).to.have.length(1);
    expect(errors.messages[0]).to.equal(
      `[iam-sdk] ${SERVER_TEXT} Tracking is paused until a reload; events wait in this browser.`,
    );
    expect(checks()).to.have.length(1);

    // Not silently queued and retried: events wait, and no request goes out for them.
    const triedBefore = refusedPosts;
    for (let n = 0; n < 5; n++) sdk.track('clicked', { n });
    await sdk.flush();
    await sdk.flush();
    expect(refusedPosts).to.equal(triedBefore);
    expect(errors.messages).to.have.length(1);
  });

  it('says it once when sends keep failing while the origin check is slow to answer', async () => {
    // The check answers only after a retry of the failed send has failed too (a loaded server).
    let slowChecks = 0;
    const slowCheck: typeof fetch = async (input, init) => {
      if (!String(input).includes('/api/auth/origin-check')) return corsRefusing(input, init);
      slowChecks++;
      await server.waitFor(() => refusedPosts >= 2, 5000, 'a retry of the failed send');
      return globalThis.fetch(input, init);
    };
    const sdk = tracker(slowCheck);
    sdk.track('clicked');
    await server.waitFor(() => errors.messages.length > 0, 8000, 'the console message');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(refusedPosts).to.be.at.least(2);
    expect(slowChecks).to.equal(1);
    expect(errors.messages).to.have.length(1);
  });

  it('the auth client answers origin_not_allowed naming the origin, and says so once', async () => {
    const sdk = tracker();
    const auth = new AuthClient(sdk);
    const refused = await auth.login('ada@example.com', 'correct').catch((caught: unknown) => caught);
    expect(refused).to.be.instanceOf(IamError).and.include({ status: 403, code: 'origin_not_allowed' });
    expect((refused as Error).message).to.equal(SERVER_TEXT);
    expect(await auth.checkOrigin()).to.deep.equal({ allowed: false, origin: ORIGIN, message: SERVER_TEXT });
    await auth.register('ada@example.com', 'correct').catch(() => undefined);
    await server.waitFor(() => errors.messages.length === 2, 3000, 'the console messages');
    // One message from the tracker (its own check), one from the auth client however often it fails.
    const signIn = errors.messages.filter((m) => m.includes('Sign-in and registration fail until then.'));
    expect(signIn).to.deep.equal([`[iam-sdk] ${SERVER_TEXT} Sign-in and registration fail until then.`]);
    expect(checks()).to.have.length(2);
  });

  it('says nothing when the origin is allowed', async () => {
    server.respond = () => ({ status: 200, body: { allowed: true, origin: ORIGIN } });
    const auth = new AuthClient({ applicationId: APP_ID, apiUrl: server.url, fetch: corsRefusing });
    expect(await auth.checkOrigin()).to.deep.equal({ allowed: true });
    expect(errors.messages).to.deep.equal([]);
  });
});
