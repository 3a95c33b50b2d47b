import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { Route, Routes, useLocation } from 'react-router';
import { StepUpHost } from '../src/components/auth/StepUpDialog';
import Auth from '../src/pages/Auth';
import HostedLayout from '../src/pages/Hosted';
import HostedAccount from '../src/pages/Hosted/Account';
import HostedSignIn from '../src/pages/Hosted/SignIn';
import type { PoolPublicInfo } from '../src/pages/Hosted/api';
import Security from '../src/pages/Security';
import { useSessionStore, type SessionUser } from '../src/stores/session';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json } from './fetch-stub';
import { renderWithProviders } from './render';

const PROJECT = 'b00000000000000000000001';
const APPLICATION = 'c00000000000000000000002';
const SESSION_KEY = `iam-hosted-session:${PROJECT}`;
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

const info: PoolPublicInfo = {
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
  methods: ['password', 'passkey'],
  password_min_length: 10,
  second_factor: 'optional',
};

const me = (email = endUser.email) => ({
  ...endUser,
  email,
  is_admin: false,
  two_factor: { enabled: false, methods: [], recovery_codes_left: 0, required_by: [] },
  mfa_enrollment_required: false,
});

const ACCEPTED = { success: true, message: 'If the address can be used, we have sent a link to it.' };

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderHosted(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/p/:projectId" element={<HostedLayout />}>
        <Route path="sign-in" element={<HostedSignIn />} />
        <Route path="account" element={<HostedAccount />} />
      </Route>
      <Route path="*" element={<Where />} />
    </Routes>,
    { route: path },
  );
}

function hostedSignedIn(token = 'end-user-token') {
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

/** Changing the account's e-mail address: asking on the account pages, confirming from the link. */
describe('e-mail change', () => {
  let stub: FetchStub;

  beforeEach(() => {
    act(() => {
      void useUiStore.getState().setLocale('de');
      useToastStore.setState({ toasts: [] });
      useSessionStore.setState({ status: 'signedOut', session: null, signedOutByUser: false });
    });
    sessionStorage.clear();
    localStorage.clear();
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
  });

  it('asks for the link on the hosted account page with the end user’s token, after a step-up', async () => {
    hostedSignedIn();
    let proved = false;
    stub
      .on('POST', '/api/v1/auth/me/email', () =>
        proved
          ? json(202, ACCEPTED)
          : json(403, {
              error: 'Please confirm it is you.',
              code: 'reauthentication_required',
              methods: ['password'],
              max_age_seconds: 600,
            }),
      )
      .on('POST', '/api/v1/auth/reauthenticate', () => {
        proved = true;
        return json(200, { auth_time: new Date().toISOString(), reauthenticate_before: '' });
      });
    renderHosted(`/p/${PROJECT}/account`);
    const section = (
      await screen.findByRole('heading', { name: 'E-Mail-Adresse ändern', level: 2 }, SLOW)
    ).closest('section')!;
    expect(within(section).getByText('Aktuelle Adresse: kim@example.com')).to.exist;

    const field = within(section).getByLabelText('Neue E-Mail-Adresse');
    // Checked before anything is sent: not an address, and the current one.
    await userEvent.type(field, 'kein-at');
    await userEvent.click(within(section).getByRole('button', { name: 'Bestätigungslink senden' }));
    expect(await within(section).findByText(/Bitte geben Sie eine gültige E-Mail-Adresse ein/)).to.exist;
    await userEvent.clear(field);
    await userEvent.type(field, 'KIM@example.com');
    await userEvent.click(within(section).getByRole('button', { name: 'Bestätigungslink senden' }));
    expect(await within(section).findByText(/Das ist bereits die Adresse Ihres Kontos/)).to.exist;
    expect(stub.calls('POST', '/api/v1/auth/me/email')).to.have.length(0);

    await userEvent.clear(field);
    await userEvent.type(field, 'kim.neu@example.org');
    await userEvent.click(within(section).getByRole('button', { name: 'Bestätigungslink senden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bitte bestätigen Sie Ihre Identität' });
    await userEvent.type(within(dialog).getByLabelText('Passwort'), 'mein-passwort');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bestätigen' }));

    expect(
      await within(section).findByText(
        'Wir haben einen Link an kim.neu@example.org geschickt, falls die Adresse verwendet werden kann. Öffnen Sie ihn innerhalb einer Stunde, um die Änderung abzuschließen.',
      ),
    ).to.exist;
    const asked = stub.calls('POST', '/api/v1/auth/me/email');
    expect(asked).to.have.length(2);
    for (const request of asked) {
      expect(request.authorization).to.equal('Bearer end-user-token');
      expect(request.body).to.deep.equal({ email: 'kim.neu@example.org' });
    }
    expect(stub.calls('POST', '/api/v1/auth/reauthenticate')[0]!.authorization).to.equal(
      'Bearer end-user-token',
    );
  });

  it('confirms the new address from the link on the hosted account page, without a session', async () => {
    stub.on('POST', '/api/v1/auth/me/email/confirm', () =>
      json(200, { success: true, email: 'kim.neu@example.org' }),
    );
    renderHosted(`/p/${PROJECT}/account?mode=confirm-email&token=t0k3n`);
    expect(await screen.findByRole('heading', { name: 'E-Mail-Adresse geändert', level: 1 }, SLOW)).to.exist;
    expect(screen.getByText(/Ihr Konto verwendet jetzt die Adresse kim.neu@example.org/)).to.exist;
    const [confirmation] = stub.calls('POST', '/api/v1/auth/me/email/confirm');
    expect(confirmation!.body).to.deep.equal({ token: 't0k3n' });
    expect(confirmation!.authorization).to.equal(null);
    expect(stub.calls('POST', '/api/v1/auth/me/email/confirm')).to.have.length(1);
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' }).getAttribute('href')).to.equal(
      `/p/${PROJECT}/sign-in`,
    );
  });

  it('shows the signed-in end user their account with the new address once confirmed', async () => {
    hostedSignedIn();
    let confirmed = false;
    stub
      .on('POST', '/api/v1/auth/me/email/confirm', () => {
        confirmed = true;
        return json(200, { success: true, email: 'kim.neu@example.org' });
      })
      .on('GET', '/api/v1/auth/me', () => json(200, me(confirmed ? 'kim.neu@example.org' : endUser.email)));
    renderHosted(`/p/${PROJECT}/account?mode=confirm-email&token=t0k3n`);
    await userEvent.click(await screen.findByRole('link', { name: 'Zu Ihrem Konto' }, SLOW));
    expect(await screen.findByText('Angemeldet als kim.neu@example.org bei Bäckerei Kim', {}, SLOW)).to.exist;
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY)!).user.email).to.equal('kim.neu@example.org');
  });

  it('says why a link failed, in the catalog’s words', async () => {
    stub.on('POST', '/api/v1/auth/me/email/confirm', () =>
      json(409, { error: 'There already is an account.', code: 'email_taken' }),
    );
    renderHosted(`/p/${PROJECT}/account?mode=confirm-email&token=t0k3n`);
    expect(
      await screen.findByText(
        /Für diese E-Mail-Adresse besteht bereits ein Konto. Es wurde nichts geändert./,
        {},
        SLOW,
      ),
    ).to.exist;
    expect(screen.getByText('Die neue Adresse konnte nicht bestätigt werden')).to.exist;
  });

  it('confirms a team account’s new address on the dashboard’s /auth', async () => {
    stub.on('POST', '/api/v1/auth/me/email/confirm', () =>
      json(400, { error: 'Invalid link.', code: 'invalid_email_change_token' }),
    );
    renderWithProviders(
      <Routes>
        <Route path="/auth" element={<Auth />} />
      </Routes>,
      { route: '/auth?mode=confirm-email&token=abc' },
    );
    expect(await screen.findByText(/Fordern Sie die Änderung erneut an/)).to.exist;
    expect(stub.calls('POST', '/api/v1/auth/me/email/confirm')[0]!.body).to.deep.equal({ token: 'abc' });
    expect(
      screen.getByRole('link', { name: 'Zu den Sicherheitseinstellungen' }).getAttribute('href'),
    ).to.equal('/account/security');
  });

  it('offers the change on the dashboard’s security page, with the dashboard’s session', async () => {
    const user = { ...me('ada@example.com'), id: 'u1', display_name: 'Ada' } as SessionUser;
    act(() => {
      useSessionStore.setState({
        status: 'signedIn',
        session: { accessToken: 'dashboard-token', refreshToken: 'r', expiresAt: 9_999_999_999, user },
        signedOutByUser: false,
      });
    });
    stub
      .on('GET', '/api/v1/auth/me', () => json(200, user))
      .on('POST', '/api/v1/auth/me/email', () => json(202, ACCEPTED));
    renderWithProviders(
      <>
        <StepUpHost />
        <Routes>
          <Route path="/account/security" element={<Security />} />
        </Routes>
      </>,
      { route: '/account/security' },
    );
    const section = (await screen.findByRole('heading', { name: 'E-Mail-Adresse ändern', level: 2 })).closest(
      'section',
    )!;
    expect(within(section).getByText('Aktuelle Adresse: ada@example.com')).to.exist;
    await userEvent.type(within(section).getByLabelText('Neue E-Mail-Adresse'), 'ada@example.org');
    await userEvent.click(within(section).getByRole('button', { name: 'Bestätigungslink senden' }));
    await waitFor(() => expect(stub.calls('POST', '/api/v1/auth/me/email')).to.have.length(1));
    const [request] = stub.calls('POST', '/api/v1/auth/me/email');
    expect(request!.authorization).to.equal('Bearer dashboard-token');
    expect(request!.body).to.deep.equal({ email: 'ada@example.org' });
    expect(await within(section).findByText(/Wir haben einen Link an ada@example.org geschickt/)).to.exist;
  });
});
