import { mkdir } from 'node:fs/promises';
import { expect } from 'chai';
import type { Page, Request } from 'playwright-core';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import { checkScreen, DESKTOP, freePort } from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';

const PASSWORD = 'Dialog-Passwort-1';
const CONFIRM_LINK = /https?:\/\/\S+\/api\/v1\/auth\/confirm\?token=[^\s"<>]+/g;

/**
 * What a new user hit on /auth, in Chromium against the built server: the forgot-password dialog
 * must not submit the sign-in form around it, and a confirmation mail can be sent again.
 */
describe('auth dialogs in Chromium', function () {
  this.timeout(120_000);

  let server: StartedServer;
  let launched: LaunchedBrowser;
  let page: Page;
  /** Every API call the page sent, as "METHOD /path". */
  let sent: string[];

  before(async function () {
    this.timeout(300_000); // the first run may install Chromium
    const port = await freePort();
    [server, launched] = await Promise.all([
      startBuiltServer({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }),
      launchBrowser(),
    ]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
  });

  beforeEach(async () => {
    page = await launched.browser.newPage({ viewport: DESKTOP });
    sent = [];
    page.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) sent.push(`${request.method()} ${url.pathname}`);
    });
  });

  afterEach(async () => {
    await page?.close();
  });

  /** The confirmation links mailed to `to` so far (the dev outbox), oldest first. */
  async function confirmationLinks(to: string): Promise<string[]> {
    const response = await fetch(`${server.url}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
    expect(response.status).to.equal(200);
    const { data } = (await response.json()) as { data: { text: string; created_at: string }[] };
    return data
      .toSorted((a, b) => a.created_at.localeCompare(b.created_at))
      .flatMap((mail) => mail.text.match(CONFIRM_LINK) ?? []);
  }

  /** Waits until `count` confirmation mails reached `to`; returns their links, oldest first. */
  async function waitForConfirmationMails(to: string, count: number): Promise<string[]> {
    const deadline = Date.now() + 10_000;
    let links: string[] = [];
    while (Date.now() < deadline) {
      links = await confirmationLinks(to);
      if (links.length >= count) return links;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`expected ${count} confirmation mails to ${to}, got ${links.length}`);
  }

  after(async () => {
    await launched?.close();
    if (server) expect(await server.stop()).to.equal(0);
  });

  it('"Passwort vergessen?" sends only the reset request, never a sign-in', async () => {
    const email = `forgot.${Date.now()}@example.com`;
    await page.goto(`${server.url}/auth`);
    const signInForm = page.getByRole('form', { name: 'Anmelden' });
    await signInForm.getByLabel('E-Mail', { exact: true }).fill(email);
    // A half-remembered password already typed: submitting the sign-in form would send it.
    await signInForm.getByLabel('Passwort', { exact: true }).fill('vielleicht-dieses');
    await signInForm.getByRole('button', { name: 'Passwort vergessen?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Passwort zurücksetzen' });
    await dialog.waitFor();

    const reset = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/v1/password-reset',
    );
    await dialog.getByRole('button', { name: 'Link senden' }).click();
    expect((await reset).status()).to.equal(200);
    await page.getByText('E-Mail gesendet', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    // Anything the submit set off has had its chance to leave by now.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));

    expect(sent).to.include('POST /api/v1/password-reset');
    expect(sent.filter((call) => call.startsWith('POST /api/v1/auth/login'))).to.deep.equal([]);
    expect(await page.getByText('Anmeldung fehlgeschlagen', { exact: true }).count()).to.equal(0);
  });

  it('after registration the notice sends the confirmation mail again, then waits before the next', async () => {
    const email = `resend.${Date.now()}@example.com`;
    await page.goto(`${server.url}/auth?tab=register`);
    const form = page.getByRole('form', { name: 'Registrieren' });
    await form.getByLabel('E-Mail', { exact: true }).fill(email);
    await form.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Passwort bestätigen').fill(PASSWORD);
    await form.getByRole('button', { name: 'Konto erstellen' }).click();
    await page.waitForURL(`${server.url}/email-confirmation`);
    expect(await waitForConfirmationMails(email, 1)).to.have.length(1);

    await page.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }).click();
    await page.getByText('Bestätigungs-E-Mail gesendet', { exact: true }).waitFor();
    const waiting = page.getByRole('button', { name: /^Erneut senden in \d+ s$/ });
    await waiting.waitFor();
    expect(await waiting.isDisabled()).to.equal(true);
    const links = await waitForConfirmationMails(email, 2);
    expect(sent.filter((call) => call === 'POST /api/v1/auth/resend-confirmation')).to.have.length(1);
    await checkScreen(page, 'email-confirmation-resend', 'auth');

    // The link of the mail sent again confirms the address.
    await page.goto(links.at(-1)!);
    await page.waitForURL(`${server.url}/auth?confirmed=1`);
    await page.getByText('E-Mail-Adresse bestätigt. Sie können sich jetzt anmelden.').waitFor();
  });

  it('a sign-in refused as unconfirmed offers to send the confirmation mail again', async () => {
    const email = `unconfirmed.${Date.now()}@example.com`;
    const registered = await fetch(`${server.url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(registered.status).to.equal(201);
    await waitForConfirmationMails(email, 1);

    await page.goto(`${server.url}/auth`);
    const form = page.getByRole('form', { name: 'Anmelden' });
    await form.getByLabel('E-Mail', { exact: true }).fill(email);
    await form.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await form
      .getByRole('alert')
      .filter({ hasText: 'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse.' })
      .waitFor();
    await form.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }).click();
    await page.getByText('Bestätigungs-E-Mail gesendet', { exact: true }).waitFor();
    await form.getByRole('button', { name: /^Erneut senden in \d+ s$/ }).waitFor();
    expect(await waitForConfirmationMails(email, 2)).to.have.length(2);
    expect(sent.filter((call) => call === 'POST /api/v1/auth/login')).to.have.length(1);
    await checkScreen(page, 'sign-in-unconfirmed', 'auth');
  });
});
