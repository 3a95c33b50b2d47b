import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { Route, Routes, useLocation } from 'react-router';
import HostedLayout from '../src/pages/Hosted';
import HostedAccount from '../src/pages/Hosted/Account';
import HostedConsent from '../src/pages/Hosted/Consent';
import HostedReset from '../src/pages/Hosted/Reset';
import HostedSignIn from '../src/pages/Hosted/SignIn';
import HostedSignUp from '../src/pages/Hosted/SignUp';
import type { PoolPublicInfo } from '../src/pages/Hosted/api';
import { browserNavigation } from '../src/pages/Hosted/context';
import { readHostedQuery } from '../src/pages/Hosted/hostedRequest';
import type { InteractionDetails } from '../src/pages/Hosted/oidc';
import { useSessionStore } from '../src/stores/session';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json } from './fetch-stub';
import { renderWithProviders } from './render';

const PROJECT = 'b00000000000000000000001';
const APPLICATION = 'c00000000000000000000002';
const SESSION_KEY = `iam-hosted-session:${PROJECT}`;
const UID = 'Xq3vN0dU8vJ6b0lKfQz2mW9tRsA1cE4hG7iLpY5oB-_';
const BASE = `/oidc/${PROJECT}/interaction/${UID}`;
const RP_CALLBACK = 'https://shop.example/cb?code=c0de&state=st4te';
/** The account page is a big render for jsdom. */
const SLOW = { timeout: 8000 };

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
      support_email: null,
    },
    signup: 'open',
    methods: ['password', 'email_code', 'google'],
    password_min_length: 10,
    second_factor: 'optional',
    ...changes,
  };
}

function interactionDetails(changes: Partial<InteractionDetails> = {}): InteractionDetails {
  return {
    uid: UID,
    prompt: 'login',
    client: { client_id: APPLICATION, name: 'Kims Shop', first_party: true },
    scopes: ['openid', 'profile', 'email'],
    login_hint: null,
    fresh_sign_in_required: false,
    second_factor_required: false,
    ...changes,
  };
}

const embeddingSession = (token = 'end-user-token') => ({
  token,
  refresh_token: `${token}-refresh`,
  expires_at: Math.floor(Date.now() / 1000) + 900,
  user: endUser,
});

function signedInTab(token = 'tab-token') {
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
        <Route path="account" element={<HostedAccount />} />
        <Route path="consent" element={<HostedConsent />} />
      </Route>
      <Route path="*" element={<Where />} />
    </Routes>,
    { route: path },
  );
}

const signInPath = (extra = '') =>
  `/p/${PROJECT}/sign-in?interaction=${UID}&client_id=${APPLICATION}${extra}`;
const consentPath = () => `/p/${PROJECT}/consent?interaction=${UID}&client_id=${APPLICATION}`;

async function typePassword(email: string, password: string) {
  const field = await screen.findByLabelText('E-Mail');
  await userEvent.clear(field);
  await userEvent.type(field, email);
  await userEvent.type(screen.getByLabelText('Passwort'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
}

describe('hosted pages in an OpenID interaction (?interaction=)', () => {
  let stub: FetchStub;
  let info: PoolPublicInfo;
  let details: InteractionDetails;
  let left: string[];
  /** The `credentials` mode of every call to the provider's interaction endpoints. */
  let credentials: string[];
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
    details = interactionDetails();
    left = [];
    credentials = [];
    browserNavigation.leave = (url) => left.push(url);
    stub = new FetchStub()
      .install()
      .on('GET', `/api/v1/pools/${PROJECT}/public`, () => json(200, info))
      .on('GET', `${BASE}/details`, () => json(200, details))
      .on('POST', `${BASE}/login`, () => json(200, { redirect_to: RP_CALLBACK }))
      .on('POST', '/api/auth/logout', () => json(200, { success: true, message: 'Signed out.' }));
    const stubbed = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (new URL(request.url).pathname.startsWith('/oidc/')) credentials.push(request.credentials);
      return stubbed(request);
    }) as typeof fetch;
  });

  afterEach(() => {
    cleanup();
    stub.restore();
    browserNavigation.leave = leave;
  });

  it('reads and carries the interaction like the hosted-mode parameters', () => {
    const query = readHostedQuery(new URLSearchParams(`interaction=${UID}&client_id=${APPLICATION}&x=1`));
    expect(query.interaction).to.equal(UID);
    expect(query.request).to.equal(null);
    expect(query.invalid).to.equal(false);
    expect(query.search).to.equal(`?client_id=${APPLICATION}&interaction=${UID}`);
  });

  it('signs in with the password, reports the account to the provider and follows its answer', async () => {
    details = interactionDetails({ login_hint: 'kim@example.com' });
    stub.on('POST', '/api/auth/login', () => json(200, embeddingSession()));
    renderHosted(signInPath());
    expect(await screen.findByRole('heading', { name: 'Anmelden', level: 1 })).to.exist;
    expect(screen.getByText('Melden Sie sich bei Bäckerei Kim an, um zu Kims Shop zu gelangen.')).to.exist;
    // login_hint fills in the address.
    expect((screen.getByLabelText('E-Mail') as HTMLInputElement).value).to.equal('kim@example.com');
    await userEvent.type(screen.getByLabelText('Passwort'), 'geheim-genug');
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(left).to.deep.equal([RP_CALLBACK]));
    expect(stub.calls('POST', '/api/auth/login')[0]!.applicationId).to.equal(APPLICATION);
    const [login] = stub.calls('POST', `${BASE}/login`);
    expect(login!.authorization).to.equal('Bearer end-user-token');
    // The widget's hosted mode is not involved.
    expect(stub.calls('POST', '/api/auth/hosted/code')).to.have.length(0);
    // The provider's cookie goes along: same-origin calls.
    expect(credentials).to.have.length(2);
    expect(credentials.every((mode) => mode === 'same-origin')).to.equal(true);
  });

  it('reports the account after the second step', async () => {
    stub
      .on('POST', '/api/auth/login', () =>
        json(200, { mfa_required: true, mfa_token: 'mfa-1', methods: ['totp'], expires_in: 300 }),
      )
      .on('POST', '/api/auth/mfa/challenge', () => json(200, embeddingSession('two-factor-token')));
    renderHosted(signInPath());
    await typePassword('kim@example.com', 'geheim-genug');
    await userEvent.type(await screen.findByLabelText('Code aus der Authenticator-App'), '123456');
    expect(stub.calls('POST', `${BASE}/login`)).to.have.length(0);
    await userEvent.click(screen.getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(left).to.deep.equal([RP_CALLBACK]));
    expect(stub.calls('POST', `${BASE}/login`)[0]!.authorization).to.equal('Bearer two-factor-token');
  });

  it('reports the account after a code by e-mail and after Google', async () => {
    stub
      .on('POST', '/api/auth/email-code', () => json(202, { success: true }))
      .on('POST', '/api/auth/email-code/verify', () => json(200, embeddingSession('code-token')))
      .on('POST', '/api/auth/google/exchange', () => json(200, embeddingSession('google-token')));
    const { unmount } = renderHosted(signInPath());
    await userEvent.click(await screen.findByRole('button', { name: 'Code per E-Mail erhalten' }));
    await userEvent.type(screen.getByLabelText('E-Mail'), 'kim@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Code senden' }));
    await userEvent.type(await screen.findByLabelText('Code aus der E-Mail'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(left).to.deep.equal([RP_CALLBACK]));
    expect(stub.calls('POST', `${BASE}/login`)[0]!.authorization).to.equal('Bearer code-token');
    unmount();
    sessionStorage.clear();

    // Google comes back to the same page, interaction kept in return_to.
    renderHosted(signInPath());
    const google = await screen.findByRole('link', { name: 'Mit Google anmelden' });
    const returnTo = new URL(google.getAttribute('href')!, 'http://localhost').searchParams.get('return_to');
    expect(returnTo).to.equal(signInPath());
    cleanup();
    renderHosted(signInPath('&google_code=g-1'));
    await waitFor(() => expect(left).to.deep.equal([RP_CALLBACK, RP_CALLBACK]));
    expect(stub.calls('POST', `${BASE}/login`)[1]!.authorization).to.equal('Bearer google-token');
  });

  it('says an expired interaction should be started again in the application', async () => {
    stub.on('GET', `${BASE}/details`, () =>
      json(404, { error: 'This sign-in has expired.', code: 'interaction_not_found' }),
    );
    renderHosted(signInPath());
    const heading = await screen.findByRole('heading', { name: 'Anmeldung abgelaufen', level: 1 });
    await waitFor(() => expect(document.activeElement).to.equal(heading));
    expect(screen.getByRole('alert').textContent).to.equal(
      'Diese Anmeldung ist abgelaufen – bitte starten Sie sie in der Anwendung neu.',
    );
    expect(screen.queryByLabelText('E-Mail')).to.equal(null);
    // Not asked again: an expired interaction stays expired.
    expect(stub.calls('GET', `${BASE}/details`)).to.have.length(1);
  });

  it('does not ask the provider about a malformed interaction', async () => {
    renderHosted(`/p/${PROJECT}/sign-in?interaction=..%2F..%2Fx&client_id=${APPLICATION}`);
    expect(await screen.findByRole('heading', { name: 'Anmeldung abgelaufen', level: 1 })).to.exist;
    expect(stub.requests.filter((request) => request.path.startsWith('/oidc/'))).to.deep.equal([]);
  });

  it('offers a tab that is signed in to continue to the client, or another account', async () => {
    signedInTab();
    renderHosted(signInPath());
    expect(await screen.findByRole('heading', { name: 'Sie sind angemeldet' })).to.exist;
    expect(screen.getByRole('button', { name: 'Mit einem anderen Konto anmelden' })).to.exist;
    await userEvent.click(screen.getByRole('button', { name: 'Weiter zu Kims Shop' }));
    await waitFor(() => expect(left).to.deep.equal([RP_CALLBACK]));
    expect(stub.calls('POST', `${BASE}/login`)[0]!.authorization).to.equal('Bearer tab-token');
  });

  it('forgets the tab session the server ended with the handover, without a logout call', async () => {
    signedInTab();
    stub.on('POST', `${BASE}/login`, () => json(200, { redirect_to: RP_CALLBACK, session_ended: true }));
    renderHosted(signInPath());
    await userEvent.click(await screen.findByRole('button', { name: 'Weiter zu Kims Shop' }));
    await waitFor(() => expect(left).to.deep.equal([RP_CALLBACK]));
    expect(sessionStorage.getItem(SESSION_KEY)).to.equal(null);
    expect(stub.calls('POST', '/api/auth/logout')).to.have.length(0);
    cleanup();

    // A later visit in this tab starts with the form, not "Weiter zu …" with a dead token.
    renderHosted(signInPath());
    expect(await screen.findByRole('heading', { name: 'Anmelden', level: 1 })).to.exist;
    expect(screen.queryByRole('button', { name: 'Weiter zu Kims Shop' })).to.equal(null);
  });

  it('keeps the tab session the server did not end', async () => {
    signedInTab();
    renderHosted(signInPath());
    await userEvent.click(await screen.findByRole('button', { name: 'Weiter zu Kims Shop' }));
    await waitFor(() => expect(left).to.deep.equal([RP_CALLBACK]));
    expect(sessionStorage.getItem(SESSION_KEY)).to.not.equal(null);
  });

  it('reads the session again when the page comes back from the back-forward cache', async () => {
    signedInTab();
    stub.on('POST', `${BASE}/login`, () => json(200, { redirect_to: RP_CALLBACK, session_ended: true }));
    renderHosted(signInPath());
    await userEvent.click(await screen.findByRole('button', { name: 'Weiter zu Kims Shop' }));
    await waitFor(() => expect(left).to.deep.equal([RP_CALLBACK]));
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    expect(await screen.findByRole('heading', { name: 'Anmelden', level: 1 })).to.exist;
    expect(screen.queryByRole('button', { name: 'Weiter zu Kims Shop' })).to.equal(null);
  });

  it('asks for a fresh sign-in instead when the client wants one', async () => {
    signedInTab();
    details = interactionDetails({ fresh_sign_in_required: true });
    renderHosted(signInPath());
    expect(await screen.findByRole('heading', { name: 'Anmelden', level: 1 })).to.exist;
    expect(screen.queryByRole('button', { name: 'Weiter zu Kims Shop' })).to.equal(null);
    expect(screen.getByRole('alert').textContent).to.equal('Bitte melden Sie sich erneut an.');
    expect(stub.calls('POST', `${BASE}/login`)).to.have.length(0);
  });

  it('forgets the tab session and asks again when the provider wants a fresh sign-in', async () => {
    signedInTab();
    let answers = 0;
    stub
      .on('POST', `${BASE}/login`, () =>
        answers++ === 0
          ? json(403, { error: 'Sign in again.', code: 'fresh_sign_in_required' })
          : json(200, { redirect_to: RP_CALLBACK }),
      )
      .on('POST', '/api/auth/login', () => json(200, embeddingSession('fresh-token')));
    renderHosted(signInPath());
    await userEvent.click(await screen.findByRole('button', { name: 'Weiter zu Kims Shop' }));
    expect((await screen.findByRole('alert')).textContent).to.equal('Bitte melden Sie sich erneut an.');
    // The session is gone here and on the server; the cursor is in the form.
    expect(sessionStorage.getItem(SESSION_KEY)).to.equal(null);
    expect(stub.calls('POST', '/api/auth/logout')[0]!.authorization).to.equal('Bearer tab-token');
    await waitFor(() => expect(document.activeElement).to.equal(screen.getByLabelText('E-Mail')));
    expect(left).to.deep.equal([]);

    await typePassword('kim@example.com', 'geheim-genug');
    await waitFor(() => expect(left).to.deep.equal([RP_CALLBACK]));
    expect(stub.calls('POST', `${BASE}/login`)[1]!.authorization).to.equal('Bearer fresh-token');
  });

  it('forgets a tab session the server has ended and asks for a sign-in', async () => {
    signedInTab('ended-token');
    stub
      .on('POST', `${BASE}/login`, () => json(401, { error: 'Session revoked.', code: 'session_revoked' }))
      .on('POST', '/api/auth/refresh', () =>
        json(401, { error: 'Session revoked.', code: 'session_revoked' }),
      );
    renderHosted(signInPath());
    await userEvent.click(await screen.findByRole('button', { name: 'Weiter zu Kims Shop' }));
    expect((await screen.findByRole('alert')).textContent).to.equal('Bitte melden Sie sich erneut an.');
    expect(sessionStorage.getItem(SESSION_KEY)).to.equal(null);
    expect(screen.getByLabelText('Passwort')).to.exist;
    // Renewal was tried once; nothing more to end on the server.
    expect(stub.calls('POST', '/api/auth/refresh')).to.have.length(1);
    expect(stub.calls('POST', '/api/auth/logout')).to.have.length(0);
    expect(left).to.deep.equal([]);
  });

  it('says the client wants the second factor when the provider refuses a session without it', async () => {
    signedInTab();
    details = interactionDetails({ second_factor_required: true });
    stub.on('POST', `${BASE}/login`, () =>
      json(403, { error: 'Second factor required.', code: 'second_factor_required' }),
    );
    renderHosted(signInPath());
    await userEvent.click(await screen.findByRole('button', { name: 'Weiter zu Kims Shop' }));
    expect((await screen.findByRole('alert')).textContent).to.equal(
      'Kims Shop verlangt eine Anmeldung mit zweitem Faktor. Bitte melden Sie sich erneut an und bestätigen Sie die Anmeldung mit Ihrem zweiten Faktor.',
    );
    expect(sessionStorage.getItem(SESSION_KEY)).to.equal(null);
    expect(screen.getByLabelText('Passwort')).to.exist;
    // The form's introduction says it too.
    expect(screen.getByText(/zu Kims Shop zu gelangen\./).textContent).to.contain(
      'Kims Shop verlangt eine Anmeldung mit zweitem Faktor.',
    );
  });

  it('says why the provider did not take the sign-in and lets the person try again', async () => {
    signedInTab();
    let answers = 0;
    stub.on('POST', `${BASE}/login`, () =>
      answers++ === 0
        ? json(400, { error: 'The session does not belong to this pool.', code: 'invalid_session' })
        : json(200, { redirect_to: RP_CALLBACK }),
    );
    renderHosted(signInPath());
    await userEvent.click(await screen.findByRole('button', { name: 'Weiter zu Kims Shop' }));
    expect(await screen.findByRole('heading', { name: 'Anmeldung nicht abgeschlossen' })).to.exist;
    expect(screen.getByRole('alert').textContent).to.contain('The session does not belong to this pool.');
    await userEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Weiter zu Kims Shop' }));
    await waitFor(() => expect(left).to.deep.equal([RP_CALLBACK]));
  });

  it('cancels: the provider is told and the browser goes where it answers', async () => {
    stub.on('POST', `${BASE}/abort`, () =>
      json(200, { redirect_to: 'https://shop.example/cb?error=access_denied&state=st4te' }),
    );
    renderHosted(signInPath());
    const cancel = await screen.findByRole('button', { name: 'Abbrechen' });
    expect(cancel.getAttribute('aria-describedby')).to.not.equal(null);
    expect(screen.getByText('Zurück zu Kims Shop, ohne sich anzumelden.')).to.exist;
    await userEvent.click(cancel);
    await waitFor(() =>
      expect(left).to.deep.equal(['https://shop.example/cb?error=access_denied&state=st4te']),
    );
    expect(stub.calls('POST', `${BASE}/abort`)[0]!.authorization).to.equal(null);
  });

  it('carries the interaction to sign-up and the reset page and back', async () => {
    renderHosted(signInPath());
    const signUp = await screen.findByRole('link', { name: 'Jetzt registrieren' });
    expect(signUp.getAttribute('href')).to.equal(
      `/p/${PROJECT}/sign-up?client_id=${APPLICATION}&interaction=${UID}`,
    );
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' }).getAttribute('href')).to.equal(
      `/p/${PROJECT}/reset?client_id=${APPLICATION}&interaction=${UID}`,
    );
    await userEvent.click(signUp);
    const back = await screen.findByRole('link', { name: 'Zur Anmeldung' });
    expect(back.getAttribute('href')).to.equal(
      `/p/${PROJECT}/sign-in?client_id=${APPLICATION}&interaction=${UID}`,
    );
  });

  it('remembers the interaction over the confirmation mail of a sign-up', async () => {
    stub.on('POST', '/api/auth/register', () => json(201, { user: endUser, confirmation_required: true }));
    renderHosted(`/p/${PROJECT}/sign-up?interaction=${UID}&client_id=${APPLICATION}`);
    await userEvent.type(await screen.findByLabelText('E-Mail'), 'kim@example.com');
    await userEvent.type(screen.getByLabelText('Passwort'), 'lang-genug-1');
    await userEvent.type(screen.getByLabelText('Passwort bestätigen'), 'lang-genug-1');
    await userEvent.click(screen.getByRole('button', { name: 'Konto erstellen' }));
    await screen.findByRole('heading', { name: 'Bitte bestätigen Sie Ihre E-Mail-Adresse' });
    const pending = JSON.parse(localStorage.getItem(`iam-hosted-pending:${PROJECT}`) ?? 'null') as {
      search: string;
    };
    expect(pending.search).to.equal(`?client_id=${APPLICATION}&interaction=${UID}`);
  });

  describe('consent page', () => {
    beforeEach(() => {
      details = interactionDetails({
        prompt: 'consent',
        client: { client_id: APPLICATION, name: 'Rezepte-App', first_party: false },
        scopes: ['openid', 'profile', 'email', 'offline_access', 'invoice:read', 'email'],
      });
    });

    it('leads to sign-in without a session, and back to the consent afterwards', async () => {
      stub.on('POST', '/api/auth/login', () => json(200, embeddingSession()));
      renderHosted(consentPath());
      expect(await screen.findByRole('heading', { name: 'Anmelden', level: 1 })).to.exist;
      await typePassword('kim@example.com', 'geheim-genug');
      expect(await screen.findByRole('heading', { name: 'Zugriff erlauben', level: 1 })).to.exist;
      // A consent prompt: no login is reported, the decision follows.
      expect(stub.calls('POST', `${BASE}/login`)).to.have.length(0);
      expect(left).to.deep.equal([]);
    });

    it('shows the client and the scopes in plain words, and approves', async () => {
      signedInTab();
      stub.on('POST', `${BASE}/consent`, () => json(200, { redirect_to: RP_CALLBACK }));
      renderHosted(consentPath());
      const heading = await screen.findByRole('heading', { name: 'Zugriff erlauben', level: 1 });
      await waitFor(() => expect(document.activeElement).to.equal(heading));
      expect(screen.getAllByRole('heading', { level: 1 })).to.have.length(1);
      expect(screen.getByText('Rezepte-App möchte auf Ihr Konto bei Bäckerei Kim zugreifen.')).to.exist;
      expect(screen.getByText('Angemeldet als kim@example.com')).to.exist;
      const list = screen.getByRole('list', { name: 'Rezepte-App erhält:' });
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).to.deep.equal([
        'Ihre Identität bestätigen',
        'Ihren Namen',
        'Ihre E-Mail-Adresse',
        'Zugriff, auch wenn Sie gerade nicht angemeldet sind',
        'invoice:read',
      ]);
      await waitFor(() => expect(document.title).to.equal('Zugriff erlauben – Bäckerei Kim'));
      await userEvent.click(screen.getByRole('button', { name: 'Zulassen' }));
      await waitFor(() => expect(left).to.deep.equal([RP_CALLBACK]));
      const [consent] = stub.calls('POST', `${BASE}/consent`);
      expect(consent!.authorization).to.equal('Bearer tab-token');
      expect(consent!.body).to.deep.equal({ approve: true });
    });

    it('forgets the session the sign-in handed over once the decision is made', async () => {
      signedInTab();
      stub.on('POST', `${BASE}/consent`, () => json(200, { redirect_to: RP_CALLBACK, session_ended: true }));
      renderHosted(consentPath());
      await userEvent.click(await screen.findByRole('button', { name: 'Zulassen' }));
      await waitFor(() => expect(left).to.deep.equal([RP_CALLBACK]));
      expect(sessionStorage.getItem(SESSION_KEY)).to.equal(null);
      expect(stub.calls('POST', '/api/auth/logout')).to.have.length(0);
      // The page stays as it is until the browser has left (no sign-in form in between).
      expect(screen.getByRole('heading', { name: 'Zugriff erlauben', level: 1 })).to.exist;
    });

    it('forgets the handed-over session when the person cancels after signing in', async () => {
      signedInTab();
      const denied = 'https://shop.example/cb?error=access_denied';
      stub.on('POST', `${BASE}/abort`, () => json(200, { redirect_to: denied, session_ended: true }));
      renderHosted(signInPath());
      await userEvent.click(await screen.findByRole('button', { name: 'Abbrechen' }));
      await waitFor(() => expect(left).to.deep.equal([denied]));
      expect(sessionStorage.getItem(SESSION_KEY)).to.equal(null);
    });

    it('denies', async () => {
      signedInTab();
      stub.on('POST', `${BASE}/consent`, () =>
        json(200, { redirect_to: 'https://shop.example/cb?error=access_denied' }),
      );
      renderHosted(consentPath());
      await userEvent.click(await screen.findByRole('button', { name: 'Ablehnen' }));
      await waitFor(() => expect(left).to.deep.equal(['https://shop.example/cb?error=access_denied']));
      expect(stub.calls('POST', `${BASE}/consent`)[0]!.body).to.deep.equal({ approve: false });
    });

    it('renews an expired token once and asks again', async () => {
      signedInTab('old-token');
      stub
        .on('POST', `${BASE}/consent`, (request) =>
          request.authorization === 'Bearer new-token'
            ? json(200, { redirect_to: RP_CALLBACK })
            : json(401, { error: 'Token expired.', code: 'token_expired' }),
        )
        .on('POST', '/api/auth/refresh', () => json(200, embeddingSession('new-token')));
      renderHosted(consentPath());
      await userEvent.click(await screen.findByRole('button', { name: 'Zulassen' }));
      await waitFor(() => expect(left).to.deep.equal([RP_CALLBACK]));
      expect(stub.calls('POST', '/api/auth/refresh')[0]!.applicationId).to.equal(APPLICATION);
    });

    it('says why a decision failed', async () => {
      signedInTab();
      stub.on('POST', `${BASE}/consent`, () =>
        json(409, { error: 'The decision was already made.', code: 'interaction_conflict' }),
      );
      renderHosted(consentPath());
      await userEvent.click(await screen.findByRole('button', { name: 'Zulassen' }));
      expect((await screen.findByRole('alert')).textContent).to.equal(
        'Ihre Entscheidung konnte nicht übermittelt werden: The decision was already made.',
      );
      expect(left).to.deep.equal([]);
    });

    it('offers another account when the tab is signed in with the wrong one', async () => {
      signedInTab();
      stub.on('POST', `${BASE}/consent`, () =>
        json(403, {
          error: 'This consent request is for another account.',
          code: 'interaction_account_mismatch',
        }),
      );
      renderHosted(consentPath());
      await userEvent.click(await screen.findByRole('button', { name: 'Zulassen' }));
      expect((await screen.findByRole('alert')).textContent).to.equal(
        'Ihre Entscheidung konnte nicht übermittelt werden: Diese Anfrage gilt für ein anderes Konto. Bitte melden Sie sich mit dem Konto an, mit dem Sie die Anmeldung begonnen haben.',
      );
      await userEvent.click(screen.getByRole('button', { name: 'Mit einem anderen Konto anmelden' }));
      expect(await screen.findByRole('heading', { name: 'Anmelden', level: 1 })).to.exist;
      expect(sessionStorage.getItem(SESSION_KEY)).to.equal(null);
      expect(stub.calls('POST', '/api/auth/logout')[0]!.authorization).to.equal('Bearer tab-token');
    });

    it('is in English too', async () => {
      signedInTab();
      info = poolInfo({ branding: { ...poolInfo().branding, locale: 'en' } });
      renderHosted(consentPath());
      expect(await screen.findByRole('heading', { name: 'Allow access', level: 1 })).to.exist;
      const list = screen.getByRole('list', { name: 'Rezepte-App will be able to:' });
      expect(within(list).getAllByRole('listitem')[0]!.textContent).to.equal('Confirm your identity');
      expect(screen.getByRole('button', { name: 'Allow' })).to.exist;
      expect(screen.getByRole('button', { name: 'Deny' })).to.exist;
    });

    it('has nothing to decide without an interaction', async () => {
      signedInTab();
      renderHosted(`/p/${PROJECT}/consent`);
      expect(await screen.findByRole('heading', { name: 'Anmeldung abgelaufen', level: 1 })).to.exist;
      expect(screen.queryByRole('button', { name: 'Zulassen' })).to.equal(null);
    });
  });

  it('leads a session that must set up a second factor to the account page first', async () => {
    info = poolInfo({ second_factor: 'required' });
    stub
      .on('POST', '/api/auth/login', () =>
        json(200, { ...embeddingSession('enrol-token'), second_factor_enrollment_required: true }),
      )
      .on('GET', '/api/v1/auth/me', () =>
        json(200, {
          ...endUser,
          is_admin: false,
          two_factor: { enabled: false, methods: [], recovery_codes_left: 0, required_by: ['pool'] },
          mfa_enrollment_required: true,
        }),
      );
    renderHosted(signInPath());
    await typePassword('kim@example.com', 'geheim-genug');
    expect(await screen.findByRole('heading', { name: 'Zweiten Faktor einrichten' }, SLOW)).to.exist;
    expect(stub.calls('POST', `${BASE}/login`)).to.have.length(0);
  });
});
