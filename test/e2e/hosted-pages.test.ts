import { createHash, randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { startSmtpSink, type SmtpSink } from '../../server/test/mail/smtp-sink.js';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import { checkScreen, DESKTOP, dismissToasts, expectKeyboardOperable, freePort } from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';
import { startSite, type Site } from '../support/site.js';

const OWNER_PASSWORD = 'Besitzer-Passwort-1';
const PASSWORD = 'Brötchen-am-Morgen-7';
const NEW_PASSWORD = 'Croissant-am-Abend-8';

/**
 * A project's hosted pages (/p/{project_id}/…) against the built server in Chromium, with mail
 * over a real SMTP server: an end user signs up on the branded sign-up page, confirms from the
 * mail, signs in, opens the account page and changes the password; signs in again with a code
 * by e-mail; and comes from a partner site in the widget's hosted mode, signs in and is sent
 * back with a code the partner trades for a session. Every screen is checked with axe-core and
 * for overflow and photographed at 1280 and 375 px (test-results/screenshots/hosted-*).
 */
describe('hosted sign-in and account pages in Chromium', function () {
  this.timeout(240_000);

  let sink: SmtpSink;
  let server: StartedServer;
  let launched: LaunchedBrowser;
  let partner: Site;
  let page: Page;
  let projectId = '';
  let applicationId = '';
  const stamp = Date.now().toString(36);
  const owner = `owner.${stamp}@example.com`;
  const customer = `kundin.${stamp}@example.com`;

  async function api(method: string, path: string, body?: unknown, token?: string) {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    expect(response.ok, `${method} ${path}: ${response.status} ${JSON.stringify(json)}`).to.equal(true);
    return json;
  }

  /** What the partner's backend would send to the embedding API (no Origin header). */
  function embedding(path: string, body: unknown) {
    return fetch(`${server.url}/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-application-id': applicationId },
      body: JSON.stringify(body),
    });
  }

  /** The newest mail to `to` (after `since`) whose text matches `pattern`; the match. */
  async function fromMail(to: string, pattern: RegExp, since: number): Promise<RegExpMatchArray> {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const mails = sink.received.slice(since).filter((mail) => mail.envelope.to.includes(to));
      for (const mail of mails.reverse()) {
        const match = (mail.mail.text ?? '').match(pattern);
        if (match) return match;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(
      `no mail to ${to} matching ${pattern}; got ${sink.received.map((m) => m.mail.subject).join(', ')}`,
    );
  }

  async function signIn(email: string, password: string) {
    await page.getByLabel('E-Mail', { exact: true }).fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  }

  const hosted = (path: string) => `${server.url}/p/${projectId}${path}`;

  before(async function () {
    this.timeout(300_000); // the first run may install Chromium
    sink = await startSmtpSink();
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    [server, launched, partner] = await Promise.all([
      startBuiltServer({
        PORT: String(port),
        PUBLIC_URL: origin,
        SMTP_URL: sink.url,
        ...(process.env.MONGODB_URI ? { MONGODB_URI: process.env.MONGODB_URI } : {}),
      }),
      launchBrowser(),
      startSite(() => ({
        body: '<!doctype html><html lang="de"><title>Bäckerei</title><h1>Zurück im Shop</h1>',
      })),
    ]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });

    // The project owner: a confirmed dashboard account with an organization, project and app.
    const since = sink.received.length;
    await api('POST', '/api/v1/auth/register', { email: owner, password: OWNER_PASSWORD });
    const [confirmLink] = await fromMail(owner, /http\S+\/api\/v1\/auth\/confirm\?token=\S+/, since);
    expect((await fetch(confirmLink, { redirect: 'manual' })).status).to.equal(303);
    const token = (await api('POST', '/api/v1/auth/login', { email: owner, password: OWNER_PASSWORD }))
      .access_token as string;
    const organization = await api(
      'POST',
      '/api/v1/organizations',
      { name: 'Bäckerei', slug: `b-${stamp}` },
      token,
    );
    projectId = (
      await api(
        'POST',
        '/api/v1/projects',
        { name: 'Webshop', slug: 'webshop', organization_id: organization.id },
        token,
      )
    ).id as string;
    applicationId = (
      await api('POST', '/api/v1/applications', { name: 'Storefront', project_id: projectId }, token)
    ).id as string;
    await api(
      'PATCH',
      `/api/v1/projects/${projectId}/pool`,
      {
        methods: ['password', 'passkey', 'email_code'],
        password_min_length: 10,
        branding: {
          display_name: 'Bäckerei Sonnenschein',
          primary_color: '#f59e0b',
          locale: 'de',
          support_email: 'hilfe@baeckerei.example',
        },
        redirect_urls: [`${partner.origin}/callback`],
      },
      token,
    );
  });

  beforeEach(async () => {
    page = await launched.browser.newPage({ viewport: DESKTOP });
  });

  afterEach(async () => {
    await page?.close();
  });

  after(async () => {
    await launched?.close();
    await partner?.close();
    if (server) expect(await server.stop()).to.equal(0, 'the server must exit cleanly on SIGTERM');
    await sink?.close();
  });

  it('signs up on the branded page, confirms from the mail, signs in and changes the password', async () => {
    await page.goto(hosted('/sign-up'));
    await page.getByRole('heading', { name: 'Konto erstellen', level: 1 }).waitFor();
    await page.getByText('Registrieren Sie sich bei Bäckerei Sonnenschein.').waitFor();
    expect(await page.title()).to.equal('Konto erstellen – Bäckerei Sonnenschein');
    // The pool's amber is too light for white text and links: the accent is a darker amber.
    const accent = await page
      .getByRole('button', { name: 'Konto erstellen' })
      .evaluate((button) => getComputedStyle(button).backgroundColor);
    expect(accent).to.not.equal('rgb(79, 70, 229)', 'the platform indigo instead of the pool colour');
    await checkScreen(page, 'sign-up', 'hosted');

    // The pool's minimum length (10) is checked before anything is sent.
    await page.getByLabel('Anzeigename (optional)').fill('Kim');
    await page.getByLabel('E-Mail', { exact: true }).fill(customer);
    await page.getByLabel('Passwort', { exact: true }).fill('kurz-9');
    await page.getByLabel('Passwort bestätigen').fill('kurz-9');
    await page.getByRole('button', { name: 'Konto erstellen' }).click();
    await page.getByRole('alert').getByText('Passwort muss mindestens 10 Zeichen lang sein').waitFor();

    const since = sink.received.length;
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Passwort bestätigen').fill(PASSWORD);
    await page.getByRole('button', { name: 'Konto erstellen' }).click();
    await page.getByRole('heading', { name: 'Bitte bestätigen Sie Ihre E-Mail-Adresse' }).waitFor();
    await dismissToasts(page);
    await checkScreen(page, 'check-mail', 'hosted');

    // The mail's link confirms and leads to the pool's hosted confirmation page.
    const [link] = await fromMail(customer, /http\S+\/api\/v1\/auth\/confirm\?\S+/, since);
    await page.goto(link);
    await page.waitForURL(new RegExp(`/p/${projectId}/confirm\\?confirmed=1`));
    await page.getByRole('heading', { name: 'E-Mail-Adresse bestätigt' }).waitFor();
    await checkScreen(page, 'confirmed', 'hosted');

    await page.getByRole('link', { name: 'Weiter zur Anmeldung' }).click();
    await page.getByRole('heading', { name: 'Anmelden', level: 1 }).waitFor();
    await checkScreen(page, 'sign-in', 'hosted');
    await signIn(customer, PASSWORD);
    await page.waitForURL(new RegExp(`/p/${projectId}/account`));
    await page.getByRole('heading', { name: 'Ihr Konto', level: 1 }).waitFor();
    await page.getByText(`Angemeldet als ${customer} bei Bäckerei Sonnenschein`).waitFor();
    await page.getByText('Diese Sitzung').waitFor();
    // Nothing of it in the dashboard's session store.
    expect(await page.evaluate(() => localStorage.getItem('iam-session'))).to.equal(null);
    expect(
      await page.evaluate((key) => sessionStorage.getItem(key), `iam-hosted-session:${projectId}`),
    ).to.be.a('string');
    await checkScreen(page, 'account', 'hosted');

    await page.getByLabel('Aktuelles Passwort').fill(PASSWORD);
    await page.getByLabel('Neues Passwort').fill(NEW_PASSWORD);
    await page.getByLabel('Passwort bestätigen').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Passwort ändern' }).click();
    await page
      .getByRole('form', { name: 'Passwort ändern' })
      .getByRole('status')
      .getByText('Ihre anderen Sitzungen wurden abgemeldet.')
      .waitFor();
    expect((await embedding('/login', { email: customer, password: PASSWORD })).status).to.equal(401);
    expect((await embedding('/login', { email: customer, password: NEW_PASSWORD })).status).to.equal(200);

    // Signing out ends the session here and leads back to sign-in.
    await page.getByRole('button', { name: 'Abmelden', exact: true }).click();
    await page.getByRole('heading', { name: 'Anmelden', level: 1 }).waitFor();
    expect(
      await page.evaluate((key) => sessionStorage.getItem(key), `iam-hosted-session:${projectId}`),
    ).to.equal(null);
  });

  it('signs in with a code by e-mail, keyboard only', async () => {
    await page.goto(hosted('/sign-in'));
    await page.getByRole('heading', { name: 'Anmelden', level: 1 }).waitFor();
    await expectKeyboardOperable(page);

    await page.getByRole('button', { name: 'Code per E-Mail erhalten' }).focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('E-Mail', { exact: true }).fill(customer);
    const since = sink.received.length;
    await page.keyboard.press('Enter');
    const code = page.getByRole('textbox', { name: 'Code aus der E-Mail', exact: true });
    await code.waitFor();
    expect(await code.evaluate((input) => input === document.activeElement)).to.equal(true);
    await checkScreen(page, 'email-code', 'hosted');
    const [, digits] = await fromMail(customer, /\b(\d{6})\b/, since);
    await code.fill(digits!);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Ihr Konto', level: 1 }).waitFor();
  });

  it("goes back to the partner site with a code in the widget's hosted mode", async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const redirect = `${partner.origin}/callback`;
    const query = new URLSearchParams({
      client_id: applicationId,
      redirect_uri: redirect,
      state: 'zustand-1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    await page.goto(hosted(`/sign-in?${query}`));
    await page.getByRole('heading', { name: 'Anmelden', level: 1 }).waitFor();
    // English, as a visitor who prefers it would switch.
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    await checkScreen(page, 'sign-in-en', 'hosted');
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await page.getByRole('heading', { name: 'Anmelden', level: 1 }).waitFor();

    await signIn(customer, NEW_PASSWORD);
    await page.waitForURL((url) => url.origin === partner.origin);
    await page.getByRole('heading', { name: 'Zurück im Shop' }).waitFor();
    const back = new URL(page.url());
    expect(back.pathname).to.equal('/callback');
    expect(back.searchParams.get('state')).to.equal('zustand-1');
    const code = back.searchParams.get('code');
    expect(code).to.be.a('string');

    const exchange = await embedding('/hosted/token', {
      code,
      code_verifier: verifier,
      redirect_uri: redirect,
    });
    const session = (await exchange.json()) as { token?: string; user?: { email: string } };
    expect(exchange.status, JSON.stringify(session)).to.equal(200);
    expect(session.user?.email).to.equal(customer);

    // Back on the sign-in page in the same tab, the session is offered to continue with.
    await page.goto(hosted(`/sign-in?${query}`));
    await page.getByRole('heading', { name: 'Sie sind angemeldet' }).waitFor();
    await checkScreen(page, 'continue', 'hosted');
  });

  it('sends a reset link and says an unknown project has no page', async () => {
    await page.goto(hosted('/reset'));
    await page.getByLabel('E-Mail', { exact: true }).fill(customer);
    const since = sink.received.length;
    await page.getByRole('button', { name: 'Link senden' }).click();
    await page.getByRole('heading', { name: 'E-Mail gesendet' }).waitFor();
    const [link] = await fromMail(customer, /http\S+\/p\/[0-9a-f]{24}\/reset\?token=\S+/, since);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Neues Passwort festlegen' }).waitFor();
    await page.getByText('Wählen Sie ein neues Passwort mit mindestens 10 Zeichen.').waitFor();
    await checkScreen(page, 'reset', 'hosted');

    await page.goto(`${server.url}/p/${'0'.repeat(24)}/sign-in`);
    await page.getByRole('heading', { name: 'Seite nicht gefunden' }).waitFor();
    await checkScreen(page, 'not-found', 'hosted');
  });
});
