import { mkdir } from 'node:fs/promises';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import { checkScreen, DESKTOP } from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';

const PASSWORD = 'Bildschirm-Passwort-1';

/**
 * The screens the walkthrough does not reach — project detail with each tab, application detail
 * and the admin area as a global admin — checked with axe-core, for overflow at 375 px, and
 * photographed at both widths.
 */
describe('dashboard detail and admin screens in Chromium', function () {
  this.timeout(180_000);

  let server: StartedServer;
  let launched: LaunchedBrowser;
  let page: Page;
  let ids: { project: string; application: string };
  const email = `screens.${Date.now()}@example.com`;

  async function api(path: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    expect(response.ok, `${path}: ${JSON.stringify(json)}`).to.equal(true);
    return json;
  }

  before(async function () {
    this.timeout(300_000); // the first run may install Chromium
    [server, launched] = await Promise.all([
      startBuiltServer({ EMAIL_CONFIRMATION_REQUIRED: 'false' }),
      launchBrowser(),
    ]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await api('/api/v1/auth/register', { email, password: PASSWORD, display_name: 'Screens' });
    const { access_token: token } = (await api('/api/v1/auth/login', { email, password: PASSWORD })) as {
      access_token: string;
    };
    // The first organization makes this user the global admin (SPEC §6).
    const organization = await api(
      '/api/v1/organizations',
      { name: 'Screens GmbH', slug: 'screens-gmbh' },
      token,
    );
    const project = await api(
      '/api/v1/projects',
      { name: 'Webshop', slug: 'webshop', organization_id: organization.id },
      token,
    );
    const application = await api(
      '/api/v1/applications',
      {
        name: 'Shop Frontend',
        project_id: project.id,
        api_endpoint: 'https://shop.example.com/api',
        allowed_origins: ['https://shop.example.com'],
        description: 'Der Storefront des Webshops',
      },
      token,
    );
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
  });

  it('project detail: every tab', async () => {
    await page.goto(`${server.url}/projects/${ids.project}`);
    await page.getByRole('heading', { name: 'Webshop' }).first().waitFor();
    await page.getByText('Shop Frontend').first().waitFor();
    await checkScreen(page, 'project-applications', 'screens');
    for (const [tab, name] of [
      ['Analytics', 'project-analytics'],
      ['Logs', 'project-logs'],
      ['E-Mail Templates', 'project-email'],
      ['Einstellungen', 'project-settings'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForSelector(`[role="tab"][aria-selected="true"]:has-text("${tab}")`);
      await checkScreen(page, name, 'screens');
    }
  });

  it('application detail shows the endpoint and allowed origins', async () => {
    await page.goto(`${server.url}/projects/${ids.project}/applications/${ids.application}`);
    await page.getByText('https://shop.example.com/api').first().waitFor();
    await page.getByText('https://shop.example.com', { exact: true }).first().waitFor();
    await checkScreen(page, 'application-detail', 'screens');
  });

  it('unknown project and application say so', async () => {
    await page.goto(`${server.url}/projects/0123456789abcdef01234567`);
    await page.getByText('Projekt nicht gefunden').first().waitFor();
    await page.goto(`${server.url}/projects/${ids.project}/applications/0123456789abcdef01234567`);
    await page.getByText('Anwendung nicht gefunden').first().waitFor();
  });

  it('admin area lists the users for the global admin', async () => {
    await page.goto(`${server.url}/admin`);
    await page.getByText(email).first().waitFor();
    await checkScreen(page, 'admin-users', 'screens');
  });

  it('admin area lists the organizations on its second tab, even when they arrived while it was closed', async () => {
    // Hold the organizations answer until the users panel is on screen, so it lands while only
    // that panel is mounted — the order that once left this tab "loading" for good.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/admin/organizations*', async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto(`${server.url}/admin`);
      await page.getByRole('cell', { name: email }).waitFor();
      const answered = page.waitForResponse((response) =>
        response.url().includes('/api/v1/admin/organizations'),
      );
      release();
      await (await answered).finished();
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    } finally {
      await page.unroute('**/api/v1/admin/organizations*');
    }
    await page.getByRole('tab', { name: 'Organisationen' }).click();
    await page.getByRole('cell', { name: '@screens-gmbh' }).waitFor({ timeout: 5000 });
    await checkScreen(page, 'admin-organizations', 'screens');
  });

  it('shows the error fallback when a screen cannot be loaded, and reloading recovers', async () => {
    // A screen's chunk that fails to load (say, replaced by a new deployment) is the realistic
    // way a visitor meets "Unexpected Application Error!".
    await page.route('**/assets/Tokens-*.js', (route) => route.abort());
    try {
      await page.goto(`${server.url}/tokens`);
      await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
      await checkScreen(page, 'error-fallback', 'screens');
    } finally {
      await page.unroute('**/assets/Tokens-*.js');
    }
    await page.getByRole('button', { name: 'Seite neu laden' }).click();
    await page.getByRole('heading', { name: 'API Tokens', level: 1 }).waitFor();
  });
});
