import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { Route, Routes, useLocation } from 'react-router';
import { StepUpHost } from '../src/components/auth/StepUpDialog';
import ProjectDetail from '../src/pages/ProjectDetail';
import { readImportFile } from '../src/pages/ProjectDetail/PoolUsers/importFile';
import type { PoolUser, PoolUserDetail } from '../src/pages/ProjectDetail/PoolUsers/queries';
import { useSessionStore } from '../src/stores/session';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json } from './fetch-stub';
import { renderWithProviders } from './render';
import { application, list, now, organization, project, user } from './tenancy-fixtures';

const PROJECT_ID = 'p00000000000000000000001';
const USERS = `/api/v1/projects/${PROJECT_ID}/users`;
const ADA_ID = 'e00000000000000000000001';

function poolUser(overrides: Partial<PoolUser> = {}): PoolUser {
  return {
    id: ADA_ID,
    email: 'ada@shop.example',
    display_name: 'Ada Kundin',
    is_verified: true,
    blocked: false,
    blocked_at: null,
    has_password: true,
    signs_in_with_google: false,
    second_factor: false,
    registered_application_id: 'b00000000000000000000001',
    created_at: now,
    last_login_at: '2024-03-06T09:30:00.000Z',
    roles: [],
    skills: [],
    ...overrides,
  };
}

function detail(overrides: Partial<PoolUserDetail> = {}): PoolUserDetail {
  return {
    ...poolUser(),
    sessions: [
      {
        id: 's1',
        method: 'password',
        application_id: 'b00000000000000000000001',
        ip_address: '203.0.113.7',
        user_agent: 'Firefox on Linux',
        created_at: now,
        last_used_at: now,
        expires_at: now,
      },
    ],
    second_factors: [{ id: 'f1', type: 'passkey', name: 'YubiKey', added_at: now }],
    installations: [
      {
        installation_id: 'inst_abc',
        application_id: 'b00000000000000000000001',
        platform: 'web',
        user_agent: null,
        sdk_version: '1.2.0',
        linked_at: now,
        first_seen_at: now,
        last_seen_at: now,
      },
    ],
    anonymous_users: [
      {
        anonymous_id: 'anon_xyz',
        application_id: 'b00000000000000000000001',
        installation_id: 'inst_abc',
        linked_at: now,
        first_seen_at: now,
        last_activity_at: now,
      },
    ],
    recent_activity: [
      {
        id: 'l1',
        action: 'auth.login',
        application_id: 'b00000000000000000000001',
        status_code: 200,
        ip_address: '203.0.113.7',
        user_agent: null,
        created_at: now,
      },
    ],
    ...overrides,
  };
}

/** Shows the address, so a test can see the panel's `?user=` come and go. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

describe('project → "Benutzer" (the pool’s users)', () => {
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
    stub = new FetchStub()
      .on('GET', '/api/v1/organizations', () => json(200, list([organization()])))
      .on('GET', `/api/v1/projects/${PROJECT_ID}`, () => json(200, project()))
      .on('GET', '/api/v1/applications', () => json(200, list([application()])))
      .on('GET', `/api/v1/projects/${PROJECT_ID}/pool`, () =>
        json(200, { signup: 'open', methods: ['password'], branding: {} }),
      )
      .on('GET', USERS, () => json(200, list([poolUser()])))
      .on('GET', `${USERS}/${ADA_ID}`, () => json(200, detail()))
      .install();
  });

  afterEach(() => {
    cleanup();
    stub.restore();
    document.body.style.pointerEvents = '';
  });

  const renderTab = (search = '') =>
    renderWithProviders(
      <Routes>
        <Route
          path="/projects/:projectId"
          element={
            <>
              <ProjectDetail />
              <Address />
            </>
          }
        />
      </Routes>,
      { route: `/projects/${PROJECT_ID}?tab=users${search}` },
    );

  const firstRows = () => screen.findAllByTestId('pool-user', {}, { timeout: 10_000 });

  it('shows skeletons while loading, then the users; "Noch keine Benutzer" says what to do', async () => {
    let answer: (response: Response) => void = () => {};
    stub.on('GET', USERS, () => new Promise<Response>((resolve) => (answer = resolve)));
    renderTab();
    expect(await screen.findAllByTestId('skeleton', {}, { timeout: 10_000 })).to.have.length(5);
    answer(json(200, list([])));
    expect(await screen.findByRole('heading', { name: 'Noch keine Benutzer' })).to.exist;
    expect(screen.getByText(/sobald sie sich über eine Anwendung dieses Projekts/)).to.exist;
    const empty = screen.getByRole('heading', { name: 'Noch keine Benutzer' }).parentElement!;
    expect(within(empty).getByRole('button', { name: 'Benutzer einladen' })).to.exist;
    expect(within(empty).getByRole('button', { name: 'Importieren' })).to.exist;
    // Nobody to filter yet, and the actions only once.
    expect(screen.queryByRole('search')).to.equal(null);
    expect(screen.getAllByRole('button', { name: 'Benutzer einladen' })).to.have.length(1);
  });

  it('lists users with their state, searches after typing pauses, filters and loads more', async () => {
    stub.on('GET', USERS, (request) => {
      if (request.query.cursor === 'c2')
        return json(200, list([poolUser({ id: 'e2', email: 'bob@shop.example', display_name: 'Bob' })]));
      if (request.query.q === 'ada' || request.query.blocked === 'true')
        return json(200, list([poolUser({ blocked: true, blocked_at: now })]));
      return json(200, list([poolUser({ second_factor: true })], 'c2'));
    });
    renderTab();
    const [row] = await firstRows();
    expect(row!.textContent).to.contain('Ada Kundin').and.contain('ada@shop.example');
    expect(within(row!).getByText('Bestätigt')).to.exist;
    expect(within(row!).getByText('Zweiter Faktor')).to.exist;
    expect(row!.textContent).to.contain('Zuletzt angemeldet: 06.03.2024');
    expect(stub.calls('GET', USERS)[0]!.query).to.deep.equal({ limit: '25' });

    await userEvent.click(screen.getByRole('button', { name: 'Mehr laden' }));
    await waitFor(() => expect(screen.getAllByTestId('pool-user')).to.have.length(2));
    expect(stub.calls('GET', USERS)[1]!.query).to.deep.equal({ limit: '25', cursor: 'c2' });
    expect(screen.getByText('2 Benutzer angezeigt')).to.exist;
    expect(screen.queryByRole('button', { name: 'Mehr laden' })).to.equal(null);

    // Typing sends one request once it pauses, not one per key.
    const before = stub.calls('GET', USERS).length;
    await userEvent.type(screen.getByRole('searchbox', { name: 'Suche' }), 'ada');
    await waitFor(() => expect(screen.getByTestId('address').textContent).to.contain('q=ada'));
    await waitFor(() => expect(screen.getAllByTestId('pool-user')).to.have.length(1));
    const searches = stub.calls('GET', USERS).slice(before);
    expect(searches.map((call) => call.query.q)).to.deep.equal(['ada']);
    expect(within(screen.getByTestId('pool-user')).getByText('Gesperrt')).to.exist;

    await userEvent.selectOptions(screen.getByLabelText('Sperre'), 'true');
    await userEvent.selectOptions(screen.getByLabelText('Letzte Anmeldung'), '7d');
    await waitFor(() => {
      const last = stub.calls('GET', USERS).at(-1)!.query;
      expect(last).to.include({ q: 'ada', blocked: 'true', limit: '25' });
      expect(Date.parse(last.last_sign_in_after!)).to.be.closeTo(Date.now() - 7 * 86_400_000, 60_000);
    });

    // Nothing found: the way back is one click.
    stub.on('GET', USERS, () => json(200, list([])));
    await userEvent.selectOptions(screen.getByLabelText('Zweiter Faktor'), 'false');
    expect(await screen.findByRole('heading', { name: 'Keine Benutzer gefunden' })).to.exist;
    await userEvent.click(screen.getAllByRole('button', { name: 'Filter zurücksetzen' })[0]!);
    await waitFor(() => expect(screen.getByTestId('address').textContent).to.equal('?tab=users'));
    expect((screen.getByRole('searchbox', { name: 'Suche' }) as HTMLInputElement).value).to.equal('');
  });

  it('opens a user’s details in a panel: profile, sessions, factors, links, activity', async () => {
    renderTab();
    const [row] = await firstRows();
    await userEvent.click(row!);
    const panel = await screen.findByRole('dialog', { name: 'Ada Kundin' });
    expect(screen.getByTestId('address').textContent).to.contain(`user=${ADA_ID}`);
    expect(panel.textContent)
      .to.contain('ada@shop.example')
      .and.contain('über Shop Frontend')
      .and.contain('203.0.113.7 · Firefox on Linux')
      .and.contain('Passkey · YubiKey')
      .and.contain('inst_abc')
      .and.contain('anon_xyz')
      .and.contain('auth.login');
    expect(within(panel).getByRole('list', { name: 'Aktive Sitzungen' })).to.exist;

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
    expect(screen.getByTestId('address').textContent).to.equal('?tab=users');
  });

  it('blocks after asking, unblocks, signs out everywhere and sends a reset link, with toasts', async () => {
    let blocked = false;
    stub
      .on('GET', `${USERS}/${ADA_ID}`, () => json(200, detail({ blocked, blocked_at: blocked ? now : null })))
      .on('POST', `${USERS}/${ADA_ID}/block`, () => {
        blocked = true;
        return json(200, poolUser({ blocked: true, blocked_at: now }));
      })
      .on('POST', `${USERS}/${ADA_ID}/unblock`, () => {
        blocked = false;
        return json(200, poolUser());
      })
      .on('POST', `${USERS}/${ADA_ID}/sign-out`, () => json(200, { sessions_ended: 2 }))
      .on('POST', `${USERS}/${ADA_ID}/password-reset`, () => json(202, { sent_to: 'ada@shop.example' }));
    renderTab(`&user=${ADA_ID}`);
    const panel = await screen.findByRole('dialog', { name: 'Ada Kundin' }, { timeout: 10_000 });

    await userEvent.click(within(panel).getByRole('button', { name: 'Sperren' }));
    const confirm = screen.getByRole('dialog', { name: 'Benutzer sperren?' });
    expect(confirm.textContent).to.contain('ada@shop.example wird sofort überall abgemeldet');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Sperren' }));
    expect(await screen.findByText('Benutzer gesperrt')).to.exist;
    await within(panel).findByRole('button', { name: 'Sperre aufheben' });
    expect(within(panel).getByText(/Gesperrt seit/)).to.exist;
    // A blocked user gets no reset link (the server would refuse it).
    expect(
      (within(panel).getByRole('button', { name: 'Link zum Zurücksetzen senden' }) as HTMLButtonElement)
        .disabled,
    ).to.equal(true);

    await userEvent.click(within(panel).getByRole('button', { name: 'Sperre aufheben' }));
    expect(await screen.findByText('Sperre aufgehoben')).to.exist;
    await within(panel).findByRole('button', { name: 'Sperren' });

    await userEvent.click(within(panel).getByRole('button', { name: 'Überall abmelden' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Überall abmelden?' })).getByRole('button', {
        name: 'Überall abmelden',
      }),
    );
    expect(await screen.findByText('2 Sitzung(en) beendet')).to.exist;

    await userEvent.click(within(panel).getByRole('button', { name: 'Link zum Zurücksetzen senden' }));
    expect(await screen.findByText('E-Mail gesendet')).to.exist;
    expect(stub.calls('POST', `${USERS}/${ADA_ID}/password-reset`)).to.have.length(1);
  });

  it('blocks after a fresh proof of identity when the server asks for one', async () => {
    let proved = false;
    stub
      .on('POST', `${USERS}/${ADA_ID}/block`, () =>
        proved
          ? json(200, poolUser({ blocked: true, blocked_at: now }))
          : json(403, {
              error: 'Please confirm your identity to continue.',
              code: 'reauthentication_required',
              methods: ['password'],
              max_age_seconds: 600,
            }),
      )
      .on('POST', '/api/v1/auth/reauthenticate', () => {
        proved = true;
        return json(200, {
          auth_time: '2026-05-01T10:00:00.000Z',
          reauthenticate_before: '2026-05-01T10:10:00.000Z',
        });
      });
    renderWithProviders(
      <>
        <Routes>
          <Route path="/projects/:projectId" element={<ProjectDetail />} />
        </Routes>
        <StepUpHost />
      </>,
      { route: `/projects/${PROJECT_ID}?tab=users&user=${ADA_ID}` },
    );
    const panel = await screen.findByRole('dialog', { name: 'Ada Kundin' }, { timeout: 10_000 });
    await userEvent.click(within(panel).getByRole('button', { name: 'Sperren' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Benutzer sperren?' })).getByRole('button', {
        name: 'Sperren',
      }),
    );
    const proof = await screen.findByRole('dialog', { name: 'Bitte bestätigen Sie Ihre Identität' });
    await userEvent.type(within(proof).getByLabelText('Passwort'), 'richtig{Enter}');
    expect(await screen.findByText('Benutzer gesperrt')).to.exist;
    expect(stub.calls('POST', `${USERS}/${ADA_ID}/block`)).to.have.length(2);
  });

  it('says why an action failed', async () => {
    stub.on('POST', `${USERS}/${ADA_ID}/sign-out`, () =>
      json(403, {
        error: 'Only admins of the organization may change the users of its projects.',
        code: 'forbidden',
      }),
    );
    renderTab(`&user=${ADA_ID}`);
    const panel = await screen.findByRole('dialog', { name: 'Ada Kundin' }, { timeout: 10_000 });
    await userEvent.click(within(panel).getByRole('button', { name: 'Überall abmelden' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Überall abmelden?' })).getByRole('button', {
        name: 'Überall abmelden',
      }),
    );
    expect(await screen.findByText('Fehler beim Abmelden')).to.exist;
    expect(screen.getByText('Dafür fehlt Ihnen die Berechtigung.')).to.exist;
  });

  it('deletes a user only once their e-mail address is typed', async () => {
    stub.on('DELETE', `${USERS}/${ADA_ID}`, () => new Response(null, { status: 204 }));
    renderTab(`&user=${ADA_ID}`);
    const panel = await screen.findByRole('dialog', { name: 'Ada Kundin' }, { timeout: 10_000 });
    await userEvent.click(within(panel).getByRole('button', { name: 'Benutzer löschen' }));
    const dialog = screen.getByRole('dialog', { name: 'Benutzer endgültig löschen?' });
    const confirm = within(dialog).getByRole('button', { name: 'Endgültig löschen' }) as HTMLButtonElement;
    expect(confirm.disabled).to.equal(true);
    await userEvent.type(
      within(dialog).getByLabelText('Zur Bestätigung ada@shop.example eingeben'),
      'ada@shop',
    );
    expect(confirm.disabled).to.equal(true);
    await userEvent.type(
      within(dialog).getByLabelText('Zur Bestätigung ada@shop.example eingeben'),
      '.example',
    );
    await userEvent.click(confirm);
    expect(await screen.findByText('Benutzer gelöscht')).to.exist;
    expect(stub.calls('DELETE', `${USERS}/${ADA_ID}`)).to.have.length(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
    expect(screen.getByTestId('address').textContent).to.equal('?tab=users');
  });

  it('invites a user by e-mail', async () => {
    stub.on('POST', `${USERS}/invite`, () =>
      json(201, { user: poolUser({ email: 'neu@shop.example', is_verified: false }), created: true }),
    );
    renderTab();
    await firstRows();
    await userEvent.click(screen.getByRole('button', { name: 'Benutzer einladen' }));
    const dialog = screen.getByRole('dialog', { name: 'Benutzer einladen' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Einladung senden' }));
    expect(within(dialog).getByRole('alert').textContent).to.equal(
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    );
    await userEvent.type(within(dialog).getByLabelText('E-Mail-Adresse'), 'neu@shop.example{Enter}');
    expect(await screen.findByText('Einladung gesendet')).to.exist;
    expect(stub.calls('POST', `${USERS}/invite`)[0]!.body).to.deep.equal({ email: 'neu@shop.example' });
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
  });

  it('imports a JSON file the person chooses and shows imported, skipped and errors', async () => {
    stub.on('POST', `${USERS}/import`, () =>
      json(200, {
        imported: 1,
        skipped: 1,
        errors: [
          { index: 2, email: 'kaputt@shop.example', reason: 'password_hash: Not an importable bcrypt hash' },
        ],
      }),
    );
    renderTab();
    await firstRows();
    await userEvent.click(screen.getByRole('button', { name: 'Importieren' }));
    const dialog = screen.getByRole('dialog', { name: 'Benutzer importieren' });
    const rows = [
      { email: 'neu@shop.example', password_hash: `$2b$10$${'a'.repeat(53)}`, email_verified: true },
      { email: 'ada@shop.example' },
      { email: 'kaputt@shop.example', password_hash: 'md5:abc' },
    ];
    const file = new File([JSON.stringify(rows)], 'users.json', { type: 'application/json' });
    await userEvent.upload(within(dialog).getByLabelText('Datei (JSON oder CSV)'), file);
    expect(await within(dialog).findByText('users.json: 3 Einträge')).to.exist;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Importieren' }));

    const figures = await within(dialog).findByLabelText('Ergebnis des Imports');
    expect(figures.textContent).to.equal('Importiert1Übersprungen1Fehler1');
    expect(within(dialog).getByRole('list', { name: 'Fehler' }).textContent).to.equal(
      'Eintrag 3 (kaputt@shop.example): password_hash: Not an importable bcrypt hash',
    );
    expect(stub.calls('POST', `${USERS}/import`)[0]!.body).to.deep.equal({ users: rows });
    expect(await screen.findByText('Import abgeschlossen')).to.exist;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fertig' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
  });

  it('reads import files: JSON lists are wrapped, CSV is sent as it is, anything else is refused', () => {
    expect(readImportFile('a.json', '', '[{"email":"a@b.example"}]')).to.deep.equal({
      ok: true,
      file: { format: 'json', users: [{ email: 'a@b.example' }] },
      count: 1,
    });
    expect(readImportFile('a.json', '', '{"users":[]}')).to.deep.include({ ok: true, count: 0 });
    expect(readImportFile('a.json', '', '{"people":[]}')).to.deep.equal({ ok: false, problem: 'noUsers' });
    expect(readImportFile('a.json', '', '{')).to.deep.equal({ ok: false, problem: 'invalidJson' });
    expect(readImportFile('users.CSV', '', '\uFEFFemail\na@b.example\n')).to.deep.equal({
      ok: true,
      file: { format: 'csv', content: 'email\na@b.example\n' },
      count: null,
    });
    expect(readImportFile('a.txt', 'text/plain', 'x')).to.deep.equal({ ok: false, problem: 'unknownType' });
    expect(readImportFile('a.csv', '', '  \n')).to.deep.equal({ ok: false, problem: 'empty' });
  });

  it('speaks English too: tabs and the empty state', async () => {
    await act(() => useUiStore.getState().setLocale('en'));
    stub.on('GET', USERS, () => json(200, list([])));
    renderTab();
    expect(await screen.findByRole('heading', { name: 'No users yet' }, { timeout: 10_000 })).to.exist;
    expect(screen.getByRole('tab', { name: 'Users', selected: true })).to.exist;
    expect(screen.getByRole('tab', { name: 'Users & sign-in' })).to.exist;
    expect(screen.getByRole('button', { name: 'Invite user' })).to.exist;
  });

  it('shows members the list and the export, but no changes', async () => {
    stub.on('GET', '/api/v1/organizations', () => json(200, list([organization({ role: 'member' })])));
    renderTab(`&user=${ADA_ID}`);
    const panel = await screen.findByRole('dialog', { name: 'Ada Kundin' }, { timeout: 10_000 });
    await waitFor(() => expect(within(panel).queryByRole('button', { name: 'Sperren' })).to.equal(null));
    expect(within(panel).getByRole('button', { name: 'Daten exportieren' })).to.exist;
    expect(within(panel).queryByRole('button', { name: 'Benutzer löschen' })).to.equal(null);
  });
});
