import { mkdir } from 'node:fs/promises';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { startSmtpSink, type SmtpSink } from '../../server/test/mail/smtp-sink.js';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import { checkScreen, DESKTOP, dismissToasts, eventually, freePort } from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';

const PASSWORD = 'Alerts-Passwort-1';
const RULE = 'Checkout-Spitze';

/**
 * Alerts in Chromium against the built server, its evaluator running every 2 s
 * (ALERT_EVALUATION_INTERVAL_MS) and a real SMTP server on loopback: the admin creates a rule in
 * the form (validation first), SDK events cross its threshold, the evaluator fires it, the bell
 * shows it and leads to the rule, whose history lists the firing; the mail's link opens the same
 * page; test, mute, unmute and delete (after asking) work from the screens.
 */
describe('alerts in Chromium: rule form, firing, bell, history, mail link', function () {
  this.timeout(180_000);

  let server: StartedServer;
  let launched: LaunchedBrowser;
  let sink: SmtpSink;
  let page: Page;
  let token: string;
  let applicationId: string;
  const email = `alerts.${Date.now()}@example.com`;

  async function api(method: string, route: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${server.url}${route}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    expect(response.ok, `${method} ${route}: ${response.status} ${JSON.stringify(json)}`).to.equal(true);
    return json;
  }

  before(async function () {
    this.timeout(300_000); // the first run may install Chromium
    sink = await startSmtpSink();
    const port = await freePort();
    [server, launched] = await Promise.all([
      startBuiltServer({
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        EMAIL_CONFIRMATION_REQUIRED: 'false',
        SMTP_URL: sink.url,
        ALERT_EVALUATION_INTERVAL_MS: '2000',
      }),
      launchBrowser(),
    ]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    token = '';
    await api('POST', '/api/v1/auth/register', { email, password: PASSWORD, display_name: 'Ada' });
    token = (await api('POST', '/api/v1/auth/login', { email, password: PASSWORD })).access_token as string;
    const organization = await api('POST', '/api/v1/organizations', { name: 'Wache GmbH', slug: 'wache' });
    const project = await api('POST', '/api/v1/projects', {
      name: 'Webshop',
      slug: 'webshop',
      organization_id: organization.id,
    });
    applicationId = (
      await api('POST', '/api/v1/applications', { name: 'Storefront', project_id: project.id })
    ).id as string;

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

  it('creates a rule in the form, which names what is missing first', async () => {
    await page.getByTestId('alert-bell').click();
    await page.getByTestId('alert-bell-menu').getByText('Kein Alert ist ausgelöst.').waitFor();
    await page.getByRole('menuitem', { name: 'Alle Alert-Regeln' }).click();
    await page.waitForURL(`${server.url}/alerts`);
    await page.getByRole('heading', { name: 'Noch keine Alert-Regeln' }).waitFor();
    await checkScreen(page, 'empty', 'alerts');

    await page.getByRole('button', { name: 'Neue Regel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Alert-Regel' });
    await dialog.getByRole('button', { name: 'Regel anlegen' }).click();
    await dialog.getByText('Bitte geben Sie einen Namen ein.').waitFor();
    await dialog.getByText('Bitte wählen Sie ein Projekt.').waitFor();
    expect(await dialog.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).to.equal('true');

    await dialog.getByLabel('Name', { exact: true }).fill(RULE);
    await dialog.getByLabel('Projekt', { exact: true }).selectOption({ label: 'Webshop' });
    await dialog.getByLabel('Anwendung', { exact: true }).selectOption({ label: 'Storefront' });
    await dialog.getByLabel('Kennzahl').selectOption('event_count');
    await dialog.getByLabel('Ereignisname').fill('checkout');
    await dialog.getByLabel('Bedingung').selectOption('gte');
    await dialog.getByLabel('Schwellenwert').fill('-1');
    await dialog.getByLabel('Zeitfenster', { exact: true }).fill('5');
    await dialog.getByRole('button', { name: 'Regel anlegen' }).click();
    await dialog.getByText('Bitte eine Zahl ab 0.').waitFor();
    await dialog.getByLabel('Schwellenwert').fill('2');
    await dialog.getByLabel(`E-Mail an ${email}`).check();
    await checkScreen(page, 'form', 'alerts');
    await dialog.getByRole('button', { name: 'Regel anlegen' }).click();
    await dialog.waitFor({ state: 'detached' });

    const card = page.getByTestId('alert-rule');
    await card.getByRole('link', { name: RULE }).waitFor();
    expect(await card.getByTestId('alert-state').textContent()).to.equal('OK');
    expect(await card.textContent()).to.contain('Ereignisse „checkout“ ≥ 2 in 5 Min.');
    const rules = (await api('GET', `/api/v1/alerts?application_id=${applicationId}`)).data as Array<
      Record<string, unknown>
    >;
    expect(rules).to.have.length(1);
    expect(rules[0]).to.deep.include({
      metric: 'event_count',
      event: 'checkout',
      threshold: 2,
      window_s: 300,
    });
    expect(rules[0]!.channels).to.deep.equal({ emails: [email], webhook: false });
    await dismissToasts(page);
    await checkScreen(page, 'list', 'alerts');
  });

  it('fires on SDK events: the bell shows it, its link opens the history, the mail links there too', async () => {
    const rule = ((await api('GET', '/api/v1/alerts')).data as Array<{ id: string }>)[0]!;
    const now = Date.now();
    const sent = await api(
      'POST',
      '/api/v1/analytics',
      {
        events: [0, 1].map((index) => ({
          id: `evt_${now}_${index}`,
          event: 'checkout',
          timestamp: new Date(now - index * 1000).toISOString(),
        })),
      },
      { 'x-application-id': applicationId },
    );
    expect(sent.events_processed).to.equal(2);

    // The evaluator's next rounds (every 2 s) see both events; the bell asks when the page loads.
    const bell = page.getByTestId('alert-bell');
    await eventually(
      async () => {
        await page.reload();
        return bell.getAttribute('aria-label');
      },
      (label) => expect(label).to.equal('Alerts: 1 ausgelöst'),
      30_000,
    );
    expect(await bell.textContent()).to.equal('1');
    await bell.click();
    const entry = page.getByRole('menuitem', { name: new RegExp(RULE) });
    expect(await entry.textContent()).to.contain('Ereignisse „checkout“ ≥ 2 in 5 Min.');
    await checkScreen(page, 'bell', 'alerts');
    await entry.click();
    await page.waitForURL(`${server.url}/alerts/${rule.id}`);
    await page.getByRole('heading', { level: 1, name: RULE }).waitFor();
    expect(await page.getByTestId('alert-state').textContent()).to.equal('Ausgelöst');
    const history = page.getByTestId('alert-history');
    const firstRow = history.locator('tbody tr').first();
    await firstRow.waitFor();
    const cells = await firstRow.locator('th, td').allTextContents();
    expect(cells.slice(1)).to.deep.equal(['Ausgelöst', '2', '2', '≥ 2', 'E-Mails: 1, Webhook: nein']);
    await checkScreen(page, 'history', 'alerts');

    // The firing mail (the application's alert template) links to this page.
    const mail = await eventually(
      async () =>
        sink.received.find(
          (received) => received.envelope.to.includes(email) && /ausgelöst/.test(received.mail.subject ?? ''),
        ),
      (found) => expect(found, 'firing mail').to.not.equal(undefined),
    );
    expect(mail!.mail.subject).to.equal(`[ausgelöst] ${RULE}`);
    const link = mail!.mail.text?.match(/http:\/\/\S+\/alerts\/[0-9a-f]{24}/)?.[0];
    expect(link).to.equal(`${server.url}/alerts/${rule.id}`);
    await page.goto('about:blank');
    await page.goto(link!);
    await page.getByRole('heading', { level: 1, name: RULE }).waitFor();
  });

  it('sends a test notification, mutes and unmutes, and deletes after asking', async () => {
    const mailsBefore = sink.received.length;
    await page.getByRole('button', { name: `„${RULE}“ testen` }).click();
    await page.getByText('E-Mails: 1, abgelehnt: 0, Webhook: nein', { exact: true }).waitFor();
    await eventually(
      async () => sink.received.slice(mailsBefore).map((received) => received.mail.subject),
      (subjects) => expect(subjects).to.include(`[Test] ${RULE}`),
    );
    await page.getByTestId('alert-history').getByRole('cell', { name: 'Test', exact: true }).waitFor();

    await page.getByRole('button', { name: `„${RULE}“ stummschalten` }).click();
    await page.getByText('Stummgeschaltet', { exact: true }).waitFor();
    await page.getByRole('button', { name: `„${RULE}“: Stummschaltung aufheben` }).click();
    await page.getByRole('button', { name: `„${RULE}“ stummschalten` }).waitFor();
    expect(await page.getByText('Stummgeschaltet', { exact: true }).count()).to.equal(0);

    await page.getByRole('button', { name: `„${RULE}“ löschen` }).click();
    const confirm = page.getByRole('dialog', { name: 'Alert-Regel löschen?' });
    await confirm.getByRole('button', { name: 'Abbrechen' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await api('GET', '/api/v1/alerts')).data).to.have.length(1);
    await page.getByRole('button', { name: `„${RULE}“ löschen` }).click();
    await page
      .getByRole('dialog', { name: 'Alert-Regel löschen?' })
      .getByRole('button', { name: 'Endgültig löschen' })
      .click();
    await page.waitForURL(`${server.url}/alerts`);
    await page.getByRole('heading', { name: 'Noch keine Alert-Regeln' }).waitFor();
    expect((await api('GET', '/api/v1/alerts')).data).to.deep.equal([]);
  });
});
