import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { Route, Routes } from 'react-router';
import Admin from '../src/pages/Admin';
import { useSessionStore } from '../src/stores/session';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json } from './fetch-stub';
import { renderWithProviders } from './render';
import { list, organization, user } from './tenancy-fixtures';

function renderAdmin() {
  return renderWithProviders(
    <Routes>
      <Route path="/admin" element={<Admin />} />
      <Route path="/" element={<p>Startseite</p>} />
    </Routes>,
    { route: '/admin' },
  );
}

function signIn(isAdmin: boolean | undefined) {
  act(() =>
    useSessionStore.setState({
      status: 'signedIn',
      session: {
        accessToken: 'a',
        refreshToken: 'r',
        expiresAt: 9_999_999_999,
        user: { ...user, is_admin: isAdmin },
      },
      signedOutByUser: false,
    }),
  );
}

describe('tenancy: /admin', () => {
  let stub: FetchStub;

  beforeEach(() => {
    act(() => {
      void useUiStore.getState().setLocale('de');
      useToastStore.setState({ toasts: [] });
    });
    stub = new FetchStub().install();
  });

  afterEach(() => {
    cleanup();
    stub.restore();
  });

  it('refuses a known non-admin with the SPEC §6 message and sends them home', async () => {
    signIn(false);
    renderAdmin();
    expect(await screen.findByText('Zugriff verweigert: Sie haben keine Admin-Berechtigung.')).to.exist;
    expect(screen.getByText('Startseite')).to.exist;
    expect(stub.requests).to.have.length(0);
  });

  it('refuses when the server answers 403 admin_only', async () => {
    signIn(undefined);
    const refusal = () =>
      json(403, { error: 'Zugriff verweigert: Sie haben keine Admin-Berechtigung.', code: 'admin_only' });
    stub.on('GET', '/api/v1/admin/users', refusal).on('GET', '/api/v1/admin/organizations', refusal);
    renderAdmin();
    expect(await screen.findByText('Startseite')).to.exist;
    expect(useToastStore.getState().toasts.map((toast) => toast.title)).to.deep.equal([
      'Zugriff verweigert: Sie haben keine Admin-Berechtigung.',
    ]);
  });

  it('lists users and organizations with "Mehr laden"', async () => {
    signIn(true);
    let userPages = 0;
    stub.on('GET', '/api/v1/admin/users', () => {
      userPages += 1;
      return userPages === 1
        ? json(200, list([user], 'next'))
        : json(
            200,
            list([{ ...user, id: 'u2', email: 'bob@example.com', display_name: 'Bob', is_verified: false }]),
          );
    });
    stub.on('GET', '/api/v1/admin/organizations', () => json(200, list([organization()])));
    renderAdmin();
    const users = await screen.findByRole('table', { name: 'Benutzer' });
    expect(within(users).getByText('ada@example.com')).to.exist;
    expect(within(users).getByText('Nie')).to.exist;
    await userEvent.click(screen.getByRole('button', { name: 'Mehr laden' }));
    await waitFor(() => expect(within(users).getByText('bob@example.com')).to.exist);
    expect(screen.queryByRole('button', { name: 'Mehr laden' })).to.equal(null);
    await userEvent.click(screen.getByRole('tab', { name: 'Organisationen' }));
    const organizations = await screen.findByRole('table', { name: 'Organisationen' });
    expect(within(organizations).getByText('@acme-inc')).to.exist;
    expect(within(organizations).getByText('Aktiv')).to.exist;
  });
});
