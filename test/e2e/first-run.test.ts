import { mkdir } from 'node:fs/promises';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import { checkScreen, DESKTOP, dismissToasts, eventually } from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';
import { startSite, type Site } from '../support/site.js';

const PASSWORD = 'Erste-Schritte-1';

/**
 * Issue #36, "A guided first run", against the built server in Chromium: a fresh account sees the
 * "Erste Schritte" checklist at 0 of 6; following the checklist's own links it creates the
 * organization, project and application and allows a partner site's origin in the dashboard, and
 * each step ticks; the snippet the checklist shows, pasted into the partner site, registers the
 * installation and sends the first event, and the open dashboard ticks the last two steps by
 * itself. Dismissing hides the checklist across a reload, with a way back in its place.
 * Photographed at 1280 and 375 px at each stage; axe finds nothing serious or critical.
 */
describe('first run: the "Erste Schritte" checklist in Chromium', function () {
  this.timeout(300_000);

  let server: StartedServer;
  let launched: LaunchedBrowser;
  let site: Site;
  let page: Page;
  /** What the partner site serves: its shop page with whatever snippet was pasted into it. */
  let pasted = '';
  const stamp = Date.now().toString(36);
  const owner = `first-run.${stamp}@example.com`;

  const checklist = () => page.getByRole('region', { name: 'Erste Schritte' });
  const progress = async () => (await checklist().getByTestId('first-run-progress').textContent()) ?? '';
  const ticked = () =>
    checklist()
      .locator('li[data-step]')
      .evaluateAll((items) =>
        items
          .filter((item) => item.getAttribute('data-done') === 'true')
          .map((item) => item.getAttribute('data-step')),
      );
  const nextStep = () => checklist().locator('li[aria-current="step"]').getAttribute('data-step');
  const dialog = (name: string) => page.getByRole('dialog', { name });

  /** Back to the dashboard, as a person would after each step, until the checklist says `expected`. */
  async function home(expected: string) {
    await page.goto(`${server.url}/dashboard`);
    await checklist().waitFor();
    await eventually(progress, (text) => expect(text).to.equal(expected));
  }

  before(async function () {
    this.timeout(300_000); // the first run may install Chromium
    [server, launched, site] = await Promise.all([
      startBuiltServer({
        EMAIL_CONFIRMATION_REQUIRED: 'false',
        ...(process.env.MONGODB_URI ? { MONGODB_URI: process.env.MONGODB_URI } : {}),
      }),
      launchBrowser(),
      startSite(() => ({
        body: `<!doctype html><html lang="de"><title>Partner-Shop</title><h1>Partner-Shop</h1>${pasted}</html>`,
      })),
    ]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    const registered = await fetch(`${server.url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: owner, password: PASSWORD, display_name: 'Frida' }),
    });
    expect(registered.status, await registered.clone().text()).to.equal(201);

    page = await launched.browser.newPage({ viewport: DESKTOP });
    page.setDefaultTimeout(15_000);
    await page.goto(`${server.url}/auth`);
    await page.getByLabel('E-Mail', { exact: true }).fill(owner);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL(`${server.url}/dashboard`);
  });

  after(async () => {
    await launched?.close();
    await site?.close();
    if (server) expect(await server.stop()).to.equal(0);
  });

  it('shows a fresh account 0 of 6 with the organization as the next step', async () => {
    await checklist().waitFor();
    expect(await progress()).to.equal('0 von 6 erledigt');
    expect(await ticked()).to.deep.equal([]);
    expect(await nextStep()).to.equal('organization');
    await checkScreen(page, 'fresh', 'first-run');
  });

  it('ticks organization, project and application as they are created through the checklist’s links', async () => {
    await checklist().getByRole('link', { name: 'Zu den Organisationen' }).click();
    await page.waitForURL(`${server.url}/organizations`);
    // The address changes before the lazy screen replaces the dashboard, whose empty state has a
    // button of the same name: wait for the organizations screen itself.
    await page.getByRole('heading', { level: 1, name: 'Organisationen' }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Erste Organisation erstellen' }).click();
    await dialog('Neue Organisation').getByLabel('Name', { exact: true }).fill('Erste Schritte GmbH');
    await dialog('Neue Organisation').getByRole('button', { name: 'Erstellen', exact: true }).click();
    await dialog('Neue Organisation').waitFor({ state: 'detached' });
    await home('1 von 6 erledigt');
    expect(await ticked()).to.deep.equal(['organization']);
    expect(await nextStep()).to.equal('project');

    await checklist().getByRole('link', { name: 'Zu den Projekten' }).click();
    await page.waitForURL(`${server.url}/projects`);
    await page.getByRole('heading', { level: 1, name: 'Projekte' }).waitFor();
    await page.getByRole('button', { name: 'Neues Projekt' }).first().click();
    const projectDialog = dialog('Neues Projekt');
    await projectDialog.getByLabel('Name', { exact: true }).fill('Webshop');
    const organization = projectDialog.getByLabel('Organisation', { exact: true });
    if (!(await organization.inputValue())) await organization.selectOption({ label: 'Erste Schritte GmbH' });
    await projectDialog.getByRole('button', { name: 'Erstellen', exact: true }).click();
    await projectDialog.getByRole('button', { name: 'Fertig' }).click();
    await projectDialog.waitFor({ state: 'detached' });
    await home('2 von 6 erledigt');
    expect(await nextStep()).to.equal('application');

    await checklist().getByRole('link', { name: 'Zum Projekt' }).click();
    await page.waitForURL(/\/projects\/[0-9a-f]{24}$/);
    await page.getByRole('button', { name: 'Neue Anwendung' }).first().click();
    const applicationDialog = dialog('Neue Anwendung');
    await applicationDialog.getByLabel('Name', { exact: true }).fill('Storefront');
    const project = applicationDialog.getByLabel('Projekt', { exact: true });
    // Opened on the project's page, the dialog knows its project and asks for none.
    if ((await project.count()) > 0 && !(await project.inputValue()))
      await project.selectOption({ label: 'Webshop' });
    await applicationDialog.getByRole('button', { name: 'Erstellen', exact: true }).click();
    await applicationDialog.waitFor({ state: 'detached' });
    await home('3 von 6 erledigt');
    expect(await ticked()).to.deep.equal(['organization', 'project', 'application']);
    expect(await nextStep()).to.equal('origin');
    await checkScreen(page, 'three-of-six', 'first-run');
  });

  it('ticks the origin once the partner site is allowed, and shows the snippet to paste', async () => {
    await checklist().getByRole('link', { name: 'Zur Anwendung' }).click();
    await page.waitForURL(/\/projects\/[0-9a-f]{24}\/applications\/[0-9a-f]{24}$/);
    await page.getByRole('button', { name: 'Bearbeiten', exact: true }).click();
    const editDialog = dialog('Anwendung bearbeiten');
    await editDialog.getByLabel('Neuer Origin', { exact: true }).fill(site.origin);
    await editDialog.getByLabel('Neuer Origin', { exact: true }).press('Enter');
    await editDialog.getByRole('button', { name: 'Speichern', exact: true }).click();
    await editDialog.waitFor({ state: 'detached' });
    const applicationId = page.url().split('/').pop()!;

    await home('4 von 6 erledigt');
    expect(await nextStep()).to.equal('snippet');
    const snippet = (await checklist().getByTestId('first-run-snippet').textContent()) ?? '';
    expect(snippet).to.include(
      `src="${server.url}/cdn/sdk/iam-sdk.min.js" data-application-id="${applicationId}"`,
    );
    await checkScreen(page, 'snippet', 'first-run');
  });

  it('hides on "Ausblenden" across a reload, and comes back from the line left in its place', async () => {
    await dismissToasts(page);
    await checklist().getByRole('button', { name: 'Checkliste „Erste Schritte“ ausblenden' }).click();
    const restore = page.getByRole('button', { name: 'Erste Schritte anzeigen' });
    await restore.waitFor();
    expect(await checklist().count()).to.equal(0);
    expect(await restore.evaluate((button) => button === document.activeElement)).to.equal(true);

    await page.reload();
    await restore.waitFor();
    expect(await checklist().count()).to.equal(0);
    expect(await page.getByTestId('first-run-restore').textContent()).to.include(
      'Erste Schritte: 4 von 6 erledigt.',
    );
    await checkScreen(page, 'dismissed', 'first-run');

    await restore.click();
    await checklist().waitFor();
    expect(await progress()).to.equal('4 von 6 erledigt');
  });

  it('ticks the snippet and the first event by itself once the partner site loads the snippet', async () => {
    pasted = (await checklist().getByTestId('first-run-snippet').textContent()) ?? '';
    const partner = await launched.browser.newPage();
    try {
      await partner.goto(`${site.origin}/`);
      // The dashboard stays open: the checklist asks again every few seconds while it waits.
      await eventually(progress, (text) => expect(text).to.equal('6 von 6 erledigt'), 45_000);
    } finally {
      await partner.close();
    }
    expect(await ticked()).to.deep.equal([
      'organization',
      'project',
      'application',
      'origin',
      'snippet',
      'event',
    ]);
    expect(await checklist().getByRole('status').textContent()).to.include('Alles erledigt');
    await checkScreen(page, 'complete', 'first-run');

    // Complete: on the next visit there is nothing left to show.
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByTestId('system-status').waitFor();
    await page.getByText('Die Checkliste „Erste Schritte“ wird geladen …').waitFor({ state: 'detached' });
    expect(await checklist().count()).to.equal(0);
    expect(await page.getByRole('button', { name: 'Erste Schritte anzeigen' }).count()).to.equal(0);
  });
});
