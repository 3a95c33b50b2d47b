import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import Organizations from '../src/pages/Organizations';
import { useSessionStore } from '../src/stores/session';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json } from './fetch-stub';
import { renderWithProviders } from './render';
import { list, member, organization, user } from './tenancy-fixtures';

const ORG = '/api/v1/organizations';
const MEMBERS = `${ORG}/a00000000000000000000001/members`;
const INVITATIONS = '/api/v1/invitations';

const invitation = {
  id: 'i00000000000000000000001',
  organization: { id: 'a00000000000000000000009', name: 'Beta GmbH' },
  role: 'member',
  invited_by: { id: 'u9', email: 'grace@example.com', display_name: 'Grace' },
  created_at: '2024-03-05T10:00:00.000Z',
};

/** Issue #37 item 5: invitations wait for the person's answer; admins see them as pending. */
describe('invitations in the dashboard', () => {
  let stub: FetchStub;

  const setLocale = (locale: 'de' | 'en') => act(() => void useUiStore.getState().setLocale(locale));

  beforeEach(() => {
    setLocale('de');
    act(() => {
      useSessionStore.setState({
        status: 'signedIn',
        session: { accessToken: 'a', refreshToken: 'r', expiresAt: 9_999_999_999, user },
        signedOutByUser: false,
      });
      useToastStore.setState({ toasts: [] });
    });
    stub = new FetchStub().install();
    stub.on('GET', ORG, () => json(200, list([organization()])));
  });

  afterEach(() => {
    cleanup();
    stub.restore();
    document.body.style.pointerEvents = '';
  });

  it('lists the pending invitation with who sent it; Annehmen accepts it and the list empties', async () => {
    let pending = [invitation];
    stub.on('GET', INVITATIONS, () => json(200, { data: pending }));
    stub.on('POST', `${INVITATIONS}/${invitation.id}/accept`, () => {
      pending = [];
      return json(200, member({ id: invitation.id, status: 'active' }));
    });
    renderWithProviders(<Organizations />, { route: `/organizations?invitation=${invitation.id}` });

    const section = await screen.findByRole('region', { name: 'Einladungen' });
    const row = within(section).getByTestId('invitation-row');
    expect(row.textContent).to.contain('Beta GmbH');
    expect(row.textContent).to.contain(
      'Grace (grace@example.com) hat Sie in „Beta GmbH“ eingeladen · Rolle: Mitglied',
    );
    expect(row.textContent).to.contain('Eingeladen am 05.03.2024');
    // The invitation the mail linked to is marked.
    expect(row.getAttribute('aria-current')).to.equal('true');

    await userEvent.click(within(row).getByRole('button', { name: 'Einladung in Beta GmbH annehmen' }));
    await waitFor(() =>
      expect(stub.calls('POST', `${INVITATIONS}/${invitation.id}/accept`)).to.have.length(1),
    );
    expect(await screen.findByText('Einladung angenommen')).to.exist;
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Einladungen' })).to.equal(null));
    // The organization list is loaded again: the new organization appears there.
    expect(stub.calls('GET', ORG).length).to.be.greaterThan(1);
    expect(stub.calls('POST', `${INVITATIONS}/${invitation.id}/decline`)).to.have.length(0);
  });

  it('Ablehnen declines; a failed answer says why', async () => {
    stub.on('GET', INVITATIONS, () => json(200, { data: [invitation] }));
    stub.on('POST', `${INVITATIONS}/${invitation.id}/decline`, () =>
      json(404, { error: 'Invitation not found.', code: 'invitation_not_found' }),
    );
    renderWithProviders(<Organizations />, { route: '/organizations' });
    const row = await screen.findByTestId('invitation-row');
    expect(row.getAttribute('aria-current')).to.equal(null);
    await userEvent.click(within(row).getByRole('button', { name: 'Einladung in Beta GmbH ablehnen' }));
    expect(await screen.findByText('Die Einladung konnte nicht beantwortet werden')).to.exist;
    expect(screen.getByText('Einladung nicht gefunden.')).to.exist;

    stub.on('POST', `${INVITATIONS}/${invitation.id}/decline`, () => new Response(null, { status: 204 }));
    await userEvent.click(within(row).getByRole('button', { name: 'Einladung in Beta GmbH ablehnen' }));
    expect(await screen.findByText('Einladung abgelehnt')).to.exist;
  });

  it('shows nothing when there are no invitations', async () => {
    stub.on('GET', INVITATIONS, () => json(200, { data: [] }));
    renderWithProviders(<Organizations />, { route: '/organizations' });
    await screen.findByRole('article', { name: 'Acme Inc' });
    await waitFor(() => expect(stub.calls('GET', INVITATIONS)).to.have.length(1));
    expect(screen.queryByRole('region', { name: 'Einladungen' })).to.equal(null);
  });

  it('marks pending members "Ausstehend" for admins, with withdrawal instead of a role', async () => {
    stub.on('GET', INVITATIONS, () => json(200, { data: [] }));
    stub.on('GET', MEMBERS, () =>
      json(
        200,
        list([
          member({ status: 'active' }),
          member({
            id: 'm2',
            user_id: 'u2',
            role: 'member',
            is_active: false,
            status: 'pending',
            user: { id: 'u2', email: 'bob@example.com', display_name: 'Bob' },
          }),
        ]),
      ),
    );
    stub.on('DELETE', `${MEMBERS}/m2`, () => new Response(null, { status: 204 }));
    renderWithProviders(<Organizations />, { route: '/organizations' });
    const card = await screen.findByRole('article', { name: 'Acme Inc' });
    await userEvent.click(within(card).getByRole('button', { name: 'Mitglieder' }));
    const dialog = screen.getByRole('dialog', { name: 'Mitglieder von Acme Inc' });
    const rows = await within(dialog).findAllByTestId('member-row');
    const bob = rows.find((row) => row.textContent?.includes('bob@example.com'))!;
    expect(within(bob).getByText('Ausstehend')).to.exist;
    expect(bob.textContent).to.contain('Eingeladen am');
    expect(within(bob).queryByLabelText('Rolle von Bob')).to.equal(null);
    expect(within(rows[0]!).queryByText('Ausstehend')).to.equal(null);
    await userEvent.click(within(bob).getByRole('button', { name: 'Einladung von Bob zurückziehen' }));
    await userEvent.click(within(bob).getByRole('button', { name: 'Einladung zurückziehen' }));
    await waitFor(() => expect(stub.calls('DELETE', `${MEMBERS}/m2`)).to.have.length(1));
    expect(await screen.findByText('Einladung zurückgezogen')).to.exist;
  });

  it('speaks English too', async () => {
    setLocale('en');
    stub.on('GET', INVITATIONS, () => json(200, { data: [invitation] }));
    renderWithProviders(<Organizations />, { route: '/organizations' });
    const section = await screen.findByRole('region', { name: 'Invitations' });
    expect(within(section).getByRole('button', { name: 'Accept the invitation to Beta GmbH' })).to.exist;
    expect(within(section).getByRole('button', { name: 'Decline the invitation to Beta GmbH' })).to.exist;
    expect(section.textContent).to.contain(
      'Grace (grace@example.com) invited you to “Beta GmbH” · Role: Member',
    );
  });
});
