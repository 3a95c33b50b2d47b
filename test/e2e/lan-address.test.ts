import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import { freePort, linkFromOutbox } from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';
import { takeScreenshot } from '../support/photograph.js';

const PASSWORD = 'Netzwerk-Passwort-1';
const CONFIRM_LINK = /https?:\/\/\S+\/api\/v1\/auth\/confirm\?token=[^\s"<>]+/;
/** A name that is not localhost, mapped to loopback inside Chromium only. */
const LAN_HOST = 'iam-lan.test';

/**
 * Issue #37, item 10: a self-hoster's first try is `http://<LAN address>:3000` without PUBLIC_URL.
 * helmet's default CSP carried `upgrade-insecure-requests`, so Chromium fetched every script and
 * style over https, which nothing answers, and the dashboard stayed white.
 */
describe('the dashboard on a plain-HTTP address other than localhost', function () {
  this.timeout(180_000);

  let server: StartedServer;
  let launched: LaunchedBrowser;
  let page: Page;
  let lanUrl: string;
  const email = `lan.${Date.now()}@example.com`;

  before(async function () {
    this.timeout(300_000);
    const port = await freePort();
    lanUrl = `http://${LAN_HOST}:${port}`;
    [server, launched] = await Promise.all([
      startBuiltServer({ PORT: String(port) }),
      launchBrowser({ extraArgs: [`--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`] }),
    ]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    const registeredAt = new Date(Date.now() - 1000);
    const registered = await fetch(`${server.url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, display_name: 'Lan' }),
    });
    expect(registered.status).to.be.oneOf([200, 201]);
    const confirmed = await fetch(await linkFromOutbox(server.url, email, CONFIRM_LINK, registeredAt), {
      redirect: 'manual',
    });
    expect(confirmed.status).to.be.lessThan(400);
    page = await launched.browser.newPage({ viewport: { width: 1280, height: 800 } });
  });

  after(async () => {
    await page?.close();
    await launched?.close();
    await server?.stop();
  });

  it('loads every asset over http and signs in', async () => {
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText}`));
    const document = await page.goto(`${lanUrl}/auth`);
    expect(String(document?.headers()['content-security-policy'])).not.to.include(
      'upgrade-insecure-requests',
    );

    await page.getByLabel('E-Mail', { exact: true }).fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL(`${lanUrl}/dashboard`);
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).waitFor();
    await takeScreenshot(page, { path: path.join(SCREENSHOT_DIR, 'lan-address-dashboard-1280.png') });
    expect(
      failed.filter((line) => line.startsWith('https:')),
      'nothing was upgraded to https',
    ).to.deep.equal([]);
  });
});
