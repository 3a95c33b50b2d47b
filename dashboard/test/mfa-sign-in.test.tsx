import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { Route, Routes, useLocation } from 'react-router';
import Auth from '../src/pages/Auth';
import { STORAGE_KEY, useSessionStore } from '../src/stores/session';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json, type RecordedRequest } from './fetch-stub';
import { renderWithProviders } from './render';

const user = {
  id: 'u1',
  email: 'ada@example.com',
  display_name: 'Ada',
  is_verified: true,
  created_at: '2024-01-01T00:00:00.000Z',
  last_login_at: null,
};

const tokens = () => ({
  success: true,
  access_token: 'access-after-mfa',
  refresh_token: 'r',
  token_type: 'Bearer',
  expires_in: 900,
  expires_at: Math.floor(Date.now() / 1000) + 900,
  user,
});

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderAuth(route = '/auth?redirect=%2Fprojects') {
  return renderWithProviders(
    <Routes>
      <Route path="/auth" element={<Auth />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route },
  );
}

async function passwordStep() {
  await userEvent.type(screen.getByLabelText('E-Mail'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Passwort'), 'richtig!');
  await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
  return screen.findByRole('form', { name: 'Bestätigung in zwei Schritten' });
}

describe('sign-in: the second step (two-factor)', () => {
  let stub: FetchStub;
  let methods: string[];
  const globals = globalThis as unknown as Record<string, unknown>;

  beforeEach(() => {
    act(() => {
      void useUiStore.getState().setLocale('de');
      useSessionStore.setState({ status: 'signedOut', session: null, signedOutByUser: false });
      useToastStore.setState({ toasts: [] });
    });
    localStorage.clear();
    methods = ['totp'];
    stub = new FetchStub()
      .install()
      .on('GET', '/api/v1/auth/providers', () => json(200, { providers: [] }))
      .on('POST', '/api/v1/auth/login', () =>
        json(200, { mfa_required: true, mfa_token: 'mfa-token-1', methods, expires_in: 300 }),
      )
      .on('GET', '/api/v1/auth/me', () => json(200, { ...user, is_admin: false }));
  });

  afterEach(() => {
    cleanup();
    stub.restore();
    delete globals.PublicKeyCredential;
  });

  it('asks for the code after the password and starts the session only after a correct one', async () => {
    const answers: unknown[] = [];
    stub.on('POST', '/api/v1/auth/mfa/challenge', (request: RecordedRequest) => {
      answers.push(request.body);
      return answers.length === 1
        ? json(400, { error: 'wrong', code: 'invalid_mfa_code' })
        : json(200, tokens());
    });
    renderAuth();
    const form = await passwordStep();
    expect(localStorage.getItem(STORAGE_KEY)).to.equal(null);
    expect(useSessionStore.getState().status).to.equal('signedOut');

    const code = within(form).getByLabelText('Code aus der Authenticator-App');
    expect(code.getAttribute('autocomplete')).to.equal('one-time-code');
    expect(code.getAttribute('inputmode')).to.equal('numeric');
    await waitFor(() => expect(document.activeElement).to.equal(code));
    expect(within(form).queryByRole('button', { name: 'Passkey verwenden' })).to.equal(null);

    await userEvent.type(code, '111111');
    await userEvent.click(within(form).getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).to.equal(
        'Der Code ist falsch oder wurde bereits verwendet. Geben Sie den aktuellen Code aus Ihrer Authenticator-App ein.',
      ),
    );
    expect(await screen.findByText('Bestätigung fehlgeschlagen', { exact: true })).to.exist;
    expect((code as HTMLInputElement).value).to.equal('');
    expect(localStorage.getItem(STORAGE_KEY)).to.equal(null);

    await userEvent.type(code, '123 456');
    await userEvent.click(within(form).getByRole('button', { name: 'Bestätigen' }));
    expect((await screen.findByTestId('location')).textContent).to.equal('/projects');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!).accessToken).to.equal('access-after-mfa');
    expect(answers).to.deep.equal([
      { mfa_token: 'mfa-token-1', code: '111111' },
      { mfa_token: 'mfa-token-1', code: '123456' },
    ]);
  });

  it('takes a recovery code instead', async () => {
    stub.on('POST', '/api/v1/auth/mfa/challenge', () => json(200, tokens()));
    renderAuth();
    const form = await passwordStep();
    await userEvent.click(within(form).getByRole('button', { name: 'Wiederherstellungscode verwenden' }));
    expect(within(form).queryByLabelText('Code aus der Authenticator-App')).to.equal(null);
    await userEvent.type(within(form).getByLabelText('Wiederherstellungscode'), 'k3m9p-x7q2w');
    await userEvent.click(within(form).getByRole('button', { name: 'Bestätigen' }));
    await screen.findByTestId('location');
    expect(stub.calls('POST', '/api/v1/auth/mfa/challenge')[0]?.body).to.deep.equal({
      mfa_token: 'mfa-token-1',
      recovery_code: 'k3m9p-x7q2w',
    });
  });

  it('goes back to the password with a clear message when the step has expired', async () => {
    stub.on('POST', '/api/v1/auth/mfa/challenge', () =>
      json(401, { error: 'expired', code: 'invalid_mfa_token' }),
    );
    renderAuth();
    const form = await passwordStep();
    await userEvent.type(within(form).getByLabelText('Code aus der Authenticator-App'), '123456');
    await userEvent.click(within(form).getByRole('button', { name: 'Bestätigen' }));
    const signInForm = await screen.findByRole('form', { name: 'Anmelden' });
    expect(within(signInForm).getByRole('alert').textContent).to.equal(
      'Der Anmeldeschritt ist abgelaufen oder wurde bereits abgeschlossen. Bitte melden Sie sich erneut an.',
    );
    expect(screen.queryByRole('form', { name: 'Bestätigung in zwei Schritten' })).to.equal(null);
    expect(within(signInForm).getByLabelText('Passwort')).to.have.property('value', '');
  });

  it('offers "Passkey verwenden" when the account has a passkey and the browser can use it', async () => {
    globals.PublicKeyCredential = function PublicKeyCredential() {};
    methods = ['totp', 'webauthn'];
    stub.on('POST', '/api/v1/auth/mfa/webauthn/options', () =>
      json(401, { error: 'expired', code: 'invalid_mfa_token' }),
    );
    renderAuth();
    const form = await passwordStep();
    await userEvent.click(within(form).getByRole('button', { name: 'Passkey verwenden' }));
    // The passkey answers the same step: its options are asked for with this step's token.
    await screen.findByRole('form', { name: 'Anmelden' });
    expect(stub.calls('POST', '/api/v1/auth/mfa/webauthn/options')[0]?.body).to.deep.equal({
      mfa_token: 'mfa-token-1',
    });
  });

  it('asks a passkey-only account for its passkey, not for a code', async () => {
    globals.PublicKeyCredential = function PublicKeyCredential() {};
    methods = ['webauthn'];
    renderAuth();
    const form = await passwordStep();
    await within(form).findByText('Bestätigen Sie die Anmeldung mit Ihrem Passkey.');
    expect(within(form).queryByText(/6-stelligen Code/)).to.equal(null);
    expect(within(form).queryByRole('button', { name: 'Wiederherstellungscode verwenden' })).to.equal(null);
    within(form).getByRole('button', { name: 'Passkey verwenden' });
  });

  it('offers passwordless "Mit Passkey anmelden" only where the browser supports passkeys', async () => {
    renderAuth();
    expect(screen.queryByRole('button', { name: 'Mit Passkey anmelden' })).to.equal(null);
    cleanup();
    globals.PublicKeyCredential = function PublicKeyCredential() {};
    stub.on('POST', '/api/v1/auth/passkeys/sign-in/options', () =>
      json(429, { error: 'slow down', code: 'rate_limited' }),
    );
    renderAuth();
    await userEvent.click(screen.getByRole('button', { name: 'Mit Passkey anmelden' }));
    const alert = await within(screen.getByRole('form', { name: 'Anmelden' })).findByRole('alert');
    expect(alert.textContent).to.equal(
      'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
    );
    expect(stub.calls('POST', '/api/v1/auth/passkeys/sign-in/options')).to.have.length(1);
    expect(stub.calls('POST', '/api/v1/auth/login')).to.have.length(0);
  });

  it('continues a Google sign-in of an account with two-factor with the second step', async () => {
    stub.on('POST', '/api/v1/auth/exchange', () =>
      json(200, { mfa_required: true, mfa_token: 'mfa-google', methods: ['totp'], expires_in: 300 }),
    );
    stub.on('POST', '/api/v1/auth/mfa/challenge', () => json(200, tokens()));
    renderAuth('/auth?code=google-one-time');
    const form = await screen.findByRole('form', { name: 'Bestätigung in zwei Schritten' });
    expect(localStorage.getItem(STORAGE_KEY)).to.equal(null);
    await userEvent.type(within(form).getByLabelText('Code aus der Authenticator-App'), '123456');
    await userEvent.click(within(form).getByRole('button', { name: 'Bestätigen' }));
    expect((await screen.findByTestId('location')).textContent).to.equal('/dashboard');
    expect(stub.calls('POST', '/api/v1/auth/mfa/challenge')[0]?.body).to.deep.equal({
      mfa_token: 'mfa-google',
      code: '123456',
    });
  });
});
