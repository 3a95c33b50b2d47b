import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { Route, Routes } from 'react-router';
import ApplicationTemplates from '../src/pages/EmailTemplates/ApplicationTemplates';
import EmailTemplates from '../src/pages/EmailTemplates';
import ProjectTemplates from '../src/pages/EmailTemplates/ProjectTemplates';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json } from './fetch-stub';
import { renderWithProviders } from './render';

const APP = { id: 'a1', name: 'Shop Web', project_id: 'p1', organization_id: 'o1' };

function template(overrides: Record<string, unknown>) {
  return {
    id: 'tpl1',
    application_id: 'a1',
    name: 'welcome',
    locale: 'de',
    subject: 'Willkommen bei {{appName}}',
    html_content: '<p>Hallo {{name}}</p>',
    text_content: null,
    variables: ['appName', 'name'],
    is_active: true,
    is_system_template: true,
    created_by: null,
    created_at: '2026-03-05T09:07:00.000Z',
    updated_at: '2026-03-05T09:07:00.000Z',
    ...overrides,
  };
}

const welcome = template({});
const custom = template({
  id: 'tpl2',
  name: 'order_shipped',
  subject: 'Bestellung {{orderId}}',
  html_content: '<p>{{orderId}} {{missing}}</p>',
  variables: ['orderId', 'missing'],
  is_system_template: false,
  created_by: 'u1',
});

function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/application-email-templates" element={<ApplicationTemplates />} />
      <Route path="/application-email-templates/:applicationId" element={<ApplicationTemplates />} />
      <Route path="/app-email-templates" element={<ProjectTemplates />} />
      <Route path="/email-templates" element={<EmailTemplates />} />
    </Routes>,
    { route },
  );
}

describe('e-mail template screens', () => {
  let stub: FetchStub;
  let templates: ReturnType<typeof template>[];

  beforeEach(() => {
    act(() => {
      void useUiStore.getState().setLocale('de');
      useToastStore.setState({ toasts: [] });
    });
    templates = [custom, welcome];
    stub = new FetchStub()
      .on('GET', '/api/v1/applications/a1', () => json(200, APP))
      // The caller's role decides whether edit, reset and delete are offered. Unanswered, the
      // organizations query fails after its retries — on a slow run in the middle of a test —
      // and the buttons turn into "missing permission" hints that a click no longer opens.
      .on('GET', '/api/v1/organizations', () =>
        json(200, {
          data: [{ id: 'o1', name: 'Partner', slug: 'partner', role: 'admin', is_active: true }],
          next_cursor: null,
        }),
      )
      .on('GET', '/api/v1/email-templates', () => json(200, { data: templates, next_cursor: null }))
      .install();
  });

  afterEach(() => {
    cleanup();
    stub.restore();
    document.body.style.pointerEvents = '';
  });

  function card(name: string): HTMLElement {
    return screen.getByRole('heading', { name, level: 2 }).closest('article')!;
  }

  it('lists the application’s templates with subject, variables and a system badge; reset only on system ones', async () => {
    renderAt('/application-email-templates/a1');
    await screen.findByRole('heading', { name: 'welcome', level: 2 });
    expect(screen.getByRole('heading', { name: 'E-Mail Templates: Shop Web', level: 1 })).to.exist;
    const system = within(card('welcome'));
    expect(system.getByText('System')).to.exist;
    expect(system.getByText('Willkommen bei {{appName}}')).to.exist;
    expect(system.getByText('{{appName}}')).to.exist;
    expect(system.getByText('{{name}}')).to.exist;
    expect(system.getByRole('button', { name: 'Zurücksetzen: welcome (de)' })).to.exist;
    const own = within(card('order_shipped'));
    expect(own.queryByText('System')).to.equal(null);
    expect(own.getByText('{{missing}}')).to.exist;
    expect(own.queryByRole('button', { name: /Zurücksetzen/ })).to.equal(null);
    expect(own.getByRole('button', { name: 'Test senden: order_shipped (de)' })).to.exist;
  });

  it('previews in a sandboxed iframe at desktop and mobile width and warns about unresolved variables', async () => {
    stub.on('POST', '/api/v1/email-templates/tpl2/preview', () =>
      json(200, {
        subject: 'Bestellung {{orderId}}',
        html: '<!doctype html><p>{{orderId}} {{missing}}</p>',
        text: '',
        unresolved: ['orderId', 'missing'],
      }),
    );
    const user = userEvent.setup();
    renderAt('/application-email-templates/a1');
    await user.click(await screen.findByRole('button', { name: 'Vorschau: order_shipped (de)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vorschau: order_shipped' });
    const warning = await within(dialog).findByText('Nicht ersetzte Variablen: {{orderId}}, {{missing}}');
    expect(warning).to.exist;
    const frame = within(dialog).getByTitle(/Vorschau der Mail/) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).to.equal('');
    expect(frame.getAttribute('srcdoc')).to.contain('{{missing}}');
    expect(frame.dataset.previewWidth).to.equal('desktop');
    await user.click(within(dialog).getByRole('button', { name: 'Mobil' }));
    expect(within(dialog).getByRole('button', { name: 'Mobil' }).getAttribute('aria-pressed')).to.equal(
      'true',
    );
    expect(
      (within(dialog).getByTitle(/Vorschau der Mail/) as HTMLIFrameElement).dataset.previewWidth,
    ).to.equal('mobile');
    expect(stub.calls('POST', '/api/v1/email-templates/tpl2/preview')[0]!.body).to.deep.equal({ data: {} });
  });

  it('refuses to create a template without name and subject ("Name und Betreff sind erforderlich")', async () => {
    stub.on('POST', '/api/v1/email-templates', (request) =>
      json(201, template({ id: 'tpl3', ...(request.body as object), is_system_template: false })),
    );
    const user = userEvent.setup();
    renderAt('/application-email-templates/a1');
    await screen.findByRole('heading', { name: 'welcome', level: 2 });
    await user.click(screen.getByRole('button', { name: 'New Template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neues Template' });
    await user.type(within(dialog).getByLabelText('Name'), 'newsletter');
    await user.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
    expect(within(dialog).getByRole('alert').textContent).to.equal('Name und Betreff sind erforderlich');
    expect(stub.calls('POST', '/api/v1/email-templates')).to.have.length(0);

    // paste, not type: user-event reads "{" in typed text as a key name.
    await user.click(within(dialog).getByLabelText('Betreff'));
    await user.paste('News für {{name}}');
    await user.click(within(dialog).getByLabelText('HTML-Inhalt'));
    await user.paste('<p>Hallo</p>');
    await user.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
    expect(stub.calls('POST', '/api/v1/email-templates')[0]!.body).to.deep.equal({
      application_id: 'a1',
      name: 'newsletter',
      subject: 'News für {{name}}',
      html_content: '<p>Hallo</p>',
    });
    expect(await screen.findByText('Template erfolgreich erstellt')).to.exist;
  });

  it('resets a system template only after confirming that it cannot be undone', async () => {
    stub.on('POST', '/api/v1/email-templates/tpl1/reset', () => json(200, welcome));
    const user = userEvent.setup();
    renderAt('/application-email-templates/a1');
    await user.click(await screen.findByRole('button', { name: 'Zurücksetzen: welcome (de)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Template zurücksetzen?' });
    expect(dialog.textContent).to.contain('Dies kann nicht rückgängig gemacht werden.');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
    expect(stub.calls('POST', '/api/v1/email-templates/tpl1/reset')).to.have.length(0);

    await user.click(screen.getByRole('button', { name: 'Zurücksetzen: welcome (de)' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Zurücksetzen' }));
    await waitFor(() => expect(stub.calls('POST', '/api/v1/email-templates/tpl1/reset')).to.have.length(1));
    expect(await screen.findByText('Template zurückgesetzt')).to.exist;
  });

  it('deletes a custom template only after confirming ("Template gelöscht"), never a system one, and refreshes the list', async () => {
    stub.on('DELETE', '/api/v1/email-templates/tpl2', () => {
      templates = [welcome];
      return new Response(null, { status: 204 });
    });
    const user = userEvent.setup();
    renderAt('/application-email-templates/a1');
    await screen.findByRole('heading', { name: 'order_shipped', level: 2 });
    expect(within(card('welcome')).queryByRole('button', { name: /Löschen/ })).to.equal(null);

    await user.click(
      within(card('order_shipped')).getByRole('button', { name: 'Löschen: order_shipped (de)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Template löschen?' });
    expect(dialog.textContent).to.contain('Dies kann nicht rückgängig gemacht werden.');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
    expect(stub.calls('DELETE', '/api/v1/email-templates/tpl2')).to.have.length(0);

    const listsBefore = stub.calls('GET', '/api/v1/email-templates').length;
    await user.click(screen.getByRole('button', { name: 'Löschen: order_shipped (de)' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(stub.calls('DELETE', '/api/v1/email-templates/tpl2')).to.have.length(1));
    expect(await screen.findByText('Template gelöscht')).to.exist;
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'order_shipped', level: 2 })).to.equal(null),
    );
    expect(stub.calls('GET', '/api/v1/email-templates').length).to.be.greaterThan(listsBefore);
    expect(screen.getByRole('heading', { name: 'welcome', level: 2 })).to.exist;
  });

  it('shows "Fehler beim Löschen" with the server’s answer when the delete is refused, and keeps the card', async () => {
    stub.on('DELETE', '/api/v1/email-templates/tpl2', () =>
      json(403, { error: 'Missing permission: delete', code: 'forbidden' }),
    );
    const user = userEvent.setup();
    renderAt('/application-email-templates/a1');
    await user.click(await screen.findByRole('button', { name: 'Löschen: order_shipped (de)' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Fehler beim Löschen')).to.exist;
    // The server's answer, in the catalog's German wording for its code.
    expect(await screen.findByText('Dafür fehlt Ihnen die Berechtigung.')).to.exist;
    expect(screen.getByRole('heading', { name: 'order_shipped', level: 2 })).to.exist;
  });

  it('shows "Fehler beim Laden der Templates" when the list cannot be loaded', async () => {
    stub.on('GET', '/api/v1/email-templates', () => json(500, { error: 'Datenbank weg', code: 'internal' }));
    renderAt('/application-email-templates/a1');
    // The query is retried once (App's client) before the failure shows.
    expect(await screen.findByText('Fehler beim Laden der Templates', {}, { timeout: 4000 })).to.exist;
    expect(await screen.findByRole('button', { name: 'Erneut versuchen' })).to.exist;
  });

  it('sends a test mail of a template with its values and says "Email sent successfully"', async () => {
    stub.on('POST', '/api/v1/email/send', () =>
      json(200, {
        success: true,
        message_id: '<1@x>',
        transport: 'smtp',
        from: 'x',
        template: 'welcome',
        locale: 'de',
      }),
    );
    const user = userEvent.setup();
    renderAt('/application-email-templates/a1');
    await user.click(await screen.findByRole('button', { name: 'Test senden: welcome (de)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test-Mail senden: welcome' });
    await user.type(within(dialog).getByLabelText('Empfänger'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Wert für {{name}}'), 'Ada');
    expect(within(dialog).getByLabelText('Wert für {{appName}}')).to.exist;
    await user.click(within(dialog).getByRole('button', { name: 'Senden' }));
    expect(await screen.findByText('Email sent successfully')).to.exist;
    expect(stub.calls('POST', '/api/v1/email/send')[0]!.body).to.deep.equal({
      to: 'ada@example.com',
      applicationId: 'a1',
      template: 'welcome',
      templateData: { name: 'Ada' },
      locale: 'de',
    });
  });

  it('shows "Failed to send email: …" with the SMTP server’s answer when delivery fails', async () => {
    stub.on('POST', '/api/v1/email/send', () =>
      json(502, {
        error: 'Mail delivery failed: 550 Mailbox unavailable',
        code: 'mail_delivery_failed',
        details: [{ path: 'smtp', message: '550 Mailbox unavailable' }],
      }),
    );
    const user = userEvent.setup();
    renderAt('/application-email-templates/a1');
    await user.click(await screen.findByRole('button', { name: 'Test senden: welcome (de)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test-Mail senden: welcome' });
    await user.click(within(dialog).getByRole('button', { name: 'Senden' }));
    expect(within(dialog).getByRole('alert').textContent).to.equal('Empfänger und Betreff sind erforderlich');
    await user.type(within(dialog).getByLabelText('Empfänger'), 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Senden' }));
    const expected =
      'Failed to send email: Die E-Mail konnte nicht zugestellt werden. Bitte versuchen Sie es später erneut. (SMTP: 550 Mailbox unavailable)';
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).to.equal(expected));
    expect(screen.getAllByText(expected)).to.have.length(2); // in the form and in the toast
    expect(screen.getByRole('dialog')).to.exist; // kept open to try again
  });

  it('overview: chooses the only application, filters by tab and copies the system templates', async () => {
    stub
      .on('GET', '/api/v1/organizations', () =>
        json(200, { data: [{ id: 'o1', name: 'Acme', role: 'admin' }], next_cursor: null }),
      )
      .on('GET', '/api/v1/projects', () =>
        json(200, { data: [{ id: 'p1', name: 'Shop', organization_id: 'o1' }], next_cursor: null }),
      )
      .on('GET', '/api/v1/applications', () => json(200, { data: [APP], next_cursor: null }))
      .on('POST', '/api/v1/applications/a1/email-templates/copy-system', () =>
        json(200, { added: 3, data: [welcome] }),
      );
    const user = userEvent.setup();
    renderAt('/email-templates');
    await screen.findByRole('heading', { name: 'order_shipped', level: 2 });
    expect((screen.getByLabelText('Anwendung') as HTMLSelectElement).value).to.equal('a1');
    expect(screen.getByRole('heading', { name: 'welcome', level: 2 })).to.exist;
    await user.click(screen.getByRole('tab', { name: 'Custom' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'welcome', level: 2 })).to.equal(null));
    expect(screen.getByRole('heading', { name: 'order_shipped', level: 2 })).to.exist;
    await user.click(screen.getByRole('tab', { name: 'System' }));
    await screen.findByRole('heading', { name: 'welcome', level: 2 });
    expect(screen.queryByRole('heading', { name: 'order_shipped', level: 2 })).to.equal(null);
    await user.click(screen.getByRole('button', { name: 'System-Templates kopieren' }));
    expect(await screen.findByText('System templates copied to application successfully')).to.exist;
    expect(screen.getByText('3 hinzugefügt')).to.exist;
    expect(stub.calls('POST', '/api/v1/applications/a1/email-templates/copy-system')).to.have.length(1);
  });

  it('says "Keine Anwendung angegeben" without an application or project', async () => {
    renderAt('/app-email-templates');
    expect(await screen.findByRole('heading', { name: 'Keine Anwendung angegeben', level: 1 })).to.exist;
    cleanup();
    renderAt('/application-email-templates');
    expect(await screen.findByRole('heading', { name: 'Keine Anwendung angegeben', level: 1 })).to.exist;
  });
});
