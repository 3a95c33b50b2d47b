import path from 'node:path';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import { checkScreen, DESKTOP, eventually, freePort, PHONE } from '../support/checks.js';
import { startSignedInOwner, type Api } from '../support/owner.js';
import type { StartedServer } from '../support/server.js';
import { startSite, type Site } from '../support/site.js';
import { takeScreenshot } from '../support/photograph.js';

const PASSWORD = 'Snippet-Passwort-1';

interface Snippet {
  kind: string;
  title: string;
  code: string;
}

/**
 * Integration code (issue #36, "AI-assisted coding suggestions") against the built server in
 * Chromium: the "Integrationscode" card on the application's page (a tab per kind, reached and
 * switched by keyboard, the code with the application's id, a copy button), the same in the /docs
 * assistant for a chosen application, a German question answered in German there — and the two
 * browser snippets run as pasted on a partner site of the application's allowed origin: the SDK's
 * event reaches the server, the widget's sign-in dialog renders without an origin warning.
 * Screenshots at 1280 and 375 px: test-results/screenshots/integration-snippets-*.png.
 */
describe('integration snippets in Chromium', function () {
  this.timeout(240_000);

  let server: StartedServer;
  let launched: LaunchedBrowser;
  let site: Site;
  let page: Page;
  let api: Api;
  let projectId: string;
  let applicationId: string;
  /** What the partner site serves at /<kind>.html: the snippet's code as the API answers it. */
  const pages = new Map<string, string>();
  const stamp = Date.now().toString(36);
  const owner = `snippets.${stamp}@example.com`;

  const snippet = async (kind: string) =>
    ((await api('GET', `/api/v1/applications/${applicationId}/snippets?kind=${kind}`)).data as Snippet[])[0]!;

  before(async function () {
    this.timeout(300_000);
    // The snippets name the server by its PUBLIC_URL: the address it is reached at here.
    const port = await freePort();
    site = await startSite((req) => {
      const body = pages.get(new URL(req.url ?? '/', 'http://site').pathname);
      return body === undefined ? null : { body: `<!doctype html><title>Partner</title>\n${body}` };
    });
    ({ server, launched, page, api, projectId, applicationId } = await startSignedInOwner({
      env: {
        ASSISTANT_RATE_LIMIT_PER_IP: '1000',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
      email: owner,
      password: PASSWORD,
      displayName: 'Sina',
      organization: { name: 'Snippet GmbH', slug: `sn-${stamp}` },
      application: { name: 'Storefront', allowed_origins: [site.origin] },
    }));
  });

  after(async () => {
    await launched?.close();
    await site?.close();
    if (server) expect(await server.stop()).to.equal(0);
  });

  it('the application page shows "Integrationscode" with a tab per kind, switched by keyboard', async () => {
    await page.goto(`${server.url}/projects/${projectId}/applications/${applicationId}`);
    const card = page.getByRole('region', { name: 'Integrationscode', exact: true });
    const tabs = card.getByRole('tab');
    await tabs.first().waitFor();
    expect(await tabs.allTextContents()).to.deep.equal([
      'Anmeldedialog',
      'SDK-Tracking',
      'Python',
      'Token-Prüfung',
      'OpenID Connect',
    ]);
    const code = card.getByTestId('snippet-widget');
    expect(await code.textContent()).to.contain(`application-id="${applicationId}"`);
    expect(await code.textContent()).to.contain(site.origin);

    // Keyboard only: focus the selected tab, arrow to the next ones, Tab into the panel's copy button.
    const selected = (name: string) =>
      card.locator('[role="tab"][aria-selected="true"]', { hasText: name }).waitFor({ timeout: 5_000 });
    await card.getByRole('tab', { name: 'Anmeldedialog' }).focus();
    await page.keyboard.press('ArrowRight');
    await selected('SDK-Tracking');
    expect(await card.getByTestId('snippet-sdk').textContent()).to.contain(
      `data-application-id="${applicationId}"`,
    );
    await page.keyboard.press('ArrowRight');
    await selected('Python');
    await page.keyboard.press('ArrowRight');
    await selected('Token-Prüfung');
    const tokenCheck = card.getByTestId('snippet-token-check');
    expect(await tokenCheck.textContent()).to.contain(`${server.url}/api/auth/verify`);
    const copy = card.getByRole('button', { name: /^Code kopieren: / });
    await copy.focus();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).to.match(
      /^Code kopieren: Token eines Benutzers/,
    );
    await checkScreen(page, 'application', 'integration-snippets');
  });

  it('the SDK snippet, pasted on a page of the allowed origin, sends its event to the server', async () => {
    pages.set('/tracking.html', (await snippet('sdk')).code);
    const partner = await launched.browser.newPage({ viewport: DESKTOP });
    try {
      const accepted = partner.waitForResponse(
        (response) =>
          response.url() === `${server.url}/api/v1/analytics` &&
          response.request().method() === 'POST' &&
          (response.request().postData() ?? '').includes('signup_clicked'),
        { timeout: 30_000 },
      );
      await partner.goto(`${site.origin}/tracking.html`);
      const response = await accepted;
      expect(response.status()).to.be.within(200, 299);
      await eventually(
        async () =>
          (await api('GET', `/api/v1/installations?application_id=${applicationId}`)).data as unknown[],
        (data) => expect(data).to.have.length(1),
      );
    } finally {
      await partner.close();
    }
  });

  it('the widget snippet, pasted on a page of the allowed origin, shows the sign-in dialog', async () => {
    pages.set('/sign-in.html', (await snippet('widget')).code);
    const partner = await launched.browser.newPage({ viewport: DESKTOP });
    const problems: string[] = [];
    partner.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    try {
      await partner.goto(`${site.origin}/sign-in.html`);
      // Playwright's locators pierce the dialog's shadow root.
      await partner.locator('iam-auth-dialog input[type="email"]').waitFor({ timeout: 15_000 });
      await partner.locator('iam-auth-dialog input[type="password"]').first().waitFor();
      expect(problems.filter((text) => /origin/i.test(text))).to.deep.equal([]);
    } finally {
      await partner.close();
    }
  });

  it('/docs: the assistant answers a German question in German and writes the code for a chosen application', async () => {
    await page.goto(`${server.url}/docs#assistant`);
    await page.getByLabel('Ihre Frage', { exact: false }).first().fill('Wie widerrufe ich ein API-Token?');
    await page.getByRole('button', { name: 'Fragen', exact: true }).click();
    const answer = page.getByTestId('assistant-answer');
    await answer.waitFor();
    expect(await answer.textContent()).to.contain('Das steht in der Dokumentation dazu');
    expect(await answer.getAttribute('lang')).to.equal('de');

    const part = page.getByRole('region', { name: 'Integrationscode für eine Anwendung' });
    await part.getByLabel('Anwendung', { exact: true }).selectOption(applicationId);
    const card = part.getByRole('region', { name: 'Integrationscode', exact: true });
    await card.getByRole('tab').first().waitFor();
    await card.getByRole('tab', { name: 'Python' }).click();
    expect(await card.getByTestId('snippet-python').textContent()).to.contain(
      `IamClient("${applicationId}", "${server.url}")`,
    );
    // The guide link stays on this page.
    expect(await card.getByRole('link', { name: /^Anleitung: / }).getAttribute('href')).to.equal(
      '#python-sdk',
    );
    await part.scrollIntoViewIfNeeded();
    await checkScreen(page, 'docs', 'integration-snippets');
    // The page is long: the part itself, photographed at both widths, is what one looks at.
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(300);
      await takeScreenshot(part, {
        path: path.join(SCREENSHOT_DIR, `integration-snippets-docs-part-${viewport.width}.png`),
      });
    }
    await page.setViewportSize(DESKTOP);
  });
});
