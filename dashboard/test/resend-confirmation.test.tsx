import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { Route, Routes, type InitialEntry } from 'react-router';
import { RESEND_COOLDOWN_S, useResendStore } from '../src/components/auth/ResendConfirmation';
import Auth from '../src/pages/Auth';
import EmailConfirmation from '../src/pages/EmailConfirmation';
import { useSessionStore } from '../src/stores/session';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json } from './fetch-stub';
import { renderWithProviders } from './render';

const RESEND = '/api/v1/auth/resend-confirmation';
const ANSWER = {
  success: true,
  message: 'If the address belongs to an unconfirmed account, a new link is on its way.',
};

function renderScreens(route: InitialEntry) {
  return renderWithProviders(
    <Routes>
      <Route path="/auth" element={<Auth />} />
      <Route path="/email-confirmation" element={<EmailConfirmation />} />
    </Routes>,
    { route },
  );
}

describe('resending the confirmation mail', () => {
  let stub: FetchStub;

  beforeEach(() => {
    act(() => {
      void useUiStore.getState().setLocale('de');
      useSessionStore.setState({ status: 'signedOut', session: null, signedOutByUser: false });
      useToastStore.setState({ toasts: [] });
      useResendStore.setState({ sentAt: {} });
    });
    stub = new FetchStub().install();
    stub.on('GET', '/api/v1/auth/providers', () => json(200, { providers: [] }));
    stub.on('POST', RESEND, () => json(200, ANSWER));
  });

  afterEach(() => {
    cleanup();
    stub.restore();
  });

  it('after registration: sends the link again, confirms with a toast, then waits 60 s before the next', async () => {
    renderScreens({ pathname: '/email-confirmation', state: { email: 'ada@example.com' } });
    const button = screen.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' });
    await userEvent.click(button);
    expect(await screen.findByText('Bestätigungs-E-Mail gesendet')).to.exist;
    expect(
      screen.getByText(
        'Falls zu ada@example.com ein noch nicht bestätigtes Konto gehört, erhalten Sie in Kürze einen neuen Bestätigungslink.',
      ),
    ).to.exist;
    expect(stub.calls('POST', RESEND).map((call) => call.body)).to.deep.equal([{ email: 'ada@example.com' }]);

    const waiting = await screen.findByRole('button', { name: `Erneut senden in ${RESEND_COOLDOWN_S} s` });
    expect((waiting as HTMLButtonElement).disabled).to.equal(true);
    await userEvent.click(waiting);
    await userEvent.dblClick(waiting);
    expect(stub.calls('POST', RESEND)).to.have.length(1);
    // The countdown runs.
    await screen.findByRole(
      'button',
      { name: `Erneut senden in ${RESEND_COOLDOWN_S - 1} s` },
      { timeout: 2500 },
    );
  });

  it('offers sending again once the cooldown is over', async () => {
    renderScreens({ pathname: '/email-confirmation', state: { email: 'ada@example.com' } });
    await userEvent.click(screen.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }));
    await screen.findByRole('button', { name: /Erneut senden in \d+ s/ });
    act(() =>
      useResendStore.setState({ sentAt: { 'ada@example.com': Date.now() - RESEND_COOLDOWN_S * 1000 - 1 } }),
    );
    const again = await screen.findByRole(
      'button',
      { name: 'Bestätigungs-E-Mail erneut senden' },
      { timeout: 2500 },
    );
    await userEvent.click(again);
    await waitFor(() => expect(stub.calls('POST', RESEND)).to.have.length(2));
  });

  it('asks for the address when the page does not know it', async () => {
    renderScreens('/email-confirmation');
    const form = screen.getByRole('form', { name: 'Bestätigungs-E-Mail erneut senden' });
    await userEvent.click(within(form).getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }));
    expect(within(form).getByRole('alert').textContent).to.equal('Bitte geben Sie Ihre E-Mail-Adresse ein.');
    expect(stub.calls('POST', RESEND)).to.have.length(0);
    await userEvent.type(within(form).getByLabelText('E-Mail'), 'grace@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }));
    await screen.findByText('Bestätigungs-E-Mail gesendet');
    expect(stub.calls('POST', RESEND)[0]!.body).to.deep.equal({ email: 'grace@example.com' });
  });

  it('when sign-in answers email_not_confirmed, offers to resend to the address typed', async () => {
    stub.on('POST', '/api/v1/auth/login', () =>
      json(403, {
        error: 'Please confirm your e-mail address first. We have sent you a link.',
        code: 'email_not_confirmed',
      }),
    );
    renderScreens('/auth');
    expect(screen.queryByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' })).to.equal(null);
    await userEvent.type(screen.getByLabelText('E-Mail'), ' ada@example.com ');
    await userEvent.type(screen.getByLabelText('Passwort'), 'geheim123');
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    const resend = await screen.findByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' });
    await userEvent.click(resend);
    await screen.findByText('Bestätigungs-E-Mail gesendet');
    expect(stub.calls('POST', RESEND)[0]!.body).to.deep.equal({ email: 'ada@example.com' });
    // It does not sign in: no second login request went out.
    expect(stub.calls('POST', '/api/v1/auth/login')).to.have.length(1);
  });

  it('does not offer it for other sign-in failures', async () => {
    stub.on('POST', '/api/v1/auth/login', () =>
      json(401, { error: 'Invalid e-mail or password.', code: 'invalid_credentials' }),
    );
    renderScreens('/auth');
    await userEvent.type(screen.getByLabelText('E-Mail'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Passwort'), 'falsch');
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    await screen.findAllByText('Ungültige E-Mail-Adresse oder ungültiges Passwort.');
    expect(screen.queryByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' })).to.equal(null);
  });

  it('shows a refusal (rate limit) as a German toast', async () => {
    stub.on('POST', RESEND, () =>
      json(429, { error: 'Too many requests. Please try again later.', code: 'rate_limited' }),
    );
    renderScreens({ pathname: '/email-confirmation', state: { email: 'ada@example.com' } });
    await userEvent.click(screen.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }));
    expect(await screen.findByText('E-Mail konnte nicht gesendet werden')).to.exist;
    expect(screen.getByText('Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.'))
      .to.exist;
  });
});
