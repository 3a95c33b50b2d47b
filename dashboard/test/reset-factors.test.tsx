import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { Route, Routes } from 'react-router';
import Auth from '../src/pages/Auth';
import { useSessionStore } from '../src/stores/session';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json } from './fetch-stub';
import { renderWithProviders } from './render';

const FACTORS = [
  { id: 'p-old', type: 'passkey', name: 'Büro-Laptop', added_at: '2026-11-20T09:15:00.000Z', recent: false },
  { id: 'p-new', type: 'passkey', name: 'Unbekannt', added_at: '2026-11-27T18:40:00.000Z', recent: true },
  { id: 't-new', type: 'totp', name: 'TOTP', added_at: '2026-11-27T18:45:00.000Z', recent: true },
];

/** Issue #37: the reset screen lists the second factors; recent ones are removed unless kept. */
describe('reset screen: second factors', () => {
  let stub: FetchStub;

  beforeEach(() => {
    act(() => {
      void useUiStore.getState().setLocale('de');
      useSessionStore.setState({ status: 'signedOut', session: null, signedOutByUser: false });
      useToastStore.setState({ toasts: [] });
    });
    stub = new FetchStub().install();
    stub.on('GET', '/api/v1/auth/providers', () => json(200, { providers: [] }));
    stub.on('POST', '/api/v1/password-reset/check', () => json(200, { valid: true, factors: FACTORS }));
    stub.on('POST', '/api/v1/password-reset', () => json(200, { success: true, factors_removed: [] }));
  });

  afterEach(() => {
    cleanup();
    stub.restore();
  });

  const renderReset = () =>
    renderWithProviders(
      <Routes>
        <Route path="/auth" element={<Auth />} />
      </Routes>,
      { route: '/auth?mode=reset&token=t1' },
    );

  async function setPassword() {
    await userEvent.type(screen.getByLabelText('Neues Passwort'), 'geheim123');
    await userEvent.type(screen.getByLabelText('Passwort bestätigen'), 'geheim123');
    await userEvent.click(screen.getByRole('button', { name: 'Passwort ändern' }));
  }

  it('lists every factor with its date, marks the recent ones and offers to keep only those', async () => {
    renderReset();
    const section = await screen.findByRole('region', { name: 'Zweite Faktoren Ihres Kontos' });
    expect(stub.calls('POST', '/api/v1/password-reset/check')[0]?.body).to.deep.equal({ token: 't1' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('strong')?.textContent)).to.deep.equal([
      'Passkey „Büro-Laptop“',
      'Passkey „Unbekannt“',
      'Authenticator-App (TOTP)',
    ]);
    expect(items[0]!.textContent).to.contain('Hinzugefügt am 20.11.2026');
    expect(within(items[0]!).queryByRole('checkbox')).to.equal(null);
    expect(items[1]!.textContent).to.contain('neu in den letzten 24 Stunden');
    expect(within(items[1]!).getByRole('checkbox', { name: 'Das war ich – behalten' })).to.have.property(
      'checked',
      false,
    );
  });

  it('removes the recent factors by default: the reset keeps none', async () => {
    renderReset();
    await screen.findByRole('region', { name: 'Zweite Faktoren Ihres Kontos' });
    await setPassword();
    await waitFor(() => expect(stub.calls('POST', '/api/v1/password-reset')).to.have.length(1));
    expect(stub.calls('POST', '/api/v1/password-reset')[0]?.body).to.not.have.property('keep_factors');
  });

  it('sends the ticked factor in keep_factors', async () => {
    renderReset();
    const section = await screen.findByRole('region', { name: 'Zweite Faktoren Ihres Kontos' });
    const items = within(section).getAllByRole('listitem');
    await userEvent.click(within(items[2]!).getByRole('checkbox'));
    await setPassword();
    await waitFor(() => expect(stub.calls('POST', '/api/v1/password-reset')).to.have.length(1));
    expect(stub.calls('POST', '/api/v1/password-reset')[0]?.body).to.deep.include({
      keep_factors: ['t-new'],
    });
  });

  it('speaks English in the English UI', async () => {
    act(() => void useUiStore.getState().setLocale('en'));
    renderReset();
    const section = await screen.findByRole('region', { name: 'Second factors of your account' });
    expect(within(section).getAllByRole('checkbox', { name: 'That was me – keep it' })).to.have.length(2);
    expect(section.textContent).to.contain('Passkey “Unbekannt”');
  });
});
