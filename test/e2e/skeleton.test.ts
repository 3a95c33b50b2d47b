import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';
import { takeScreenshot } from '../support/photograph.js';

describe('walking skeleton in Chromium', function () {
  let server: StartedServer;
  let launched: LaunchedBrowser;
  let page: Page;

  before(async function () {
    this.timeout(300_000); // the first run may install Chromium
    [server, launched] = await Promise.all([startBuiltServer(), launchBrowser()]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
  });

  beforeEach(async () => {
    page = await launched.browser.newPage({ viewport: { width: 1280, height: 800 } });
  });

  afterEach(async () => {
    await page?.close();
  });

  after(async () => {
    await launched?.close();
    if (server) expect(await server.stop()).to.equal(0, 'the server must exit cleanly on SIGTERM');
  });

  it('shows the 404 page for an unknown route, and its link leads home', async () => {
    await page.goto(`${server.url}/no/such/page`);
    await page.getByText('Hoppla! Seite nicht gefunden').waitFor();
    expect(await page.locator('h1').textContent()).to.equal('404');
    await takeScreenshot(page, { path: path.join(SCREENSHOT_DIR, 'not-found-1280.png') });

    await page.getByRole('link', { name: 'Zurück zur Startseite' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('heading', { name: 'IAM Platform', level: 1 }).waitFor();
  });

  it('shows the live API status on the start page', async () => {
    await page.goto(server.url);
    await page.getByTestId('api-status').filter({ hasText: 'Betriebsbereit' }).waitFor();
    await takeScreenshot(page, { path: path.join(SCREENSHOT_DIR, 'home-1280.png') });
  });

  it('loads the English texts only for visitors who chose English, and remembers the choice', async () => {
    const catalogRequests: string[] = [];
    page.on('request', (request) => {
      if (/messages\.en-[\w-]+\.js$/.test(request.url())) catalogRequests.push(request.url());
    });
    await page.goto(server.url);
    await page.getByRole('heading', { name: 'IAM Platform', level: 1 }).waitFor();
    await page.getByTestId('api-status').filter({ hasText: 'Betriebsbereit' }).waitFor();
    expect(catalogRequests, 'a German visitor downloads no English texts').to.deep.equal([]);

    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Deutsch' }).waitFor();
    expect(catalogRequests).to.have.length(1);
    expect(await page.evaluate(() => document.documentElement.lang)).to.equal('en');

    await page.reload();
    await page.getByRole('button', { name: 'Deutsch' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).to.equal('en');
  });

  it('fits a 375 px wide screen without horizontal scrolling', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${server.url}/missing`);
    await page.getByText('Hoppla! Seite nicht gefunden').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).to.be.at.most(0);
    await takeScreenshot(page, { path: path.join(SCREENSHOT_DIR, 'not-found-375.png') });
  });

  it('serves the SDK script-tag bundle, which talks to the API from a page', async () => {
    await page.goto(`${server.url}/api/v1/health`);
    const result = await page.evaluate(async (base) => {
      await new Promise<void>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = `${base}/cdn/sdk/iam-sdk.min.js`;
        script.onload = () => resolve();
        script.onerror = () => reject(new Error('script failed to load'));
        document.head.append(script);
      });
      const sdk = (
        window as unknown as {
          IamSdk: {
            IamClient: new (o: { baseUrl: string }) => { health(): Promise<{ status: string }> };
            createId(kind: string): string;
          };
        }
      ).IamSdk;
      const health = await new sdk.IamClient({ baseUrl: base }).health();
      return { status: health.status, id: sdk.createId('installation') };
    }, server.url);
    expect(result.status).to.equal('ok');
    expect(result.id).to.match(/^inst_[0-9a-f]{32}$/);
  });

  it('serves the widget standalone bundle, which renders <iam-auth-dialog>', async () => {
    await page.goto(`${server.url}/api/v1/health`);
    await page.addScriptTag({ url: `${server.url}/cdn/widget/iam-auth-widget.min.js` });
    await page.evaluate(() => {
      const element = document.createElement('iam-auth-dialog');
      element.setAttribute('application-id', 'demo');
      document.body.append(element);
    });
    const heading = page.locator('iam-auth-dialog').getByRole('heading', { name: 'Sign in' });
    await heading.waitFor();
    await page.locator('iam-auth-dialog').getByRole('button', { name: 'Sign in' }).click();
    expect(await page.locator('iam-auth-dialog').getByRole('alert').textContent()).to.equal(
      'Email and password are required',
    );
  });
});
