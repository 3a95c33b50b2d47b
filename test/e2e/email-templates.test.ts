import { mkdir } from 'node:fs/promises';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { startSmtpSink, type SmtpSink } from '../../server/test/mail/smtp-sink.js';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import { checkScreen, DESKTOP, dismissToasts, expectKeyboardOperable, PHONE } from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';

const PASSWORD = 'Template-Passwort-1';

/**
 * The e-mail template screens against the built server, which delivers to a real SMTP server on
 * loopback: create a template, preview it at both widths with the placeholder warning, send a
 * test mail and find it on the SMTP server, customize and reset a system template. Every screen
 * is checked with axe-core and for overflow, and photographed at 1280 and 375 px.
 */
describe('e-mail template screens in Chromium', function () {
  this.timeout(240_000);

  let sink: SmtpSink;
  let server: StartedServer;
  let launched: LaunchedBrowser;
  let page: Page;
  let token: string;
  let ids: { project: string; application: string };
  const email = `templates.${Date.now()}@example.com`;

  async function api(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    expect(response.ok, `${path}: ${JSON.stringify(json)}`).to.equal(true);
    return json;
  }

  async function waitForMail(to: string, subject: string) {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const found = sink.received.find(
        (mail) => mail.envelope.to.includes(to) && mail.mail.subject === subject,
      );
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(
      `no mail "${subject}" to ${to}; got ${sink.received.map((m) => m.mail.subject).join(', ')}`,
    );
  }

  function card(name: string) {
    return page.locator('article', { has: page.getByRole('heading', { name, exact: true }) });
  }

  before(async function () {
    this.timeout(300_000); // the first run may install Chromium
    sink = await startSmtpSink();
    [server, launched] = await Promise.all([
      startBuiltServer({ EMAIL_CONFIRMATION_REQUIRED: 'false', SMTP_URL: sink.url }),
      launchBrowser(),
    ]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await api('POST', '/api/v1/auth/register', { email, password: PASSWORD, display_name: 'Templates' });
    // An application mails only confirmed people of its own (issue #37, no open relay): the owner
    // confirms the address, so the test mail below may go to them.
    const confirmation = await waitForMail(email, 'Bitte bestätigen Sie Ihre E-Mail-Adresse');
    const confirmLink = /https?:\/\/\S+\/api\/v1\/auth\/confirm\?token=[^\s"<>]+/.exec(
      String(confirmation.mail.text),
    )?.[0];
    expect(confirmLink, 'the confirmation mail carries its link').to.be.a('string');
    // The link names PUBLIC_URL, unset here (port 0): follow its path on the running server.
    const confirmUrl = new URL(confirmLink!);
    const confirmed = await fetch(`${server.url}${confirmUrl.pathname}${confirmUrl.search}`, {
      redirect: 'manual',
    });
    expect(confirmed.status).to.be.lessThan(400);
    token = (
      (await api('POST', '/api/v1/auth/login', { email, password: PASSWORD })) as { access_token: string }
    ).access_token;
    const organization = await api('POST', '/api/v1/organizations', { name: 'Mail GmbH', slug: 'mail-gmbh' });
    const project = await api('POST', '/api/v1/projects', {
      name: 'Webshop',
      slug: 'webshop',
      organization_id: organization.id,
    });
    const application = await api('POST', '/api/v1/applications', {
      name: 'Shop Web',
      project_id: project.id,
    });
    ids = { project: project.id as string, application: application.id as string };

    page = await launched.browser.newPage({ viewport: DESKTOP });
    await page.goto(`${server.url}/auth`);
    await page.getByLabel('E-Mail', { exact: true }).fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL(`${server.url}/dashboard`);
  });

  after(async () => {
    await launched?.close();
    if (server) expect(await server.stop()).to.equal(0);
    await sink?.close();
  });

  it('lists the application’s system templates, reached from the application page', async () => {
    await page.goto(`${server.url}/projects/${ids.project}/applications/${ids.application}`);
    await page.getByRole('tab', { name: 'E-Mail' }).click();
    await page.getByRole('link', { name: /E-Mail Templates öffnen/ }).click();
    await page.waitForURL(`${server.url}/application-email-templates/${ids.application}`);
    await page.getByRole('heading', { name: 'E-Mail Templates: Shop Web', level: 1 }).waitFor();
    await page.getByRole('list', { name: 'Templates der Anwendung' }).waitFor();
    for (const name of [
      'welcome',
      'password_reset',
      'notification',
      'project_invitation',
      'email_confirmation',
    ]) {
      expect(await card(name).count(), name).to.equal(2); // de and en
    }
    await checkScreen(page, 'application-list', 'email-templates');
    // A fresh load, so the Tab walk starts at the top of the page.
    await page.reload();
    await page.getByRole('list', { name: 'Templates der Anwendung' }).waitFor();
    const stops = await expectKeyboardOperable(page);
    expect(stops).to.include('Vorschau: welcome (de)').and.to.include('Zurücksetzen: welcome (de)');
  });

  it('creates a template and previews it at desktop and mobile width with the placeholder warning', async () => {
    await page.getByRole('button', { name: 'New Template' }).first().click();
    const create = page.getByRole('dialog', { name: 'Neues Template' });
    await create.waitFor();
    await expectKeyboardOperable(page, '[role="dialog"]');
    await create.getByRole('button', { name: 'Erstellen' }).click();
    await create.getByText('Name und Betreff sind erforderlich').waitFor();
    await create.getByLabel('Name').fill('order_shipped');
    await create.getByLabel('Betreff').fill('Bestellung {{orderId}} ist unterwegs');
    await create.getByLabel('Sprache').selectOption('de');
    await create.getByLabel('HTML-Inhalt').fill('<p>Hallo {{customer}},</p><p>Paket: {{missing}}</p>');
    await checkScreen(page, 'create-dialog', 'email-templates');
    await create.getByRole('button', { name: 'Erstellen' }).click();
    await page.getByText('Template erfolgreich erstellt').first().waitFor();
    await card('order_shipped').waitFor();
    expect(await card('order_shipped').innerText()).to.contain('{{missing}}');

    await page.getByRole('button', { name: 'Vorschau: order_shipped (de)' }).click();
    const preview = page.getByRole('dialog', { name: 'Vorschau: order_shipped' });
    await preview.getByText('Nicht ersetzte Variablen: {{orderId}}, {{customer}}, {{missing}}').waitFor();
    await preview.getByLabel('Wert für {{orderId}}').fill('A-17');
    await preview.getByLabel('Wert für {{customer}}').fill('Ada');
    await preview.getByText('Nicht ersetzte Variablen: {{missing}}', { exact: true }).waitFor();
    await preview.getByText('Betreff: Bestellung A-17 ist unterwegs').waitFor();

    const frame = preview.locator('iframe');
    expect(await frame.getAttribute('sandbox')).to.equal('');
    const srcdoc = (await frame.getAttribute('srcdoc')) ?? '';
    expect(srcdoc).to.contain('Hallo Ada,').and.to.contain('{{missing}}');
    const desktopWidth = (await frame.boundingBox())!.width;
    expect(desktopWidth).to.be.within(590, 610);
    await checkScreen(page, 'preview-desktop', 'email-templates');

    await preview.getByRole('button', { name: 'Mobil' }).click();
    expect((await frame.boundingBox())!.width).to.be.within(365, 385);
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(150);
    const box = (await frame.boundingBox())!;
    expect(box.x + box.width, 'the mobile preview fits the phone').to.be.at.most(PHONE.width);
    await page.setViewportSize(DESKTOP);
    await checkScreen(page, 'preview-mobile', 'email-templates');
    await expectKeyboardOperable(page, '[role="dialog"]');
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });
  });

  it('sends a test mail that arrives on the SMTP server', async () => {
    // The signed-in owner, a confirmed member of the application's organization (see before()).
    const recipient = email;
    await page.getByRole('button', { name: 'Test senden: order_shipped (de)' }).click();
    const send = page.getByRole('dialog', { name: 'Test-Mail senden: order_shipped' });
    await send.getByLabel('Empfänger').fill(recipient);
    await send.getByLabel('Wert für {{orderId}}').fill('B-42');
    await send.getByLabel('Wert für {{customer}}').fill('Grace <Hopper>');
    await checkScreen(page, 'send-test', 'email-templates');
    await send.getByRole('button', { name: 'Senden' }).click();
    await page.getByText('Email sent successfully').first().waitFor();
    const { mail } = await waitForMail(recipient, 'Bestellung B-42 ist unterwegs');
    expect(mail.html).to.contain('Hallo Grace &lt;Hopper&gt;,');
  });

  it('customizes a system template with the live preview, then resets it after a warning', async () => {
    const welcome = card('welcome').filter({ has: page.getByText('DE', { exact: true }) });
    const original = await welcome.locator('dd').first().innerText();
    await page.getByRole('button', { name: 'Bearbeiten: welcome (de)' }).click();
    const edit = page.getByRole('dialog', { name: 'Template bearbeiten: welcome' });
    await edit.getByLabel('Betreff').fill('Schön, dass Sie da sind, {{name}}');
    await edit.getByLabel('HTML-Inhalt').fill('<p>Hallo {{name}}, willkommen im Shop!</p>');
    await edit.getByText('Betreff: Schön, dass Sie da sind, {{name}}').waitFor();
    const live = edit.locator('iframe');
    await page.waitForFunction(() =>
      document
        .querySelector('[role="dialog"] iframe')
        ?.getAttribute('srcdoc')
        ?.includes('willkommen im Shop'),
    );
    expect(await live.getAttribute('sandbox')).to.equal('');
    await checkScreen(page, 'edit-dialog', 'email-templates');
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Template erfolgreich aktualisiert').first().waitFor();
    await welcome.getByText('Schön, dass Sie da sind, {{name}}').waitFor();

    await page.getByRole('button', { name: 'Zurücksetzen: welcome (de)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Template zurücksetzen?' });
    await confirm.getByText(/Dies kann nicht rückgängig gemacht werden/).waitFor();
    await checkScreen(page, 'reset-confirm', 'email-templates');
    await confirm.getByRole('button', { name: 'Zurücksetzen' }).click();
    await page.getByText('Template zurückgesetzt').first().waitFor();
    await welcome.getByText(original, { exact: true }).waitFor();
    expect(original).to.not.contain('Schön, dass Sie da sind');
  });

  it('project and overview screens: application chooser, tabs, Copy System Templates', async () => {
    await page.goto(`${server.url}/app-email-templates?project=${ids.project}`);
    await page.getByRole('heading', { name: 'E-Mail Templates: Webshop', level: 1 }).waitFor();
    await card('order_shipped').waitFor(); // the project's only application is chosen
    await checkScreen(page, 'project', 'email-templates');

    await page.goto(`${server.url}/email-templates`);
    await page.getByRole('heading', { name: 'E-Mail Templates', level: 1 }).waitFor();
    await card('order_shipped').waitFor();
    await page.getByRole('tab', { name: 'Custom' }).click();
    await page.waitForSelector('[role="tab"][aria-selected="true"]:has-text("Custom")');
    expect(await card('welcome').count()).to.equal(0);
    expect(await card('order_shipped').count()).to.equal(1);
    await page.getByRole('tab', { name: 'System' }).click();
    await card('welcome').first().waitFor();
    expect(await card('order_shipped').count()).to.equal(0);
    await page.getByRole('button', { name: 'System-Templates kopieren' }).click();
    await page.getByText('System templates copied to application successfully').first().waitFor();
    await dismissToasts(page);
    await checkScreen(page, 'overview', 'email-templates');

    await page.goto(`${server.url}/app-email-templates`);
    await page.getByRole('heading', { name: 'Keine Anwendung angegeben' }).waitFor();
  });
});
