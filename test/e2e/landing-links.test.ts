import { mkdir } from 'node:fs/promises';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import { checkScreen, DESKTOP, eventually } from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';

const PASSWORD = 'Linkliste-Passwort-1';

/**
 * Issue #36 item 9 in Chromium: the landing page's pricing anchor has a target, every link of the
 * footer's Company column and its Status/Support/Security entries lands on a real place in the
 * product, and /logs has a button to the backend function logs. Each link is followed and where it
 * lands is checked; both widths are photographed and checked with axe.
 */
describe('landing page links and the /logs function-logs button (#36 item 9)', function () {
  this.timeout(180_000);

  let server: StartedServer;
  let launched: LaunchedBrowser;
  let page: Page;
  let ownerToken: string;
  const email = `links.owner.${Date.now().toString(36)}@example.com`;

  const api = async (method: string, route: string, body?: unknown, token = ownerToken) => {
    const response = await fetch(`${server.url}${route}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    expect(response.status, `${method} ${route}: ${JSON.stringify(json)}`).to.be.below(300);
    return json;
  };

  before(async function () {
    this.timeout(300_000); // the first run may install Chromium
    [server, launched] = await Promise.all([
      startBuiltServer({ EMAIL_CONFIRMATION_REQUIRED: 'false' }),
      launchBrowser(),
    ]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    page = await launched.browser.newPage({ viewport: DESKTOP });
  });
  after(async () => {
    await launched?.close();
    if (server) expect(await server.stop()).to.equal(0);
  });

  /** Waits until the element is on screen (top below the viewport's top, above its bottom). */
  const expectInView = (selector: string) =>
    eventually(
      async () => ({
        box: await page.locator(selector).boundingBox(),
        height: page.viewportSize()!.height,
      }),
      ({ box, height }) => {
        expect(box, selector).to.not.equal(null);
        expect(box!.y, `${selector} top`).to.be.within(-2, height - 40);
      },
    );
  const footer = () => page.getByRole('contentinfo');
  /** The landing page, scrolled to the footer. */
  const openFooter = async () => {
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: 'Company', level: 2 }).scrollIntoViewIfNeeded();
  };
  /** A /docs guide opened by its anchor: the details element of that slug is open and on screen. */
  const expectGuideOpen = async (slug: string) => {
    await page.waitForURL(`${server.url}/docs#${slug}`);
    await page.locator(`details#${slug}[open]`).waitFor();
    await expectInView(`details#${slug} > summary`);
  };

  it('the header’s and the footer’s pricing links land on the pricing section', async () => {
    await page.goto(`${server.url}/`);
    const nav = page.getByRole('navigation', { name: 'Seitennavigation' });
    await nav.getByRole('link', { name: 'Preise', exact: true }).click();
    await page.waitForURL(`${server.url}/#pricing`);
    await page.getByRole('heading', { name: 'Preise', level: 2 }).waitFor();
    await expectInView('section#pricing h2');
    const pricing = page.locator('section#pricing');
    expect(await pricing.getByRole('link', { name: 'Self-Hosting-Anleitung' }).getAttribute('href')).to.equal(
      '/docs#self-hosting',
    );
    expect(await pricing.getByRole('link', { name: 'Konto anlegen' }).getAttribute('href')).to.equal(
      '/auth?tab=register',
    );
    await checkScreen(page, 'pricing', 'landing-links');

    await page.evaluate(() => window.scrollTo(0, 0));
    await footer().getByRole('link', { name: 'Preise', exact: true }).click();
    await page.waitForURL(`${server.url}/#pricing`);
    await expectInView('section#pricing h2');
  });

  it('Company: About, Privacy and Impressum land on their documentation', async () => {
    const company = () => footer().getByRole('navigation', { name: 'Company' });
    await openFooter();
    expect(await company().getByRole('link').allInnerTexts()).to.deep.equal([
      'Über die Plattform',
      'Preise',
      'Datenschutz',
      'Impressum',
    ]);
    await checkScreen(page, 'footer', 'landing-links');

    await company().getByRole('link', { name: 'Über die Plattform' }).click();
    await expectGuideOpen('concepts');

    await openFooter();
    await company().getByRole('link', { name: 'Datenschutz' }).click();
    await expectGuideOpen('privacy');
    expect(await page.locator('details#privacy summary').innerText()).to.match(/Privacy/);

    // Without VITE_IMPRESSUM_URL (the operator's legal notice) the link goes to the self-hosting guide.
    await openFooter();
    await company().getByRole('link', { name: 'Impressum' }).click();
    await expectGuideOpen('self-hosting');
  });

  it('Service: Status shows GET /api/v1/health, Support the docs assistant, Security the security guide', async () => {
    const service = () => footer().getByRole('navigation', { name: 'Service' });
    await openFooter();
    await service().getByTestId('api-status').filter({ hasText: 'Betriebsbereit' }).waitFor();
    await service().getByRole('link', { name: 'API-Status' }).click();
    await page.waitForURL(`${server.url}/status`);
    await page.getByRole('heading', { name: 'Systemstatus', level: 1 }).waitFor();
    await page.getByTestId('status-api').filter({ hasText: 'Betriebsbereit' }).waitFor();
    expect(await page.getByTestId('status-db').innerText()).to.equal('Erreichbar');
    const health = await api('GET', '/api/v1/health', undefined, '');
    expect(await page.locator('dd', { hasText: String(health.version) }).count()).to.equal(1);
    await checkScreen(page, 'status', 'landing-links');

    await openFooter();
    await service().getByRole('link', { name: 'Support' }).click();
    await page.waitForURL(`${server.url}/docs#assistant`);
    await page
      .getByRole('heading', { name: /Assistent|KI/, level: 2 })
      .first()
      .waitFor();
    await expectInView('section#assistant h2');

    await openFooter();
    await service().getByRole('link', { name: 'Sicherheit' }).click();
    await expectGuideOpen('security');
  });

  it('speaks English after the language switch', async () => {
    await page.goto(`${server.url}/`);
    await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page
      .getByRole('navigation', { name: /./ })
      .getByRole('link', { name: 'Pricing', exact: true })
      .first()
      .waitFor();
    expect(
      await footer().getByRole('navigation', { name: 'Company' }).getByRole('link').allInnerTexts(),
    ).to.deep.equal(['About', 'Pricing', 'Privacy', 'Legal notice (Impressum)']);
    await page.goto(`${server.url}/status`);
    await page.getByRole('heading', { name: 'System status', level: 1 }).waitFor();
    await page.getByTestId('status-api').filter({ hasText: /./ }).waitFor();
    // Back to German for the rest.
    await page.getByRole('banner').getByRole('button', { name: 'Deutsch' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'de');
  });

  it('/logs: the button opens the backend function logs (the activity of /functions/v1/…)', async () => {
    await api('POST', '/api/v1/auth/register', { email, password: PASSWORD, display_name: 'Links' }, '');
    ownerToken = (await api('POST', '/api/v1/auth/login', { email, password: PASSWORD }, ''))
      .access_token as string;
    const organization = await api('POST', '/api/v1/organizations', {
      name: 'Links GmbH',
      slug: 'links-gmbh',
    });
    const project = await api('POST', '/api/v1/projects', {
      name: 'Webshop',
      slug: 'webshop',
      organization_id: organization.id,
    });
    const application = await api('POST', '/api/v1/applications', {
      name: 'Storefront',
      project_id: project.id,
    });
    // A call of a backend function (refused: the new account's address is not confirmed, which is
    // what function logs are for) and an ordinary API call, both logged for this account.
    const refused = await fetch(`${server.url}/functions/v1/send-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ownerToken}` },
      body: JSON.stringify({
        applicationId: application.id,
        to: email,
        subject: 'Hallo',
        html: '<p>Hallo</p>',
      }),
    });
    expect(refused.status).to.equal(403);
    await api('GET', '/api/v1/projects');
    await eventually(
      () => api('GET', '/api/v1/activity-logs?search=%2Ffunctions%2Fv1%2F&limit=50'),
      (json) => expect((json.data as unknown[]).length).to.be.greaterThan(0),
    );

    await page.goto(`${server.url}/auth`);
    await page.getByLabel('E-Mail', { exact: true }).fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL(`${server.url}/dashboard`);

    await page.goto(`${server.url}/logs?tab=functions&period=30d`);
    await page.getByRole('heading', { name: 'System-Logs', level: 1 }).waitFor();
    const button = page.getByRole('link', { name: 'Backend-Funktionslogs' });
    await button.click();
    await page.waitForURL(
      (url) => url.pathname === '/logs' && url.searchParams.get('q') === '/functions/v1/',
    );
    expect(new URL(page.url()).searchParams.get('period')).to.equal('30d');
    // The address changes first, then the screen: wait for the tab as a user would.
    await page.getByRole('tab', { name: 'Aktivitäts-Logs', selected: true }).waitFor();
    expect(await page.getByLabel('Suche').inputValue()).to.equal('/functions/v1/');
    const rows = page.getByTestId('log-row');
    await rows.first().waitFor();
    const texts = await rows.allInnerTexts();
    expect(texts.length).to.be.greaterThan(0);
    for (const text of texts) expect(text).to.contain('/functions/v1/');
    expect(texts.join('\n')).to.contain('/functions/v1/send-email');
    await checkScreen(page, 'function-logs', 'landing-links');
  });
});
