import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { Route, Routes } from 'react-router';
import Auth from '../src/pages/Auth';
import { useSessionStore } from '../src/stores/session';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json } from './fetch-stub';
import { renderWithProviders } from './render';

const DELETION = '/api/v1/auth/me/deletion';

function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/auth" element={<Auth />} />
    </Routes>,
    { route },
  );
}

/** The page the deletion mail of a password-less account links to (issue #37, item 2). */
describe('deleting a password-less account from the mailed link', () => {
  let stub: FetchStub;

  beforeEach(() => {
    act(() => {
      void useUiStore.getState().setLocale('de');
      useSessionStore.setState({ status: 'signedOut', session: null, signedOutByUser: false });
      useToastStore.setState({ toasts: [] });
    });
    stub = new FetchStub().install();
  });

  afterEach(() => {
    cleanup();
    stub.restore();
  });

  it('deletes nothing until the person clicks, then sends the token in the body', async () => {
    stub.on('POST', DELETION, () => new Response(null, { status: 204 }));
    renderAt('/auth?mode=delete-account&token=tok_123');
    await screen.findByRole('heading', { name: 'Konto endgültig löschen' });
    expect(stub.calls('POST', DELETION)).to.have.length(0);

    await userEvent.click(screen.getByRole('button', { name: 'Konto endgültig löschen' }));
    await screen.findByRole('heading', { name: 'Konto gelöscht' });
    expect(stub.calls('POST', DELETION)[0]?.body).to.deep.equal({ token: 'tok_123' });
    expect(screen.getByRole('link', { name: 'Zur Startseite' }).getAttribute('href')).to.equal('/');
  });

  it('says so when the link is spent or expired, and the account stays', async () => {
    stub.on('POST', DELETION, () =>
      json(400, { error: 'This deletion link is invalid.', code: 'invalid_deletion_token' }),
    );
    renderAt('/auth?mode=delete-account&token=old');
    await userEvent.click(await screen.findByRole('button', { name: 'Konto endgültig löschen' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).to.match(/Löschlink ist ungültig/);
    expect(screen.queryByRole('heading', { name: 'Konto gelöscht' })).to.equal(null);
  });

  it('offers no button without a token', async () => {
    renderAt('/auth?mode=delete-account');
    const button = await screen.findByRole('button', { name: 'Konto endgültig löschen' });
    expect(button.hasAttribute('disabled')).to.equal(true);
    expect(stub.calls('POST', DELETION)).to.have.length(0);
  });

  it('speaks English to English visitors', async () => {
    act(() => void useUiStore.getState().setLocale('en'));
    renderAt('/auth?mode=delete-account&token=t');
    await screen.findByRole('heading', { name: 'Delete your account for good' });
  });
});
