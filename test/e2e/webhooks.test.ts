import { readFile } from 'node:fs/promises';
import { mkdir } from 'node:fs/promises';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { receiverAccepts, startReceiver, type Receiver } from '../../server/test/webhooks/helpers.js';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import { checkScreen, DESKTOP, dismissToasts, expectKeyboardOperable, PHONE } from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';

const PASSWORD = 'Webhook-Passwort-1';

/**
 * The Webhooks tab of an organization's settings and the data export, against the built server
 * (development mode, so a receiver on loopback is allowed) and a real HTTP receiver: create a
 * webhook and copy its secret (shown once), receive a signed event, read the delivery log, send a
 * test event, redeliver; download "Meine Daten exportieren". Screens are checked with axe-core and
 * for overflow, and photographed at 1280 and 375 px.
 */
describe('webhooks tab and data export in Chromium', function () {
  this.timeout(240_000);

  let receiver: Receiver;
  let server: StartedServer;
  let launched: LaunchedBrowser;
  let page: Page;
  let token: string;
  let organizationId: string;
  let secret: string;
  const email = `webhooks.${Date.now()}@example.com`;

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

  const dialog = () => page.getByRole('dialog', { name: 'Einstellungen von Hook GmbH' });

  before(async function () {
    this.timeout(300_000);
    receiver = await startReceiver();
    [server, launched] = await Promise.all([
      startBuiltServer({
        EMAIL_CONFIRMATION_REQUIRED: 'false',
        ...(process.env.MONGODB_URI ? { MONGODB_URI: process.env.MONGODB_URI } : {}),
      }),
      launchBrowser(),
    ]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await api('POST', '/api/v1/auth/register', { email, password: PASSWORD, display_name: 'Hook Admin' });
    token = (
      (await api('POST', '/api/v1/auth/login', { email, password: PASSWORD })) as { access_token: string }
    ).access_token;
    organizationId = (
      await api('POST', '/api/v1/organizations', { name: 'Hook GmbH', slug: `hook-${Date.now()}` })
    ).id as string;

    page = await launched.browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
    await page.goto(`${server.url}/auth`);
    await page.getByLabel('E-Mail', { exact: true }).fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL(`${server.url}/dashboard`);
  });

  after(async () => {
    await launched?.close();
    if (server) expect(await server.stop()).to.equal(0);
    await receiver?.close();
  });

  it('creates a webhook in the settings’ Webhooks tab and shows its secret once', async () => {
    await page.goto(`${server.url}/organizations`);
    await page.getByRole('button', { name: 'Einstellungen' }).click();
    await dialog().getByRole('tab', { name: 'Webhooks' }).click();
    await dialog().getByText('Noch keine Webhooks.').waitFor();
    await dialog().getByRole('button', { name: 'Webhook hinzufügen' }).click();

    const form = page.getByRole('dialog', { name: 'Webhook hinzufügen' });
    await form.getByLabel('URL').fill(receiver.url);
    await form.getByLabel('Beschreibung (optional)').fill('CRM-Sync');
    await form.getByLabel('Alle Ereignisse (*)').uncheck();
    await form.getByLabel('Organisation geändert (organization.updated)').check();
    await form.getByLabel('Mitglieder (member.*)').check();
    await checkScreen(page, 'create', 'webhooks');
    const stops = await expectKeyboardOperable(page, '[role="dialog"]');
    expect(stops).to.include('Webhook anlegen');
    await form.getByRole('button', { name: 'Webhook anlegen' }).click();

    await form.getByRole('heading', { name: 'Signaturgeheimnis' }).waitFor();
    await form.getByRole('button', { name: 'Geheimnis anzeigen' }).click();
    secret = await form.getByLabel('Geheimnis', { exact: true }).inputValue();
    expect(secret).to.match(/^whsec_/);
    await checkScreen(page, 'secret', 'webhooks');
    await form.getByRole('button', { name: 'Fertig' }).click();
    await form.waitFor({ state: 'detached' });

    const item = dialog().getByTestId('webhook');
    await item.getByText(receiver.url).waitFor();
    expect(await item.getByText('Aktiv').count()).to.equal(1);
    expect(await item.textContent())
      .to.contain('organization.updated, member.*')
      .and.not.to.contain(secret);
    await checkScreen(page, 'list', 'webhooks');
  });

  it('delivers a signed event, lists it in the delivery log, sends a test event and redelivers', async () => {
    await api('PATCH', `/api/v1/organizations/${organizationId}`, { description: 'Jetzt mit Webhooks' });
    await receiver.waitFor((requests) => requests.length === 1);
    const [event] = receiver.requests;
    expect(event!.json.type).to.equal('organization.updated');
    expect(receiverAccepts(secret, event!.body, event!.headers['x-iam-signature'])).to.equal(true);

    await dialog()
      .getByRole('button', { name: `Zustellungen von ${receiver.url}` })
      .click();
    const log = dialog().getByRole('list', { name: 'Zustellungen' });
    const first = log.getByTestId('webhook-delivery').first();
    await first.getByText('Zugestellt').waitFor();
    expect(await first.textContent())
      .to.contain('organization.updated')
      .and.to.contain('Antwort 200');

    receiver.setResponder(() => 500);
    await dialog().getByRole('button', { name: 'Testereignis senden' }).click();
    await page.getByText('Testereignis nicht zugestellt', { exact: true }).waitFor();
    await log.getByText('webhook.test').waitFor();
    expect(await log.getByTestId('webhook-delivery').first().textContent())
      .to.contain('Fehlgeschlagen')
      .and.to.contain('Antwort 500');
    expect(receiver.requests).to.have.length(2);

    receiver.setResponder(() => 200);
    await log.getByRole('button', { name: 'organization.updated erneut senden' }).click();
    await page.getByText('Erneut in die Warteschlange gestellt', { exact: true }).waitFor();
    await receiver.waitFor((requests) => requests.length === 3);
    expect(receiver.requests[2]!.json.id).to.equal(event!.json.id);
    await dialog().getByRole('button', { name: 'Aktualisieren' }).click();
    await log.getByText('Erneut gesendet').waitFor();
    await checkScreen(page, 'deliveries', 'webhooks');
    await dialog().getByRole('button', { name: 'Zurück zur Liste' }).click();
    await dialog().getByTestId('webhook').waitFor();
    await dialog().getByRole('button', { name: 'Schließen', exact: true }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('downloads "Meine Daten exportieren" as a JSON file, from the header and from the phone menu', async () => {
    await dismissToasts(page);
    // The profile menu behind the e-mail in the header.
    await page.getByTestId('user-email').click();
    const item = page.getByRole('menuitem', { name: 'Meine Daten exportieren' });
    await item.waitFor();
    await checkScreen(page, 'profile-menu', 'webhooks');
    if (!(await item.isVisible())) await page.getByTestId('user-email').click();
    const [download] = await Promise.all([page.waitForEvent('download'), item.click()]);
    expect(download.suggestedFilename()).to.match(/^iam-platform-export-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      profile: { email: string };
      memberships: Array<{ organization: { name: string } | null; role: string }>;
      sessions: unknown[];
    };
    expect(exported.profile.email).to.equal(email);
    expect(exported.memberships.map((m) => [m.organization?.name, m.role])).to.deep.equal([
      ['Hook GmbH', 'admin'],
    ]);
    expect(exported.sessions.length).to.be.at.least(2);

    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Menü' }).click();
    const menuExport = page
      .locator('#dashboard-menu')
      .getByRole('button', { name: 'Meine Daten exportieren' });
    await menuExport.waitFor();
    await checkScreen(page, 'menu-export', 'webhooks');
    await page.setViewportSize(PHONE);
    const [fromMenu] = await Promise.all([page.waitForEvent('download'), menuExport.click()]);
    expect(fromMenu.suggestedFilename()).to.match(/\.json$/);
    await page.setViewportSize(DESKTOP);
  });
});
