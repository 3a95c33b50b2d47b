import { expect } from 'chai';
import type { JSDOM } from 'jsdom';
import { AuthClient, IamError, isMfaRequired, Tracker, type AuthSession } from '../src/index';
import { APP_ID, createPage, IngestServer, sleep, type Received, type Reply } from './helpers';

const USER = {
  id: '65f000000000000000000001',
  email: 'ada@example.com',
  display_name: 'ada',
  is_verified: true,
  created_at: '2030-01-01T00:00:00.000Z',
  last_login_at: null,
};

describe('auth client (embedding API)', () => {
  let server: IngestServer;
  let page: JSDOM;
  let tracker: Tracker;
  let auth: AuthClient;
  let issued: number;
  let lifetimeS: number;
  const session = () => {
    issued++;
    return {
      token: `access-${issued}`,
      refresh_token: `refresh-${issued}`,
      expires_at: Math.floor(Date.now() / 1000) + lifetimeS,
      user: USER,
    };
  };
  const routes: Record<string, (request: Received) => Reply> = {
    '/api/auth/login': (request) =>
      request.body.password === 'correct'
        ? { status: 200, body: session() }
        : { status: 401, body: { error: 'Invalid e-mail or password', code: 'invalid_credentials' } },
    '/api/auth/register': () => ({ status: 201, body: { user: USER, confirmation_required: true } }),
    '/api/auth/refresh': (request) =>
      request.body.refresh_token === `refresh-${issued}`
        ? { status: 200, body: session() }
        : { status: 401, body: { error: 'Refresh token reused', code: 'refresh_token_reused' } },
    '/api/auth/verify': (request) =>
      request.headers.authorization === `Bearer access-${issued}`
        ? { status: 200, body: { user: USER, application_id: APP_ID } }
        : { status: 401, body: { error: 'Invalid token', code: 'invalid_token' } },
    '/api/auth/permissions': () => ({
      status: 200,
      body: {
        application_id: APP_ID,
        role: 'member',
        permissions: { read: true, write: true, delete: false, manage_members: false },
      },
    }),
  };
  const stored = () => JSON.parse(page.window.localStorage.getItem(`iam_auth_${APP_ID}`) ?? 'null');
  const newClient = () => {
    tracker = new Tracker({
      applicationId: APP_ID,
      apiUrl: server.url,
      window: page.window as unknown as Window,
      autoPageViews: false,
      flushIntervalMs: 300_000,
    });
    auth = new AuthClient(tracker);
  };

  beforeEach(async () => {
    issued = 0;
    lifetimeS = 900;
    server = await new IngestServer().start();
    server.respond = (request) => routes[request.path]?.(request) ?? { status: 200, body: { success: true } };
    page = createPage();
    newClient();
  });
  afterEach(async () => {
    auth.signOut();
    await tracker.shutdown();
    await server.stop();
    page.window.close();
  });

  it('login sends the anonymous and installation ids, so the server links the anonymous user; the session is kept', async () => {
    const ids = tracker.ids()!;
    const result = (await auth.login('ada@example.com', 'correct')) as AuthSession;
    const [request] = server.to('/api/auth/login');
    expect(request!.headers['x-application-id']).to.equal(APP_ID);
    expect(request!.body).to.deep.equal({
      email: 'ada@example.com',
      password: 'correct',
      anonymous_id: ids.anonymous_id,
      installation_id: ids.installation_id,
    });
    expect(result.token).to.equal('access-1');
    expect(stored()).to.deep.equal(result);
    expect(auth.getSession()).to.deep.equal(result);
    expect(tracker.ids()!.user_id).to.equal(USER.id);
  });

  it('register sends them too', async () => {
    const ids = tracker.ids()!;
    const result = await auth.register('ada@example.com', 'correct', 'Ada');
    expect(result.confirmation_required).to.equal(true);
    expect(server.to('/api/auth/register')[0]!.body).to.deep.equal({
      email: 'ada@example.com',
      password: 'correct',
      display_name: 'Ada',
      anonymous_id: ids.anonymous_id,
      installation_id: ids.installation_id,
    });
  });

  it('two-factor: login resolves the second step and stores nothing; completeMfa stores the session', async () => {
    const ids = tracker.ids()!;
    server.respond = (request) => {
      if (request.path === '/api/auth/login')
        return {
          status: 200,
          body: { mfa_required: true, mfa_token: 'step-1', methods: ['totp', 'webauthn'], expires_in: 300 },
        };
      if (request.path === '/api/auth/mfa/challenge')
        return request.body.code === '123456'
          ? { status: 200, body: session() }
          : { status: 400, body: { error: 'The code is not correct.', code: 'invalid_mfa_code' } };
      if (request.path === '/api/auth/mfa/webauthn/options')
        return { status: 200, body: { challenge: 'abc', allowCredentials: [] } };
      return { status: 404, body: { error: 'Not found', code: 'not_found' } };
    };
    const step = await auth.login('ada@example.com', 'correct');
    expect(isMfaRequired(step)).to.equal(true);
    expect(step).to.include({ mfa_token: 'step-1' });
    expect(auth.getSession()).to.equal(null);
    expect(stored()).to.equal(null);

    const wrong = await auth.completeMfa('step-1', { code: '000000' }).catch((caught: unknown) => caught);
    expect(wrong).to.be.instanceOf(IamError);
    expect(wrong).to.include({ status: 400, code: 'invalid_mfa_code' });
    expect(auth.getSession()).to.equal(null);

    expect(await auth.passkeyOptions('step-1')).to.deep.equal({ challenge: 'abc', allowCredentials: [] });
    expect(server.to('/api/auth/mfa/webauthn/options')[0]!.body).to.deep.equal({ mfa_token: 'step-1' });

    const signedIn = await auth.completeMfa('step-1', { code: '123456' });
    expect(signedIn.token).to.equal('access-1');
    expect(stored()).to.deep.equal(signedIn);
    const [, second] = server.to('/api/auth/mfa/challenge');
    expect(second!.headers['x-application-id']).to.equal(APP_ID);
    // The SDK's ids go with the step that signs in, so the server links the anonymous user.
    expect(second!.body).to.deep.equal({
      mfa_token: 'step-1',
      code: '123456',
      anonymous_id: ids.anonymous_id,
      installation_id: ids.installation_id,
    });
  });

  it('exchangeHostedCode trades the hosted sign-in’s code (with both ids) and stores the session', async () => {
    const ids = tracker.ids()!;
    server.respond = (request) =>
      request.path === '/api/auth/hosted/token' && request.body.code_verifier === 'v'.repeat(43)
        ? { status: 200, body: session() }
        : { status: 400, body: { error: 'The sign-in code is unknown.', code: 'invalid_grant' } };
    const refused = await auth
      .exchangeHostedCode('code-1', 'w'.repeat(43), 'https://shop.example/')
      .catch((caught: unknown) => caught);
    expect(refused).to.be.instanceOf(IamError);
    expect(refused).to.include({ status: 400, code: 'invalid_grant' });
    expect(stored()).to.equal(null);

    const signedIn = await auth.exchangeHostedCode('code-1', 'v'.repeat(43), 'https://shop.example/');
    expect(signedIn.token).to.equal('access-1');
    expect(stored()).to.deep.equal(signedIn);
    const [, request] = server.to('/api/auth/hosted/token');
    expect(request!.headers['x-application-id']).to.equal(APP_ID);
    expect(request!.body).to.deep.equal({
      code: 'code-1',
      code_verifier: 'v'.repeat(43),
      redirect_uri: 'https://shop.example/',
      anonymous_id: ids.anonymous_id,
      installation_id: ids.installation_id,
    });
  });

  it('a failed login rejects with the server’s message and code and stores nothing', async () => {
    const error = await auth.login('ada@example.com', 'wrong').catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(IamError);
    expect(error).to.include({
      status: 401,
      code: 'invalid_credentials',
      message: 'Invalid e-mail or password',
    });
    expect(auth.getSession()).to.equal(null);
  });

  it('links nothing while the user has opted out of tracking', async () => {
    tracker.optOut();
    await auth.login('ada@example.com', 'correct');
    expect(server.to('/api/auth/login')[0]!.body).to.deep.equal({
      email: 'ada@example.com',
      password: 'correct',
    });
  });

  it('verify and permissions send the bearer token', async () => {
    await auth.login('ada@example.com', 'correct');
    expect((await auth.verify()).user.id).to.equal(USER.id);
    expect((await auth.permissions()).role).to.equal('member');
    expect(server.to('/api/auth/permissions')[0]!.headers.authorization).to.equal('Bearer access-1');
    const signedOut = new AuthClient(
      new Tracker({
        applicationId: APP_ID,
        apiUrl: server.url,
        storage: { getItem: () => null, setItem() {}, removeItem() {} },
      }),
    );
    const error = await signedOut.verify().catch((caught: unknown) => caught);
    expect(error).to.include({ code: 'not_signed_in', message: 'Auth session missing!' });
  });

  it('refreshes before the token expires (within 90 s), once even when asked in parallel', async () => {
    lifetimeS = 60;
    await auth.login('ada@example.com', 'correct');
    const tokens = await Promise.all([auth.getToken(), auth.getToken(), auth.getToken()]);
    await server.waitFor(() => stored()?.token === 'access-2', 2000, 'the refresh');
    expect(server.to('/api/auth/refresh')).to.have.length(1);
    expect(server.to('/api/auth/refresh')[0]!.body).to.deep.equal({ refresh_token: 'refresh-1' });
    expect(tokens).to.deep.equal(['access-2', 'access-2', 'access-2']);
  });

  it('refreshes on its own when the stored session nears expiry (e.g. found after a reload)', async () => {
    auth.signOut();
    await tracker.shutdown();
    issued = 1;
    const previous = {
      token: 'access-1',
      refresh_token: 'refresh-1',
      expires_at: Math.floor(Date.now() / 1000) + 1,
      user: USER,
    };
    page.window.localStorage.setItem(`iam_auth_${APP_ID}`, JSON.stringify(previous));
    newClient();
    await server.waitFor(() => stored()?.token === 'access-2', 2000, 'the refresh');
    expect(server.to('/api/auth/refresh')[0]!.body).to.deep.equal({ refresh_token: 'refresh-1' });
  });

  it('a refused refresh (token reused or revoked) signs this device out and starts a new anonymous user', async () => {
    await auth.login('ada@example.com', 'correct');
    const anonymous = tracker.ids()!.anonymous_id;
    issued = 99; // the server no longer accepts refresh-1
    const error = await auth.refresh().catch((caught: unknown) => caught);
    expect(error).to.include({ status: 401, code: 'refresh_token_reused' });
    expect(auth.getSession()).to.equal(null);
    expect(tracker.ids()!.anonymous_id).to.not.equal(anonymous);
  });

  it('works without a tracker (the auth widget’s client): login, reset mail, resend, sign-out ends the session on the server', async () => {
    const own = new AuthClient({
      applicationId: APP_ID,
      apiUrl: server.url,
      storage: page.window.localStorage,
    });
    const signedIn = (await own.login('ada@example.com', 'correct')) as AuthSession;
    expect(server.to('/api/auth/login').at(-1)!.body).to.deep.equal({
      email: 'ada@example.com',
      password: 'correct',
    });
    // One session per application on the page: the tracker's client sees it too.
    expect(auth.getSession()).to.deep.equal(signedIn);
    await own.requestPasswordReset('ada@example.com');
    expect(server.to('/api/auth/password-reset')[0]!.body).to.deep.equal({ email: 'ada@example.com' });
    await own.resendConfirmation('ada@example.com');
    expect(server.to('/api/auth/resend-confirmation')[0]!.body).to.deep.equal({ email: 'ada@example.com' });
    own.signOut();
    expect(stored()).to.equal(null);
    await server.waitFor(() => server.to('/api/auth/logout').length === 1, 2000, 'the logout call');
    expect(server.to('/api/auth/logout')[0]!.headers.authorization).to.equal(`Bearer ${signedIn.token}`);
  });

  it('tells a refused origin from a network failure (the preflight error is unreadable, the origin check is not)', async () => {
    const refusedPreflight: typeof fetch = (input, init) =>
      String(input).includes('/origin-check')
        ? globalThis.fetch(input, init)
        : Promise.reject(new TypeError('Failed to fetch'));
    server.respond = (request) =>
      request.path.startsWith('/api/auth/origin-check')
        ? {
            status: 403,
            body: {
              error: 'The origin https://shop.example may not call this application.',
              code: 'origin_not_allowed',
            },
          }
        : { status: 200, body: {} };
    const client = new AuthClient({ applicationId: APP_ID, apiUrl: server.url, fetch: refusedPreflight });
    const refused = await client.login('ada@example.com', 'correct').catch((caught: unknown) => caught);
    expect(refused).to.be.instanceOf(IamError).and.include({ status: 403, code: 'origin_not_allowed' });
    expect(server.to(`/api/auth/origin-check?application_id=${APP_ID}`)).to.have.length(1);

    const down = new AuthClient({ applicationId: APP_ID, apiUrl: 'http://127.0.0.1:9' });
    const offline = await down.login('ada@example.com', 'correct').catch((caught: unknown) => caught);
    expect(offline).to.be.instanceOf(TypeError);
  });

  it('reports how long a rate-limited caller must wait (Retry-After)', async () => {
    server.respond = () => ({
      status: 429,
      headers: { 'retry-after': '120' },
      body: { error: 'Too many requests', code: 'rate_limited' },
    });
    const error = await auth.login('ada@example.com', 'correct').catch((caught: unknown) => caught);
    expect(error).to.include({ status: 429, code: 'rate_limited', retryAfter: 120 });
  });

  it('signOut() forgets the session and resets the tracker; identify() then has no token to send', async () => {
    await auth.login('ada@example.com', 'correct');
    tracker.identify(USER.id);
    await tracker.flush();
    expect(server.to('/api/v1/identify')[0]!.headers.authorization).to.equal('Bearer access-1');
    const before = tracker.ids()!;
    auth.signOut();
    expect(stored()).to.equal(null);
    expect(tracker.ids()!.anonymous_id).to.not.equal(before.anonymous_id);
    expect(tracker.ids()!.user_id).to.equal(null);
    await sleep(10);
  });
});
