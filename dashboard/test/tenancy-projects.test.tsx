import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { Route, Routes } from 'react-router';
import ApplicationDetail from '../src/pages/ApplicationDetail';
import ProjectDetail from '../src/pages/ProjectDetail';
import Projects from '../src/pages/Projects';
import { useSessionStore } from '../src/stores/session';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json } from './fetch-stub';
import { renderWithProviders } from './render';
import { application, list, organization, project, user } from './tenancy-fixtures';

const PROJECT_ID = 'p00000000000000000000001';
const APP_ID = 'b00000000000000000000001';

function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/projects" element={<Projects />} />
      <Route path="/projects/:projectId" element={<ProjectDetail />} />
      <Route path="/projects/:projectId/applications/:applicationId" element={<ApplicationDetail />} />
    </Routes>,
    { route },
  );
}

describe('tenancy: projects and applications', () => {
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
    stub.on('GET', '/api/v1/organizations', () => json(200, list([organization()])));
  });

  afterEach(() => {
    cleanup();
    stub.restore();
    document.body.style.pointerEvents = '';
  });

  describe('/projects', () => {
    it('shows six skeletons while projects load, then project cards linking to their page', async () => {
      let answer: (response: Response) => void = () => {};
      stub.on('GET', '/api/v1/projects', () => new Promise<Response>((resolve) => (answer = resolve)));
      renderAt('/projects');
      expect(await screen.findAllByTestId('skeleton')).to.have.length(6);
      answer(json(200, list([project()])));
      const card = await screen.findByRole('article', { name: 'Webshop' });
      expect(within(card).getByRole('link', { name: 'Webshop' }).getAttribute('href')).to.equal(
        `/projects/${PROJECT_ID}`,
      );
      expect(within(card).getByText('API-Schlüssel: pk_1a2b3••••••••')).to.exist;
      expect(screen.getByRole('link', { name: 'Zurück zum Dashboard' }).getAttribute('href')).to.equal(
        '/dashboard',
      );
    });

    it('takes the organization filter from ?organization=', async () => {
      stub.on('GET', '/api/v1/projects', () => json(200, list([project()])));
      renderAt('/projects?organization=a00000000000000000000001');
      const filter = (await screen.findByLabelText('Organisation')) as HTMLSelectElement;
      await waitFor(() => expect(filter.value).to.equal('a00000000000000000000001'));
    });

    it('creates a project and shows its API key once', async () => {
      stub.on('GET', '/api/v1/projects', () => json(200, list([])));
      stub.on('POST', '/api/v1/projects', () =>
        json(201, {
          ...project({ name: 'Mein Projekt', slug: 'mein-projekt' }),
          api_key: `pk_${'a'.repeat(64)}`,
        }),
      );
      renderAt('/projects');
      await userEvent.click(await screen.findByRole('button', { name: 'Neues Projekt' }));
      const dialog = screen.getByRole('dialog', { name: 'Neues Projekt' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
      expect(within(dialog).getByRole('alert').textContent).to.equal(
        'Bitte füllen Sie alle Pflichtfelder aus',
      );
      await userEvent.type(within(dialog).getByLabelText('Name'), 'Mein Projekt');
      expect((within(dialog).getByLabelText('Slug') as HTMLInputElement).value).to.equal('mein-projekt');
      // The only organization is preselected; the environment defaults to development.
      await waitFor(() =>
        expect((within(dialog).getByLabelText('Organisation') as HTMLSelectElement).value).to.equal(
          'a00000000000000000000001',
        ),
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
      expect((await within(dialog).findByTestId('project-api-key')).textContent).to.equal(
        `pk_${'a'.repeat(64)}`,
      );
      expect(stub.calls('POST', '/api/v1/projects')[0]!.body).to.deep.equal({
        name: 'Mein Projekt',
        slug: 'mein-projekt',
        organization_id: 'a00000000000000000000001',
        environment: 'development',
      });
      expect(await screen.findByText('Projekt erstellt')).to.exist;
    });

    it('requires name, slug and project for a new application (SPEC §5)', async () => {
      stub.on('GET', '/api/v1/projects', () =>
        json(200, list([project(), project({ id: 'p2', name: 'Blog', slug: 'blog' })])),
      );
      stub.on('POST', '/api/v1/applications', () => json(201, application()));
      renderAt('/projects?tab=applications');
      stub.on('GET', '/api/v1/applications', () => json(200, list([])));
      await userEvent.click(await screen.findByRole('button', { name: 'Neue Anwendung' }));
      const dialog = screen.getByRole('dialog', { name: 'Neue Anwendung' });
      const create = within(dialog).getByRole('button', { name: 'Erstellen' }) as HTMLButtonElement;
      await userEvent.type(within(dialog).getByLabelText('Name'), 'Shop Frontend');
      expect(create.disabled, 'disabled without a project').to.equal(true);
      await waitFor(() => expect(within(dialog).getAllByRole('option')).to.have.length(3));
      await userEvent.selectOptions(within(dialog).getByLabelText('Projekt'), 'Webshop');
      await userEvent.clear(within(dialog).getByLabelText('Slug'));
      await userEvent.click(create);
      expect(within(dialog).getByRole('alert').textContent).to.equal(
        'Bitte füllen Sie alle Pflichtfelder aus und wählen Sie ein Projekt',
      );
      expect(stub.calls('POST', '/api/v1/applications')).to.have.length(0);
      await userEvent.type(within(dialog).getByLabelText('Slug'), 'shop');
      await userEvent.click(create);
      expect(await screen.findByText('Anwendung erstellt')).to.exist;
      expect(stub.calls('POST', '/api/v1/applications')[0]!.body).to.deep.equal({
        project_id: PROJECT_ID,
        name: 'Shop Frontend',
        slug: 'shop',
        version: '1.0.0',
      });
    });
  });

  describe('/projects/:projectId', () => {
    it('says "Projekt nicht gefunden" for an unknown or foreign project', async () => {
      stub.on('GET', `/api/v1/projects/${PROJECT_ID}`, () =>
        json(404, { error: 'Project not found.', code: 'project_not_found' }),
      );
      renderAt(`/projects/${PROJECT_ID}`);
      expect(await screen.findByRole('heading', { name: 'Projekt nicht gefunden' })).to.exist;
      expect(screen.getByRole('link', { name: 'Zurück zu den Projekten' }).getAttribute('href')).to.equal(
        '/projects',
      );
      // A missing project is a state of the page, not a failure toast.
      expect(useToastStore.getState().toasts).to.have.length(0);
    });

    it('shows "Keine Anwendungen" and creates one with a derived slug once a name is given', async () => {
      stub.on('GET', `/api/v1/projects/${PROJECT_ID}`, () => json(200, project()));
      stub.on('GET', '/api/v1/applications', () => json(200, list([])));
      stub.on('POST', '/api/v1/applications', () => json(201, application({ name: 'Mein Shop!' })));
      renderAt(`/projects/${PROJECT_ID}`);
      expect(await screen.findByRole('heading', { name: 'Keine Anwendungen' })).to.exist;
      await userEvent.click(screen.getByRole('button', { name: 'Neue Anwendung' }));
      const dialog = screen.getByRole('dialog', { name: 'Neue Anwendung' });
      const create = within(dialog).getByRole('button', { name: 'Erstellen' }) as HTMLButtonElement;
      expect(create.disabled, 'nothing happens without a name').to.equal(true);
      await userEvent.type(within(dialog).getByLabelText('Name'), 'Mein Shop!');
      await userEvent.click(create);
      expect(await screen.findByText('Anwendung erfolgreich erstellt')).to.exist;
      expect(stub.calls('POST', '/api/v1/applications')[0]!.body).to.deep.equal({
        project_id: PROJECT_ID,
        name: 'Mein Shop!',
        slug: 'mein-shop',
        version: '1.0.0',
      });
    });

    it('edits an application, including its allowed origins', async () => {
      stub.on('GET', `/api/v1/projects/${PROJECT_ID}`, () => json(200, project()));
      stub.on('GET', '/api/v1/applications', () => json(200, list([application()])));
      stub.on('PATCH', `/api/v1/applications/${APP_ID}`, () => json(200, application()));
      renderAt(`/projects/${PROJECT_ID}`);
      const card = await screen.findByRole('article', { name: 'Shop Frontend' });
      expect(within(card).getByText('v1.0.0')).to.exist;
      expect(within(card).getByText('Aktiv')).to.exist;
      await userEvent.click(within(card).getByRole('button', { name: 'Shop Frontend bearbeiten' }));
      const dialog = screen.getByRole('dialog', { name: 'Anwendung bearbeiten' });
      await userEvent.type(within(dialog).getByLabelText('Neuer Origin'), 'https://shop.example{Enter}');
      expect(within(dialog).getByRole('button', { name: 'https://shop.example entfernen' })).to.exist;
      await userEvent.clear(within(dialog).getByLabelText('Name'));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
      expect(within(dialog).getByRole('alert').textContent).to.equal('Name ist erforderlich');
      await userEvent.type(within(dialog).getByLabelText('Name'), 'Shop');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
      expect(await screen.findByText('Anwendung erfolgreich aktualisiert')).to.exist;
      expect(stub.calls('PATCH', `/api/v1/applications/${APP_ID}`)[0]!.body).to.deep.equal({
        name: 'Shop',
        api_endpoint: null,
        version: '1.0.0',
        description: 'Die Kundenseite',
        allowed_origins: ['https://shop.example'],
      });
    });
    it('links its tabs to analytics, logs and e-mail templates', async () => {
      stub.on('GET', `/api/v1/projects/${PROJECT_ID}`, () => json(200, project()));
      stub.on('GET', '/api/v1/applications', () => json(200, list([application()])));
      renderAt(`/projects/${PROJECT_ID}?tab=analytics`);
      expect(
        (await screen.findByRole('link', { name: /Analytics für Shop Frontend/ })).getAttribute('href'),
      ).to.equal(`/analytics?app=${APP_ID}`);
      await userEvent.click(screen.getByRole('tab', { name: 'Logs' }));
      expect(screen.getByRole('link', { name: /Logs öffnen/ }).getAttribute('href')).to.equal(
        `/projects/${PROJECT_ID}/logs`,
      );
      await userEvent.click(screen.getByRole('tab', { name: 'E-Mail Templates' }));
      expect(screen.getByRole('link', { name: /E-Mail Templates öffnen/ }).getAttribute('href')).to.equal(
        `/app-email-templates?project=${PROJECT_ID}`,
      );
    });
  });

  describe('application detail', () => {
    it('shows status, ID, endpoint, origins and onward links', async () => {
      stub.on('GET', `/api/v1/applications/${APP_ID}`, () =>
        json(
          200,
          application({
            api_endpoint: 'https://api.shop.example',
            allowed_origins: ['https://shop.example'],
          }),
        ),
      );
      stub.on('GET', `/api/v1/projects/${PROJECT_ID}`, () => json(200, project()));
      renderAt(`/projects/${PROJECT_ID}/applications/${APP_ID}`);
      expect(await screen.findByRole('heading', { name: 'Shop Frontend', level: 1 })).to.exist;
      expect(screen.getByTestId('application-id').textContent).to.equal(APP_ID);
      expect(screen.getByRole('link', { name: 'https://api.shop.example' })).to.exist;
      expect(screen.getByText('https://shop.example')).to.exist;
      expect(screen.getByRole('link', { name: 'API Token erstellen' }).getAttribute('href')).to.equal(
        `/tokens?applicationId=${APP_ID}`,
      );
      expect(screen.getByRole('link', { name: /Zu den Analytics/ }).getAttribute('href')).to.equal(
        `/analytics?app=${APP_ID}`,
      );
      await userEvent.click(screen.getByRole('tab', { name: 'Logs' }));
      expect(screen.getByRole('link', { name: /Logs öffnen/ }).getAttribute('href')).to.equal(
        `/projects/${PROJECT_ID}/logs?app=${APP_ID}`,
      );
      await userEvent.click(screen.getByRole('tab', { name: 'E-Mail' }));
      expect(screen.getByRole('link', { name: /E-Mail Templates öffnen/ }).getAttribute('href')).to.equal(
        `/application-email-templates/${APP_ID}`,
      );
    });

    it('lets organization admins delete it after confirmation', async () => {
      stub.on('GET', `/api/v1/applications/${APP_ID}`, () => json(200, application()));
      stub.on('GET', `/api/v1/projects/${PROJECT_ID}`, () => json(200, project()));
      stub.on('GET', '/api/v1/applications', () => json(200, list([])));
      stub.on('DELETE', `/api/v1/applications/${APP_ID}`, () => new Response(null, { status: 204 }));
      renderAt(`/projects/${PROJECT_ID}/applications/${APP_ID}?tab=settings`);
      await userEvent.click(await screen.findByRole('button', { name: 'Anwendung löschen' }));
      expect(stub.calls('DELETE', `/api/v1/applications/${APP_ID}`)).to.have.length(0);
      const confirm = screen.getByRole('group', { name: 'Anwendung „Shop Frontend“ wirklich löschen?' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Anwendung löschen' }));
      expect(await screen.findByText('Anwendung gelöscht')).to.exist;
      // Back on the project's page.
      expect(await screen.findByRole('heading', { name: 'Webshop', level: 1 })).to.exist;
    });

    it('says "Anwendung nicht gefunden" for an unknown application', async () => {
      stub.on('GET', `/api/v1/applications/${APP_ID}`, () =>
        json(404, { error: 'Application not found.', code: 'application_not_found' }),
      );
      stub.on('GET', `/api/v1/projects/${PROJECT_ID}`, () => json(200, project()));
      renderAt(`/projects/${PROJECT_ID}/applications/${APP_ID}`);
      expect(await screen.findByRole('heading', { name: 'Anwendung nicht gefunden' })).to.exist;
    });

    it('treats an application reached through another project as not found', async () => {
      stub.on('GET', `/api/v1/applications/${APP_ID}`, () =>
        json(200, application({ project_id: 'p-other' })),
      );
      stub.on('GET', `/api/v1/projects/${PROJECT_ID}`, () => json(200, project()));
      renderAt(`/projects/${PROJECT_ID}/applications/${APP_ID}`);
      expect(await screen.findByRole('heading', { name: 'Anwendung nicht gefunden' })).to.exist;
    });
  });
});
