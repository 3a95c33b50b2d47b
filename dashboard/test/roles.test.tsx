import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { Route, Routes } from 'react-router';
import { ApiError } from '../src/api/client';
import { describeError } from '../src/api/errors';
import { PermissionButton } from '../src/components/permissions/PermissionButton';
import { permissionsOf } from '../src/components/permissions/usePermissions';
import type { Organization } from '../src/components/tenancy/queries';
import { translate } from '../src/i18n/useT';
import Organizations from '../src/pages/Organizations';
import OrganizationRoles from '../src/pages/Organizations/Roles';
import { AppRolesTab } from '../src/pages/ProjectDetail/AppRoles';
import { UserRoles } from '../src/pages/ProjectDetail/PoolUsers/UserRoles';
import type { PoolUser } from '../src/pages/ProjectDetail/PoolUsers/queries';
import { useSessionStore } from '../src/stores/session';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json } from './fetch-stub';
import { renderWithProviders } from './render';
import { list, member, now, organization, project, user } from './tenancy-fixtures';

const ORG_ID = 'a00000000000000000000001';
const ORGS = '/api/v1/organizations';
const ROLES = `/api/v1/organizations/${ORG_ID}/roles`;
const MEMBERS = `/api/v1/organizations/${ORG_ID}/members`;
const PROJECT_ID = 'p00000000000000000000001';
const APP_PERMISSIONS = `/api/v1/projects/${PROJECT_ID}/permissions`;
const APP_ROLES = `/api/v1/projects/${PROJECT_ID}/roles`;
const USER_ID = 'e00000000000000000000001';

const CATALOG_NAMES = [
  'organization:read',
  'organization:update',
  'member:read',
  'member:invite',
  'project:read',
  'project:create',
  'role:read',
  'role:manage',
];
/** What an admin holds (more than the small catalog of this test). */
const ALL = [
  ...CATALOG_NAMES,
  'member:update',
  'member:remove',
  'app_role:read',
  'app_role:manage',
  'app_role:assign',
];

const catalog = {
  resources: [
    {
      resource: 'organization',
      label: { de: 'Organisation', en: 'Organization' },
      actions: [
        {
          name: 'organization:read',
          action: 'read',
          label: { de: 'Organisation ansehen', en: 'View the organization' },
        },
        {
          name: 'organization:update',
          action: 'update',
          label: { de: 'Einstellungen der Organisation ändern', en: 'Change the organization’s settings' },
        },
      ],
    },
    {
      resource: 'member',
      label: { de: 'Mitglieder', en: 'Members' },
      actions: [
        { name: 'member:read', action: 'read', label: { de: 'Mitglieder ansehen', en: 'View members' } },
        {
          name: 'member:invite',
          action: 'invite',
          label: { de: 'Mitglieder einladen', en: 'Invite members' },
        },
      ],
    },
    {
      resource: 'project',
      label: { de: 'Projekte', en: 'Projects' },
      actions: [
        { name: 'project:read', action: 'read', label: { de: 'Projekte ansehen', en: 'View projects' } },
        {
          name: 'project:create',
          action: 'create',
          label: { de: 'Projekte anlegen', en: 'Create projects' },
        },
      ],
    },
    {
      resource: 'role',
      label: { de: 'Rollen', en: 'Roles' },
      actions: [
        { name: 'role:read', action: 'read', label: { de: 'Rollen ansehen', en: 'View roles' } },
        { name: 'role:manage', action: 'manage', label: { de: 'Rollen verwalten', en: 'Manage roles' } },
      ],
    },
  ],
  built_in_roles: {
    admin: CATALOG_NAMES,
    member: ['organization:read', 'member:read', 'project:read', 'role:read'],
  },
};

const builtIn = (name: 'admin' | 'member', permissions: string[], member_count: number) => ({
  id: null,
  name,
  description: null,
  permissions,
  built_in: true,
  member_count,
  created_at: null,
  updated_at: null,
});

const reviewer = {
  id: 'r00000000000000000000001',
  name: 'Reviewer',
  description: 'Liest Projekte',
  permissions: ['organization:read', 'project:read'],
  built_in: false,
  member_count: 0,
  created_at: now,
  updated_at: now,
};

const org = (overrides: Record<string, unknown> = {}) =>
  organization({ my_permissions: ALL, ...overrides }) as unknown as Organization;

function renderRolesPage() {
  renderWithProviders(
    <Routes>
      <Route path="/organizations/:organizationId/roles" element={<OrganizationRoles />} />
    </Routes>,
    { route: `/organizations/${ORG_ID}/roles` },
  );
}

describe('roles: organization roles, permission hints, application roles', () => {
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
    stub.on('GET', '/api/v1/permissions/catalog', () => json(200, catalog));
  });

  afterEach(() => {
    cleanup();
    stub.restore();
    document.body.style.pointerEvents = '';
  });

  it('lists built-in and custom roles; an admin creates a role from the catalog', async () => {
    stub.on('GET', ORGS, () => json(200, list([org()])));
    stub.on('GET', ROLES, () =>
      json(200, {
        data: [
          builtIn('admin', CATALOG_NAMES, 1),
          builtIn('member', catalog.built_in_roles.member, 0),
          reviewer,
        ],
      }),
    );
    stub.on('POST', ROLES, () =>
      json(201, { ...reviewer, id: 'r2', name: 'Einlader', permissions: ['member:read', 'member:invite'] }),
    );
    renderRolesPage();
    const roles = await screen.findByRole('list', { name: 'Rollen der Organisation' });
    const rows = within(roles).getAllByTestId('role-row');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).to.deep.equal([
      'AdminVorgegeben',
      'MitgliedVorgegeben',
      'Reviewer',
    ]);
    expect(within(rows[0]!).getByText(/1 Mitglied · 8 von 8 Berechtigungen/)).to.exist;
    // Built-in roles are shown, not edited or deleted.
    expect(within(rows[0]!).getByRole('button', { name: 'Rolle Admin ansehen' })).to.exist;
    expect(within(rows[0]!).queryByRole('button', { name: /löschen/ })).to.equal(null);

    await userEvent.click(screen.getByRole('button', { name: 'Neue Rolle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neue Rolle' });
    // A reserved name is refused before anything is sent.
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Admin');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rolle anlegen' }));
    expect(within(dialog).getByRole('alert').textContent).to.match(/vorgegebenen Rollen/);
    expect(stub.calls('POST', ROLES)).to.have.length(0);

    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Einlader');
    const members = within(dialog).getByRole('group', { name: 'Mitglieder' });
    await userEvent.click(within(members).getByLabelText(/Mitglieder ansehen/));
    await userEvent.click(within(members).getByLabelText(/Mitglieder einladen/));
    expect(within(dialog).getByText('2 von 8 Berechtigungen')).to.exist;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rolle anlegen' }));
    await waitFor(() => expect(stub.calls('POST', ROLES)).to.have.length(1));
    expect(stub.calls('POST', ROLES)[0]!.body).to.deep.equal({
      name: 'Einlader',
      description: null,
      permissions: ['member:read', 'member:invite'],
    });
    expect(await screen.findByText('Rolle angelegt')).to.exist;
  });

  it('deletes a custom role after confirmation and says why it cannot while members hold it', async () => {
    stub.on('GET', ORGS, () => json(200, list([org()])));
    stub.on('GET', ROLES, () =>
      json(200, { data: [builtIn('admin', ALL, 1), { ...reviewer, member_count: 2 }] }),
    );
    stub.on('DELETE', `${ROLES}/${reviewer.id}`, () =>
      json(409, { error: 'Members hold this role.', code: 'role_in_use' }),
    );
    renderRolesPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Rolle Reviewer löschen' }));
    const confirm = screen.getByRole('group', { name: /Rolle „Reviewer“ löschen\?/ });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(stub.calls('DELETE', `${ROLES}/${reviewer.id}`)).to.have.length(1));
    expect(await screen.findByText('Fehler beim Löschen')).to.exist;
  });

  it('a role without role:manage reads the roles; creating is disabled and names the permission', async () => {
    stub.on('GET', ORGS, () =>
      json(200, list([org({ role: 'Reviewer', my_permissions: ['organization:read', 'role:read'] })])),
    );
    stub.on('GET', ROLES, () => json(200, { data: [builtIn('admin', ALL, 1), reviewer] }));
    renderRolesPage();
    const create = await screen.findByRole('button', { name: 'Neue Rolle' });
    await waitFor(() => expect(create.getAttribute('aria-disabled')).to.equal('true'));
    await waitFor(() =>
      expect(create.getAttribute('title')).to.equal(
        'Ihrer Rolle fehlt die Berechtigung „Rollen verwalten“ (role:manage).',
      ),
    );
    await userEvent.click(create);
    expect(screen.queryByRole('dialog')).to.equal(null);
    // The custom role opens read-only: its permissions ticked and disabled, no save.
    await userEvent.click(screen.getByRole('button', { name: 'Rolle Reviewer ansehen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rolle Reviewer' });
    const view = within(dialog).getByLabelText(/Projekte ansehen/) as HTMLInputElement;
    expect(view.checked).to.equal(true);
    expect(view.disabled).to.equal(true);
    expect(within(dialog).queryByRole('button', { name: 'Speichern' })).to.equal(null);
  });

  it('invites with a custom role and offers custom roles on members', async () => {
    stub.on('GET', ORGS, () => json(200, list([org()])));
    stub.on('GET', ROLES, () =>
      json(200, { data: [builtIn('admin', ALL, 1), builtIn('member', [], 0), reviewer] }),
    );
    stub.on('GET', MEMBERS, () =>
      json(
        200,
        list([
          member({ my_permissions: undefined }),
          member({
            id: 'm2',
            user_id: 'u2',
            role: 'Reviewer',
            user: { id: 'u2', email: 'bob@example.com', display_name: 'Bob' },
          }),
        ]),
      ),
    );
    stub.on('POST', MEMBERS, () =>
      json(
        201,
        member({
          id: 'm3',
          role: 'Reviewer',
          status: 'pending',
          user: { id: 'u3', email: 'eve@example.com', display_name: 'Eve' },
        }),
      ),
    );
    renderWithProviders(<Organizations />, { route: '/organizations' });
    const card = await screen.findByRole('article', { name: 'Acme Inc' });
    expect(within(card).getByRole('link', { name: 'Rollen' }).getAttribute('href')).to.equal(
      `/organizations/${ORG_ID}/roles`,
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Mitglieder' }));
    const dialog = screen.getByRole('dialog', { name: 'Mitglieder von Acme Inc' });
    const bobRole = (await within(dialog).findByLabelText('Rolle von Bob')) as HTMLSelectElement;
    await waitFor(() =>
      expect([...bobRole.options].map((option) => option.textContent)).to.deep.equal([
        'Admin',
        'Mitglied',
        'Reviewer',
      ]),
    );
    expect(bobRole.value).to.equal('Reviewer');
    await userEvent.type(within(dialog).getByLabelText('E-Mail-Adresse'), 'eve@example.com');
    await userEvent.selectOptions(within(dialog).getByLabelText('Rolle'), 'Reviewer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Einladen' }));
    await waitFor(() => expect(stub.calls('POST', MEMBERS)).to.have.length(1));
    expect(stub.calls('POST', MEMBERS)[0]!.body).to.deep.equal({
      email: 'eve@example.com',
      role: 'Reviewer',
    });
  });

  it('a role without member:invite or member:update sees the list and a note naming the permission', async () => {
    stub.on('GET', ORGS, () =>
      json(200, list([org({ role: 'Reviewer', my_permissions: ['organization:read', 'member:read'] })])),
    );
    stub.on('GET', MEMBERS, () => json(200, list([member({ role: 'Reviewer' })])));
    renderWithProviders(<Organizations />, { route: '/organizations' });
    const card = await screen.findByRole('article', { name: 'Acme Inc' });
    expect(within(card).queryByRole('link', { name: 'Rollen' })).to.equal(null);
    expect(within(card).getByText(/Ihre Rolle: Reviewer/)).to.exist;
    await userEvent.click(within(card).getByRole('button', { name: 'Mitglieder' }));
    const dialog = screen.getByRole('dialog', { name: 'Mitglieder von Acme Inc' });
    expect(await within(dialog).findByRole('note')).to.have.property(
      'textContent',
      'Ihrer Rolle fehlt die Berechtigung „Mitglieder einladen“ (member:invite).',
    );
    expect(within(dialog).queryByRole('button', { name: 'Einladen' })).to.equal(null);
    expect(within(dialog).queryByLabelText(/Rolle von/)).to.equal(null);
  });

  it('PermissionButton: usual for a role holding it, aria-disabled and described otherwise', async () => {
    let clicked = 0;
    const onClick = () => clicked++;
    renderWithProviders(
      <>
        <PermissionButton permissions={permissionsOf(org())} need="project:create" onClick={onClick}>
          Neues Projekt
        </PermissionButton>
        <PermissionButton
          permissions={permissionsOf(org({ role: 'Reviewer', my_permissions: ['project:read'] }))}
          need="project:create"
          onClick={onClick}
        >
          Noch ein Projekt
        </PermissionButton>
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Neues Projekt' }));
    const locked = screen.getByRole('button', { name: 'Noch ein Projekt' });
    await waitFor(() =>
      expect(locked.getAttribute('title')).to.equal(
        'Ihrer Rolle fehlt die Berechtigung „Projekte anlegen“ (project:create).',
      ),
    );
    expect(document.getElementById(locked.getAttribute('aria-describedby')!)!.textContent).to.equal(
      locked.getAttribute('title'),
    );
    await userEvent.click(locked);
    expect(clicked).to.equal(1);
  });

  it('describes a 403 forbidden by the permission it names, in both languages', async () => {
    const error = new ApiError(
      403,
      'forbidden',
      'Your role does not include the permission project:create.',
      [{ path: 'permission', message: 'project:create' }],
    );
    expect(describeError(error, (key, values) => translate('de', key, values))).to.equal(
      'Ihrer Rolle fehlt dafür die Berechtigung project:create.',
    );
    await act(() => useUiStore.getState().setLocale('en'));
    expect(describeError(error, (key, values) => translate('en', key, values))).to.equal(
      'Your role lacks the permission project:create for this.',
    );
  });

  describe('project tab "Berechtigungen & Rollen" and users\' roles', () => {
    const invoiceRead = {
      id: 'ap1',
      name: 'invoice:read',
      description: 'Rechnungen lesen',
      role_count: 1,
      created_at: now,
      updated_at: now,
    };
    const accountant = {
      id: 'ar1',
      name: 'accountant',
      description: null,
      permissions: ['invoice:read'],
      default: false,
      created_at: now,
      updated_at: now,
    };

    it('adds a permission, creates a default role with it and changes the default', async () => {
      stub.on('GET', ORGS, () => json(200, list([org()])));
      stub.on('GET', APP_PERMISSIONS, () => json(200, { data: [invoiceRead] }));
      stub.on('GET', APP_ROLES, () => json(200, { data: [accountant] }));
      stub.on('POST', APP_PERMISSIONS, () =>
        json(201, { ...invoiceRead, id: 'ap2', name: 'invoice:write', role_count: 0 }),
      );
      stub.on('POST', APP_ROLES, () => json(201, { ...accountant, id: 'ar2', name: 'clerk', default: true }));
      stub.on('PATCH', `${APP_ROLES}/ar1`, () => json(200, { ...accountant, default: true }));
      renderWithProviders(<AppRolesTab project={project() as never} />);

      const permissionsList = await screen.findByRole('list', { name: 'Berechtigungen' });
      expect(within(permissionsList).getByText('invoice:read')).to.exist;
      expect(within(permissionsList).getByText('In 1 Rolle')).to.exist;
      // Names as the API takes them: refused before sending otherwise.
      await userEvent.type(screen.getByLabelText('Name der Berechtigung'), 'Invoice write!');
      await userEvent.click(screen.getByRole('button', { name: 'Berechtigung hinzufügen' }));
      expect(screen.getByRole('alert').textContent).to.match(/Kleinbuchstaben/);
      await userEvent.clear(screen.getByLabelText('Name der Berechtigung'));
      await userEvent.type(screen.getByLabelText('Name der Berechtigung'), 'invoice:write');
      await userEvent.click(screen.getByRole('button', { name: 'Berechtigung hinzufügen' }));
      await waitFor(() => expect(stub.calls('POST', APP_PERMISSIONS)).to.have.length(1));
      expect(stub.calls('POST', APP_PERMISSIONS)[0]!.body).to.deep.equal({
        name: 'invoice:write',
        description: null,
      });

      await userEvent.click(screen.getByRole('button', { name: 'Neue Rolle' }));
      const dialog = await screen.findByRole('dialog', { name: 'Neue Rolle' });
      await userEvent.type(within(dialog).getByLabelText('Name der Rolle'), 'clerk');
      await userEvent.click(within(dialog).getByLabelText(/Rechnungen lesen/));
      await userEvent.click(within(dialog).getByLabelText(/Standardrolle/));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Rolle anlegen' }));
      await waitFor(() => expect(stub.calls('POST', APP_ROLES)).to.have.length(1));
      expect(stub.calls('POST', APP_ROLES)[0]!.body).to.deep.equal({
        name: 'clerk',
        description: null,
        permissions: ['invoice:read'],
        default: true,
      });

      await userEvent.selectOptions(
        screen.getByLabelText('Standardrolle bei der Registrierung'),
        'accountant',
      );
      await waitFor(() => expect(stub.calls('PATCH', `${APP_ROLES}/ar1`)).to.have.length(1));
      expect(stub.calls('PATCH', `${APP_ROLES}/ar1`)[0]!.body).to.deep.equal({ default: true });
    });

    it('members read the tab: changes disabled, naming app_role:manage', async () => {
      stub.on('GET', ORGS, () => json(200, list([organization({ role: 'member' })])));
      stub.on('GET', APP_PERMISSIONS, () => json(200, { data: [invoiceRead] }));
      stub.on('GET', APP_ROLES, () => json(200, { data: [accountant] }));
      renderWithProviders(<AppRolesTab project={project() as never} />);
      await screen.findByRole('list', { name: 'Rollen' });
      expect(screen.queryByLabelText('Name der Berechtigung')).to.equal(null);
      expect(screen.getByRole('button', { name: 'Neue Rolle' }).getAttribute('aria-disabled')).to.equal(
        'true',
      );
      expect(
        (screen.getByLabelText('Standardrolle bei der Registrierung') as HTMLSelectElement).disabled,
      ).to.equal(true);
      expect(screen.getAllByRole('note')[0]!.textContent).to.match(/app_role:manage/);
    });

    it("assigns roles to an end user; without app_role:assign the button names what's missing", async () => {
      const ada = {
        id: USER_ID,
        email: 'ada@shop.example',
        display_name: 'Ada Kundin',
        roles: ['accountant'],
        skills: [],
      } as unknown as PoolUser;
      const USER_ROLES = `/api/v1/projects/${PROJECT_ID}/users/${USER_ID}/roles`;
      stub.on('GET', APP_ROLES, () =>
        json(200, { data: [accountant, { ...accountant, id: 'ar2', name: 'clerk', permissions: [] }] }),
      );
      stub.on('PUT', USER_ROLES, () =>
        json(200, { roles: ['accountant', 'clerk'], permissions: ['invoice:read'] }),
      );
      renderWithProviders(<UserRoles projectId={PROJECT_ID} user={ada} permissions={permissionsOf(org())} />);
      expect(screen.getByRole('list', { name: 'Rollen von Ada Kundin' }).textContent).to.equal('accountant');
      expect(
        (await screen.findByRole('list', { name: 'Berechtigungen von Ada Kundin' })).textContent,
      ).to.equal('invoice:read');
      await userEvent.click(screen.getByRole('button', { name: 'Rollen zuweisen: Ada Kundin' }));
      const dialog = await screen.findByRole('dialog', { name: 'Rollen von Ada Kundin' });
      expect((within(dialog).getByLabelText(/^accountant/) as HTMLInputElement).checked).to.equal(true);
      await userEvent.click(within(dialog).getByLabelText(/^clerk/));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
      await waitFor(() => expect(stub.calls('PUT', USER_ROLES)).to.have.length(1));
      expect(stub.calls('PUT', USER_ROLES)[0]!.body).to.deep.equal({ roles: ['accountant', 'clerk'] });
      expect(await screen.findByText('Rollen gespeichert')).to.exist;
      cleanup();

      renderWithProviders(
        <UserRoles
          projectId={PROJECT_ID}
          user={ada}
          permissions={permissionsOf(org({ role: 'member', my_permissions: ['app_role:read'] }))}
        />,
      );
      const assign = screen.getByRole('button', { name: 'Rollen zuweisen: Ada Kundin' });
      expect(assign.getAttribute('aria-disabled')).to.equal('true');
      expect(assign.getAttribute('data-missing-permission')).to.equal('app_role:assign');
    });
  });
});
