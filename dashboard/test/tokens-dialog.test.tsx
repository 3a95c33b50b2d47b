import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { useState } from 'react';
import { CreateTokenDialog } from '../src/components/dialogs/CreateTokenDialog';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json } from './fetch-stub';
import { renderWithProviders } from './render';

const PLAINTEXT = `cs_${'ab'.repeat(32)}`;

const organizations = [
  { id: 'o1', name: 'Acme', role: 'admin' },
  { id: 'o2', name: 'Globex', role: 'member' },
];
const projects = [
  { id: 'p1', name: 'Shop', organization_id: 'o1' },
  { id: 'p2', name: 'Blog', organization_id: 'o1' },
  { id: 'p3', name: 'Intranet', organization_id: 'o2' },
];
const applications = [
  { id: 'a1', name: 'Shop Web', project_id: 'p1', organization_id: 'o1' },
  { id: 'a2', name: 'Shop App', project_id: 'p1', organization_id: 'o1' },
  { id: 'a3', name: 'Blog Web', project_id: 'p2', organization_id: 'o1' },
];

function list(data: unknown[]) {
  return json(200, { data, next_cursor: null });
}

/** The dialog behind an opener button, as a screen uses it. */
function Harness({ defaultApplicationId }: { defaultApplicationId?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        öffnen
      </button>
      <CreateTokenDialog open={open} onOpenChange={setOpen} defaultApplicationId={defaultApplicationId} />
    </>
  );
}

describe('create token dialog', () => {
  let stub: FetchStub;
  /** Every URL requested, query included (the stub itself routes by path only). */
  let seen: URL[];

  beforeEach(() => {
    act(() => {
      void useUiStore.getState().setLocale('de');
      useToastStore.setState({ toasts: [] });
    });
    stub = new FetchStub()
      .on('GET', '/api/v1/organizations', () => list(organizations))
      .on('POST', '/api/v1/tokens', (request) => {
        const body = request.body as { name: string; scopes: string[]; application_id: string };
        return json(201, {
          id: 't1',
          name: body.name,
          prefix: PLAINTEXT.slice(0, 8),
          scopes: body.scopes,
          is_active: true,
          status: 'active',
          expires_at: null,
          last_used_at: null,
          revoked_at: null,
          application_id: body.application_id,
          created_at: new Date().toISOString(),
          token: PLAINTEXT,
        });
      })
      .install();
    // Lists filtered by query parameter: answered here, everything else goes to the stub.
    seen = [];
    const byPath = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const url = new URL(request.url);
      seen.push(url);
      if (request.method === 'GET' && url.pathname === '/api/v1/projects') {
        const organizationId = url.searchParams.get('organization_id');
        return list(
          projects.filter((project) => !organizationId || project.organization_id === organizationId),
        );
      }
      if (request.method === 'GET' && url.pathname === '/api/v1/applications') {
        const projectId = url.searchParams.get('project_id');
        return list(applications.filter((application) => !projectId || application.project_id === projectId));
      }
      return byPath(request);
    }) as typeof fetch;
  });

  afterEach(() => {
    cleanup();
    stub.restore();
    document.body.style.pointerEvents = '';
  });

  async function openDialog(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('button', { name: 'öffnen' }));
    return screen.findByRole('dialog', { name: 'Neuen API Token erstellen' });
  }

  function options(select: HTMLElement): string[] {
    return Array.from((select as HTMLSelectElement).options).map((option) => option.textContent ?? '');
  }

  async function chooseApplication(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
    const organization = within(dialog).getByLabelText('Organisation');
    await waitFor(() => expect(options(organization)).to.include('Acme'));
    await user.selectOptions(organization, 'Acme');
    const project = within(dialog).getByLabelText('Projekt');
    await waitFor(() => expect(options(project)).to.include('Shop'));
    await user.selectOptions(project, 'Shop');
    const application = within(dialog).getByLabelText('Anwendung');
    await waitFor(() => expect(options(application)).to.include('Shop Web'));
    await user.selectOptions(application, 'Shop Web');
  }

  /** Chooses Acme → Shop → Shop Web, a name and the given scopes. */
  async function fillForm(
    user: ReturnType<typeof userEvent.setup>,
    dialog: HTMLElement,
    name: string,
    scopes: string[],
  ) {
    await chooseApplication(user, dialog);
    await user.type(within(dialog).getByLabelText('Name'), name);
    for (const scope of scopes) {
      await user.click(within(dialog).getByRole('checkbox', { name: new RegExp(scope) }));
    }
  }

  it('cascades organization → project → application and resets the later choices', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const dialog = await openDialog(user);
    const project = within(dialog).getByLabelText('Projekt') as HTMLSelectElement;
    const application = within(dialog).getByLabelText('Anwendung') as HTMLSelectElement;
    expect(project.disabled).to.equal(true);
    expect(application.disabled).to.equal(true);

    await chooseApplication(user, dialog);
    expect(options(project)).to.deep.equal(['Projekt wählen', 'Shop', 'Blog']);
    expect(options(application)).to.deep.equal(['Anwendung wählen', 'Shop Web', 'Shop App']);
    expect(seen.some((url) => url.searchParams.get('organization_id') === 'o1')).to.equal(true);
    expect(seen.some((url) => url.searchParams.get('project_id') === 'p1')).to.equal(true);

    // Another organization: its own projects, and no application chosen any more.
    await user.selectOptions(within(dialog).getByLabelText('Organisation'), 'Globex');
    await waitFor(() => expect(options(project)).to.deep.equal(['Projekt wählen', 'Intranet']));
    expect(project.value).to.equal('');
    expect(application.value).to.equal('');
    expect(application.disabled).to.equal(true);
    await user.selectOptions(project, 'Intranet');
    await waitFor(() => expect(options(application)).to.deep.equal(['Keine Anwendungen in diesem Projekt']));
  });

  it('asks for name, a scope and an app before calling the server (SPEC §5)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Token erstellen' }));
    expect(within(dialog).getByRole('alert').textContent).to.equal(
      'Bitte füllen Sie alle Pflichtfelder aus und wählen Sie eine App aus',
    );

    // Name and application but no scope: still refused.
    await fillForm(user, dialog, 'CI', []);
    await user.click(within(dialog).getByRole('button', { name: 'Token erstellen' }));
    expect(within(dialog).getByRole('alert').textContent).to.equal(
      'Bitte füllen Sie alle Pflichtfelder aus und wählen Sie eine App aus',
    );
    expect(stub.calls('POST', '/api/v1/tokens')).to.have.length(0);

    // The message goes once nothing is missing any more.
    await user.click(within(dialog).getByRole('checkbox', { name: /read/ }));
    expect(within(dialog).queryByRole('alert')).to.equal(null);
  });

  it('refuses an expiry in the past', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const dialog = await openDialog(user);
    await fillForm(user, dialog, 'CI', ['read']);
    const expiry = within(dialog).getByLabelText('Ablaufdatum (optional)');
    await user.type(expiry, '01.01.2020 10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Token erstellen' }));
    expect(within(dialog).getByRole('alert').textContent).to.equal(
      'Das Ablaufdatum muss in der Zukunft liegen.',
    );
    expect(stub.calls('POST', '/api/v1/tokens')).to.have.length(0);
  });

  it('asks for the expiry as TT.MM.JJJJ and refuses dates that do not exist', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const dialog = await openDialog(user);
    await fillForm(user, dialog, 'CI', ['read']);
    const expiry = within(dialog).getByLabelText('Ablaufdatum (optional)') as HTMLInputElement;
    expect(expiry.type).to.equal('text');
    expect(expiry.placeholder).to.equal('TT.MM.JJJJ');
    expect(within(dialog).getByText(/^Als TT\.MM\.JJJJ, auf Wunsch mit Uhrzeit/)).to.exist;
    for (const typed of ['31.02.2030', '12/31/2030', 'morgen']) {
      await user.clear(expiry);
      await user.type(expiry, typed);
      await user.click(within(dialog).getByRole('button', { name: 'Token erstellen' }));
      expect(within(dialog).getByRole('alert').textContent, typed).to.equal(
        'Bitte geben Sie das Ablaufdatum als TT.MM.JJJJ ein (auf Wunsch mit Uhrzeit HH:MM), z. B. 31.12.2026.',
      );
      expect(expiry.getAttribute('aria-invalid')).to.equal('true');
    }
    expect(stub.calls('POST', '/api/v1/tokens')).to.have.length(0);
  });

  it('reads a date without time as the end of that day and says so before creating', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const dialog = await openDialog(user);
    await fillForm(user, dialog, 'CI', ['read']);
    const year = new Date().getFullYear() + 1;
    await user.type(within(dialog).getByLabelText('Ablaufdatum (optional)'), `31.12.${year}`);
    expect(within(dialog).getByText(`Läuft ab am 31.12.${year}, 23:59.`)).to.exist;
    await user.click(within(dialog).getByRole('button', { name: 'Token erstellen' }));
    await screen.findByRole('dialog', { name: 'Ihr neuer API Token' });
    expect((stub.calls('POST', '/api/v1/tokens')[0]?.body as { expires_at: string }).expires_at).to.equal(
      new Date(year, 11, 31, 23, 59, 59).toISOString(),
    );
  });

  it('creates the token, shows it once masked with reveal and copy, and forgets it on close', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    let dialog = await openDialog(user);
    await fillForm(user, dialog, 'Produktion', ['write', 'read']);
    const expiry = new Date(Date.now() + 7 * 86_400_000);
    const pad = (value: number) => String(value).padStart(2, '0');
    const typed = `${pad(expiry.getDate())}.${pad(expiry.getMonth() + 1)}.${expiry.getFullYear()} 10:30`;
    await user.type(within(dialog).getByLabelText('Ablaufdatum (optional)'), typed);
    await user.click(within(dialog).getByRole('button', { name: 'Token erstellen' }));

    dialog = await screen.findByRole('dialog', { name: 'Ihr neuer API Token' });
    expect(stub.calls('POST', '/api/v1/tokens')[0]?.body).to.deep.equal({
      name: 'Produktion',
      scopes: ['read', 'write'],
      application_id: 'a1',
      expires_at: new Date(expiry.getFullYear(), expiry.getMonth(), expiry.getDate(), 10, 30).toISOString(),
    });
    await screen.findByText('Token erstellt', { exact: true });

    const secret = within(dialog).getByLabelText('API Token „Produktion“') as HTMLInputElement;
    expect(secret.value).to.equal(PLAINTEXT);
    expect(secret.type).to.equal('password');
    expect(secret.readOnly).to.equal(true);
    const reveal = within(dialog).getByRole('button', { name: 'Token anzeigen' });
    expect(reveal.getAttribute('aria-pressed')).to.equal('false');
    await user.click(reveal);
    expect(secret.type).to.equal('text');
    expect(reveal.getAttribute('aria-pressed')).to.equal('true');

    await user.click(within(dialog).getByRole('button', { name: 'Token kopieren' }));
    await screen.findByText('Kopiert', { exact: true });
    expect(await navigator.clipboard.readText()).to.equal(PLAINTEXT);

    await user.click(within(dialog).getByRole('button', { name: 'Fertig' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));

    // Reopened: a fresh form, the token is gone for good.
    dialog = await openDialog(user);
    expect(within(dialog).queryByDisplayValue(PLAINTEXT)).to.equal(null);
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).to.equal('');
    expect((within(dialog).getByLabelText('Organisation') as HTMLSelectElement).value).to.equal('');
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .some((box) => (box as HTMLInputElement).checked),
    ).to.equal(false);
  });

  it('reports a refused copy with "Failed to copy"', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const dialog = await openDialog(user);
    await fillForm(user, dialog, 'CI', ['admin']);
    await user.click(within(dialog).getByRole('button', { name: 'Token erstellen' }));
    const shown = await screen.findByRole('dialog', { name: 'Ihr neuer API Token' });
    navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
    await user.click(within(shown).getByRole('button', { name: 'Token kopieren' }));
    await screen.findByText('Failed to copy', { exact: true });
  });

  it('resets a half-filled form when closed with Escape', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    let dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Name'), 'halb');
    await user.click(within(dialog).getByRole('checkbox', { name: /delete/ }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
    dialog = await openDialog(user);
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).to.equal('');
    expect((within(dialog).getByRole('checkbox', { name: /delete/ }) as HTMLInputElement).checked).to.equal(
      false,
    );
  });

  it('preselects organization, project and application from the given application', async () => {
    stub.on('GET', '/api/v1/applications/a3', () =>
      json(
        200,
        applications.find((application) => application.id === 'a3'),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<Harness defaultApplicationId="a3" />);
    const dialog = await openDialog(user);
    const application = within(dialog).getByLabelText('Anwendung') as HTMLSelectElement;
    await waitFor(() => expect(application.value).to.equal('a3'));
    expect((within(dialog).getByLabelText('Organisation') as HTMLSelectElement).value).to.equal('o1');
    expect((within(dialog).getByLabelText('Projekt') as HTMLSelectElement).value).to.equal('p2');
    expect(application.selectedOptions[0]?.textContent).to.equal('Blog Web');
  });

  it('shows a failed creation in the form and as a toast', async () => {
    stub.on('POST', '/api/v1/tokens', () =>
      json(404, { error: 'Application not found.', code: 'application_not_found' }),
    );
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const dialog = await openDialog(user);
    await fillForm(user, dialog, 'CI', ['read']);
    await user.click(within(dialog).getByRole('button', { name: 'Token erstellen' }));
    await screen.findByText('Fehler beim Erstellen', { exact: true });
    expect(within(dialog).getByRole('alert').textContent).to.equal('Anwendung nicht gefunden');
    expect(screen.getByRole('dialog', { name: 'Neuen API Token erstellen' })).to.equal(dialog);
  });
});
