import { expect } from 'chai';
import { api } from '../src/api/client';
import {
  refreshSession,
  restoreSession,
  shouldRefresh,
  signOut,
  startAutoRefresh,
  startSession,
  STORAGE_KEY,
  useSessionStore,
  type StoredSession,
} from '../src/stores/session';
import { FetchStub, json } from './fetch-stub';

const user = {
  id: 'u1',
  email: 'ada@example.com',
  display_name: 'Ada',
  is_verified: true,
  created_at: '2024-01-01T00:00:00.000Z',
  last_login_at: null,
};

const nowS = () => Math.floor(Date.now() / 1000);

function tokens(access: string, refresh: string, expiresInS = 900) {
  return {
    success: true as const,
    access_token: access,
    refresh_token: refresh,
    token_type: 'Bearer' as const,
    expires_in: expiresInS,
    expires_at: nowS() + expiresInS,
    user,
  };
}

function storeSession(session: Partial<StoredSession> = {}): void {
  const value: StoredSession = {
    accessToken: 'access-1',
    refreshToken: 'refresh-1',
    expiresAt: nowS() + 900,
    user,
    ...session,
  };
  localStorage.setItem(STORAGE_KEY, JSON.stringify(value));
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('session store', () => {
  let stub: FetchStub;

  beforeEach(() => {
    localStorage.clear();
    useSessionStore.setState({ status: 'loading', session: null, signedOutByUser: false });
    stub = new FetchStub().install();
  });

  afterEach(() => stub.restore());

  describe('the refresh decision (SPEC §9: within 90 s of expiry)', () => {
    it('leaves a token with more than 90 s left alone', () => {
      expect(shouldRefresh(1_000, 1_000_000 - 91_000)).to.equal(false);
    });

    it('renews a token with 90 s or less left, or already expired', () => {
      expect(shouldRefresh(1_000, 1_000_000 - 90_000)).to.equal(true);
      expect(shouldRefresh(1_000, 1_000_000 - 10_000)).to.equal(true);
      expect(shouldRefresh(1_000, 1_000_000 + 5_000)).to.equal(true);
    });
  });

  it('restores a stored login after verifying it with /auth/me, admin flag included', async () => {
    storeSession();
    stub.on('GET', '/api/v1/auth/me', () => json(200, { ...user, is_admin: true }));
    await restoreSession();
    const state = useSessionStore.getState();
    expect(state.status).to.equal('signedIn');
    expect(state.session?.user.is_admin).to.equal(true);
    expect(stub.calls('GET', '/api/v1/auth/me')[0]?.authorization).to.equal('Bearer access-1');
  });

  it('starts signed out without a stored login, asking nothing', async () => {
    await restoreSession();
    expect(useSessionStore.getState().status).to.equal('signedOut');
    expect(stub.requests).to.have.length(0);
  });

  it('renews a stored login that is about to expire before verifying it', async () => {
    storeSession({ expiresAt: nowS() + 30 });
    stub
      .on('POST', '/api/v1/auth/refresh', () => json(200, tokens('access-2', 'refresh-2')))
      .on('GET', '/api/v1/auth/me', () => json(200, { ...user, is_admin: false }));
    await restoreSession();
    expect(stub.requests.map((request) => request.path)).to.deep.equal([
      '/api/v1/auth/refresh',
      '/api/v1/auth/me',
    ]);
    expect(stub.calls('GET', '/api/v1/auth/me')[0]?.authorization).to.equal('Bearer access-2');
    expect(useSessionStore.getState().status).to.equal('signedIn');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!).refreshToken).to.equal('refresh-2');
  });

  it('signs out and forgets the stored login when verification fails (SPEC §4)', async () => {
    storeSession();
    stub
      .on('GET', '/api/v1/auth/me', () =>
        json(401, { error: 'The access token is invalid.', code: 'invalid_token' }),
      )
      .on('POST', '/api/v1/auth/refresh', () =>
        json(401, { error: 'The refresh token is invalid or has expired.', code: 'invalid_refresh_token' }),
      );
    await restoreSession();
    expect(useSessionStore.getState().status).to.equal('signedOut');
    expect(localStorage.getItem(STORAGE_KEY)).to.equal(null);
  });

  it('sends one refresh request however many callers ask at once (rotation would fail a second)', async () => {
    stub.on('GET', '/api/v1/auth/me', () => json(200, { ...user, is_admin: false }));
    await startSession(tokens('access-1', 'refresh-1'));
    stub.on('POST', '/api/v1/auth/refresh', async () => {
      await delay(20);
      return json(200, tokens('access-2', 'refresh-2'));
    });
    const results = await Promise.all([refreshSession(), refreshSession(), refreshSession()]);
    expect(results).to.deep.equal([true, true, true]);
    const refreshes = stub.calls('POST', '/api/v1/auth/refresh');
    expect(refreshes).to.have.length(1);
    expect(refreshes[0]?.body).to.deep.equal({ refresh_token: 'refresh-1' });
    expect(useSessionStore.getState().session?.accessToken).to.equal('access-2');

    // A later refresh uses the rotated token.
    stub.on('POST', '/api/v1/auth/refresh', () => json(200, tokens('access-3', 'refresh-3')));
    expect(await refreshSession()).to.equal(true);
    expect(stub.calls('POST', '/api/v1/auth/refresh')[1]?.body).to.deep.equal({ refresh_token: 'refresh-2' });
  });

  it('signs out when the refresh is refused', async () => {
    stub.on('GET', '/api/v1/auth/me', () => json(200, { ...user, is_admin: false }));
    await startSession(tokens('access-1', 'refresh-1'));
    stub.on('POST', '/api/v1/auth/refresh', () =>
      json(401, { error: 'This refresh token was already used.', code: 'refresh_token_reused' }),
    );
    expect(await refreshSession()).to.equal(false);
    expect(useSessionStore.getState()).to.include({ status: 'signedOut', session: null });
    expect(localStorage.getItem(STORAGE_KEY)).to.equal(null);
  });

  it('keeps the session when the server cannot be reached during a refresh', async () => {
    stub.on('GET', '/api/v1/auth/me', () => json(200, { ...user, is_admin: false }));
    await startSession(tokens('access-1', 'refresh-1'));
    stub.on('POST', '/api/v1/auth/refresh', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await refreshSession()).to.equal(false);
    expect(useSessionStore.getState().status).to.equal('signedIn');
  });

  it('checks periodically and renews only a token close to expiry', async () => {
    stub
      .on('GET', '/api/v1/auth/me', () => json(200, { ...user, is_admin: false }))
      .on('POST', '/api/v1/auth/refresh', () => json(200, tokens('access-2', 'refresh-2')));
    await startSession(tokens('access-1', 'refresh-1', 600));
    let stop = startAutoRefresh(5);
    await delay(30);
    stop();
    expect(stub.calls('POST', '/api/v1/auth/refresh')).to.have.length(0);

    await startSession(tokens('access-1', 'refresh-1', 60));
    stop = startAutoRefresh(5);
    await delay(30);
    stop();
    expect(stub.calls('POST', '/api/v1/auth/refresh')).to.have.length(1);
    expect(useSessionStore.getState().session?.accessToken).to.equal('access-2');
  });

  it('lets the API client renew an expired access token once and repeat the call', async () => {
    stub.on('GET', '/api/v1/auth/me', () => json(200, { ...user, is_admin: false }));
    await startSession(tokens('access-1', 'refresh-1'));
    stub
      .on('GET', '/api/v1/auth/me', (request) =>
        request.authorization === 'Bearer access-2'
          ? json(200, { ...user, is_admin: false })
          : json(401, { error: 'The access token has expired.', code: 'token_expired' }),
      )
      .on('POST', '/api/v1/auth/refresh', () => json(200, tokens('access-2', 'refresh-2')));
    const before = stub.requests.length;
    const result = await api.GET('/api/v1/auth/me');
    expect(result.response.status).to.equal(200);
    expect(
      stub.requests.slice(before).map((request) => `${request.path} ${request.authorization ?? ''}`.trim()),
    ).to.deep.equal([
      '/api/v1/auth/me Bearer access-1',
      '/api/v1/auth/refresh',
      '/api/v1/auth/me Bearer access-2',
    ]);
  });

  it('does not retry forever: a 401 after a failed refresh is returned to the caller', async () => {
    stub.on('GET', '/api/v1/auth/me', () => json(200, { ...user, is_admin: false }));
    await startSession(tokens('access-1', 'refresh-1'));
    stub
      .on('GET', '/api/v1/auth/me', () =>
        json(401, { error: 'This session has ended.', code: 'session_ended' }),
      )
      .on('POST', '/api/v1/auth/refresh', () =>
        json(401, { error: 'The refresh token is invalid.', code: 'invalid_refresh_token' }),
      );
    const result = await api.GET('/api/v1/auth/me');
    expect(result.response.status).to.equal(401);
    expect(useSessionStore.getState().status).to.equal('signedOut');
  });

  it('signs out on the server with the bearer token and forgets the stored login', async () => {
    stub
      .on('GET', '/api/v1/auth/me', () => json(200, { ...user, is_admin: false }))
      .on('POST', '/api/v1/auth/logout', () => json(200, { success: true }));
    await startSession(tokens('access-1', 'refresh-1'));
    await signOut();
    expect(stub.calls('POST', '/api/v1/auth/logout')[0]?.authorization).to.equal('Bearer access-1');
    expect(useSessionStore.getState()).to.include({ status: 'signedOut', signedOutByUser: true });
    expect(localStorage.getItem(STORAGE_KEY)).to.equal(null);
  });
});
