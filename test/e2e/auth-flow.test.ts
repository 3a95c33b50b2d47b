import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';
import { takeScreenshot } from '../support/photograph.js';

const require = createRequire(import.meta.url);
const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');

const PASSWORD = 'erstes-Passwort-1';
const NEW_PASSWORD = 'zweites-Passwort-2';

/** A free loopback port, so that the links in the server's mails can point at this very server. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

describe('signing up, in and out in Chromium', function () {
  let server: StartedServer;
  let launched: LaunchedBrowser;
  let page: Page;
  const email = `ada.${Date.now()}@example.com`;
  let password = PASSWORD;

  /** Waits for a mail to `to` whose text contains a link matching `pattern`, and returns the link. */
  async function linkFromOutbox(to: string, pattern: RegExp, notBefore: Date): Promise<string> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const response = await fetch(`${server.url}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
      expect(response.status).to.equal(200);
      const { data } = (await response.json()) as { data: OutboxMail[] };
      for (const mail of data) {
        const link = mail.text.match(pattern)?.[0];
        if (link && new Date(mail.created_at) >= notBefore) return link;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`no mail to ${to} with a link matching ${pattern}`);
  }

  async function screenshot(name: string): Promise<void> {
    await takeScreenshot(page, { path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
  }

  /**
   * axe-core on the current page: no serious or critical accessibility violations. The server's
   * CSP rightly refuses inline scripts (which addScriptTag would add), so axe is evaluated through
   * the DevTools protocol instead.
   */
  async function expectAccessible(): Promise<void> {
    await page.evaluate(await readFile(AXE_SCRIPT, 'utf8'));
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
      interface AxeViolation {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: unknown[] }[];
      }
      const result = await axe.run();
      return result.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
      }));
    });
    const serious = violations.filter((violation) =>
      ['serious', 'critical'].includes(violation.impact ?? ''),
    );
    expect(serious, JSON.stringify(serious, null, 2)).to.deep.equal([]);
  }

  async function expectNoHorizontalOverflow(): Promise<void> {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'horizontal overflow in px').to.be.at.most(0);
  }

  async function signIn(address: string, secret: string): Promise<void> {
    await page.getByLabel('E-Mail', { exact: true }).fill(address);
    await page.getByLabel('Passwort', { exact: true }).fill(secret);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  }

  before(async function () {
    this.timeout(300_000); // the first run may install Chromium
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    [server, launched] = await Promise.all([
      startBuiltServer({ PORT: String(port), PUBLIC_URL: origin }),
      launchBrowser(),
    ]);
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

  it('shows visitors the landing page, accessible and without overflow on a phone', async () => {
    await page.goto(server.url);
    await page.getByRole('heading', { name: 'IAM Platform', level: 1 }).waitFor();
    for (const badge of ['Multi-Tenant', '2FA & FIDO2', 'Analytics', 'RBAC']) {
      await page.getByText(badge, { exact: true }).waitFor();
    }
    expect(await page.locator('#features h3').allTextContents()).to.deep.equal([
      'Kernmodelle',
      'Plattform-Features',
      'Sicherheit & Performance',
    ]);
    expect(await page.locator('#features li').count()).to.equal(12);
    expect(await page.getByRole('link', { name: 'Technische Dokumentation' }).getAttribute('href')).to.equal(
      '/docs',
    );
    await page.getByText('© 2024').waitFor();
    await page.getByTestId('api-status').filter({ hasText: 'Betriebsbereit' }).waitFor();
    await expectAccessible();
    await screenshot('landing-1280');

    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoHorizontalOverflow();
    await screenshot('landing-375');
    const toggle = page.getByRole('button', { name: 'Menü öffnen' });
    expect(await toggle.getAttribute('aria-expanded')).to.equal('false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menu = page.locator('#landing-menu');
    await menu.getByRole('link', { name: 'Features' }).waitFor();
    expect(await page.getByRole('button', { name: 'Menü schließen' }).getAttribute('aria-expanded')).to.equal(
      'true',
    );
    await takeScreenshot(page, { path: path.join(SCREENSHOT_DIR, 'landing-menu-375.png') });
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await menu.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL(/\/auth\?tab=register$/);
    await page.getByRole('tab', { name: 'Registrieren', selected: true }).waitFor();
  });

  it('registers, confirms the address from the mail, signs in, keeps the session on reload and signs out', async () => {
    await page.goto(`${server.url}/auth`);
    await page.getByRole('tab', { name: 'Anmelden', selected: true }).waitFor();
    await expectAccessible();
    await screenshot('auth-1280');
    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoHorizontalOverflow();
    await screenshot('auth-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    const registeredAt = new Date(Date.now() - 1000);
    await page.getByRole('tab', { name: 'Registrieren' }).click();
    const form = page.getByRole('form', { name: 'Registrieren' });
    await form.getByLabel('Anzeigename (optional)').fill('Ada');
    await form.getByLabel('E-Mail', { exact: true }).fill(email);
    await form.getByLabel('Passwort', { exact: true }).fill(password);
    await form.getByLabel('Passwort bestätigen').fill(password);
    await form.getByRole('button', { name: 'Konto erstellen' }).click();

    await page.waitForURL(`${server.url}/email-confirmation`);
    await page.getByRole('heading', { name: 'Registrierung erfolgreich!' }).waitFor();
    expect(await page.getByRole('listitem').count()).to.equal(3);
    await expectAccessible();
    await screenshot('email-confirmation-1280');
    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoHorizontalOverflow();
    await screenshot('email-confirmation-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Signing in before confirming is refused with the German explanation.
    await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
    await signIn(email, password);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse.' })
      .waitFor();

    const confirmLink = await linkFromOutbox(
      email,
      /https?:\/\/\S+\/api\/v1\/auth\/confirm\?token=[^\s"<>]+/,
      registeredAt,
    );
    await page.goto(confirmLink);
    await page.waitForURL(`${server.url}/auth?confirmed=1`);
    await page.getByText('E-Mail-Adresse bestätigt. Sie können sich jetzt anmelden.').waitFor();

    await signIn(email, password);
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByText('Erfolgreich angemeldet', { exact: true }).waitFor();
    await page.getByTestId('user-email').filter({ hasText: email }).waitFor();
    await page.getByRole('heading', { name: 'Willkommen zurück, Ada!' }).waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('iam-session') ?? 'null'));
    expect(stored).to.include.keys('accessToken', 'refreshToken', 'expiresAt', 'user');
    await expectAccessible();
    await screenshot('dashboard-1280');

    await page.reload();
    await page.getByTestId('user-email').filter({ hasText: email }).waitFor();
    expect(page.url()).to.equal(`${server.url}/dashboard`);

    // The start page is the dashboard for a signed-in user; /auth too.
    await page.goto(`${server.url}/auth`);
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByRole('link', { name: 'Organisationen' }).click();
    await page.getByRole('heading', { name: 'Organisationen', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Admin' }).count()).to.equal(0);

    // Now and then headless Chromium does not apply a resize that comes right after a navigation
    // (the wide layout stayed for 30 s in two CI runs): resize until the page reports the new width.
    for (let attempt = 1; ; attempt++) {
      await page.setViewportSize({ width: 375, height: 740 });
      const applied = await page
        .waitForFunction(() => window.innerWidth === 375, undefined, { timeout: 5_000 })
        .then(() => true)
        .catch(() => false);
      if (applied || attempt === 3) break;
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    await page.getByRole('link', { name: 'Dashboard', exact: true }).waitFor({ state: 'hidden' });
    await expectNoHorizontalOverflow();
    await screenshot('organizations-375');
    await page.getByRole('button', { name: 'Menü' }).click();
    await page.locator('#dashboard-menu').getByText(email).waitFor();
    await expectNoHorizontalOverflow();
    await page.locator('#dashboard-menu').getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: 'Willkommen zurück, Ada!' }).waitFor();
    await expectNoHorizontalOverflow();
    await screenshot('dashboard-375');
    await page.getByRole('button', { name: 'Menü' }).click();
    await screenshot('dashboard-menu-375');
    await page.locator('#dashboard-menu').getByRole('button', { name: 'Abmelden' }).click();

    await page.waitForURL(`${server.url}/`);
    await page.getByText('Erfolgreich abgemeldet', { exact: true }).waitFor();
    await page.getByText('Bis bald!', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'IAM Platform', level: 1 }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('iam-session'))).to.equal(null);
  });

  it('shows the German error for a wrong password, in the form and as a toast', async () => {
    await page.goto(`${server.url}/auth`);
    await signIn(email, 'falsches-Passwort');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Ungültige E-Mail-Adresse oder ungültiges Passwort.' })
      .first()
      .waitFor();
    await page.getByText('Anmeldung fehlgeschlagen', { exact: true }).waitFor();
    expect(page.url()).to.equal(`${server.url}/auth`);
  });

  it('resets a forgotten password from the mailed link and signs in with the new one', async () => {
    await page.goto(`${server.url}/auth`);
    await page.getByLabel('E-Mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Passwort vergessen?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Passwort zurücksetzen' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('E-Mail').inputValue()).to.equal(email);
    await screenshot('forgot-password-1280');
    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoHorizontalOverflow();
    await screenshot('forgot-password-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    const requestedAt = new Date(Date.now() - 1000);
    await dialog.getByRole('button', { name: 'Link senden' }).click();
    await page.getByText('E-Mail gesendet', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    const resetLink = await linkFromOutbox(
      email,
      /https?:\/\/\S+\/auth\?mode=reset&token=[^\s"<>]+/,
      requestedAt,
    );
    await page.goto(resetLink);
    await page.getByRole('heading', { name: 'Neues Passwort festlegen' }).waitFor();
    await expectAccessible();
    await screenshot('reset-password-1280');
    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoHorizontalOverflow();
    await screenshot('reset-password-375');

    await page.getByLabel('Neues Passwort', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Passwort bestätigen').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Passwort ändern' }).click();
    await page.getByRole('status').filter({ hasText: 'Passwort erfolgreich geändert' }).first().waitFor();
    await page.waitForURL(`${server.url}/auth`, { timeout: 5000 });
    password = NEW_PASSWORD;

    // The link is single use.
    await page.goto(resetLink);
    await page.getByLabel('Neues Passwort', { exact: true }).fill('drittes-Passwort-3');
    await page.getByLabel('Passwort bestätigen').fill('drittes-Passwort-3');
    await page.getByRole('button', { name: 'Passwort ändern' }).click();
    await page.getByRole('alert').filter({ hasText: 'Ungültiger Reset-Token' }).first().waitFor();
    await page.getByText('Fehler beim Zurücksetzen', { exact: true }).waitFor();

    await page.getByRole('link', { name: 'Zurück zur Anmeldung' }).click();
    await signIn(email, NEW_PASSWORD);
    await page.waitForURL(`${server.url}/dashboard`);
  });

  it('sends a visitor from a protected page to sign-in and back to that page afterwards', async () => {
    await page.goto(`${server.url}/projects`);
    await page.waitForURL(`${server.url}/auth?redirect=%2Fprojects`);
    await signIn(email, password);
    await page.waitForURL(`${server.url}/projects`);
    await page.getByRole('heading', { name: 'Projekte', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'API Tokens' }).click();
    await page.getByRole('heading', { name: 'API Tokens', level: 1 }).waitFor();
  });
});
