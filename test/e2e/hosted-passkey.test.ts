import { mkdir } from 'node:fs/promises';
import { expect } from 'chai';
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import { checkScreen, DESKTOP, freePort } from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';

const OWNER_PASSWORD = 'Besitzer-Passwort-1';
const PASSWORD = 'Brezel-mit-Butter-5';

interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId: string;
  signCount: number;
}

/**
 * Passkeys on a project's hosted pages in Chromium, with a virtual authenticator (Chrome DevTools
 * Protocol, as in passkeys.test.ts) doing the real WebAuthn ceremonies against the built server.
 * The pool requires a second factor: an end user without one signs in with the password, sets up
 * a passkey on the account page (the enrollment-only session may), signs in again with
 * "Mit Passkey anmelden" alone and gets a full session. WebAuthn needs a domain as RP ID, so
 * PUBLIC_URL is http://localhost:<port>. Screens at 1280 and 375 px with axe
 * (test-results/screenshots/hosted-passkey-*).
 */
describe('hosted pages: passkeys as a sign-in method (virtual authenticator)', function () {
  this.timeout(240_000);
  let server: StartedServer;
  let launched: LaunchedBrowser;
  let page: Page;
  let cdp: CDPSession;
  let authenticatorId: string;
  let origin: string;
  let projectId = '';
  let applicationId = '';
  const stamp = Date.now().toString(36);
  const customer = `passkey.kundin.${stamp}@example.com`;

  async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    expect(response.ok, `${method} ${path}: ${response.status} ${JSON.stringify(json)}`).to.equal(true);
    return json;
  }

  const credentials = async () =>
    (
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })) as unknown as {
        credentials: VirtualCredential[];
      }
    ).credentials;
  const hostedSession = () =>
    page.evaluate((key) => sessionStorage.getItem(key), `iam-hosted-session:${projectId}`);

  before(async function () {
    this.timeout(300_000); // the first run may install Chromium
    const port = await freePort();
    origin = `http://localhost:${port}`;
    [server, launched] = await Promise.all([
      startBuiltServer({
        PORT: String(port),
        PUBLIC_URL: origin,
        EMAIL_CONFIRMATION_REQUIRED: 'false',
        ...(process.env.MONGODB_URI ? { MONGODB_URI: process.env.MONGODB_URI } : {}),
      }),
      launchBrowser(),
    ]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });

    // The project owner, their project and application; the pool requires a second factor.
    const owner = `passkey.owner.${stamp}@example.com`;
    await api('POST', '/api/v1/auth/register', { email: owner, password: OWNER_PASSWORD });
    const token = (await api('POST', '/api/v1/auth/login', { email: owner, password: OWNER_PASSWORD }))
      .access_token as string;
    const auth = { authorization: `Bearer ${token}` };
    const organization = await api(
      'POST',
      '/api/v1/organizations',
      { name: 'Brezelei', slug: `p-${stamp}` },
      auth,
    );
    projectId = (
      await api(
        'POST',
        '/api/v1/projects',
        { name: 'Shop', slug: 'shop', organization_id: organization.id },
        auth,
      )
    ).id as string;
    applicationId = (await api('POST', '/api/v1/applications', { name: 'Shop', project_id: projectId }, auth))
      .id as string;
    await api(
      'PATCH',
      `/api/v1/projects/${projectId}/pool`,
      {
        methods: ['password', 'passkey'],
        second_factor: 'required',
        branding: { display_name: 'Brezelei am Markt', primary_color: '#0f766e', locale: 'de' },
      },
      auth,
    );
    // The end user, registered through the application (as the widget would).
    await api(
      'POST',
      '/api/auth/register',
      { email: customer, password: PASSWORD, display_name: 'Kim' },
      { 'x-application-id': applicationId },
    );

    page = await launched.browser.newPage({ viewport: DESKTOP });
    cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable', { enableUI: false });
    ({ authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    }));
  });

  after(async () => {
    await launched?.close();
    if (server) expect(await server.stop()).to.equal(0, 'the server must exit cleanly on SIGTERM');
  });

  it('sets up a passkey during the required second-factor set-up on the account page', async () => {
    await page.goto(`${origin}/p/${projectId}/sign-in`);
    await page.getByRole('heading', { name: 'Anmelden', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Mit Passkey anmelden' }).waitFor();
    await checkScreen(page, 'sign-in', 'hosted-passkey');

    await page.getByLabel('E-Mail', { exact: true }).fill(customer);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL(new RegExp(`/p/${projectId}/account`));
    await page.getByRole('heading', { name: 'Zweiten Faktor einrichten' }).waitFor();
    await page
      .getByText(
        'Für dieses Konto ist ein zweiter Faktor vorgeschrieben. Richten Sie unten eine Authenticator-App oder einen Passkey ein; danach melden Sie sich erneut an.',
      )
      .waitFor();
    // The enrollment-only session reads the (empty) list of passkeys.
    await page.getByText('Noch keine Passkeys.').waitFor();
    await checkScreen(page, 'enrolment', 'hosted-passkey');

    await page.getByRole('button', { name: 'Passkey hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Passkey hinzufügen' });
    await dialog.getByLabel('Name').fill('Handy');
    await dialog.getByRole('button', { name: 'Weiter' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('list', { name: 'Ihre Passkeys' }).getByText('Handy').waitFor();
    const [credential] = await credentials();
    expect(credential).to.include({ rpId: 'localhost', isResidentCredential: true });

    await page.getByText('Zweiter Faktor eingerichtet. Melden Sie sich jetzt erneut an.').waitFor();
    await page.getByRole('button', { name: 'Erneut anmelden' }).click();
    await page.getByRole('heading', { name: 'Anmelden', level: 1 }).waitFor();
    expect(await hostedSession()).to.equal(null);
  });

  it('signs in with "Mit Passkey anmelden" alone, to a full session', async () => {
    const before = (await credentials())[0]!.signCount;
    await page.goto(`${origin}/p/${projectId}/sign-in`);
    await page.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
    await page.waitForURL(new RegExp(`/p/${projectId}/account`));
    await page.getByRole('heading', { name: 'Ihr Konto', level: 1 }).waitFor();
    // A full session: the whole account page, sessions included, no set-up notice.
    await page.getByText('Diese Sitzung').waitFor();
    expect(await page.getByRole('heading', { name: 'Zweiten Faktor einrichten' }).count()).to.equal(0);
    expect((await credentials())[0]!.signCount).to.be.greaterThan(before);
    const session = JSON.parse((await hostedSession()) ?? '{}') as {
      user?: { email?: string };
      applicationId?: string;
      enrollmentOnly?: boolean;
    };
    expect(session).to.deep.include({ applicationId, enrollmentOnly: false });
    expect(session.user?.email).to.equal(customer);
    // Never the dashboard's session.
    expect(await page.evaluate(() => localStorage.getItem('iam-session'))).to.equal(null);
    await page
      .getByRole('list', { name: 'Ihre Passkeys' })
      .getByText(/Zuletzt verwendet am/)
      .waitFor();
    await checkScreen(page, 'account', 'hosted-passkey');
  });

  it('does not sign the end user in to the dashboard with the same passkey', async () => {
    await page.goto(`${origin}/auth`);
    await page.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
    await page
      .getByRole('alert')
      .getByText('Der Passkey konnte nicht geprüft werden', { exact: false })
      .first()
      .waitFor();
    expect(await page.evaluate(() => localStorage.getItem('iam-session'))).to.equal(null);
    expect(page.url()).to.equal(`${origin}/auth`);
  });
});
