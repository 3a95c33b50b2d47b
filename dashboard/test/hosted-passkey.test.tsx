import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { Route, Routes } from 'react-router';
import HostedLayout from '../src/pages/Hosted';
import HostedAccount from '../src/pages/Hosted/Account';
import HostedSignIn from '../src/pages/Hosted/SignIn';
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
      support_email: null,
    },
    signup: 'open',
    methods: ['password', 'passkey', 'email_code'],
    password_min_length: 10,
    second_factor: 'optional',
    ...changes,
  };
}

const embeddingSession = (token = 'passkey-token') => ({
  token,
  refresh_token: `${token}-refresh`,
  expires_at: Math.floor(Date.now() / 1000) + 900,
  user: endUser,
});

const me = (methods: string[] = []) => ({
  ...endUser,
  is_admin: false,
  two_factor: { enabled: methods.length > 0, methods, recovery_codes_left: 0, required_by: [] },
  mfa_enrollment_required: false,
});

const bytes = (text: string) => new TextEncoder().encode(text).buffer;
const b64url = (text: string) => Buffer.from(text).toString('base64url');

/** What navigator.credentials.get() hands @simplewebauthn/browser: a PublicKeyCredential's shape. */
const assertion = {
  id: b64url('credential-1'),
  rawId: bytes('credential-1'),
  type: 'public-key',
  authenticatorAttachment: 'platform',
  response: {
    clientDataJSON: bytes('{"type":"webauthn.get"}'),
    authenticatorData: bytes('authenticator-data'),
    signature: bytes('signature'),
    userHandle: bytes('user-handle'),
  },
  getClientExtensionResults: () => ({}),
};

function renderHosted(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/p/:projectId" element={<HostedLayout />}>
        <Route path="sign-in" element={<HostedSignIn />} />
        <Route path="account" element={<HostedAccount />} />
      </Route>
    </Routes>,
    { route: path },
  );
}

describe('hosted sign-in: "Mit Passkey anmelden"', () => {
  let stub: FetchStub;
  let info: PoolPublicInfo;
  let left: string[];
  let prompts: unknown[];
  let prompt: () => Promise<unknown>;
  const leave = browserNavigation.leave;
  const globals = globalThis as unknown as Record<string, unknown>;
  const credentials = Object.getOwnPropertyDescriptor(navigator, 'credentials');

  /** A browser that can use passkeys; `prompt` is what its passkey prompt answers. */
  function withWebAuthn() {
    globals.PublicKeyCredential = function PublicKeyCredential() {};
    Object.defineProperty(navigator, 'credentials', {
      configurable: true,
      value: {
        get: (options: unknown) => {
          prompts.push(options);
          return prompt();
        },
      },
    });
  }

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
    prompts = [];
    prompt = async () => assertion;
    browserNavigation.leave = (url) => left.push(url);
    stub = new FetchStub()
      .install()
      .on('GET', `/api/v1/pools/${PROJECT}/public`, () => json(200, info))
      .on('GET', '/api/v1/auth/me', () => json(200, me()))
      .on('GET', '/api/v1/auth/sessions', () => json(200, { data: [], next_cursor: null }))
      .on('GET', '/api/v1/auth/mfa/passkeys', () => json(200, { data: [] }))
      .on('POST', '/api/auth/passkeys/sign-in/options', () =>
        json(200, { challenge: b64url('challenge-1'), rpId: 'localhost', userVerification: 'required' }),
      )
      .on('POST', '/api/auth/passkeys/sign-in', () => json(200, embeddingSession()));
  });

  afterEach(() => {
    cleanup();
    stub.restore();
    browserNavigation.leave = leave;
    delete globals.PublicKeyCredential;
    if (credentials) Object.defineProperty(navigator, 'credentials', credentials);
    else delete (navigator as unknown as Record<string, unknown>).credentials;
  });

  it('signs in with a passkey through the embedding API and opens the account page', async () => {
    withWebAuthn();
    renderHosted(`/p/${PROJECT}/sign-in`);
    await userEvent.click(await screen.findByRole('button', { name: 'Mit Passkey anmelden' }));
    expect(await screen.findByRole('heading', { name: 'Ihr Konto', level: 1 }, SLOW)).to.exist;

    const [options] = stub.calls('POST', '/api/auth/passkeys/sign-in/options');
    expect(options!.applicationId).to.equal(APPLICATION);
    expect(prompts).to.have.length(1);
    const [signIn] = stub.calls('POST', '/api/auth/passkeys/sign-in');
    expect(signIn!.applicationId).to.equal(APPLICATION);
    expect(signIn!.body).to.deep.include({
      response: {
        id: assertion.id,
        rawId: b64url('credential-1'),
        type: 'public-key',
        response: {
          authenticatorData: b64url('authenticator-data'),
          clientDataJSON: b64url('{"type":"webauthn.get"}'),
          signature: b64url('signature'),
          userHandle: b64url('user-handle'),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      },
    });
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null')).to.include({
      token: 'passkey-token',
      applicationId: APPLICATION,
    });
    // No e-mail, no password, no second step; and never the dashboard's session.
    expect(stub.calls('POST', '/api/auth/login')).to.have.length(0);
    expect(localStorage.getItem(STORAGE_KEY)).to.equal(null);
  });

  it('goes back to the partner site in the widget’s hosted mode', async () => {
    withWebAuthn();
    stub.on('POST', '/api/auth/hosted/code', () =>
      json(200, { redirect_to: 'https://shop.example/callback?code=c1&state=s1' }),
    );
    const redirect = encodeURIComponent('https://shop.example/callback');
    renderHosted(
      `/p/${PROJECT}/sign-in?redirect_uri=${redirect}&state=s1&code_challenge=${CHALLENGE}&code_challenge_method=S256`,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Mit Passkey anmelden' }));
    await waitFor(() => expect(left).to.deep.equal(['https://shop.example/callback?code=c1&state=s1']));
    expect(stub.calls('POST', '/api/auth/hosted/code')[0]!.authorization).to.equal('Bearer passkey-token');
  });

  it('says why a passkey was refused, and sends no sign-in after a cancelled prompt', async () => {
    withWebAuthn();
    stub.on('POST', '/api/auth/passkeys/sign-in', () =>
      json(400, { error: 'not accepted', code: 'passkey_not_accepted' }),
    );
    renderHosted(`/p/${PROJECT}/sign-in`);
    const button = await screen.findByRole('button', { name: 'Mit Passkey anmelden' });
    await userEvent.click(button);
    const alertText = async (text: string) =>
      waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).to.include(text));
    await alertText(
      'Der Passkey konnte nicht geprüft werden. Versuchen Sie es erneut oder melden Sie sich anders an.',
    );
    expect(sessionStorage.getItem(SESSION_KEY)).to.equal(null);

    // The person closes the browser's prompt: said on the page, no sign-in attempted.
    prompt = () => Promise.reject(new DOMException('Not allowed.', 'NotAllowedError'));
    await userEvent.click(button);
    await alertText('Der Vorgang wurde abgebrochen oder ist abgelaufen. Bitte versuchen Sie es erneut.');
    expect(prompts).to.have.length(2);
    expect(stub.calls('POST', '/api/auth/passkeys/sign-in/options')).to.have.length(2);
    expect(stub.calls('POST', '/api/auth/passkeys/sign-in')).to.have.length(1);
  });

  it('is offered only where the pool has passkeys and the browser supports them', async () => {
    // No WebAuthn in this browser: no button, the other methods stay.
    renderHosted(`/p/${PROJECT}/sign-in`);
    expect(await screen.findByLabelText('E-Mail')).to.exist;
    expect(screen.queryByRole('button', { name: 'Mit Passkey anmelden' })).to.equal(null);
    cleanup();

    // The pool does not offer passkeys.
    withWebAuthn();
    info = poolInfo({ methods: ['password'] });
    renderHosted(`/p/${PROJECT}/sign-in`);
    expect(await screen.findByLabelText('E-Mail')).to.exist;
    expect(screen.queryByRole('button', { name: 'Mit Passkey anmelden' })).to.equal(null);
    cleanup();

    // Passkeys only: the button alone, no forms.
    info = poolInfo({ methods: ['passkey'] });
    renderHosted(`/p/${PROJECT}/sign-in`);
    expect(await screen.findByRole('button', { name: 'Mit Passkey anmelden' })).to.exist;
    expect(screen.queryByLabelText('E-Mail')).to.equal(null);
    expect(screen.queryByText('Für diese Anwendung ist derzeit keine Anmeldung möglich.')).to.equal(null);
    cleanup();

    // Passkeys only, and a browser without them: nothing this page could offer.
    delete globals.PublicKeyCredential;
    renderHosted(`/p/${PROJECT}/sign-in`);
    expect(await screen.findByText('Für diese Anwendung ist derzeit keine Anmeldung möglich.')).to.exist;
    expect(screen.queryByRole('button', { name: 'Mit Passkey anmelden' })).to.equal(null);
  });

  it('speaks English in an English pool', async () => {
    withWebAuthn();
    info = poolInfo({ branding: { ...poolInfo().branding, locale: 'en' } });
    renderHosted(`/p/${PROJECT}/sign-in`);
    expect(await screen.findByRole('button', { name: 'Sign in with a passkey' })).to.exist;
  });

  it('lets a session that must set up a second factor add a passkey on the account page', async () => {
    withWebAuthn();
    info = poolInfo({ second_factor: 'required' });
    sessionStorage.setItem(
      SESSION_KEY,
      JSON.stringify({
        token: 'enrol-token',
        refreshToken: 'enrol-token-refresh',
        expiresAt: Math.floor(Date.now() / 1000) + 900,
        user: endUser,
        applicationId: APPLICATION,
        enrollmentOnly: true,
      }),
    );
    renderHosted(`/p/${PROJECT}/account`);
    expect(await screen.findByRole('heading', { name: 'Zweiten Faktor einrichten' }, SLOW)).to.exist;
    expect(
      screen.getByText(
        'Für dieses Konto ist ein zweiter Faktor vorgeschrieben. Richten Sie unten eine Authenticator-App oder einen Passkey ein; danach melden Sie sich erneut an.',
      ),
    ).to.exist;
    const passkeys = screen.getByRole('heading', { name: 'Passkeys', level: 2 });
    const section = passkeys.closest('section')!;
    expect(await within(section).findByRole('button', { name: 'Passkey hinzufügen' })).to.exist;
    // The list is read with the enrollment-only session (the server lets it, for this set-up).
    await waitFor(() =>
      expect(stub.calls('GET', '/api/v1/auth/mfa/passkeys')[0]?.authorization).to.equal('Bearer enrol-token'),
    );
  });

  it('offers no passkey set-up to such a session where the pool has no passkeys', async () => {
    info = poolInfo({ second_factor: 'required', methods: ['password'] });
    sessionStorage.setItem(
      SESSION_KEY,
      JSON.stringify({
        token: 'enrol-token',
        refreshToken: 'enrol-token-refresh',
        expiresAt: Math.floor(Date.now() / 1000) + 900,
        user: endUser,
        applicationId: APPLICATION,
        enrollmentOnly: true,
      }),
    );
    renderHosted(`/p/${PROJECT}/account`);
    expect(await screen.findByRole('heading', { name: 'Zweiten Faktor einrichten' }, SLOW)).to.exist;
    expect(screen.queryByRole('heading', { name: 'Passkeys' })).to.equal(null);
    expect(stub.calls('GET', '/api/v1/auth/mfa/passkeys')).to.have.length(0);
  });
});
