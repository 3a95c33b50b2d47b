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

describe('tenancy: /organizations', () => {
  let stub: FetchStub;

  beforeEach(() => {
    act(() => {
      void useUiStore.getState().setLocale('de');
      useSessionStore.setState({
        status: 'signedIn',
        session: { accessToken: 'a', refreshToken: 'r', expiresAt: 9_999_999_999, user },
        signedOutByUser: false,
      });
      useToastStore.setState({ toasts: [] });
    });
    stub = new FetchStub().install();
  });

  afterEach(() => {
    cleanup();
    stub.restore();
    document.body.style.pointerEvents = '';
  });

  async function openCreateDialogFromEmptyState() {
    stub.on('GET', ORG, () => json(200, list([])));
    renderWithProviders(<Organizations />, { route: '/organizations' });
    await userEvent.click(await screen.findByRole('button', { name: 'Erste Organisation erstellen' }));
    return screen.getByRole('dialog', { name: 'Neue Organisation' });
  }

  it('shows a card per organization with slug, status, limit, German date and website', async () => {
    stub.on('GET', ORG, () =>
      json(
        200,
        list([organization(), organization({ id: 'a2', name: 'Beta', slug: 'beta', is_active: false })]),
      ),
    );
    renderWithProviders(<Organizations />, { route: '/organizations' });
    const card = await screen.findByRole('article', { name: 'Acme Inc' });
    expect(within(card).getByText('@acme-inc')).to.exist;
    expect(within(card).getByText('Aktiv')).to.exist;
    expect(within(card).getByText(/Max\. 50 Mitglieder/)).to.exist;
    expect(within(card).getByText('Erstellt am 05.03.2024')).to.exist;
    expect(
      within(card)
        .getByRole('link', { name: /acme\.example/ })
        .getAttribute('href'),
    ).to.equal('https://acme.example');
    expect(within(card).getByRole('link', { name: 'Projekte' }).getAttribute('href')).to.equal(
      '/projects?organization=a00000000000000000000001',
    );
    expect(within(screen.getByRole('article', { name: 'Beta' })).getByText('Inaktiv')).to.exist;
  });

  it('raises the SPEC §8 toast when the list cannot be loaded', async () => {
    stub.on('GET', ORG, () => json(500, { error: 'Datenbank nicht erreichbar', code: 'internal' }));
    renderWithProviders(<Organizations />, { route: '/organizations' });
    expect(await screen.findByText('Fehler beim Laden der Organisationen', {}, { timeout: 5000 })).to.exist;
    expect(screen.getByText('Datenbank nicht erreichbar')).to.exist;
  });

  describe('Neue Organisation', () => {
    it('derives the slug live from the name, until the slug is edited', async () => {
      const dialog = await openCreateDialogFromEmptyState();
      const name = within(dialog).getByLabelText('Name');
      const slug = within(dialog).getByLabelText('Slug') as HTMLInputElement;
      await userEvent.type(name, 'Acme  Café & Söhne -- GmbH');
      expect(slug.value).to.equal('acme-cafe-soehne-gmbh');
      await userEvent.clear(slug);
      await userEvent.type(slug, 'acme');
      await userEvent.type(name, ' Berlin');
      expect(slug.value).to.equal('acme');
    });

    it('shows how a website without scheme will be saved', async () => {
      const dialog = await openCreateDialogFromEmptyState();
      await userEvent.type(within(dialog).getByLabelText('Website (optional)'), 'acme.example');
      expect(within(dialog).getByText('Wird gespeichert als https://acme.example')).to.exist;
    });

    it('requires name and slug, in the words of SPEC §5, without calling the server', async () => {
      const dialog = await openCreateDialogFromEmptyState();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
      const alert = within(dialog).getByRole('alert');
      expect(alert.textContent).to.contain('Organisationsname ist erforderlich');
      expect(alert.textContent).to.contain('Slug ist erforderlich');
      await userEvent.type(within(dialog).getByLabelText('Slug'), 'acme');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
      expect(within(dialog).getByRole('alert').textContent).to.equal('Organisationsname ist erforderlich');
      expect(stub.calls('POST', ORG)).to.have.length(0);
    });

    it('creates the organization with the normalised website and confirms it', async () => {
      stub.on('POST', ORG, () => json(201, organization()));
      const dialog = await openCreateDialogFromEmptyState();
      await userEvent.type(within(dialog).getByLabelText('Name'), 'Acme Inc');
      await userEvent.type(within(dialog).getByLabelText('Website (optional)'), 'acme.example');
      stub.on('GET', ORG, () => json(200, list([organization()])));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
      expect(await screen.findByText('Organisation erstellt')).to.exist;
      expect(stub.calls('POST', ORG)[0]!.body).to.deep.equal({
        name: 'Acme Inc',
        slug: 'acme-inc',
        website_url: 'https://acme.example',
      });
      expect(await screen.findByRole('article', { name: 'Acme Inc' })).to.exist;
      expect(screen.queryByRole('dialog')).to.equal(null);
    });

    it('keeps the dialog open and says in German that the slug is taken', async () => {
      stub.on('POST', ORG, () =>
        json(409, { error: 'This slug is already taken. Choose another one.', code: 'slug_taken' }),
      );
      const dialog = await openCreateDialogFromEmptyState();
      await userEvent.type(within(dialog).getByLabelText('Name'), 'Acme');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
      expect(await screen.findByText('Fehler beim Erstellen der Organisation')).to.exist;
      expect(within(dialog).getByRole('alert').textContent).to.equal(
        'Dieser Slug ist bereits vergeben. Bitte wählen Sie einen anderen.',
      );
    });
  });

  describe('Mitglieder', () => {
    const members = [
      member(),
      member({
        id: 'm2',
        user_id: 'u2',
        role: 'member',
        user: { id: 'u2', email: 'bob@example.com', display_name: 'Bob' },
      }),
    ];

    async function openMembers(role: 'admin' | 'member') {
      stub.on('GET', ORG, () => json(200, list([organization({ role })])));
      stub.on('GET', MEMBERS, () => json(200, list(members)));
      renderWithProviders(<Organizations />, { route: '/organizations' });
      const card = await screen.findByRole('article', { name: 'Acme Inc' });
      await userEvent.click(within(card).getByRole('button', { name: 'Mitglieder' }));
      const dialog = screen.getByRole('dialog', { name: 'Mitglieder von Acme Inc' });
      await within(dialog).findByText('bob@example.com');
      return dialog;
    }

    it('lets admins change roles and invite', async () => {
      stub.on('PATCH', `${MEMBERS}/m2`, () => json(200, { ...members[1], role: 'admin' }));
      const dialog = await openMembers('admin');
      expect(within(dialog).getByText(/\(Sie\)/)).to.exist;
      const bobRole = within(dialog).getByLabelText('Rolle von Bob') as HTMLSelectElement;
      expect(bobRole.value).to.equal('member');
      await userEvent.selectOptions(bobRole, 'admin');
      await waitFor(() => expect(stub.calls('PATCH', `${MEMBERS}/m2`)).to.have.length(1));
      expect(stub.calls('PATCH', `${MEMBERS}/m2`)[0]!.body).to.deep.equal({ role: 'admin' });
      expect(await screen.findByText('Rolle geändert')).to.exist;
      expect(within(dialog).getByRole('button', { name: 'Einladen' })).to.exist;
    });

    it('shows members the list only, without role or remove controls', async () => {
      const dialog = await openMembers('member');
      expect(within(dialog).queryByLabelText('Rolle von Bob')).to.equal(null);
      expect(within(dialog).queryByRole('button', { name: 'Bob entfernen' })).to.equal(null);
      expect(within(dialog).queryByRole('button', { name: 'Einladen' })).to.equal(null);
      expect(within(dialog).getByText('Mitglied')).to.exist;
      expect(within(dialog).getByText('Admin')).to.exist;
    });

    it('removes a member only after confirmation', async () => {
      stub.on('DELETE', `${MEMBERS}/m2`, () => new Response(null, { status: 204 }));
      const dialog = await openMembers('admin');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Bob entfernen' }));
      expect(stub.calls('DELETE', `${MEMBERS}/m2`)).to.have.length(0);
      const confirm = within(dialog).getByRole('group', {
        name: 'Bob wirklich aus der Organisation entfernen?',
      });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Entfernen' }));
      await waitFor(() => expect(stub.calls('DELETE', `${MEMBERS}/m2`)).to.have.length(1));
      expect(await screen.findByText('Mitglied entfernt')).to.exist;
    });

    it('explains an unknown invitee in German, as the toast description and in the form', async () => {
      stub.on('POST', MEMBERS, () =>
        json(404, {
          error: 'User with this email not found. They need to register first.',
          code: 'user_not_found',
        }),
      );
      const dialog = await openMembers('admin');
      await userEvent.type(within(dialog).getByLabelText('E-Mail-Adresse'), 'nobody@example.com');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Einladen' }));
      expect(await screen.findByText('Fehler beim Einladen')).to.exist;
      expect(
        screen.getAllByText(
          'Es gibt kein Konto mit dieser E-Mail-Adresse. Die Person muss sich zuerst registrieren.',
        ),
      ).to.have.length(2);
      expect(stub.calls('POST', MEMBERS)[0]!.body).to.deep.equal({
        email: 'nobody@example.com',
        role: 'member',
      });
    });
  });

  describe('Einstellungen', () => {
    it('saves changes and deactivates after confirmation', async () => {
      stub.on('GET', ORG, () => json(200, list([organization()])));
      stub.on('PATCH', `${ORG}/a00000000000000000000001`, () => json(200, organization({ name: 'Acme AG' })));
      stub.on('POST', `${ORG}/a00000000000000000000001/deactivate`, () =>
        json(200, organization({ is_active: false })),
      );
      renderWithProviders(<Organizations />, { route: '/organizations' });
      const card = await screen.findByRole('article', { name: 'Acme Inc' });
      await userEvent.click(within(card).getByRole('button', { name: 'Einstellungen' }));
      let dialog = screen.getByRole('dialog', { name: 'Einstellungen von Acme Inc' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Organisation deaktivieren' }));
      await userEvent.click(
        within(within(dialog).getByRole('group', { name: /Deaktivieren\? Die Organisation/ })).getByRole(
          'button',
          { name: 'Organisation deaktivieren' },
        ),
      );
      expect(await screen.findByText('Organisation deaktiviert')).to.exist;

      const name = within(dialog).getByLabelText('Name');
      await userEvent.clear(name);
      await userEvent.type(name, 'Acme AG');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
      expect(await screen.findByText('Organisation aktualisiert')).to.exist;
      expect(stub.calls('PATCH', `${ORG}/a00000000000000000000001`)[0]!.body).to.include({
        name: 'Acme AG',
        slug: 'acme-inc',
        max_members: 50,
      });
      dialog = screen.queryByRole('dialog') as HTMLElement;
      expect(dialog).to.equal(null);
    });
  });
});
