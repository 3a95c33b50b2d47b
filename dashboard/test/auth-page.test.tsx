import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { Route, Routes, useLocation } from 'react-router';
import { RequireAuth } from '../src/layout/RequireAuth';
import Auth from '../src/pages/Auth';
import { STORAGE_KEY, useSessionStore } from '../src/stores/session';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json } from './fetch-stub';
import { renderWithProviders } from './render';

const user = {
  id: 'u1',
  email: 'ada@example.com',
  display_name: 'Ada',
  is_verified: true,
  created_at: '2024-01-01T00:00:00.000Z',
  last_login_at: null,
};

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** The auth page plus stand-ins for where it sends the user, so that navigation is visible. */
function renderAuth(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/auth" element={<Auth />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route },
  );
}

/** A toast's title, which is what the user reads first. */
function toastTitled(title: string) {
  return screen.findByText(title, { exact: true });
}

describe('auth screen', () => {
  let stub: FetchStub;

  beforeEach(() => {
    act(() => {
      void useUiStore.getState().setLocale('de');
      useSessionStore.setState({ status: 'signedOut', session: null, signedOutByUser: false });
      useToastStore.setState({ toasts: [] });
    });
    localStorage.clear();
    stub = new FetchStub().install();
    stub.on('GET', '/api/v1/auth/providers', () =>
      json(200, { providers: [{ id: 'password', name: 'E-Mail und Passwort', authorize_url: null }] }),
    );
  });

  afterEach(() => {
    cleanup();
    stub.restore();
    // An open Radix dialog disables pointer events on <body>; unmounting it mid-test leaves that.
    document.body.style.pointerEvents = '';
  });

  describe('Anmelden', () => {
    it('asks for e-mail and password before calling the server', async () => {
      renderAuth('/auth');
      await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
      expect(screen.getByRole('alert').textContent).to.equal(
        'Bitte geben Sie E-Mail-Adresse und Passwort ein.',
      );
      expect(stub.calls('POST', '/api/v1/auth/login')).to.have.length(0);
    });

    it('shows invalid credentials in German, in the form and as a destructive toast', async () => {
      stub.on('POST', '/api/v1/auth/login', () =>
        json(401, { error: 'Invalid e-mail or password.', code: 'invalid_credentials' }),
      );
      renderAuth('/auth');
      await userEvent.type(screen.getByLabelText('E-Mail'), 'ada@example.com');
      await userEvent.type(screen.getByLabelText('Passwort'), 'falsch!');
      await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
      await toastTitled('Anmeldung fehlgeschlagen');
      const alert = within(screen.getByRole('form', { name: 'Anmelden' })).getByRole('alert');
      expect(alert.textContent).to.equal('Ungültige E-Mail-Adresse oder ungültiges Passwort.');
      expect(stub.calls('POST', '/api/v1/auth/login')[0]?.body).to.deep.equal({
        email: 'ada@example.com',
        password: 'falsch!',
      });
    });

    it("falls back to the server's message for codes the catalog does not know (yet)", async () => {
      stub.on('POST', '/api/v1/auth/login', () =>
        json(400, { error: 'Something new went wrong.', code: 'a_code_from_a_newer_server' }),
      );
      renderAuth('/auth');
      await userEvent.type(screen.getByLabelText('E-Mail'), 'ada@example.com');
      await userEvent.type(screen.getByLabelText('Passwort'), 'whatever');
      await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
      await waitFor(() => expect(screen.getAllByText('Something new went wrong.')).to.have.length(2));
    });

    it('says in German which fields the server refused', async () => {
      stub.on('POST', '/api/v1/auth/login', () =>
        json(400, {
          error: 'body.email: Invalid email address',
          code: 'validation_failed',
          details: [{ path: 'body.email', message: 'Invalid email address' }],
        }),
      );
      renderAuth('/auth');
      await userEvent.type(screen.getByLabelText('E-Mail'), 'nope');
      await userEvent.type(screen.getByLabelText('Passwort'), 'whatever');
      await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
      await waitFor(() =>
        expect(screen.getAllByText('Die Eingaben sind ungültig. Bitte prüfen Sie: email.')).to.have.length(2),
      );
    });

    it('signs in, stores the session and continues to the page the user wanted', async () => {
      stub
        .on('POST', '/api/v1/auth/login', () =>
          json(200, {
            success: true,
            access_token: 'a',
            refresh_token: 'r',
            token_type: 'Bearer',
            expires_in: 900,
            expires_at: Math.floor(Date.now() / 1000) + 900,
            user,
          }),
        )
        .on('GET', '/api/v1/auth/me', () => json(200, { ...user, is_admin: false }));
      renderAuth('/auth?redirect=%2Fprojects%3Fx%3D1');
      await userEvent.type(screen.getByLabelText('E-Mail'), 'ada@example.com');
      await userEvent.type(screen.getByLabelText('Passwort'), 'richtig!');
      await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
      expect((await screen.findByTestId('location')).textContent).to.equal('/projects?x=1');
      await toastTitled('Erfolgreich angemeldet');
      expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!).accessToken).to.equal('a');
    });

    it('never follows a redirect to another site', async () => {
      act(() =>
        useSessionStore.setState({
          status: 'signedIn',
          session: { accessToken: 'a', refreshToken: 'r', expiresAt: 0, user },
        }),
      );
      renderAuth('/auth?redirect=%2F%2Fevil.example');
      expect((await screen.findByTestId('location')).textContent).to.equal('/dashboard');
    });

    it('shows and hides the password with a pressed toggle button', async () => {
      renderAuth('/auth');
      const input = screen.getByLabelText('Passwort') as HTMLInputElement;
      const toggle = screen.getByRole('button', { name: 'Passwort anzeigen' });
      expect(input.type).to.equal('password');
      expect(toggle.getAttribute('aria-pressed')).to.equal('false');
      await userEvent.click(toggle);
      expect(input.type).to.equal('text');
      expect(toggle.getAttribute('aria-pressed')).to.equal('true');
    });

    it('offers Google only when the server lists it', async () => {
      stub.on('GET', '/api/v1/auth/providers', () =>
        json(200, {
          providers: [
            { id: 'password', name: 'E-Mail und Passwort', authorize_url: null },
            { id: 'google', name: 'Google', authorize_url: '/api/v1/auth/google' },
          ],
        }),
      );
      renderAuth('/auth');
      const google = await screen.findByRole('link', { name: 'Mit Google anmelden' });
      expect(google.getAttribute('href')).to.equal('/api/v1/auth/google');
    });

    it('has no Google button when the server does not offer it', async () => {
      renderAuth('/auth');
      await waitFor(() => expect(stub.calls('GET', '/api/v1/auth/providers')).to.have.length(1));
      expect(screen.queryByRole('link', { name: 'Mit Google anmelden' })).to.equal(null);
    });

    it('reports a failed Google sign-in from the return URL', async () => {
      renderAuth('/auth?error=access_denied');
      await toastTitled('Google-Anmeldung fehlgeschlagen');
    });

    it('confirms the e-mail address after the confirmation link', () => {
      renderAuth('/auth?confirmed=1');
      expect(screen.getByRole('status').textContent).to.equal(
        'E-Mail-Adresse bestätigt. Sie können sich jetzt anmelden.',
      );
    });
  });

  describe('Registrieren', () => {
    async function fillRegistration(password: string, confirmation: string) {
      renderAuth('/auth');
      await userEvent.click(screen.getByRole('tab', { name: 'Registrieren' }));
      const form = screen.getByRole('form', { name: 'Registrieren' });
      await userEvent.type(within(form).getByLabelText('E-Mail'), 'ada@example.com');
      await userEvent.type(within(form).getByLabelText('Passwort'), password);
      await userEvent.type(within(form).getByLabelText('Passwort bestätigen'), confirmation);
      await userEvent.click(within(form).getByRole('button', { name: 'Konto erstellen' }));
      return form;
    }

    it('refuses passwords that do not match', async () => {
      const form = await fillRegistration('geheim123', 'geheim124');
      expect(within(form).getByRole('alert').textContent).to.equal('Passwörter stimmen nicht überein');
      expect(stub.calls('POST', '/api/v1/auth/register')).to.have.length(0);
    });

    it('refuses a password shorter than 6 characters', async () => {
      const form = await fillRegistration('kurz', 'kurz');
      expect(within(form).getByRole('alert').textContent).to.equal(
        'Passwort muss mindestens 6 Zeichen lang sein',
      );
      expect(stub.calls('POST', '/api/v1/auth/register')).to.have.length(0);
    });

    it('registers and moves on to /email-confirmation', async () => {
      stub.on('POST', '/api/v1/auth/register', () => json(201, { user, confirmation_required: true }));
      await fillRegistration('geheim123', 'geheim123');
      expect((await screen.findByTestId('location')).textContent).to.equal('/email-confirmation');
      expect(stub.calls('POST', '/api/v1/auth/register')[0]?.body).to.deep.equal({
        email: 'ada@example.com',
        password: 'geheim123',
      });
    });

    it('shows a server refusal with the registration title', async () => {
      stub.on('POST', '/api/v1/auth/register', () =>
        json(429, { error: 'Too many requests, try again later.', code: 'rate_limited' }),
      );
      await fillRegistration('geheim123', 'geheim123');
      await toastTitled('Registrierung fehlgeschlagen');
      expect(
        screen.getAllByText('Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.'),
      ).to.have.length(2);
    });
  });

  describe('forgot-password dialog', () => {
    it('asks for the e-mail address when it is empty', async () => {
      renderAuth('/auth');
      await userEvent.click(screen.getByRole('button', { name: 'Passwort vergessen?' }));
      const dialog = screen.getByRole('dialog', { name: 'Passwort zurücksetzen' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Link senden' }));
      await toastTitled('E-Mail erforderlich');
      expect(within(dialog).getByRole('alert').textContent).to.equal(
        'Bitte geben Sie Ihre E-Mail-Adresse ein.',
      );
      expect(stub.calls('POST', '/api/v1/password-reset')).to.have.length(0);
      expect(screen.getByRole('dialog')).to.exist;
    });

    it('closes on Escape and returns focus to its trigger', async () => {
      renderAuth('/auth');
      const trigger = screen.getByRole('button', { name: 'Passwort vergessen?' });
      await userEvent.click(trigger);
      const dialog = screen.getByRole('dialog');
      expect(dialog.contains(document.activeElement)).to.equal(true);
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
      expect(document.activeElement).to.equal(trigger);
    });

    it('sends the reset link for the entered address, confirms and closes', async () => {
      stub.on('POST', '/api/v1/password-reset', () => json(200, { success: true }));
      renderAuth('/auth');
      await userEvent.type(screen.getByLabelText('E-Mail'), 'ada@example.com');
      await userEvent.click(screen.getByRole('button', { name: 'Passwort vergessen?' }));
      const dialog = screen.getByRole('dialog');
      expect((within(dialog).getByLabelText('E-Mail') as HTMLInputElement).value).to.equal('ada@example.com');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Link senden' }));
      await toastTitled('E-Mail gesendet');
      await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
      expect(stub.calls('POST', '/api/v1/password-reset')[0]?.body).to.deep.equal({
        action: 'generate',
        email: 'ada@example.com',
      });
    });

    it('does not submit the sign-in form behind it (no failed sign-in counting towards lockout)', async () => {
      stub.on('POST', '/api/v1/password-reset', () => json(200, { success: true }));
      stub.on('POST', '/api/v1/auth/login', () =>
        json(401, { error: 'Invalid e-mail or password.', code: 'invalid_credentials' }),
      );
      renderAuth('/auth');
      await userEvent.type(screen.getByLabelText('E-Mail'), 'ada@example.com');
      await userEvent.type(screen.getByLabelText('Passwort'), 'vergessen');
      await userEvent.click(screen.getByRole('button', { name: 'Passwort vergessen?' }));
      const dialog = screen.getByRole('dialog');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Link senden' }));
      await toastTitled('E-Mail gesendet');
      expect(stub.calls('POST', '/api/v1/password-reset')).to.have.length(1);
      expect(stub.calls('POST', '/api/v1/auth/login')).to.have.length(0);
      expect(screen.queryByText('Anmeldung fehlgeschlagen')).to.equal(null);
    });
  });

  describe('reset screen', () => {
    async function submitReset(route: string, password: string, confirmation = password) {
      renderAuth(route);
      await userEvent.type(screen.getByLabelText('Neues Passwort'), password);
      await userEvent.type(screen.getByLabelText('Passwort bestätigen'), confirmation);
      await userEvent.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    }

    it('says "Ungültiger Reset-Token" without a token', () => {
      renderAuth('/auth?mode=reset');
      expect(screen.getByRole('alert').textContent).to.equal('Ungültiger Reset-Token');
    });

    it('checks the new password like registration does', async () => {
      await submitReset('/auth?mode=reset&token=t1', 'geheim123', 'anders123');
      expect(screen.getByRole('alert').textContent).to.equal('Passwörter stimmen nicht überein');
      expect(stub.calls('POST', '/api/v1/password-reset')).to.have.length(0);
    });

    it('shows an invalid or used token from the server as "Ungültiger Reset-Token"', async () => {
      stub.on('POST', '/api/v1/password-reset', () =>
        json(400, { error: 'The reset link is invalid.', code: 'invalid_reset_token' }),
      );
      await submitReset('/auth?mode=reset&token=t1', 'geheim123');
      await toastTitled('Fehler beim Zurücksetzen');
      expect(screen.getAllByText('Ungültiger Reset-Token')).to.have.length(2);
    });

    it('sets the new password, confirms it and returns to sign-in two seconds later', async function () {
      this.timeout(5000);
      stub.on('POST', '/api/v1/password-reset', () => json(200, { success: true }));
      await submitReset('/auth?mode=reset&token=t%2B1', 'geheim123');
      await waitFor(() => expect(screen.getAllByText('Passwort erfolgreich geändert')).to.have.length(2));
      expect(stub.calls('POST', '/api/v1/password-reset')[0]?.body).to.deep.equal({
        action: 'reset',
        token: 't+1',
        new_password: 'geheim123',
      });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(screen.getByRole('heading', { name: 'Neues Passwort festlegen' })).to.exist;
      await screen.findByRole('tab', { name: 'Anmelden' }, { timeout: 1500 });
    });
  });

  describe('protected routes', () => {
    it('send a visitor to /auth and remember where they wanted to go', async () => {
      renderWithProviders(
        <Routes>
          <Route
            path="/tokens"
            element={
              <RequireAuth>
                <p>geheim</p>
              </RequireAuth>
            }
          />
          <Route path="*" element={<Where />} />
        </Routes>,
        { route: '/tokens?applicationId=a1' },
      );
      expect((await screen.findByTestId('location')).textContent).to.equal(
        '/auth?redirect=%2Ftokens%3FapplicationId%3Da1',
      );
      expect(screen.queryByText('geheim')).to.equal(null);
    });
  });
});
