import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { awayFromStepEdge, currentStep, totpAt } from '../../server/test/mfa/helpers.js';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import { checkScreen, DESKTOP, eventually, freePort, linkFromOutbox } from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';

/** The partner's name, mapped to loopback inside Chromium only: another site than the IAM server. */
const PARTNER_HOST = 'shop.partner.test';
const OWNER_PASSWORD = 'Besitzer-Passwort-1';
const PASSWORD = 'Kunden-Passwort-2026';
const NEW_PASSWORD = 'Neues-Kunden-Passwort-7';
const EVENTS = ['iam-auth-ready', 'iam-auth-success', 'iam-auth-error', 'iam-auth-signout'];
const CONFIRM_LINK = /https?:\/\/\S+\/api\/v1\/auth\/confirm\?token=[^\s"<>]+/;
const BLOCKED_TEXT =
  'This account has been blocked by the operator of this application. Contact its support to have it unblocked.';

interface RecordedEvent {
  type: string;
  detail: Record<string, unknown>;
}

interface Partner {
  origin: string;
  close(): Promise<void>;
}

/**
 * The partner's shop over https (a certificate made for the test; the browser context accepts
 * it): the widget's hosted mode needs a secure page (Web Crypto for PKCE), and a pool's redirect
 * URLs are https outside loopback. `/` embeds the standalone widget as a dialog, `/hosted` the
 * same element in hosted mode (its buttons go to the pool's hosted pages and back).
 */
async function startPartner(
  port: number,
  server: () => string,
  ids: () => { applicationId: string; projectId: string },
): Promise<Partner> {
  const dir = await mkdtemp(path.join(tmpdir(), 'iam-e2e-partner-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${PARTNER_HOST}`,
      '-addext',
      `subjectAltName=DNS:${PARTNER_HOST}`,
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const [key, cert] = await Promise.all([
    readFile(path.join(dir, 'key.pem')),
    readFile(path.join(dir, 'cert.pem')),
  ]);
  await rm(dir, { recursive: true, force: true });
  const httpsServer: Server = createServer({ key, cert }, (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'https://partner');
    if (pathname !== '/' && pathname !== '/hosted') {
      res.writeHead(404).end();
      return;
    }
    const { applicationId, projectId } = ids();
    const attributes = [
      pathname === '/hosted' ? `hosted project-id="${projectId}"` : '',
      `application-id="${applicationId}"`,
      `api-url="${server()}"`,
      'locale="en"',
      'theme="light"',
    ].join(' ');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Bean Shop</title>
<style>body{font-family:sans-serif;margin:0;padding:16px;color:#1c1917}main{max-width:480px;margin:0 auto}</style></head>
<body><main><h1>Bean Shop</h1><p>Freshly roasted coffee, delivered.</p>
<script>window.recorded=[];for(const type of ${JSON.stringify(EVENTS)})document.addEventListener(type,(e)=>window.recorded.push({type,detail:e.detail}));</script>
<iam-auth-dialog ${attributes}></iam-auth-dialog></main>
<script src="${server()}/cdn/widget/iam-auth-widget.min.js"></script></body></html>`,
    );
  });
  await new Promise<void>((resolve) => httpsServer.listen(port, '127.0.0.1', resolve));
  return {
    origin: `https://${PARTNER_HOST}:${(httpsServer.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        httpsServer.closeAllConnections();
        httpsServer.close(() => resolve());
      }),
  };
}

/**
 * Issue #31 end to end in Chromium: a partner page on another site with the widget signs an end
 * user of the project's pool up (confirmed from the mail), in with a code by e-mail and with
 * TOTP set up on the hosted account page, where the password is changed too; the widget's hosted
 * mode signs in on the pool's hosted page and comes back with the session; the project owner
 * finds the user in "Benutzer" and blocks them, and the next sign-in on the partner page is
 * refused. Screens are checked with axe-core and for overflow, photographed at 1280 and 375 px.
 */
describe('user pools end to end: partner page, hosted pages, "Benutzer" (Chromium)', function () {
  this.timeout(240_000);

  let server: StartedServer;
  let launched: LaunchedBrowser;
  let partner: Partner;
  /** The end user's browser (accepts the partner's test certificate). */
  let customer: BrowserContext;
  let page: Page;
  let ownerToken = '';
  let projectId = '';
  let applicationId = '';
  let secret = '';
  /** The step of the last TOTP code the server accepted: only later ones are accepted again. */
  let lastStep = 0;
  /** The session the hosted mode brought back (blocking must end it). */
  let hostedSessionToken = '';
  const stamp = Date.now().toString(36);
  const owner = `owner.${stamp}@example.com`;
  const email = `kundin.${stamp}@example.com`;

  const api = async (method: string, url: string, body?: unknown, token = ownerToken) => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    expect(response.ok, `${method} ${url}: ${response.status} ${JSON.stringify(json)}`).to.equal(true);
    return json;
  };
  const widget = (on: Page = page): Locator => on.locator('iam-auth-dialog');
  const recorded = (on: Page = page) =>
    on.evaluate(() => (window as unknown as { recorded: RecordedEvent[] }).recorded);

  /** The 6-digit code of the newest sign-in code mail to `to` sent at or after `notBefore`. */
  async function codeFromOutbox(to: string, notBefore: Date): Promise<string> {
    return eventually(
      async () => {
        const response = await fetch(`${server.url}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
        const { data } = (await response.json()) as {
          data: { subject: string; text: string; created_at: string }[];
        };
        const mail = data.find(
          (entry) => /code/i.test(entry.subject) && new Date(entry.created_at) >= notBefore,
        );
        return mail?.text.match(/\b\d{6}\b/)?.[0] ?? '';
      },
      (code) => expect(code, `a sign-in code mail to ${to}`).to.match(/^\d{6}$/),
    );
  }

  /** A TOTP code the server has not seen yet (replay protection), of a step inside its ±1 window. */
  async function freshCode(): Promise<string> {
    for (;;) {
      await awayFromStepEdge();
      const step = currentStep();
      const next = Math.max(step, lastStep + 1);
      if (next <= step + 1) {
        lastStep = next;
        return totpAt(secret, next);
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }

  /** Signs in with the embedded widget on the partner page: password, then a TOTP code when asked. */
  async function signInOnPartner(password: string, withCode: boolean): Promise<void> {
    await widget().getByLabel('Email').fill(email);
    await widget().getByLabel('Password').fill(password);
    await widget().getByRole('button', { name: 'Sign in' }).click();
    if (withCode) {
      await widget().getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
      await widget()
        .getByLabel('Code', { exact: true })
        .fill(await freshCode());
      await widget().getByRole('button', { name: 'Verify' }).click();
    }
    await widget().getByText(`Signed in as ${email}`).waitFor();
  }

  /**
   * The embedded widget's sign-in form: a session the page still keeps (one the server may have
   * ended meanwhile) is signed out first.
   */
  async function signedOutOnPartner(): Promise<void> {
    const signedIn = widget().getByText(`Signed in as ${email}`);
    const form = widget().getByLabel('Email');
    await signedIn.or(form).first().waitFor();
    if (await signedIn.isVisible()) await widget().getByRole('button', { name: 'Sign out' }).click();
    await form.waitFor();
  }

  /** The token of the session the widget on `on` keeps. */
  const widgetToken = (on: Page = page) =>
    widget(on).evaluate(
      (element) =>
        (element as unknown as { getSession(): { token: string } | null }).getSession()?.token ?? '',
    );

  /** What POST /api/auth/verify answers for `token` (200 while the session lives, 401 once it ended). */
  const verifyStatus = async (token: string) =>
    (
      await fetch(`${server.url}/api/auth/verify`, {
        method: 'POST',
        headers: { 'x-application-id': applicationId, authorization: `Bearer ${token}` },
      })
    ).status;

  before(async function () {
    this.timeout(300_000); // the first run may install Chromium
    const [port, partnerPort] = await Promise.all([freePort(), freePort()]);
    [server, launched, partner] = await Promise.all([
      startBuiltServer({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }),
      launchBrowser({ extraArgs: [`--host-resolver-rules=MAP ${PARTNER_HOST} 127.0.0.1`] }),
      startPartner(
        partnerPort,
        () => server.url,
        () => ({ applicationId, projectId }),
      ),
    ]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });

    // The project owner: a dashboard (platform) account with an organization, a project and the shop's application.
    const registeredAt = new Date(Date.now() - 1000);
    await api(
      'POST',
      '/api/v1/auth/register',
      { email: owner, password: OWNER_PASSWORD, display_name: 'Olga' },
      '',
    );
    await fetch(await linkFromOutbox(server.url, owner, CONFIRM_LINK, registeredAt), { redirect: 'manual' });
    ownerToken = (await api('POST', '/api/v1/auth/login', { email: owner, password: OWNER_PASSWORD }, ''))
      .access_token as string;
    const organization = await api('POST', '/api/v1/organizations', {
      name: 'Bohnen GmbH',
      slug: `bohnen-${stamp}`,
    });
    projectId = (
      await api('POST', '/api/v1/projects', {
        name: 'Bean Shop',
        slug: 'bean-shop',
        organization_id: organization.id,
      })
    ).id as string;
    applicationId = (
      await api('POST', '/api/v1/applications', {
        name: 'Storefront',
        project_id: projectId,
        allowed_origins: [partner.origin],
      })
    ).id as string;
    // The pool: the shop's name on the hosted pages, and its page as a place the hosted sign-in may return to.
    const pool = await api('PATCH', `/api/v1/projects/${projectId}/pool`, {
      branding: { display_name: 'Bean Shop' },
      redirect_urls: [`${partner.origin}/hosted`],
    });
    expect(pool.methods).to.include('email_code');
    expect(pool.second_factor).to.equal('optional');

    customer = await launched.browser.newContext({ viewport: DESKTOP, ignoreHTTPSErrors: true });
    page = await customer.newPage();
  });

  after(async () => {
    await launched?.close();
    await partner?.close();
    if (server) expect(await server.stop()).to.equal(0);
  });

  it('signs up in the embedded widget on the partner page, confirms from the mail, signs in', async () => {
    await page.goto(partner.origin);
    await widget().getByRole('heading', { name: 'Sign in' }).waitFor();

    const registeredAt = new Date(Date.now() - 1000);
    await widget().getByRole('tab', { name: 'Register' }).click();
    await widget().getByLabel('Email').fill(email);
    await widget().getByLabel('Password', { exact: true }).fill(PASSWORD);
    await widget().getByLabel('Confirm password').fill(PASSWORD);
    await widget().getByRole('button', { name: 'Sign up' }).click();
    await widget().getByRole('heading', { name: 'Confirm your e-mail' }).waitFor();

    // The mail confirms in the pool and leads to the pool's hosted page, not to the dashboard's /auth.
    const link = await linkFromOutbox(server.url, email, CONFIRM_LINK, registeredAt);
    expect(new URL(link).searchParams.get('pool')).to.equal(projectId);
    const confirmTab = await customer.newPage();
    await confirmTab.goto(link);
    await confirmTab.waitForURL(`${server.url}/p/${projectId}/confirm?confirmed=1`);
    await confirmTab.getByRole('heading', { name: 'E-Mail-Adresse bestätigt' }).waitFor();
    await confirmTab.close();

    await widget().getByRole('button', { name: 'Back to sign in' }).click();
    await signInOnPartner(PASSWORD, false);
    const success = (await recorded()).find((event) => event.type === 'iam-auth-success')!;
    expect((success.detail.user as { email: string }).email).to.equal(email);
    await checkScreen(page, 'partner-signed-in', 'user-pools');

    // The same address and password are no dashboard account: the product API does not know them.
    const dashboard = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(dashboard.status).to.equal(401);
  });

  it('signs in with a code by e-mail: from the partner page through the embedding API, and on the hosted sign-in page', async () => {
    // The widget has no e-mail-code form: the partner page calls the endpoints itself, as its own form would.
    const requestedAt = new Date(Date.now() - 1000);
    const requested = await page.evaluate(
      async ({ api, applicationId, email }) =>
        (
          await fetch(`${api}/api/auth/email-code`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-application-id': applicationId },
            body: JSON.stringify({ email }),
          })
        ).status,
      { api: server.url, applicationId, email },
    );
    expect(requested).to.equal(202);
    const code = await codeFromOutbox(email, requestedAt);
    const verified = await page.evaluate(
      async ({ api, applicationId, email, code }) => {
        const headers = { 'content-type': 'application/json', 'x-application-id': applicationId };
        const response = await fetch(`${api}/api/auth/email-code/verify`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ email, code }),
        });
        const body = (await response.json()) as { token?: string; user?: { email: string } };
        const check = await fetch(`${api}/api/auth/verify`, {
          method: 'POST',
          headers: { ...headers, authorization: `Bearer ${body.token}` },
        });
        return { status: response.status, email: body.user?.email, verify: check.status };
      },
      { api: server.url, applicationId, email, code },
    );
    expect(verified).to.deep.equal({ status: 200, email, verify: 200 });

    // The hosted sign-in page's e-mail-code step, in a tab of its own, leads to the account page.
    const hosted = await customer.newPage();
    await hosted.goto(`${server.url}/p/${projectId}/sign-in`);
    await hosted.getByRole('heading', { name: 'Anmelden' }).waitFor();
    await hosted.getByText('Melden Sie sich bei Bean Shop an.').waitFor();
    await checkScreen(hosted, 'hosted-sign-in', 'user-pools');
    await hosted.getByRole('button', { name: 'Code per E-Mail erhalten' }).click();
    const form = hosted.getByRole('form', { name: 'Anmeldecode per E-Mail anfordern' });
    await form.getByLabel('E-Mail', { exact: true }).fill(email);
    const sentAt = new Date(Date.now() - 1000);
    await form.getByRole('button', { name: 'Code senden' }).click();
    const enter = hosted.getByRole('form', { name: 'Code aus der E-Mail eingeben' });
    await enter.waitFor();
    await checkScreen(hosted, 'hosted-email-code', 'user-pools');
    await enter.getByLabel('Code aus der E-Mail').fill(await codeFromOutbox(email, sentAt));
    await enter.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await hosted.waitForURL(`${server.url}/p/${projectId}/account`);
    await hosted.getByRole('heading', { name: 'Ihr Konto' }).waitFor();
    await hosted.getByText(`Angemeldet als ${email} bei Bean Shop`).waitFor();
    await hosted.close();
  });

  it('sets up TOTP on the hosted account page and signs in with it on the partner page', async () => {
    const hosted = await customer.newPage();
    // A new tab has no session of the pool yet: the account page sends the person to sign in first.
    await hosted.goto(`${server.url}/p/${projectId}/account`);
    await hosted.waitForURL(new RegExp(`/p/${projectId}/sign-in`));
    await hosted.getByLabel('E-Mail', { exact: true }).fill(email);
    await hosted.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await hosted.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await hosted.waitForURL(`${server.url}/p/${projectId}/account`);
    await checkScreen(hosted, 'hosted-account', 'user-pools');

    const totp = hosted.getByRole('region', { name: /Authenticator-App/ });
    await totp.getByRole('button', { name: 'Authenticator-App einrichten' }).click();
    await totp.getByRole('img', { name: 'QR-Code zum Einrichten der Authenticator-App' }).waitFor();
    secret = (await totp.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
    expect(secret).to.match(/^[A-Z2-7]{32}$/);
    await totp.getByLabel('Code aus der Authenticator-App').fill(await freshCode());
    await totp.getByRole('button', { name: 'Aktivieren', exact: true }).click();
    const list = totp.getByRole('list', { name: 'Ihre Wiederherstellungscodes' });
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).to.equal(10);
    await totp.getByRole('button', { name: 'Ich habe die Codes gespeichert' }).click();
    await totp.getByTestId('totp-status').getByText('aktiv', { exact: true }).waitFor();
    await checkScreen(hosted, 'hosted-account-totp', 'user-pools');
    await hosted.close();

    // On the partner page: sign out, then password and the authenticator's code.
    await page.goto(partner.origin);
    await widget().getByRole('button', { name: 'Sign out' }).click();
    await widget().getByRole('heading', { name: 'Sign in' }).waitFor();
    await signInOnPartner(PASSWORD, true);
    const success = (await recorded()).find((event) => event.type === 'iam-auth-success')!;
    expect(success.detail.second_factor).to.equal('totp');
  });

  it('changes the password on the hosted account page; the partner page takes only the new one', async () => {
    const partnerSession = await widgetToken();
    expect(await verifyStatus(partnerSession)).to.equal(200);
    const hosted = await customer.newPage();
    await hosted.goto(`${server.url}/p/${projectId}/sign-in`);
    await hosted.getByLabel('E-Mail', { exact: true }).fill(email);
    await hosted.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await hosted.getByRole('button', { name: 'Anmelden', exact: true }).click();
    const second = hosted.getByRole('form', { name: 'Bestätigung in zwei Schritten' });
    await second.getByLabel('Code aus der Authenticator-App').fill(await freshCode());
    await second.getByRole('button', { name: 'Bestätigen', exact: true }).click();
    await hosted.waitForURL(`${server.url}/p/${projectId}/account`);

    const form = hosted.getByRole('form', { name: 'Passwort ändern' });
    await form.getByLabel('Aktuelles Passwort').fill(PASSWORD);
    await form.getByLabel('Neues Passwort', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Passwort bestätigen').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Passwort ändern' }).click();
    await form.getByText('Ihre anderen Sitzungen wurden abgemeldet.').waitFor();
    await hosted.close();

    // The change ended the account's other sessions, the partner page's among them.
    await eventually(
      () => verifyStatus(partnerSession),
      (status) => expect(status).to.equal(401),
    );
    await page.goto(partner.origin);
    await signedOutOnPartner();
    await widget().getByLabel('Email').fill(email);
    await widget().getByLabel('Password').fill(PASSWORD);
    await widget().getByRole('button', { name: 'Sign in' }).click();
    await widget().getByRole('alert').getByText('Invalid e-mail or password.').waitFor();
    await signInOnPartner(NEW_PASSWORD, true);
  });

  it('hosted mode: the widget sends the person to the pool’s sign-in page and back with the session', async () => {
    const tab = await customer.newPage();
    await tab.goto(`${partner.origin}/hosted`);
    // The element of the same application shares the session the embedded dialog stored: sign out first.
    await widget(tab).getByText(`Signed in as ${email}`).waitFor();
    await widget(tab).getByRole('button', { name: 'Sign out' }).click();
    await widget(tab).getByRole('button', { name: 'Sign in' }).click();
    await tab.waitForURL(new RegExp(`^${server.url}/p/${projectId}/sign-in\\?`));
    const query = new URL(tab.url()).searchParams;
    expect(query.get('client_id')).to.equal(applicationId);
    expect(query.get('redirect_uri')).to.equal(`${partner.origin}/hosted`);
    expect(query.get('code_challenge_method')).to.equal('S256');
    await tab.getByText('Melden Sie sich bei Bean Shop an.').waitFor();

    await tab.getByLabel('E-Mail', { exact: true }).fill(email);
    await tab.getByLabel('Passwort', { exact: true }).fill(NEW_PASSWORD);
    await tab.getByRole('button', { name: 'Anmelden', exact: true }).click();
    const second = tab.getByRole('form', { name: 'Bestätigung in zwei Schritten' });
    await second.getByLabel('Code aus der Authenticator-App').fill(await freshCode());
    await checkScreen(tab, 'hosted-second-factor', 'user-pools');
    await second.getByRole('button', { name: 'Bestätigen', exact: true }).click();

    // Back on the partner page, which traded the code for the application's session.
    await tab.waitForURL(`${partner.origin}/hosted`);
    await widget(tab).getByText(`Signed in as ${email}`).waitFor();
    const success = (await recorded(tab)).find((event) => event.type === 'iam-auth-success')!;
    expect((success.detail.user as { email: string }).email).to.equal(email);
    hostedSessionToken = String(success.detail.token);
    expect(await widgetToken(tab)).to.equal(hostedSessionToken);
    expect(await verifyStatus(hostedSessionToken)).to.equal(200);
    await checkScreen(tab, 'partner-hosted-signed-in', 'user-pools');
    await tab.close();
  });

  it('the owner finds the user in "Benutzer" and blocks them; the next sign-in on the partner page is refused', async () => {
    const dashboard = await launched.browser.newContext({ viewport: DESKTOP });
    const ownerPage = await dashboard.newPage();
    await ownerPage.goto(`${server.url}/auth`);
    await ownerPage.getByLabel('E-Mail', { exact: true }).fill(owner);
    await ownerPage.getByLabel('Passwort', { exact: true }).fill(OWNER_PASSWORD);
    await ownerPage.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await ownerPage.waitForURL(`${server.url}/dashboard`);

    await ownerPage.goto(`${server.url}/projects/${projectId}`);
    await ownerPage.getByRole('tab', { name: 'Benutzer', exact: true }).click();
    const users = ownerPage.getByRole('tabpanel', { name: 'Benutzer', exact: true });
    const rows = users.getByTestId('pool-user');
    await users.getByRole('searchbox', { name: 'Suche' }).fill(`kundin.${stamp}`);
    await eventually(
      () => rows.allTextContents(),
      (texts) =>
        expect(texts)
          .to.have.length(1)
          .and.satisfy((all: string[]) => all[0]!.includes(email)),
    );
    await checkScreen(ownerPage, 'benutzer', 'user-pools');

    await rows.first().click();
    const panel = ownerPage.getByRole('dialog').filter({ hasText: email });
    await panel.getByRole('button', { name: 'Sperren' }).click();
    await ownerPage
      .getByRole('dialog', { name: 'Benutzer sperren?' })
      .getByRole('button', { name: 'Sperren' })
      .click();
    // Blocking takes a fresh proof of the owner: the step-up dialog asks for the password when due.
    const stepUp = ownerPage.getByRole('dialog', { name: 'Bitte bestätigen Sie Ihre Identität' });
    const blocked = ownerPage.getByText('Benutzer gesperrt', { exact: true });
    await Promise.race([stepUp.waitFor(), blocked.waitFor()]);
    if (await stepUp.isVisible()) {
      await stepUp.getByLabel('Passwort', { exact: true }).fill(OWNER_PASSWORD);
      await stepUp.getByRole('button', { name: 'Bestätigen' }).click();
    }
    await blocked.waitFor();
    await panel.getByRole('button', { name: 'Sperre aufheben' }).waitFor();
    await dashboard.close();

    // Blocking ended the sessions the hosted mode and the widget had.
    await eventually(
      () => verifyStatus(hostedSessionToken),
      (status) => expect(status).to.equal(401),
    );

    // The next sign-in on the partner page is refused with the blocked message.
    await page.goto(partner.origin);
    await signedOutOnPartner();
    await widget().getByLabel('Email').fill(email);
    await widget().getByLabel('Password').fill(NEW_PASSWORD);
    await widget().getByRole('button', { name: 'Sign in' }).click();
    const alert = widget().getByRole('alert');
    await alert.getByText(BLOCKED_TEXT).waitFor();
    const refusal = (await recorded()).at(-1)!;
    expect(refusal.type).to.equal('iam-auth-error');
    expect(refusal.detail.code).to.equal('account_blocked');
    await checkScreen(page, 'partner-blocked', 'user-pools');
  });
});
