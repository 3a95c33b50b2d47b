import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { Route, Routes, useLocation } from 'react-router';
import HostedLayout from '../src/pages/Hosted';
import HostedAccount from '../src/pages/Hosted/Account';
import HostedConfirm from '../src/pages/Hosted/Confirm';
import HostedReset from '../src/pages/Hosted/Reset';
import HostedSignIn from '../src/pages/Hosted/SignIn';
import HostedSignUp from '../src/pages/Hosted/SignUp';
import type { PoolPublicInfo } from '../src/pages/Hosted/api';
import { browserNavigation } from '../src/pages/Hosted/context';
import { STORAGE_KEY, useSessionStore } from '../src/stores/session';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json } from './fetch-stub';
import { renderWithProviders } from './render';

const PROJECT = 'b00000000000000000000001';
const APPLICATION = 'c00000000000000000000002';
const SESSION_KEY = `iam-hosted-session:${PROJECT}`;
/** The account page is a big render for jsdom. */
const SLOW = { timeout: 8000 };
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

const endUser = {
  id: 'e1',
  email: 'kim@example.com',
  display_name: 'Kim',
  is_verified: true,
  created_at: '2024-01-01T00:00:00.000Z',
  last_login_at: null,
};

function poolInfo(changes: Partial<PoolPublicInfo> = {}): PoolPublicInfo {
  return {
    project_id: PROJECT,
    application_id: APPLICATION,
    branding: {
      display_name: 'Bäckerei Kim',
      logo_url: null,
      primary_color: '#0f766e',
      locale: 'de',
      support_email: 'hilfe@baeckerei.example',
    },
    signup: 'open',
    methods: ['password', 'passkey', 'email_code'],
    password_min_length: 10,
    second_factor: 'optional',
    ...changes,
  };
}

const embeddingSession = (token = 'end-user-token') => ({
  token,
  refresh_token: `${token}-refresh`,
  expires_at: Math.floor(Date.now() / 1000) + 900,
  user: endUser,
});

const me = () => ({
  ...endUser,
  is_admin: false,
  two_factor: { enabled: false, methods: [], recovery_codes_left: 0, required_by: [] },
  mfa_enrollment_required: false,
});

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderHosted(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/p/:projectId" element={<HostedLayout />}>
        <Route path="sign-in" element={<HostedSignIn />} />
        <Route path="sign-up" element={<HostedSignUp />} />
        <Route path="reset" element={<HostedReset />} />
        <Route path="confirm" element={<HostedConfirm />} />
        <Route path="account" element={<HostedAccount />} />
      </Route>
      <Route path="*" element={<Where />} />
    </Routes>,
    { route: path },
  );
}

async function typePassword(email: string, password: string) {
  await userEvent.type(await screen.findByLabelText('E-Mail'), email);
  await userEvent.type(screen.getByLabelText('Passwort'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
}

describe('hosted pages (/p/{project}/…)', () => {
  let stub: FetchStub;
  let info: PoolPublicInfo;
  let left: string[];
  const leave = browserNavigation.leave;

  beforeEach(() => {
    act(() => {
      void useUiStore.getState().setLocale('de');
      useToastStore.setState({ toasts: [] });
      useSessionStore.setState({ status: 'signedOut', session: null, signedOutByUser: false });
    });
    sessionStorage.clear();
    localStorage.clear();
    info = poolInfo();
    left = [];
    browserNavigation.leave = (url) => left.push(url);
    stub = new FetchStub()
      .install()
      .on('GET', `/api/v1/pools/${PROJECT}/public`, () => json(200, info))
      .on('GET', '/api/v1/auth/me', () => json(200, me()))
      .on('GET', '/api/v1/auth/sessions', () => json(200, { data: [], next_cursor: null }))
      .on('GET', '/api/v1/auth/mfa/passkeys', () => json(200, { data: [], next_cursor: null }));
  });

  afterEach(() => {
    cleanup();
    stub.restore();
    browserNavigation.leave = leave;
  });

  it('is branded by the pool and offers only its methods', async () => {
    info = poolInfo({ methods: ['password'], signup: 'closed' });
    renderHosted(`/p/${PROJECT}/sign-in?client_id=${APPLICATION}`);
    expect(await screen.findByRole('heading', { name: 'Anmelden', level: 1 })).to.exist;
    expect(screen.getByText('Bäckerei Kim')).to.exist;
    expect(screen.getByText('Melden Sie sich bei Bäckerei Kim an.')).to.exist;
    expect(screen.getByRole('link', { name: 'hilfe@baeckerei.example' }).getAttribute('href')).to.equal(
      'mailto:hilfe@baeckerei.example',
    );
    // No e-mail code and no sign-up: the pool offers neither.
    expect(screen.queryByRole('button', { name: 'Code per E-Mail erhalten' })).to.equal(null);
    expect(screen.queryByRole('link', { name: 'Jetzt registrieren' })).to.equal(null);
    expect(stub.calls('GET', `/api/v1/pools/${PROJECT}/public`)[0]!.query).to.deep.equal({
      client_id: APPLICATION,
    });
    await waitFor(() => expect(document.title).to.equal('Anmelden – Bäckerei Kim'));
  });

  it("shows the pool's default language unless the person chose one", async () => {
    info = poolInfo({ branding: { ...poolInfo().branding, locale: 'en' } });
    renderHosted(`/p/${PROJECT}/sign-in`);
    expect(await screen.findByRole('heading', { name: 'Sign in', level: 1 })).to.exist;
    await userEvent.click(screen.getByRole('button', { name: 'Deutsch' }));
    expect(await screen.findByRole('heading', { name: 'Anmelden', level: 1 })).to.exist;
    cleanup();
    renderHosted(`/p/${PROJECT}/sign-in`);
    // The choice is remembered over the pool's English.
    expect(await screen.findByRole('heading', { name: 'Anmelden', level: 1 })).to.exist;
  });

  it('says so for an unknown project', async () => {
    stub.on('GET', `/api/v1/pools/${PROJECT}/public`, () =>
      json(404, { error: 'Pool not found.', code: 'pool_not_found' }),
    );
    renderHosted(`/p/${PROJECT}/sign-in`);
    expect(await screen.findByRole('heading', { name: 'Seite nicht gefunden' })).to.exist;
    expect(screen.queryByLabelText('E-Mail')).to.equal(null);
  });

  it('signs in through the embedding API and keeps the session per project in sessionStorage', async () => {
    stub.on('POST', '/api/auth/login', () => json(200, embeddingSession()));
    renderHosted(`/p/${PROJECT}/sign-in`);
    await typePassword('kim@example.com', 'geheim-genug');
    expect(await screen.findByRole('heading', { name: 'Ihr Konto' }, SLOW)).to.exist;
    const [login] = stub.calls('POST', '/api/auth/login');
    expect(login!.applicationId).to.equal(APPLICATION);
    expect(login!.body).to.deep.equal({ email: 'kim@example.com', password: 'geheim-genug' });
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null')).to.include({
      token: 'end-user-token',
      applicationId: APPLICATION,
    });
    // Never the dashboard's session.
    expect(localStorage.getItem(STORAGE_KEY)).to.equal(null);
    expect(useSessionStore.getState().session).to.equal(null);
    // The account page asks with the end user's token.
    await waitFor(() =>
      expect(stub.calls('GET', '/api/v1/auth/me')[0]?.authorization).to.equal('Bearer end-user-token'),
    );
  });

  it('asks for the second factor when the account has one', async () => {
    stub
      .on('POST', '/api/auth/login', () =>
        json(200, { mfa_required: true, mfa_token: 'mfa-1', methods: ['totp'], expires_in: 300 }),
      )
      .on('POST', '/api/auth/mfa/challenge', () => json(200, embeddingSession()));
    renderHosted(`/p/${PROJECT}/sign-in`);
    await typePassword('kim@example.com', 'geheim-genug');
    await userEvent.type(await screen.findByLabelText('Code aus der Authenticator-App'), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByRole('heading', { name: 'Ihr Konto' }, SLOW)).to.exist;
    const [challenge] = stub.calls('POST', '/api/auth/mfa/challenge');
    expect(challenge!.applicationId).to.equal(APPLICATION);
    expect(challenge!.body).to.deep.equal({ mfa_token: 'mfa-1', code: '123456' });
  });

  it('signs in with a code by e-mail', async () => {
    stub
      .on('POST', '/api/auth/email-code', () => json(202, { success: true }))
      .on('POST', '/api/auth/email-code/verify', () => json(200, embeddingSession('code-token')));
    renderHosted(`/p/${PROJECT}/sign-in`);
    await userEvent.click(await screen.findByRole('button', { name: 'Code per E-Mail erhalten' }));
    await userEvent.type(screen.getByLabelText('E-Mail'), 'kim@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Code senden' }));
    const field = await screen.findByLabelText('Code aus der E-Mail');
    await waitFor(() => expect(document.activeElement).to.equal(field));
    expect(screen.getByText(/Falls zu kim@example.com ein Konto gehört/)).to.exist;
    await userEvent.type(field, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('heading', { name: 'Ihr Konto' }, SLOW)).to.exist;
    expect(stub.calls('POST', '/api/auth/email-code')[0]!.body).to.deep.equal({ email: 'kim@example.com' });
    const [verify] = stub.calls('POST', '/api/auth/email-code/verify');
    expect(verify!.applicationId).to.equal(APPLICATION);
    expect(verify!.body).to.deep.equal({ email: 'kim@example.com', code: '654321' });
  });

  it("signs in with the pool's Google client and comes back to this page", async () => {
    info = poolInfo({ methods: ['password', 'google'] });
    stub.on('POST', '/api/auth/google/exchange', () => json(200, embeddingSession('google-token')));
    const { unmount } = renderHosted(`/p/${PROJECT}/sign-in?client_id=${APPLICATION}`);
    const google = await screen.findByRole('link', { name: 'Mit Google anmelden' });
    const start = new URL(google.getAttribute('href')!, 'http://localhost');
    expect(start.pathname).to.equal('/api/auth/google/start');
    expect(Object.fromEntries(start.searchParams)).to.deep.equal({
      client_id: APPLICATION,
      return_to: `/p/${PROJECT}/sign-in?client_id=${APPLICATION}`,
    });
    unmount();

    // Back from Google: the code is traded once, by this application.
    renderHosted(`/p/${PROJECT}/sign-in?client_id=${APPLICATION}&google_code=g-1`);
    expect(await screen.findByRole('heading', { name: 'Ihr Konto' }, SLOW)).to.exist;
    const [exchange] = stub.calls('POST', '/api/auth/google/exchange');
    expect(exchange!.applicationId).to.equal(APPLICATION);
    expect(exchange!.body).to.deep.equal({ code: 'g-1' });
    expect(stub.calls('POST', '/api/auth/google/exchange')).to.have.length(1);
  });

  it('says why a Google sign-in came back refused', async () => {
    info = poolInfo({ methods: ['password', 'google'], signup: 'closed' });
    renderHosted(`/p/${PROJECT}/sign-in?google_error=signup_closed`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).to.not.equal('');
    expect(stub.calls('POST', '/api/auth/google/exchange')).to.have.length(0);
  });

  it("sends the widget's hosted mode back with a code after sign-in", async () => {
    stub
      .on('POST', '/api/auth/login', () => json(200, embeddingSession()))
      .on('POST', '/api/auth/hosted/code', () =>
        json(200, { redirect_to: 'https://shop.example/callback?code=abc&state=s1' }),
      );
    const redirect = encodeURIComponent('https://shop.example/callback');
    renderHosted(
      `/p/${PROJECT}/sign-in?client_id=${APPLICATION}&redirect_uri=${redirect}&state=s1&code_challenge=${CHALLENGE}&code_challenge_method=S256`,
    );
    await typePassword('kim@example.com', 'geheim-genug');
    await waitFor(() => expect(left).to.deep.equal(['https://shop.example/callback?code=abc&state=s1']));
    const [code] = stub.calls('POST', '/api/auth/hosted/code');
    expect(code!.authorization).to.equal('Bearer end-user-token');
    expect(code!.applicationId).to.equal(APPLICATION);
    expect(code!.body).to.deep.equal({
      redirect_uri: 'https://shop.example/callback',
      code_challenge: CHALLENGE,
      state: 's1',
    });
  });

  it('says why it cannot go back when the server refuses the redirect address', async () => {
    stub
      .on('POST', '/api/auth/login', () => json(200, embeddingSession()))
      .on('POST', '/api/auth/hosted/code', () =>
        json(400, { error: 'redirect_uri is not allowed.', code: 'redirect_uri_not_allowed' }),
      );
    const redirect = encodeURIComponent('https://evil.example/');
    renderHosted(
      `/p/${PROJECT}/sign-in?redirect_uri=${redirect}&state=s1&code_challenge=${CHALLENGE}&code_challenge_method=S256`,
    );
    await typePassword('kim@example.com', 'geheim-genug');
    expect(await screen.findByRole('heading', { name: 'Rückkehr zur Anwendung nicht möglich' })).to.exist;
    expect(screen.getByRole('alert').textContent).to.not.equal('');
    expect(screen.getByRole('link', { name: 'Zu Ihrem Konto' }).getAttribute('href')).to.match(
      new RegExp(`^/p/${PROJECT}/account`),
    );
    expect(left).to.deep.equal([]);
  });

  it('refuses a hosted-mode request without an S256 challenge before anyone signs in', async () => {
    const redirect = encodeURIComponent('https://shop.example/callback');
    renderHosted(
      `/p/${PROJECT}/sign-in?redirect_uri=${redirect}&code_challenge=${CHALLENGE}&code_challenge_method=plain`,
    );
    expect((await screen.findByRole('alert')).textContent).to.contain(
      'Der Link der Anwendung ist unvollständig',
    );
  });

  it("signs up with the pool's minimum length and asks to confirm the address", async () => {
    stub.on('POST', '/api/auth/register', () => json(201, { user: endUser, confirmation_required: true }));
    renderHosted(`/p/${PROJECT}/sign-up`);
    await userEvent.type(await screen.findByLabelText('E-Mail'), 'kim@example.com');
    await userEvent.type(screen.getByLabelText('Passwort'), 'kurz12');
    await userEvent.type(screen.getByLabelText('Passwort bestätigen'), 'kurz12');
    await userEvent.click(screen.getByRole('button', { name: 'Konto erstellen' }));
    expect((await screen.findByRole('alert')).textContent).to.equal(
      'Passwort muss mindestens 10 Zeichen lang sein',
    );
    expect(stub.calls('POST', '/api/auth/register')).to.have.length(0);

    await userEvent.type(screen.getByLabelText('Passwort'), '-lang-genug');
    await userEvent.type(screen.getByLabelText('Passwort bestätigen'), '-lang-genug');
    await userEvent.click(screen.getByRole('button', { name: 'Konto erstellen' }));
    const heading = await screen.findByRole('heading', { name: 'Bitte bestätigen Sie Ihre E-Mail-Adresse' });
    await waitFor(() => expect(document.activeElement).to.equal(heading));
    const [register] = stub.calls('POST', '/api/auth/register');
    expect(register!.applicationId).to.equal(APPLICATION);
    expect(register!.body).to.deep.equal({ email: 'kim@example.com', password: 'kurz12-lang-genug' });
  });

  it('says sign-up is by invitation instead of showing the form', async () => {
    info = poolInfo({ signup: 'invite' });
    renderHosted(`/p/${PROJECT}/sign-up`);
    expect(await screen.findByText(/Neue Konten gibt es nur auf Einladung/)).to.exist;
    expect(screen.queryByLabelText('E-Mail')).to.equal(null);
  });

  it("leads from the confirmation back to sign-in with the sign-up's hosted-mode request", async () => {
    stub.on('POST', '/api/auth/register', () => json(201, { user: endUser, confirmation_required: true }));
    const redirect = encodeURIComponent('https://shop.example/callback');
    const hostedQuery = `redirect_uri=${redirect}&state=s1&code_challenge=${CHALLENGE}&code_challenge_method=S256`;
    renderHosted(`/p/${PROJECT}/sign-up?${hostedQuery}`);
    await userEvent.type(await screen.findByLabelText('E-Mail'), 'kim@example.com');
    await userEvent.type(screen.getByLabelText('Passwort'), 'lang-genug-1');
    await userEvent.type(screen.getByLabelText('Passwort bestätigen'), 'lang-genug-1');
    await userEvent.click(screen.getByRole('button', { name: 'Konto erstellen' }));
    await screen.findByRole('heading', { name: 'Bitte bestätigen Sie Ihre E-Mail-Adresse' });
    cleanup();

    // The mail's link, in a new tab: the server confirmed and redirected here.
    renderHosted(`/p/${PROJECT}/confirm?confirmed=1`);
    const next = await screen.findByRole('link', { name: 'Weiter zur Anmeldung' });
    expect(next.getAttribute('href')).to.equal(`/p/${PROJECT}/sign-in?${hostedQuery}`);
  });

  it('shows why a confirmation link failed', async () => {
    renderHosted(`/p/${PROJECT}/confirm?confirmation_error=invalid_confirmation_token`);
    expect(await screen.findByRole('heading', { name: 'Bestätigung fehlgeschlagen' })).to.exist;
    expect(screen.getByRole('alert').textContent).to.not.equal('');
  });

  it('asks for a reset link through the embedding API', async () => {
    stub.on('POST', '/api/auth/password-reset', () => json(200, { success: true, message: 'ok' }));
    renderHosted(`/p/${PROJECT}/reset`);
    await userEvent.type(await screen.findByLabelText('E-Mail'), 'kim@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Link senden' }));
    expect(await screen.findByRole('heading', { name: 'E-Mail gesendet' })).to.exist;
    const [reset] = stub.calls('POST', '/api/auth/password-reset');
    expect(reset!.applicationId).to.equal(APPLICATION);
    expect(reset!.body).to.deep.equal({ email: 'kim@example.com' });
  });

  it("sets the new password from the mail's link with the pool's minimum length", async () => {
    stub
      .on('POST', '/api/v1/password-reset/check', () => json(200, { valid: true, factors: [] }))
      .on('POST', '/api/v1/password-reset', () =>
        json(200, { success: true, message: 'ok', factors_removed: [] }),
      );
    renderHosted(`/p/${PROJECT}/reset?token=t0k3n`);
    expect(await screen.findByText('Wählen Sie ein neues Passwort mit mindestens 10 Zeichen.')).to.exist;
    await userEvent.type(screen.getByLabelText('Neues Passwort'), 'neu-und-lang');
    await userEvent.type(screen.getByLabelText('Passwort bestätigen'), 'neu-und-lang');
    await userEvent.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    await screen.findByText('Passwort erfolgreich geändert', { selector: '[role="status"] *' });
    expect(stub.calls('POST', '/api/v1/password-reset')[0]!.body).to.deep.equal({
      action: 'reset',
      token: 't0k3n',
      new_password: 'neu-und-lang',
    });
    expect(screen.getByRole('link', { name: 'Zurück zur Anmeldung' }).getAttribute('href')).to.equal(
      `/p/${PROJECT}/sign-in`,
    );
  });

  describe('account page', () => {
    function signedIn(token = 'end-user-token') {
      sessionStorage.setItem(
        SESSION_KEY,
        JSON.stringify({
          token,
          refreshToken: `${token}-refresh`,
          expiresAt: Math.floor(Date.now() / 1000) + 900,
          user: endUser,
          applicationId: APPLICATION,
        }),
      );
    }

    it('leads to sign-in without a session', async () => {
      renderHosted(`/p/${PROJECT}/account?client_id=${APPLICATION}`);
      expect(await screen.findByRole('heading', { name: 'Anmelden', level: 1 })).to.exist;
    });

    it("offers the account's sections with the end user's token", async () => {
      signedIn();
      stub.on('GET', '/api/v1/auth/sessions', () =>
        json(200, {
          data: [
            {
              id: 's1',
              created_at: '2024-05-01T10:00:00.000Z',
              last_used_at: '2024-05-02T10:00:00.000Z',
              expires_at: '2024-06-01T10:00:00.000Z',
              ip_address: '203.0.113.7',
              user_agent:
                'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
              method: 'password',
              current: true,
            },
            {
              id: 's2',
              created_at: '2024-05-01T10:00:00.000Z',
              last_used_at: '2024-05-02T10:00:00.000Z',
              expires_at: '2024-06-01T10:00:00.000Z',
              ip_address: null,
              user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1',
              method: 'password',
              current: false,
            },
          ],
          next_cursor: null,
        }),
      );
      stub.on('DELETE', '/api/v1/auth/sessions/s2', () => new Response(null, { status: 204 }));
      renderHosted(`/p/${PROJECT}/account`);
      expect(await screen.findByRole('heading', { name: 'Ihr Konto', level: 1 }, SLOW)).to.exist;
      expect(screen.getByText('Angemeldet als kim@example.com bei Bäckerei Kim')).to.exist;
      for (const title of [
        'Profil',
        'Passwort ändern',
        'Authenticator-App',
        'Passkeys',
        'Aktive Sitzungen',
        'Ihre Daten',
        'Konto löschen',
      ])
        expect(await screen.findByRole('heading', { name: new RegExp(title), level: 2 })).to.exist;
      expect(await screen.findByText('Chrome auf Windows')).to.exist;
      expect(screen.getByText('Diese Sitzung')).to.exist;
      await userEvent.click(screen.getByRole('button', { name: 'Sitzung „Safari auf iOS“ abmelden' }));
      await waitFor(() => expect(stub.calls('DELETE', '/api/v1/auth/sessions/s2')).to.have.length(1));
      for (const request of stub.requests.filter((entry) => entry.path.startsWith('/api/v1/auth/')))
        expect(request.authorization, request.path).to.equal('Bearer end-user-token');
    });

    it('hides the second factors when the pool has them off', async () => {
      signedIn();
      info = poolInfo({ second_factor: 'off' });
      renderHosted(`/p/${PROJECT}/account`);
      expect(await screen.findByRole('heading', { name: 'Profil', level: 2 }, SLOW)).to.exist;
      expect(screen.queryByRole('heading', { name: /Authenticator-App/ })).to.equal(null);
      expect(screen.queryByRole('heading', { name: /Passkeys/ })).to.equal(null);
    });

    it('changes the password with the current one', async () => {
      signedIn();
      stub.on('PATCH', '/api/v1/auth/me', () => json(200, me()));
      renderHosted(`/p/${PROJECT}/account`);
      await userEvent.type(await screen.findByLabelText('Aktuelles Passwort', {}, SLOW), 'alt-und-lang');
      await userEvent.type(screen.getByLabelText('Neues Passwort'), 'neu-und-lang!');
      await userEvent.type(screen.getByLabelText('Passwort bestätigen'), 'neu-und-lang!');
      await userEvent.click(screen.getByRole('button', { name: 'Passwort ändern' }));
      expect(
        await screen.findByText('Ihre anderen Sitzungen wurden abgemeldet.', {
          selector: '[role="status"] *',
        }),
      ).to.exist;
      const [change] = stub.calls('PATCH', '/api/v1/auth/me');
      expect(change!.authorization).to.equal('Bearer end-user-token');
      expect(change!.body).to.deep.equal({ current_password: 'alt-und-lang', password: 'neu-und-lang!' });
    });

    it('renews an expired token through the embedding API and asks again', async () => {
      signedIn('old-token');
      stub
        .on('GET', '/api/v1/auth/me', (request) =>
          request.authorization === 'Bearer new-token'
            ? json(200, me())
            : json(401, { error: 'Token expired.', code: 'token_expired' }),
        )
        .on('POST', '/api/auth/refresh', () => json(200, embeddingSession('new-token')));
      renderHosted(`/p/${PROJECT}/account`);
      expect(await screen.findByText(/kim@example.com/, { selector: 'strong' }, SLOW)).to.exist;
      const [refresh] = stub.calls('POST', '/api/auth/refresh');
      expect(refresh!.applicationId).to.equal(APPLICATION);
      expect(refresh!.body).to.deep.equal({ refresh_token: 'old-token-refresh' });
      expect(JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null')).to.include({ token: 'new-token' });
    });

    it('offers only the second factor to a session that must set one up, then a fresh sign-in', async () => {
      info = poolInfo({ second_factor: 'required' });
      stub.on('POST', '/api/auth/login', () =>
        json(200, { ...embeddingSession('enrol-token'), second_factor_enrollment_required: true }),
      );
      const redirect = encodeURIComponent('https://shop.example/callback');
      renderHosted(
        `/p/${PROJECT}/sign-in?redirect_uri=${redirect}&state=s1&code_challenge=${CHALLENGE}&code_challenge_method=S256`,
      );
      await typePassword('kim@example.com', 'geheim-genug');
      // No code for the partner site yet: the session may only set up the second factor.
      expect(await screen.findByRole('heading', { name: 'Zweiten Faktor einrichten' }, SLOW)).to.exist;
      expect(screen.getByRole('heading', { name: /Authenticator-App/, level: 2 })).to.exist;
      expect(screen.queryByRole('heading', { name: 'Passwort ändern' })).to.equal(null);
      expect(screen.queryByRole('heading', { name: 'Aktive Sitzungen' })).to.equal(null);
      expect(stub.calls('POST', '/api/auth/hosted/code')).to.have.length(0);
      expect(left).to.deep.equal([]);
    });

    it('signs out: the session ends on the server and in this tab', async () => {
      signedIn();
      stub.on('POST', '/api/auth/logout', () => json(200, { success: true, message: 'Signed out.' }));
      renderHosted(`/p/${PROJECT}/account`);
      await screen.findByRole('heading', { name: 'Ihr Konto', level: 1 }, SLOW);
      await userEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
      expect(await screen.findByRole('heading', { name: 'Anmelden', level: 1 })).to.exist;
      const [logout] = stub.calls('POST', '/api/auth/logout');
      expect(logout!.authorization).to.equal('Bearer end-user-token');
      expect(logout!.applicationId).to.equal(APPLICATION);
      expect(sessionStorage.getItem(SESSION_KEY)).to.equal(null);
    });
  });
});
