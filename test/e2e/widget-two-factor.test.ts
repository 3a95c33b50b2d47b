import { createHmac } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import { checkScreen, DESKTOP, freePort, linkFromOutbox } from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';
import { startSite, type Site } from '../support/site.js';

const PASSWORD = 'correct horse battery';
const EVENTS = ['iam-auth-ready', 'iam-auth-success', 'iam-auth-error'];

/** RFC 4648 base32, decoded here rather than by the server's library. */
function base32(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...secret.replace(/=+$/, '').toUpperCase()]
    .map((char) => alphabet.indexOf(char).toString(2).padStart(5, '0'))
    .join('');
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
}

/** RFC 6238 TOTP (HMAC-SHA1, 30 s, 6 digits) with RFC 4226's dynamic truncation. */
function totp(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const step = () => Math.floor(Date.now() / 30_000);
/** A code typed in the last seconds of a step might arrive in the next one: wait those out. */
const awayFromStepEdge = async () => {
  const into = (Date.now() / 1000) % 30;
  if (into > 26) await new Promise((resolve) => setTimeout(resolve, (30 - into + 0.3) * 1000));
};

interface RecordedEvent {
  type: string;
  detail: Record<string, unknown>;
}

/** A partner shop on its own origin with the standalone widget in German. */
function partnerPage(server: () => string, applicationId: () => string) {
  return (req: { url?: string }) =>
    new URL(req.url ?? '/', 'http://site').pathname !== '/'
      ? null
      : {
          body: `<!doctype html><html lang="de"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Partner-Shop</title>
<style>body{font-family:sans-serif;margin:0;padding:16px}</style></head>
<body><main><h1>Partner-Shop</h1>
<script>window.recorded=[];for(const type of ${JSON.stringify(EVENTS)})document.addEventListener(type,(e)=>window.recorded.push({type,detail:e.detail}));</script>
<iam-auth-dialog application-id="${applicationId()}" api-url="${server()}" locale="de" theme="light"></iam-auth-dialog></main>
<script src="${server()}/cdn/widget/iam-auth-widget.min.js"></script></body></html>`,
        };
}

describe('auth widget: two-factor sign-in on a partner site (Chromium)', function () {
  let server: StartedServer;
  let launched: LaunchedBrowser;
  let shop: Site;
  let page: Page;
  let applicationId = '';
  let secret = '';
  const stamp = Date.now().toString(36);
  const email = `twofactor.${stamp}@example.com`;

  const api = async (
    method: string,
    url: string,
    body?: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ) => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    expect(response.ok, `${method} ${url}: ${response.status} ${JSON.stringify(json)}`).to.equal(true);
    return json;
  };
  /** Registers, confirms and signs in on the dashboard API; returns the access token. */
  const account = async (address: string) => {
    const registeredAt = new Date(Date.now() - 1000);
    await api('POST', '/api/v1/auth/register', { email: address, password: PASSWORD });
    const confirm = await linkFromOutbox(
      server.url,
      address,
      /https?:\/\/\S+\/api\/v1\/auth\/confirm\?token=\S+/,
      registeredAt,
    );
    await fetch(confirm, { redirect: 'manual' });
    return (await api('POST', '/api/v1/auth/login', { email: address, password: PASSWORD }))
      .access_token as string;
  };
  /**
   * A customer of the shop: an end user of the application's pool (issue #31), registered through
   * the embedding API and confirmed from the mail; returns the application session's token, which
   * the account routes (/api/v1/auth/mfa/…) take, as the hosted account page does.
   */
  const customerAccount = async (address: string) => {
    const registeredAt = new Date(Date.now() - 1000);
    const embedding = { 'x-application-id': applicationId };
    await api('POST', '/api/auth/register', { email: address, password: PASSWORD }, undefined, embedding);
    const confirm = await linkFromOutbox(
      server.url,
      address,
      /https?:\/\/\S+\/api\/v1\/auth\/confirm\?token=\S+/,
      registeredAt,
    );
    expect((await fetch(confirm, { redirect: 'manual' })).status).to.be.below(400);
    return (
      await api('POST', '/api/auth/login', { email: address, password: PASSWORD }, undefined, embedding)
    ).token as string;
  };
  const widget = (): Locator => page.locator('iam-auth-dialog');
  const recorded = () => page.evaluate(() => (window as unknown as { recorded: RecordedEvent[] }).recorded);
  /** Tab `count` times inside the widget's shadow root: each stop's name, and whether a focus ring shows. */
  const tabStops = async (count: number, key = 'Tab') => {
    const stops: string[] = [];
    for (let index = 0; index < count; index++) {
      await page.keyboard.press(key);
      stops.push(
        await page.evaluate(() => {
          const element = document.querySelector('iam-auth-dialog')!.shadowRoot!
            .activeElement as HTMLElement | null;
          if (!element) return '(left the widget)';
          const style = getComputedStyle(element);
          const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
          return `${element.getAttribute('name') || element.textContent?.trim()}${ring ? '' : ' (no focus ring)'}`;
        }),
      );
    }
    return stops;
  };
  const codeFieldHasFocus = () =>
    widget()
      .getByLabel('Code', { exact: true })
      .evaluate((field) => (field.getRootNode() as ShadowRoot).activeElement === field);

  before(async function () {
    this.timeout(300_000);
    const port = await freePort();
    [server, launched, shop] = await Promise.all([
      startBuiltServer({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }),
      launchBrowser(),
      startSite(
        partnerPage(
          () => server.url,
          () => applicationId,
        ),
      ),
    ]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });

    const owner = await account(`owner.${stamp}@example.com`);
    const organization = await api(
      'POST',
      '/api/v1/organizations',
      { name: 'Shop', slug: `shop-${stamp}` },
      owner,
    );
    const project = await api(
      'POST',
      '/api/v1/projects',
      { name: 'Shop', slug: 'shop', organization_id: organization.id },
      owner,
    );
    applicationId = (
      await api(
        'POST',
        '/api/v1/applications',
        { name: 'Storefront', project_id: project.id, allowed_origins: [shop.origin] },
        owner,
      )
    ).id as string;

    // The customer turns two-factor on through the API; the test computes the codes itself.
    const customer = await customerAccount(email);
    secret = (await api('POST', '/api/v1/auth/mfa/totp', undefined, customer)).secret as string;
    await awayFromStepEdge();
    await api('POST', '/api/v1/auth/mfa/totp/confirm', { code: totp(secret, step()) }, customer);
  });

  beforeEach(async () => {
    page = await launched.browser.newPage({ viewport: DESKTOP });
  });
  afterEach(async () => {
    await page?.close();
  });
  after(async () => {
    await launched?.close();
    await shop?.close();
    if (server) expect(await server.stop()).to.equal(0);
  });

  it('signs in an enrolled account with password and TOTP code, by keyboard, refusing a wrong code first', async () => {
    await page.goto(shop.origin);
    await widget().getByRole('heading', { name: 'Anmelden' }).waitFor();
    await widget().getByLabel('E-Mail').fill(email);
    await widget().getByLabel('Passwort').fill(PASSWORD);
    await widget().getByLabel('Passwort').press('Enter');

    // The second step, in the same dialog, with the cursor in the code field; no session yet.
    await widget().getByRole('heading', { name: 'Zwei-Faktor-Anmeldung' }).waitFor();
    expect(await codeFieldHasFocus()).to.equal(true);
    expect(
      await widget().getByText('Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.').count(),
    ).to.equal(1);
    expect((await recorded()).map((event) => event.type)).to.deep.equal(['iam-auth-ready']);
    expect(await page.evaluate((key) => localStorage.getItem(key), `iam_auth_${applicationId}`)).to.equal(
      null,
    );
    // Every control of the step by keyboard, with a visible focus ring, and back to the field.
    expect(await tabStops(3)).to.deep.equal([
      'Bestätigen',
      'Wiederherstellungscode verwenden',
      'Zurück zur Anmeldung',
    ]);
    expect(await tabStops(3, 'Shift+Tab')).to.deep.equal([
      'Wiederherstellungscode verwenden',
      'Bestätigen',
      'code',
    ]);
    expect(await codeFieldHasFocus()).to.equal(true);
    await checkScreen(page, 'code', 'widget-two-factor');

    // A wrong code: refused, said in German, reported as iam-auth-error, the field ready again.
    await awayFromStepEdge();
    await page.keyboard.type(totp(secret, step() + 10));
    await page.keyboard.press('Enter');
    const alert = widget().getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).to.equal(
      'Der Code ist falsch oder wurde bereits verwendet. Geben Sie den aktuellen Code aus Ihrer App ein.',
    );
    const failure = (await recorded()).at(-1)!;
    expect(failure.type).to.equal('iam-auth-error');
    expect(failure.detail.code).to.equal('invalid_mfa_code');
    expect(await widget().getByLabel('Code', { exact: true }).inputValue()).to.equal('');
    expect(await codeFieldHasFocus()).to.equal(true);
    await checkScreen(page, 'wrong-code', 'widget-two-factor');

    // The right code (the enrolment used this step; the next one is inside the ±1 window).
    await awayFromStepEdge();
    await page.keyboard.type(totp(secret, step() + 1));
    await page.keyboard.press('Enter');
    await widget().getByText(`Angemeldet als ${email}`).waitFor();
    const success = (await recorded()).find((event) => event.type === 'iam-auth-success')!;
    expect(success.detail).to.include({ mode: 'login', second_factor: 'totp' });
    expect((success.detail.user as { email: string }).email).to.equal(email);
    await checkScreen(page, 'signed-in', 'widget-two-factor');

    // The session is the application's and works against the embedding API.
    const verified = await fetch(`${server.url}/api/auth/verify`, {
      method: 'POST',
      headers: { 'x-application-id': applicationId, authorization: `Bearer ${String(success.detail.token)}` },
    });
    expect(verified.status).to.equal(200);
    expect(((await verified.json()) as { user: { email: string } }).user.email).to.equal(email);
  });

  it('signs in with a recovery code through the switch', async () => {
    // Recovery codes come only with enrolment: a second customer, enrolled through the API.
    const address = `recovery.${stamp}@example.com`;
    const customer = await customerAccount(address);
    const own = (await api('POST', '/api/v1/auth/mfa/totp', undefined, customer)).secret as string;
    await awayFromStepEdge();
    const { recovery_codes: codes } = (await api(
      'POST',
      '/api/v1/auth/mfa/totp/confirm',
      { code: totp(own, step()) },
      customer,
    )) as { recovery_codes: string[] };

    await page.goto(shop.origin);
    await widget().getByLabel('E-Mail').fill(address);
    await widget().getByLabel('Passwort').fill(PASSWORD);
    await widget().getByRole('button', { name: 'Anmelden' }).click();
    await widget().getByRole('button', { name: 'Wiederherstellungscode verwenden' }).click();
    await widget().getByLabel('Wiederherstellungscode').fill(codes[0]!);
    await widget().getByRole('button', { name: 'Bestätigen' }).click();
    await widget().getByText(`Angemeldet als ${address}`).waitFor();
    const success = (await recorded()).find((event) => event.type === 'iam-auth-success')!;
    expect(success.detail.second_factor).to.equal('recovery_code');
  });
});

/**
 * The passkey button of the widget, end to end: a virtual authenticator (Chrome DevTools Protocol,
 * WebAuthn domain) stands in for Touch ID. Passkeys work only on the platform's own origin (the
 * RP ID is PUBLIC_URL's host, and WebAuthn needs a domain: http://localhost:<port>), so the
 * widget runs on the platform's /auth-demo page, as an application's own site on that origin would.
 */
describe('auth widget: a passkey as the second step (Chromium, virtual authenticator)', function () {
  this.timeout(240_000);
  let server: StartedServer;
  let launched: LaunchedBrowser;
  let page: Page;
  let origin = '';
  let applicationId = '';
  const email = `widget.passkey.${Date.now().toString(36)}@example.com`;

  const call = async (path: string, body?: unknown, token?: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as Record<string, string>;
    expect(response.ok, `${path}: ${response.status} ${JSON.stringify(json)}`).to.equal(true);
    return json;
  };
  const signedIn = async (address: string) => {
    await call('/api/v1/auth/register', { email: address, password: PASSWORD });
    return (await call('/api/v1/auth/login', { email: address, password: PASSWORD })).access_token!;
  };
  /** A customer: an end user of the application's pool (issue #31), signed in through the embedding API. */
  const customerSignedIn = async (address: string) => {
    const embedding = { 'x-application-id': applicationId };
    await call('/api/auth/register', { email: address, password: PASSWORD }, undefined, embedding);
    return (await call('/api/auth/login', { email: address, password: PASSWORD }, undefined, embedding))
      .token!;
  };

  before(async function () {
    this.timeout(300_000);
    const port = await freePort();
    origin = `http://localhost:${port}`;
    [server, launched] = await Promise.all([
      startBuiltServer({ PORT: String(port), PUBLIC_URL: origin, EMAIL_CONFIRMATION_REQUIRED: 'false' }),
      launchBrowser(),
    ]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    const owner = await signedIn(`owner.passkey.${Date.now().toString(36)}@example.com`);
    const organization = await call(
      '/api/v1/organizations',
      { name: 'Own', slug: `own-${Date.now()}` },
      owner,
    );
    const project = await call(
      '/api/v1/projects',
      { name: 'Own', slug: 'own', organization_id: organization.id },
      owner,
    );
    // No allowed origins: the platform's own origin may always use its applications.
    applicationId = (await call('/api/v1/applications', { name: 'Own site', project_id: project.id }, owner))
      .id!;

    page = await launched.browser.newPage({ viewport: DESKTOP });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable', { enableUI: false });
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    // The customer registers a passkey through the API, in this browser (the real ceremony).
    const customer = await customerSignedIn(email);
    await page.goto(`${origin}/auth-demo?applicationId=${applicationId}`);
    await page.evaluate(async (token) => {
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
      const options = await (
        await fetch('/api/v1/auth/mfa/passkeys/options', { method: 'POST', headers })
      ).json();
      const credential = (await navigator.credentials.create({
        publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options),
      })) as PublicKeyCredential;
      const created = await fetch('/api/v1/auth/mfa/passkeys', {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Laptop', response: credential.toJSON() }),
      });
      if (!created.ok) throw new Error(`passkey registration: ${created.status} ${await created.text()}`);
    }, customer);
  });

  after(async () => {
    await launched?.close();
    if (server) expect(await server.stop()).to.equal(0);
  });

  it('signs in with password and "Use a passkey", the session being the application’s', async () => {
    // /auth-demo speaks the dashboard's language (German unless chosen, #36): this test reads English.
    await page.evaluate(() =>
      localStorage.setItem('iam-ui', JSON.stringify({ state: { locale: 'en' }, version: 0 })),
    );
    await page.goto(`${origin}/auth-demo?applicationId=${applicationId}`);
    const widget = page.locator('iam-auth-dialog');
    await widget.getByRole('heading', { name: 'Sign in' }).waitFor();
    await widget.getByLabel('Email').fill(email);
    await widget.getByLabel('Password').fill(PASSWORD);
    await widget.getByRole('button', { name: 'Sign in' }).click();
    await widget.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await widget.getByText('Confirm the sign-in with your passkey.').waitFor();
    expect(await widget.getByLabel('Code', { exact: true }).count()).to.equal(0);
    const button = widget.getByRole('button', { name: 'Use a passkey' });
    await button.focus();
    await checkScreen(page, 'passkey', 'widget-two-factor');
    await page.keyboard.press('Enter');
    await widget.getByText(`Signed in as ${email}`).waitFor();

    const token = await widget.evaluate(
      (element) => (element as unknown as { getSession(): { token: string } }).getSession().token,
    );
    const verified = await fetch(`${origin}/api/auth/verify`, {
      method: 'POST',
      headers: { 'x-application-id': applicationId, authorization: `Bearer ${token}` },
    });
    expect(verified.status).to.equal(200);
    expect(((await verified.json()) as { application_id: string }).application_id).to.equal(applicationId);
  });
});
