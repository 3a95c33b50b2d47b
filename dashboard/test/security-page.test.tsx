import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { Outlet, Route, Routes } from 'react-router';
import Security from '../src/pages/Security';
import { RequireTwoFactorEnrolment } from '../src/pages/Security/RequireTwoFactorEnrolment';
import { useSessionStore, type SessionUser } from '../src/stores/session';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json, type RecordedRequest } from './fetch-stub';
import { renderWithProviders } from './render';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const OTPAUTH = `otpauth://totp/IAM%20Platform:ada%40example.com?issuer=IAM%20Platform&secret=${SECRET}&algorithm=SHA1&digits=6&period=30`;
const CODES = Array.from({ length: 10 }, (_, index) => `abcde-${String(index).padStart(5, 'x')}`);

function me(twoFactor: Partial<NonNullable<SessionUser['two_factor']>> = {}, required = false): SessionUser {
  return {
    id: 'u1',
    email: 'ada@example.com',
    display_name: 'Ada',
    is_verified: true,
    created_at: '2024-01-01T00:00:00.000Z',
    last_login_at: null,
    is_admin: false,
    two_factor: { enabled: false, methods: [], recovery_codes_left: 0, required_by: [], ...twoFactor },
    mfa_enrollment_required: required,
  } as SessionUser;
}

const enabledMe = (left = 10) => me({ enabled: true, methods: ['totp'], recovery_codes_left: left });

function signIn(user: SessionUser) {
  act(() => {
    useSessionStore.setState({
      status: 'signedIn',
      session: { accessToken: 'a', refreshToken: 'r', expiresAt: 9_999_999_999, user },
      signedOutByUser: false,
    });
  });
}

function Guarded() {
  return (
    <RequireTwoFactorEnrolment>
      <Outlet />
    </RequireTwoFactorEnrolment>
  );
}

function renderSecurity(route = '/account/security') {
  return renderWithProviders(
    <Routes>
      <Route element={<Guarded />}>
        <Route path="/account/security" element={<Security />} />
        <Route path="/dashboard" element={<p>Dashboard-Seite</p>} />
      </Route>
      <Route path="/" element={<p>Startseite</p>} />
    </Routes>,
    { route },
  );
}

describe('security page (two-factor)', () => {
  let stub: FetchStub;
  /** What GET /auth/me answers now; the tests change it as the server would. */
  let current: SessionUser;

  beforeEach(() => {
    act(() => {
      void useUiStore.getState().setLocale('de');
      useToastStore.setState({ toasts: [] });
    });
    current = me();
    stub = new FetchStub().install().on('GET', '/api/v1/auth/me', () => json(200, current));
  });

  afterEach(() => {
    cleanup();
    stub.restore();
    document.body.style.pointerEvents = '';
  });

  it('enrols: QR code, the secret as text, the otpauth link, a checked code, then the recovery codes once', async () => {
    signIn(current);
    stub.on('POST', '/api/v1/auth/mfa/totp', () => json(200, { secret: SECRET, otpauth_url: OTPAUTH }));
    let attempts = 0;
    stub.on('POST', '/api/v1/auth/mfa/totp/confirm', () => {
      attempts += 1;
      if (attempts === 1) return json(400, { error: 'The code is not correct.', code: 'invalid_mfa_code' });
      current = enabledMe();
      return json(200, { recovery_codes: CODES });
    });
    renderSecurity();

    const section = await screen.findByRole('region', { name: /Authenticator-App/ });
    expect(within(section).getByTestId('totp-status').textContent).to.equal('nicht eingerichtet');
    await userEvent.click(within(section).getByRole('button', { name: 'Authenticator-App einrichten' }));

    const qr = await within(section).findByRole('img', {
      name: 'QR-Code zum Einrichten der Authenticator-App',
    });
    expect(qr.getAttribute('src')).to.match(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(qr.getAttribute('src')!)).to.contain('<svg');
    expect(within(section).getByTestId('totp-secret').textContent?.replace(/\s/g, '')).to.equal(SECRET);
    expect(
      within(section)
        .getByRole('link', { name: 'Auf diesem Gerät in der Authenticator-App öffnen' })
        .getAttribute('href'),
    ).to.equal(OTPAUTH);

    const codeField = within(section).getByLabelText('Code aus der Authenticator-App');
    expect(codeField.getAttribute('autocomplete')).to.equal('one-time-code');
    expect(codeField.getAttribute('inputmode')).to.equal('numeric');

    // Not six digits: refused here, nothing sent.
    await userEvent.type(codeField, '12345');
    await userEvent.click(within(section).getByRole('button', { name: 'Aktivieren' }));
    expect(within(section).getByRole('alert').textContent).to.equal(
      'Bitte geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.',
    );
    expect(stub.calls('POST', '/api/v1/auth/mfa/totp/confirm')).to.have.length(0);

    // A wrong code: the catalog's German text, the field emptied for the next try.
    await userEvent.clear(codeField);
    await userEvent.type(codeField, '000 000');
    await userEvent.click(within(section).getByRole('button', { name: 'Aktivieren' }));
    await waitFor(() =>
      expect(within(section).getByRole('alert').textContent).to.equal(
        'Der Code ist falsch oder wurde bereits verwendet. Geben Sie den aktuellen Code aus Ihrer Authenticator-App ein.',
      ),
    );
    expect((codeField as HTMLInputElement).value).to.equal('');

    await userEvent.type(codeField, '123 456');
    await userEvent.click(within(section).getByRole('button', { name: 'Aktivieren' }));
    const codes = await within(section).findByRole('list', { name: 'Ihre Wiederherstellungscodes' });
    expect(stub.calls('POST', '/api/v1/auth/mfa/totp/confirm').map((call) => call.body)).to.deep.equal([
      { code: '000000' },
      { code: '123456' },
    ]);
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).to.deep.equal(CODES);
    expect(within(section).getByRole('note').textContent).to.contain(
      'Diese Codes werden nur jetzt angezeigt.',
    );
    const download = within(section).getByRole('link', { name: 'Als .txt herunterladen' });
    expect(download.getAttribute('download')).to.match(/\.txt$/);
    const file = decodeURIComponent(
      download.getAttribute('href')!.replace(/^data:text\/plain;charset=utf-8,/, ''),
    );
    for (const code of CODES) expect(file).to.contain(code);
    expect(file).to.contain('ada@example.com');
    await waitFor(() => expect(within(section).getByTestId('totp-status').textContent).to.equal('aktiv'));

    await userEvent.click(within(section).getByRole('button', { name: 'Ich habe die Codes gespeichert' }));
    expect(within(section).queryByRole('list', { name: 'Ihre Wiederherstellungscodes' })).to.equal(null);
    expect(section.textContent).not.to.contain(CODES[0]);
    expect(within(section).getByTestId('recovery-codes-left').textContent).to.equal(
      'Noch 10 von 10 Wiederherstellungscodes übrig.',
    );
  });

  it('turns two-factor off only with the password (a wrong one is said in German)', async () => {
    current = enabledMe();
    signIn(current);
    stub.on('DELETE', '/api/v1/auth/mfa/totp', (request: RecordedRequest) => {
      if ((request.body as { password?: string }).password !== 'richtig')
        return json(400, { error: 'The password is not correct.', code: 'mfa_wrong_password' });
      current = me();
      return new Response(null, { status: 204 });
    });
    renderSecurity();
    const section = await screen.findByRole('region', { name: /Authenticator-App/ });
    await waitFor(() => expect(within(section).getByTestId('totp-status').textContent).to.equal('aktiv'));
    await userEvent.click(within(section).getByRole('button', { name: 'Deaktivieren' }));

    const dialog = await screen.findByRole('dialog', { name: 'Zwei-Faktor-Anmeldung deaktivieren' });
    await userEvent.type(within(dialog).getByLabelText('Passwort'), 'falsch');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zwei-Faktor-Anmeldung deaktivieren' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).to.equal('Das Passwort ist nicht korrekt.'),
    );
    expect(within(section).getByTestId('totp-status').textContent).to.equal('aktiv');

    await userEvent.clear(within(dialog).getByLabelText('Passwort'));
    await userEvent.type(within(dialog).getByLabelText('Passwort'), 'richtig');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zwei-Faktor-Anmeldung deaktivieren' }));
    await screen.findByText('Zwei-Faktor-Anmeldung deaktiviert', { exact: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
    await waitFor(() =>
      expect(within(section).getByTestId('totp-status').textContent).to.equal('nicht eingerichtet'),
    );
    expect(stub.calls('DELETE', '/api/v1/auth/mfa/totp').map((call) => call.body)).to.deep.equal([
      { password: 'falsch' },
      { password: 'richtig' },
    ]);
  });

  it('deletes the account after the password is confirmed, then leaves the signed-in area', async () => {
    current = me();
    signIn(current);
    stub.on('DELETE', '/api/v1/auth/me', (request: RecordedRequest) => {
      if ((request.body as { password?: string }).password !== 'richtig')
        return json(400, { error: 'wrong', code: 'wrong_current_password' });
      return new Response(null, { status: 204 });
    });
    renderSecurity();
    const section = await screen.findByRole('region', { name: 'Konto löschen' });
    await userEvent.click(within(section).getByRole('button', { name: 'Konto löschen …' }));
    const dialog = await screen.findByRole('dialog', { name: 'Konto löschen' });
    within(dialog).getByText(/nicht rückgängig/);
    // Without two-factor there is no code to confirm with.
    expect(within(dialog).queryByRole('button', { name: 'Stattdessen Code aus der App verwenden' })).to.equal(
      null,
    );
    await userEvent.type(within(dialog).getByLabelText('Passwort'), 'falsch');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Konto endgültig löschen' }));
    await within(dialog).findByRole('alert');
    expect(useSessionStore.getState().status).to.equal('signedIn');

    await userEvent.clear(within(dialog).getByLabelText('Passwort'));
    await userEvent.type(within(dialog).getByLabelText('Passwort'), 'richtig');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Konto endgültig löschen' }));
    await screen.findByText('Startseite');
    await screen.findByText('Ihr Konto wurde gelöscht.', { exact: true });
    expect(useSessionStore.getState().status).to.equal('signedOut');
    expect(stub.calls('DELETE', '/api/v1/auth/me').map((call) => call.body)).to.deep.equal([
      { password: 'falsch' },
      { password: 'richtig' },
    ]);
  });

  it('replaces the recovery codes with a current code and shows the new ones once', async () => {
    current = enabledMe(2);
    signIn(current);
    stub.on('POST', '/api/v1/auth/mfa/recovery-codes', () => {
      current = enabledMe(10);
      return json(200, { recovery_codes: CODES });
    });
    renderSecurity();
    const section = await screen.findByRole('region', { name: /Authenticator-App/ });
    await waitFor(() =>
      expect(within(section).getByTestId('recovery-codes-left').textContent).to.equal(
        'Noch 2 von 10 Wiederherstellungscodes übrig. Nur noch wenige Wiederherstellungscodes übrig – erstellen Sie neue.',
      ),
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Neue Wiederherstellungscodes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neue Wiederherstellungscodes erstellen' });
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Stattdessen Code aus der App verwenden' }),
    );
    await userEvent.type(within(dialog).getByLabelText('Code aus der Authenticator-App'), '654321');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Neue Codes erstellen' }));

    const codes = await within(section).findByRole('list', { name: 'Ihre Wiederherstellungscodes' });
    expect(within(codes).getAllByRole('listitem')).to.have.length(10);
    expect(stub.calls('POST', '/api/v1/auth/mfa/recovery-codes')[0]?.body).to.deep.equal({ code: '654321' });
  });

  it('sends a member whose organization requires two-factor to this page, with the reason', async () => {
    current = me({ required_by: [{ id: 'o1', name: 'Acme Inc' }] }, true);
    signIn(current);
    renderSecurity('/dashboard');
    const notice = await screen.findByTestId('mfa-policy-notice');
    expect(screen.queryByText('Dashboard-Seite')).to.equal(null);
    expect(notice.textContent).to.contain('Zwei-Faktor-Anmeldung erforderlich');
    expect(notice.textContent).to.contain('Ihre Organisation „Acme Inc“ verlangt die Zwei-Faktor-Anmeldung.');
  });

  it('lets everybody else go where they wanted', async () => {
    current = me({ required_by: [{ id: 'o1', name: 'Acme Inc' }], enabled: true, methods: ['totp'] }, false);
    signIn(current);
    renderSecurity('/dashboard');
    await screen.findByText('Dashboard-Seite');
  });
});
