import { mkdir } from 'node:fs/promises';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { startSmtpSink, type SmtpSink } from '../../server/test/mail/smtp-sink.js';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import { checkScreen, DESKTOP, eventually, freePort } from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';
import { startSite, type Site } from '../support/site.js';

const PASSWORD = 'Funnel-Passwort-1';

type SdkWindow = Window & {
  IamSdk: {
    ids(): { installation_id: string } | null;
    track(event: string, properties?: Record<string, unknown>): void;
    flush(): Promise<void>;
    register(email: string, password: string): Promise<unknown>;
    login(email: string, password: string): Promise<unknown>;
  };
};

/** The cells of a table's rows as a user reads them (row header first). */
async function rowsOf(page: Page, testId: string): Promise<string[][]> {
  const rows = page.getByTestId(testId).locator('tbody tr');
  await rows.first().waitFor();
  const result: string[][] = [];
  // Numbers have a no-break space before "%" (Intl); compared here as plain spaces.
  for (const row of await rows.all())
    result.push(
      (await row.locator('th, td').allTextContents()).map((text) =>
        text.replace(/[\u00a0\u202f]/g, ' ').trim(),
      ),
    );
  return result;
}

/** The key figures (label → value) of a figure grid. */
async function figuresOf(page: Page, testId: string): Promise<Record<string, string>> {
  const grid = page.getByTestId(testId);
  await grid.waitFor();
  const labels = await grid.locator('dt').allTextContents();
  const values = (await grid.locator('dd').allTextContents()).map((text) =>
    text.replace(/[\u00a0\u202f]/g, ' '),
  );
  return Object.fromEntries(labels.map((label, index) => [label, values[index]!]));
}

/**
 * Three visitors on a partner page (its own origin) with the script-tag SDK: page views (one of
 * them navigates), custom events of a checkout funnel, and one who signs up, confirms the address
 * from the mail and signs in. Then the dashboard's page-view, funnel (custom and built-in journey),
 * retention, stickiness and lifecycle screens show what a user would read: exact counts and rates.
 */
describe('product analytics screens with SDK traffic from a partner page in Chromium', function () {
  this.timeout(240_000);

  let server: StartedServer;
  let launched: LaunchedBrowser;
  let sink: SmtpSink;
  let site: Site;
  let page: Page;
  let token = '';
  let applicationId = '';
  const owner = `funnels.${Date.now()}@example.com`;
  const shopper = `shopper.${Date.now()}@example.com`;

  async function api(method: string, route: string, body?: unknown) {
    const response = await fetch(`${server.url}${route}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    expect(response.ok, `${method} ${route}: ${response.status} ${JSON.stringify(json)}`).to.equal(true);
    return json;
  }

  /** One visitor in a fresh browser context (its own installation): the shop, then `act`. */
  async function visit(options: { navigate?: boolean } = {}) {
    const context = await launched.browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(`${site.origin}/shop`);
    await visitor.waitForFunction(() =>
      Boolean((window as unknown as SdkWindow).IamSdk?.ids()?.installation_id),
    );
    // The load's page view goes out 1 s after load.
    await visitor.waitForTimeout(1_300);
    if (options.navigate) await visitor.evaluate(() => history.pushState({}, '', '/shop/cart'));
    await visitor.evaluate(async () => (window as unknown as SdkWindow).IamSdk.flush());
    return { context, visitor };
  }

  async function track(visitor: Page, events: string[]) {
    await visitor.evaluate(async (names) => {
      const sdk = (window as unknown as SdkWindow).IamSdk;
      for (const name of names) sdk.track(name);
      await sdk.flush();
    }, events);
  }

  before(async function () {
    this.timeout(300_000); // the first run may install Chromium
    sink = await startSmtpSink();
    const port = await freePort();
    [server, launched] = await Promise.all([
      startBuiltServer({
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SMTP_URL: sink.url,
        // Sign-in does not wait for confirmation; the shopper confirms anyway (the journey's step).
        EMAIL_CONFIRMATION_REQUIRED: 'false',
      }),
      launchBrowser(),
    ]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    const sdkBundle = await (await fetch(`${server.url}/cdn/sdk/iam-sdk.min.js`)).text();
    site = await startSite((req) => {
      if (req.url === '/iam-sdk.min.js') return { body: sdkBundle, type: 'text/javascript' };
      return {
        body:
          `<!doctype html><html lang="en"><title>Shop</title><h1>Shop</h1>` +
          `<script src="/iam-sdk.min.js" data-application-id="${applicationId}" data-api-url="${server.url}"></script>`,
      };
    });
    await api('POST', '/api/v1/auth/register', { email: owner, password: PASSWORD, display_name: 'Ada' });
    token = (await api('POST', '/api/v1/auth/login', { email: owner, password: PASSWORD }))
      .access_token as string;
    const organization = await api('POST', '/api/v1/organizations', {
      name: 'Trichter AG',
      slug: 'trichter',
    });
    const project = await api('POST', '/api/v1/projects', {
      name: 'Webshop',
      slug: 'webshop',
      organization_id: organization.id,
    });
    applicationId = (
      await api('POST', '/api/v1/applications', {
        name: 'Storefront',
        project_id: project.id,
        allowed_origins: [site.origin],
      })
    ).id as string;

    // Visitor A: the shop, the cart (2 page views), the whole checkout, signs up, confirms, signs in.
    const a = await visit({ navigate: true });
    await track(a.visitor, ['viewed_product', 'added_to_cart', 'checkout']);
    await a.visitor.evaluate(
      async ({ email, password }) => (window as unknown as SdkWindow).IamSdk.register(email, password),
      { email: shopper, password: PASSWORD },
    );
    const mail = await eventually(
      async () => sink.received.find((received) => received.envelope.to.includes(shopper))?.mail.text ?? '',
      (text) => expect(text).to.match(/token=/),
    );
    // The confirmation page (on the platform's origin) confirms the address when it loads.
    await a.visitor.goto(mail.match(/http:\/\/\S+token=[\w-]+/)![0], { waitUntil: 'networkidle' });
    await a.visitor.goto(`${site.origin}/shop/account`);
    await a.visitor.waitForFunction(() =>
      Boolean((window as unknown as SdkWindow).IamSdk?.ids()?.installation_id),
    );
    await a.visitor.waitForTimeout(1_300); // this page's view goes out 1 s after load
    await a.visitor.evaluate(
      async ({ email, password }) => {
        const sdk = (window as unknown as SdkWindow).IamSdk;
        await sdk.login(email, password);
        await sdk.flush();
      },
      { email: shopper, password: PASSWORD },
    );
    // Visitor B: the shop, product and cart. Visitor C: the shop and a product.
    const b = await visit();
    await track(b.visitor, ['viewed_product', 'added_to_cart']);
    const c = await visit();
    await track(c.visitor, ['viewed_product']);
    for (const visitor of [a, b, c]) await visitor.context.close();

    page = await launched.browser.newPage({ viewport: DESKTOP });
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
    await sink?.close();
  });

  it('page views: figures, top pages, referrers, entry and exit pages', async () => {
    await page.goto(`${server.url}/analytics`);
    await page
      .getByRole('navigation', { name: 'Analytics-Bereiche' })
      .getByRole('link', { name: 'Seitenaufrufe' })
      .click();
    await page.waitForURL(`${server.url}/analytics/pages`);
    await page.getByRole('heading', { name: 'Projekt oder Anwendung wählen' }).waitFor();
    await page.getByLabel('Organisation').selectOption({ label: 'Trichter AG' });
    await page.getByLabel('Projekt', { exact: true }).selectOption({ label: 'Webshop' });
    await page.getByLabel('Anwendung', { exact: true }).selectOption({ label: 'Storefront' });
    await page.waitForURL(`${server.url}/analytics/pages?app=${applicationId}`);

    // A: /shop, /shop/cart, /shop/account (two sessions? no: within 30 minutes, one); B and C: /shop.
    const figures = await eventually(
      async () => {
        await page.reload();
        return figuresOf(page, 'pages-figures');
      },
      (values) => expect(values['Seitenaufrufe']).to.equal('5'),
    );
    expect(figures).to.deep.include({
      Seitenaufrufe: '5',
      Besucher: '3',
      Sitzungen: '3',
      Absprungrate: '66,7 %',
    });
    expect(await rowsOf(page, 'pages-table')).to.deep.equal([
      ['/shop', '3', '3'],
      ['/shop/account', '1', '1'],
      ['/shop/cart', '1', '1'],
    ]);
    expect(await rowsOf(page, 'entry-table')).to.deep.equal([['/shop', '3']]);
    expect(await rowsOf(page, 'exit-table')).to.deep.equal([
      ['/shop', '2'],
      ['/shop/account', '1'],
    ]);
    expect(await rowsOf(page, 'referrers-table')).to.deep.equal([['Direkt', '3', '3']]);

    // CSV of the top pages, as the server writes it.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '„Meistbesuchte Seiten“ als CSV herunterladen' }).click(),
    ]);
    expect(download.suggestedFilename()).to.match(/\.csv$/);
    await checkScreen(page, 'pages', 'analytics-product');
  });

  it('funnels: a custom funnel picked step by step, kept in the address, and the built-in journey', async () => {
    await page.getByRole('link', { name: 'Funnels' }).click();
    await page.waitForURL(`${server.url}/analytics/funnels?app=${applicationId}`);
    await page.getByTestId('funnel-hint').waitFor();
    for (const step of ['viewed_product', 'checkout', 'added_to_cart']) {
      await page.getByLabel('Ereignis', { exact: true }).fill(step);
      await page.getByRole('button', { name: 'Schritt hinzufügen' }).click();
    }
    await page.getByRole('button', { name: '„added_to_cart“ nach oben' }).click();
    await page.waitForURL(/steps=viewed_product%2Cadded_to_cart%2Ccheckout/);
    // The previous funnel stays on screen while the new one loads.
    const rows = await eventually(
      () => rowsOf(page, 'funnel-table'),
      (found) =>
        expect(found.map((row) => row[0])).to.deep.equal(['viewed_product', 'added_to_cart', 'checkout']),
    );
    // Step, visitors, conversion, from previous, dropped off, (median time), anonymous, registered.
    expect(rows.map((row) => [...row.slice(0, 5), ...row.slice(6)])).to.deep.equal([
      ['viewed_product', '3', '100 %', '–', '0', '2', '1'],
      ['added_to_cart', '2', '66,7 %', '66,7 %', '1', '1', '1'],
      ['checkout', '1', '33,3 %', '50 %', '1', '0', '1'],
    ]);
    await checkScreen(page, 'funnel', 'analytics-product');

    // The address holds the funnel: a reload shows the same.
    await page.reload();
    expect((await rowsOf(page, 'funnel-table'))[2]!.slice(0, 3)).to.deep.equal(['checkout', '1', '33,3 %']);

    await page.getByLabel('Funnel', { exact: true }).selectOption('journey');
    await page.waitForURL(/steps=journey/);
    const journey = await eventually(
      () => rowsOf(page, 'funnel-table'),
      (found) => expect(found).to.have.length(5),
    );
    expect(journey.map((row) => row.slice(0, 2))).to.deep.equal([
      ['Erster Besuch', '3'],
      ['Registrierung', '1'],
      ['E-Mail bestätigt', '1'],
      ['Erste Anmeldung', '1'],
      ['Zweiter Besuch', '0'],
    ]);
    await checkScreen(page, 'journey', 'analytics-product');
  });

  it('retention, stickiness and lifecycle count the three installations of this week', async () => {
    await page.getByRole('link', { name: 'Retention' }).click();
    await page.waitForURL(`${server.url}/analytics/retention?app=${applicationId}`);
    await page.getByLabel('Zählen nach').selectOption('installations');
    await page.waitForURL(/unit=installations/);
    const grid = await eventually(
      () => rowsOf(page, 'retention-grid'),
      (found) => expect(found[11]![1]).to.equal('3'),
    );
    expect(grid).to.have.length(12);
    // The newest cohort (this week): three installations, all active in their first week.
    expect(grid[11]!.slice(1, 3)).to.deep.equal(['3', '100 %3']);
    expect(grid.slice(0, 11).every((row) => row[1] === '0')).to.equal(true);
    await checkScreen(page, 'retention', 'analytics-product');

    await page.getByRole('link', { name: 'Stickiness' }).click();
    await page.waitForURL(/\/analytics\/stickiness\?app=/);
    await page.getByLabel('Zählen nach').selectOption('installations');
    await page.waitForURL(/unit=installations/);
    const stickiness = await eventually(
      () => figuresOf(page, 'stickiness-figures'),
      (found) => expect(found['MAU (30 Tage)']).to.equal('3'),
    );
    expect(stickiness).to.deep.include({
      'DAU (heute)': '3',
      'WAU (7 Tage)': '3',
      'MAU (30 Tage)': '3',
      'DAU ÷ MAU': '100 %',
    });
    await checkScreen(page, 'stickiness', 'analytics-product');

    await page.getByRole('link', { name: 'Lifecycle' }).click();
    await page.waitForURL(/\/analytics\/lifecycle\?app=/);
    await page.getByLabel('Zählen nach').selectOption('installations');
    await page.waitForURL(/unit=installations/);
    const lifecycle = await eventually(
      () => rowsOf(page, 'lifecycle-table'),
      (found) => expect(found[0]![1]).to.equal('3'),
    );
    // Newest first: this week 3 active, all new.
    expect(lifecycle[0]!.slice(1)).to.deep.equal(['3', '3', '0', '0', '0']);
    await checkScreen(page, 'lifecycle', 'analytics-product');
  });
});
