import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { StepUpHost } from '../src/components/auth/StepUpDialog';
import Security from '../src/pages/Security';
import { useSessionStore, type SessionUser } from '../src/stores/session';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json } from './fetch-stub';
import { renderWithProviders } from './render';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const OTPAUTH = `otpauth://totp/IAM%20Platform:ada%40example.com?secret=${SECRET}`;

const user = {
  id: 'u1',
  email: 'ada@example.com',
  display_name: 'Ada',
  is_verified: true,
  created_at: '2024-01-01T00:00:00.000Z',
  last_login_at: null,
  is_admin: false,
  two_factor: { enabled: false, methods: [], recovery_codes_left: 0, required_by: [] },
  mfa_enrollment_required: false,
} as unknown as SessionUser;

/** The server's refusal of a sensitive call whose session proved its identity too long ago. */
const stale = (methods: string[]) =>
  json(403, {
    error: 'Please confirm your identity to continue.',
    code: 'reauthentication_required',
    methods,
    max_age_seconds: 600,
  });

/**
 * The step-up flow through the real security page, API client and dialog (only the network is
 * stubbed): a sensitive call refused with 403 reauthentication_required asks for a fresh proof
 * in place and, once the server took it, goes through without the person starting over.
 */
describe('step-up dialog (sensitive changes ask for a fresh proof)', () => {
  let stub: FetchStub;
  /** The proofs a refusal of POST /mfa/totp names; while null the call goes through. */
  let refuseWith: string[] | null;

  beforeEach(() => {
    act(() => {
      void useUiStore.getState().setLocale('de');
      useToastStore.setState({ toasts: [] });
      useSessionStore.setState({
        status: 'signedIn',
        session: { accessToken: 'a', refreshToken: 'r', expiresAt: 9_999_999_999, user },
        signedOutByUser: false,
      });
    });
    refuseWith = ['password'];
    stub = new FetchStub()
      .on('GET', '/api/v1/auth/me', () => json(200, user))
      .on('GET', '/api/v1/auth/mfa/passkeys', () => json(200, { data: [] }))
      .on('POST', '/api/v1/auth/mfa/totp', () =>
        refuseWith ? stale(refuseWith) : json(200, { secret: SECRET, otpauth_url: OTPAUTH }),
      )
      .on('POST', '/api/v1/auth/reauthenticate', (request) => {
        const body = request.body as { password?: string; code?: string };
        if (body.password === 'richtig' || body.code === '123456' || body.code === 'abcde-12345') {
          refuseWith = null;
          return json(200, {
            auth_time: '2026-05-01T10:00:00.000Z',
            reauthenticate_before: '2026-05-01T10:10:00.000Z',
          });
        }
        // What the step-up route answers for a wrong password; the first contract said 401.
        if (body.password === 'falsch')
          return json(401, { error: 'Invalid email or password', code: 'invalid_credentials' });
        if (body.password !== undefined)
          return json(400, { error: 'The current password is not correct.', code: 'wrong_current_password' });
        return json(400, { error: 'The code is not correct.', code: 'invalid_mfa_code' });
      })
      .install();
  });

  afterEach(() => {
    cleanup();
    stub.restore();
    delete (globalThis as { PublicKeyCredential?: unknown }).PublicKeyCredential;
    document.body.style.pointerEvents = '';
  });

  const renderPage = () =>
    renderWithProviders(
      <>
        <Security />
        <StepUpHost />
      </>,
    );

  async function startEnrolment() {
    const section = await screen.findByRole('region', { name: /Authenticator-App/ });
    await userEvent.click(within(section).getByRole('button', { name: 'Authenticator-App einrichten' }));
    return {
      section,
      dialog: await screen.findByRole('dialog', { name: 'Bitte bestätigen Sie Ihre Identität' }),
    };
  }

  it('asks for the password, says so when it is wrong, and then carries on with the refused change', async () => {
    renderPage();
    const { section, dialog } = await startEnrolment();
    expect(dialog.textContent).to.contain('mehr als 10 Minuten');
    // Only the password was offered: no code field, no switch to one, no passkey button.
    const password = within(dialog).getByLabelText('Passwort');
    expect(document.activeElement).to.equal(password);
    expect(within(dialog).queryByLabelText(/Wiederherstellungscode/)).to.equal(null);
    expect(within(dialog).queryByRole('button', { name: /Code verwenden/ })).to.equal(null);
    expect(within(dialog).queryByRole('button', { name: 'Mit Passkey bestätigen' })).to.equal(null);

    // Enter sends; a wrong password is said in the dialog, which stays open for another try.
    await userEvent.type(password, 'falsch{Enter}');
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).to.equal('Das Passwort ist falsch.'),
    );
    expect(stub.calls('POST', '/api/v1/auth/mfa/totp')).to.have.length(1);
    // A refused password is no expired token: the session is not renewed (nor the proof sent twice).
    expect(stub.calls('POST', '/api/v1/auth/refresh')).to.have.length(0);
    expect(useSessionStore.getState().status).to.equal('signedIn');

    await userEvent.clear(password);
    await userEvent.type(password, 'auch-falsch{Enter}');
    await waitFor(() => expect(stub.calls('POST', '/api/v1/auth/reauthenticate')).to.have.length(2));
    expect(within(dialog).getByRole('alert').textContent).to.equal('Das Passwort ist falsch.');

    await userEvent.clear(password);
    await userEvent.type(password, 'richtig');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bestätigen' }));

    // The refused call went out once more by itself, and the enrolment shows its QR code.
    await within(section).findByRole('img', { name: 'QR-Code zum Einrichten der Authenticator-App' });
    expect(screen.queryByRole('dialog')).to.equal(null);
    expect(stub.calls('POST', '/api/v1/auth/reauthenticate').map((call) => call.body)).to.deep.equal([
      { password: 'falsch' },
      { password: 'auch-falsch' },
      { password: 'richtig' },
    ]);
    const attempts = stub.calls('POST', '/api/v1/auth/mfa/totp');
    expect(attempts).to.have.length(2);
    expect(attempts[1]!.authorization).to.equal('Bearer a');
  });

  it('offers a code (TOTP or recovery) and a passkey when those are listed, and no password', async () => {
    // A browser with WebAuthn (jsdom has none); the passkey ceremony itself runs in test/e2e.
    (globalThis as { PublicKeyCredential?: unknown }).PublicKeyCredential = function PublicKeyCredential() {};
    refuseWith = ['totp', 'passkey'];
    renderPage();
    const { section, dialog } = await startEnrolment();
    expect(within(dialog).queryByLabelText('Passwort')).to.equal(null);
    within(dialog).getByRole('button', { name: 'Mit Passkey bestätigen' });
    const code = within(dialog).getByLabelText('Code aus der Authenticator-App oder Wiederherstellungscode');

    // Five digits are neither a code nor a recovery code: refused here, nothing sent.
    await userEvent.type(code, '12345{Enter}');
    expect(within(dialog).getByRole('alert').textContent).to.contain('6-stelligen Code');
    expect(stub.calls('POST', '/api/v1/auth/reauthenticate')).to.have.length(0);

    await userEvent.clear(code);
    await userEvent.type(code, '000000{Enter}');
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).to.contain('Der Code ist falsch'),
    );
    expect((code as HTMLInputElement).value).to.equal('');

    // A recovery code is sent as it is.
    await userEvent.type(code, 'abcde-12345{Enter}');
    await within(section).findByRole('img', { name: 'QR-Code zum Einrichten der Authenticator-App' });
    expect(stub.calls('POST', '/api/v1/auth/reauthenticate').map((call) => call.body)).to.deep.equal([
      { code: '000000' },
      { code: 'abcde-12345' },
    ]);
  });

  it('switches between password and code when both are accepted', async () => {
    refuseWith = ['password', 'totp'];
    renderPage();
    const { section, dialog } = await startEnrolment();
    within(dialog).getByLabelText('Passwort');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stattdessen einen Code verwenden' }));
    const code = within(dialog).getByLabelText('Code aus der Authenticator-App oder Wiederherstellungscode');
    expect(document.activeElement).to.equal(code);
    await userEvent.type(code, '123 456{Enter}');
    await within(section).findByRole('img', { name: 'QR-Code zum Einrichten der Authenticator-App' });
    expect(stub.calls('POST', '/api/v1/auth/reauthenticate').map((call) => call.body)).to.deep.equal([
      { code: '123456' },
    ]);
  });

  it('Escape cancels: nothing is sent again, the page stays as it was and says why nothing changed', async () => {
    renderPage();
    const { section, dialog } = await startEnrolment();
    await userEvent.type(within(dialog).getByLabelText('Passwort'), 'richtig');
    await userEvent.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
    expect(stub.calls('POST', '/api/v1/auth/reauthenticate')).to.have.length(0);
    expect(stub.calls('POST', '/api/v1/auth/mfa/totp')).to.have.length(1);
    within(section).getByRole('button', { name: 'Authenticator-App einrichten' });
    expect(within(section).queryByRole('img')).to.equal(null);
    const toast = await screen.findByText(/Nichts wurde geändert/);
    expect(toast.textContent).to.contain('Identität bestätigen');

    // Asked again later, the dialog opens again (the cancelled question is not remembered).
    await userEvent.click(within(section).getByRole('button', { name: 'Authenticator-App einrichten' }));
    await screen.findByRole('dialog', { name: 'Bitte bestätigen Sie Ihre Identität' });
    await userEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
    expect(stub.calls('POST', '/api/v1/auth/mfa/totp')).to.have.length(2);
  });

  it('shows the English texts', async () => {
    await act(() => useUiStore.getState().setLocale('en'));
    renderPage();
    const section = await screen.findByRole('region', { name: /Authenticator app/ });
    await userEvent.click(within(section).getByRole('button', { name: /Set up/ }));
    const dialog = await screen.findByRole('dialog', { name: "Please confirm it's you" });
    within(dialog).getByLabelText('Password');
    within(dialog).getByRole('button', { name: 'Confirm' });
  });
});
