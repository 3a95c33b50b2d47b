import { mkdir, readFile } from 'node:fs/promises';
import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import { checkScreen, DESKTOP, eventually, expectKeyboardOperable } from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';
import { startSite, type Site } from '../support/site.js';

const PASSWORD = 'Logbuch-Passwort-1';
const UNKNOWN_PROJECT = '0123456789abcdef01234567';

type SdkWindow = Window & {
  IamSdk: {
    ids(): { installation_id: string; anonymous_id: string } | null;
    track(event: string, properties?: Record<string, unknown>): void;
    flush(): Promise<void>;
  };
};

/**
 * Issue #11's log screens in Chromium after real traffic: a partner page with the script-tag
 * SDK (installation, page views, an event), calls with the application's API token and one
 * failing call. The screens show those rows and figures, filters change the list, the export
 * downloads them as CSV; axe and both widths are checked and photographed.
 */
describe('log screens after real traffic in Chromium', function () {
  this.timeout(180_000);

  let server: StartedServer;
  let launched: LaunchedBrowser;
  let site: Site;
  let page: Page;
  let ownerToken: string;
  let ids: { project: string; application: string; installation: string };
  const email = `logs.owner.${Date.now().toString(36)}@example.com`;

  const call = async (method: string, route: string, body?: unknown, token = ownerToken) => {
    const response = await fetch(`${server.url}${route}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
  const api = async (method: string, route: string, body?: unknown, token = ownerToken) => {
    const { status, json } = await call(method, route, body, token);
    expect(status, `${method} ${route}: ${status} ${JSON.stringify(json)}`).to.be.below(300);
    return json;
  };
  type Row = Record<string, unknown>;
  const logsOf = async (query: string) =>
    (await api('GET', `/api/v1/activity-logs?application_id=${ids.application}&limit=500&${query}`)) as {
      data: Row[];
      total?: number;
    };

  /** A figure of the cards: the text of the <dd> after the label. */
  const card = (scope: Locator, label: string) =>
    scope
      .getByTestId('stat-grid')
      .locator('div', { has: page.getByText(label, { exact: true }) })
      .locator('dd');
  const number = (text: string) => Number(text.replace(/\./g, ''));
  /** The cards have their figures (none is "–" any more, nothing is being read). */
  const cardsLoaded = () =>
    page.waitForFunction(() => {
      const grid = document.querySelector('[data-testid="stat-grid"]');
      return (
        grid &&
        !grid.hasAttribute('aria-busy') &&
        ![...grid.querySelectorAll('dd')].some((dd) => dd.textContent === '–')
      );
    });

  before(async function () {
    this.timeout(300_000); // the first run may install Chromium
    [server, launched] = await Promise.all([
      startBuiltServer({ EMAIL_CONFIRMATION_REQUIRED: 'false' }),
      launchBrowser(),
    ]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    const sdkBundle = await (await fetch(`${server.url}/cdn/sdk/iam-sdk.min.js`)).text();
    site = await startSite((req) =>
      req.url === '/iam-sdk.min.js'
        ? { body: sdkBundle, type: 'text/javascript' }
        : {
            body:
              `<!doctype html><html lang="en"><title>Shop</title><h1>Shop</h1>` +
              `<script src="/iam-sdk.min.js" data-application-id="${ids.application}" data-api-url="${server.url}"></script>`,
          },
    );

    await api('POST', '/api/v1/auth/register', { email, password: PASSWORD, display_name: 'Logbuch' }, '');
    ownerToken = (await api('POST', '/api/v1/auth/login', { email, password: PASSWORD }, ''))
      .access_token as string;
    const organization = await api('POST', '/api/v1/organizations', {
      name: 'Logbuch GmbH',
      slug: 'logbuch',
    });
    const project = await api('POST', '/api/v1/projects', {
      name: 'Webshop',
      slug: 'webshop',
      organization_id: organization.id,
    });
    const application = await api('POST', '/api/v1/applications', {
      name: 'Storefront',
      project_id: project.id,
      allowed_origins: [site.origin],
    });
    ids = { project: project.id as string, application: application.id as string, installation: '' };

    // The SDK on the partner's page: installation, the load's page view, a custom event.
    const shop = await launched.browser.newPage();
    await shop.goto(`${site.origin}/shop`);
    await shop.waitForFunction(() =>
      Boolean((window as unknown as SdkWindow).IamSdk?.ids()?.installation_id),
    );
    ids.installation = await shop.evaluate(async () => {
      const sdk = (window as unknown as SdkWindow).IamSdk;
      await new Promise((resolve) => setTimeout(resolve, 1_200)); // the page view goes out 1 s after load
      sdk.track('added_to_cart', { sku: 'A-1' });
      await sdk.flush();
      return sdk.ids()!.installation_id;
    });
    await shop.close();

    // Calls with the application's API token, and one that fails.
    const created = await api('POST', '/api/v1/tokens', {
      name: 'Backend',
      scopes: ['read', 'analytics'],
      application_id: ids.application,
    });
    const apiToken = created.token as string;
    for (let index = 0; index < 3; index++) await api('GET', '/api/v1/projects', undefined, apiToken);
    expect((await call('GET', `/api/v1/projects/${UNKNOWN_PROJECT}`, undefined, apiToken)).status).to.equal(
      404,
    );

    // Request logs are written in batches once a second.
    await eventually(
      () => logsOf('resource_type=api'),
      ({ data }) => {
        expect(data.filter((row) => row.status_code === 404)).to.have.length(1);
        expect(
          data.filter((row) => row.endpoint === '/api/v1/projects' && row.status_code === 200),
        ).to.have.length(3);
      },
    );
    await eventually(
      () => logsOf('action=page_view'),
      ({ data }) => expect(data).to.have.length(1),
    );

    page = await launched.browser.newPage({ viewport: DESKTOP });
    await page.goto(`${server.url}/auth`);
    await page.getByLabel('E-Mail', { exact: true }).fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL(`${server.url}/dashboard`);
  });

  after(async () => {
    await launched?.close();
    await site?.close();
    if (server) expect(await server.stop()).to.equal(0);
  });

  const rows = () => page.getByTestId('log-row');
  const countText = () => page.getByTestId('log-count').innerText();

  it('application logs show the SDK activity, the token calls and the failed call, with SPEC badges and real figures', async () => {
    await page.goto(`${server.url}/projects/${ids.project}/logs?app=${ids.application}`);
    await page.getByRole('heading', { name: 'Anwendungs-Logs', level: 1 }).waitFor();
    await rows().first().waitFor();

    // The rows: the page view from the SDK, the token's calls, the 404 with a red badge.
    const table = page.getByRole('region', { name: 'Alle Aktivitäten' });
    await table.getByText('page_view', { exact: true }).waitFor();
    const failed = rows().filter({ hasText: '/api/v1/projects/:id' });
    expect(await failed.count()).to.equal(1);
    expect(await failed.locator('[data-variant]').innerText()).to.equal('404');
    expect(await failed.locator('[data-variant]').getAttribute('data-variant')).to.equal('destructive');
    const ok = rows()
      .filter({ hasText: 'GET' })
      .filter({ hasText: /\/api\/v1\/projects$/ });
    expect(await ok.count()).to.be.at.least(3);
    expect(await ok.first().locator('[data-variant]').getAttribute('data-variant')).to.equal('default');

    // "X von Y": fewer than 500 entries, so all of them are shown and the total says so.
    const shown = await rows().count();
    expect(shown).to.be.below(500);
    expect(await countText()).to.equal(`${shown} von ${shown} Logs angezeigt`);

    // The cards show the summary's figures: 4 token calls at least, exactly 1 failed.
    await cardsLoaded();
    const main = page.locator('main');
    const summary = (await api(
      'GET',
      `/api/v1/analytics/summary?period=7d&application_id=${ids.application}`,
    )) as { totals: Record<string, number> };
    const calls = number(await card(main, 'API-Aufrufe gesamt').innerText());
    expect(calls).to.be.at.least(4);
    expect(calls).to.be.at.most(summary.totals.requests!);
    expect(number(await card(main, 'Fehlgeschlagen').innerText())).to.equal(1);
    expect(number(await card(main, 'Erfolgreich').innerText())).to.equal(calls - 1);
    expect(number(await card(main, 'Installationen gesamt').innerText())).to.equal(1);
    expect(number(await card(main, 'Anonym').innerText())).to.equal(summary.totals.anonymous_users);
    expect(await card(main, 'Ø Antwortzeit').innerText()).to.match(/^\d[\d.,]* ms$/);

    await checkScreen(page, 'application-logs', 'logs');
    // Every filter, tab, row button and the scrolling table are reached with Tab, each with a visible focus.
    await expectKeyboardOperable(page);

    // A row's details from the keyboard.
    const opener = failed.getByRole('button');
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Log-Details' });
    await dialog.getByText('/api/v1/projects/:id').waitFor();
    await checkScreen(page, 'application-log-details', 'logs');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('filters change the list, the API Calls tab shows only API calls, the other tabs list installations and anonymous users', async () => {
    await page.goto(`${server.url}/projects/${ids.project}/logs?app=${ids.application}`);
    await rows().first().waitFor();
    const before = await rows().count();

    await page.getByLabel('Suche').fill('page_view');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="log-row"]').length === 1);
    expect(await rows().first().innerText()).to.contain('page_view');
    expect(await countText()).to.equal('1 von 1 Logs angezeigt');
    expect(page.url()).to.contain('q=page_view');
    await page.getByLabel('Suche').fill('');
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="log-row"]').length >= count,
      before,
    );

    await page.getByLabel('Benutzertyp').selectOption('registered');
    // Every API call here was made with a token of the owner's; the SDK's page view had no account.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="log-row"]')].every(
        (row) => !row.textContent?.includes('page_view'),
      ),
    );
    await page.getByLabel('Benutzertyp').selectOption('');

    await page.getByLabel('Installation', { exact: true }).selectOption(ids.installation);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="log-row"]')].every(
        (row) => !row.textContent?.includes('/api/v1/projects'),
      ),
    );
    expect(await rows().filter({ hasText: 'page_view' }).count()).to.equal(1);
    await page.getByLabel('Installation', { exact: true }).selectOption('');

    await page.getByRole('tab', { name: 'API-Aufrufe' }).click();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="log-row"]')].every(
        (row) => !row.textContent?.includes('page_view'),
      ),
    );
    expect(await rows().filter({ hasText: '/api/v1/projects/:id' }).count()).to.equal(1);
    await checkScreen(page, 'application-logs-api', 'logs');

    await page.getByRole('tab', { name: 'Installationen' }).click();
    const installation = page.getByTestId('installation-row');
    await installation.first().waitFor();
    expect(await installation.count()).to.equal(1);
    expect(await installation.innerText()).to.contain(ids.installation);
    await checkScreen(page, 'application-installations', 'logs');

    await page.getByRole('tab', { name: 'Anonyme Nutzer' }).click();
    await page.getByTestId('anonymous-row').first().waitFor();
    expect(await page.getByTestId('anonymous-row').innerText()).to.contain(ids.installation);
  });

  it('the export downloads a CSV with the rows the filters match', async () => {
    await page.goto(`${server.url}/projects/${ids.project}/logs?app=${ids.application}&tab=api`);
    await rows().first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSV exportieren' }).click(),
    ]);
    expect(download.suggestedFilename()).to.match(/\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).to.contain('endpoint');
    expect(
      lines.filter((line) => line.includes('/api/v1/projects/:id') && line.includes('404')),
    ).to.have.length(1);
    expect(lines.filter((line) => line.includes('page_view'))).to.deep.equal([]);
    // Every API call of the list, at least: the export is not cut at 500 and adds the calls since.
    expect(lines.length - 1).to.be.at.least(await rows().count());
  });

  it('system logs: the activity table with SPEC columns, the function statistics, filters and export', async () => {
    await page.goto(`${server.url}/logs`);
    await page.getByRole('heading', { name: 'System-Logs', level: 1 }).waitFor();
    await rows().first().waitFor();
    expect(await page.getByRole('link', { name: 'Zurück zum Dashboard' }).getAttribute('href')).to.equal(
      '/dashboard',
    );
    // SPEC §9 system logs: 2xx default, 4xx destructive.
    const failed = rows().filter({ has: page.getByText('404', { exact: true }) });
    expect(await failed.count()).to.equal(1);
    expect(await failed.innerText()).to.contain('/api/v1/projects/:id');
    expect(await failed.locator('[data-variant]').getAttribute('data-variant')).to.equal('destructive');
    const listing = rows()
      .filter({ hasText: /\/api\/v1\/projects\s*$/ })
      .first();
    expect(await listing.locator('[data-variant]').getAttribute('data-variant')).to.equal('default');
    await checkScreen(page, 'system-logs', 'logs');

    await page.getByLabel('Aktion').fill('page_view');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="log-row"]').length === 1);
    const sdkRow = rows().first();
    expect(await sdkRow.innerText()).to.match(/SDK \d/);
    await page.getByLabel('Aktion').fill('');

    await page.getByRole('tab', { name: 'Funktionsstatistik' }).click();
    const statistics = page.getByRole('region', { name: 'Funktionsstatistik' });
    const notFound = statistics
      .getByTestId('function-row')
      .filter({ has: page.getByText('GET /api/v1/projects/:id', { exact: true }) });
    await notFound.waitFor();
    // The figures are the API's (the dashboard's own reads are not counted, issue #35), the badge SPEC §9's.
    const { functions } = (await api('GET', '/api/v1/analytics/functions?period=7d')) as {
      functions: { function: string; count: number; success_rate: number }[];
    };
    const expected = functions.find((entry) => entry.function === 'GET /api/v1/projects/:id')!;
    expect(expected.success_rate).to.be.below(100);
    const cells = notFound.locator('td');
    expect(number(await cells.nth(3).innerText())).to.equal(expected.count);
    const rate = notFound.locator('[data-variant]');
    expect(Number((await rate.innerText()).replace(' %', '').replace(',', '.'))).to.be.closeTo(
      expected.success_rate,
      0.05,
    );
    expect(await rate.getAttribute('data-variant')).to.equal(
      expected.success_rate >= 95 ? 'default' : expected.success_rate >= 90 ? 'secondary' : 'destructive',
    );
    const listed = statistics
      .getByTestId('function-row')
      .filter({ has: page.getByText('GET /api/v1/projects', { exact: true }) });
    expect(number(await listed.locator('td').nth(3).innerText())).to.be.at.least(3);
    expect(await listed.locator('[data-variant]').getAttribute('data-variant')).to.equal('default');
    await checkScreen(page, 'function-statistics', 'logs');

    // A function's logs: the activity tab, searched for its route.
    await notFound.getByRole('link').click();
    await page.getByRole('tab', { name: 'Aktivitäts-Logs', selected: true }).waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="log-row"]')].every((row) =>
        row.textContent?.includes('/api/v1/projects/:id'),
      ),
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSV exportieren' }).click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).to.contain('/api/v1/projects/:id');
    expect(csv).not.to.contain('page_view');
  });

  it("the project's and the application's Logs tabs show the live excerpt and lead to the logs page, not to a 404", async () => {
    await page.goto(`${server.url}/projects/${ids.project}?tab=logs`);
    await rows().first().waitFor();
    await cardsLoaded();
    const panel = page.locator('main');
    expect(number(await card(panel, 'Fehlgeschlagen').innerText())).to.equal(1);
    await checkScreen(page, 'project-logs-tab', 'logs');
    await page.getByRole('link', { name: 'Logs für Storefront' }).click();
    await page.waitForURL(`${server.url}/projects/${ids.project}/logs?app=${ids.application}`);
    await page.getByRole('heading', { name: 'Anwendungs-Logs', level: 1 }).waitFor();
    expect(await page.getByText('Hoppla! Seite nicht gefunden').count()).to.equal(0);

    await page.goto(`${server.url}/projects/${ids.project}/applications/${ids.application}?tab=logs`);
    await rows().first().waitFor();
    await checkScreen(page, 'application-logs-tab', 'logs');
    await page.getByRole('link', { name: 'Logs öffnen' }).click();
    await page.waitForURL(`${server.url}/projects/${ids.project}/logs?app=${ids.application}`);
    await page.getByRole('heading', { name: 'Anwendungs-Logs', level: 1 }).waitFor();

    await page.goto(`${server.url}/logs`);
    await page.getByRole('heading', { name: 'System-Logs', level: 1 }).waitFor();
    expect(await page.getByText('Hoppla! Seite nicht gefunden').count()).to.equal(0);
  });
});
