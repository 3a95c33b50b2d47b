import { mkdir } from 'node:fs/promises';
import { expect } from 'chai';
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import { checkScreen, DESKTOP, freePort } from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';

const PASSWORD = 'Passkey-Test-Passwort-1';

interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId: string;
  userHandle?: string;
  signCount: number;
}

/**
 * Passkeys end to end in Chromium: a virtual authenticator (Chrome DevTools Protocol, WebAuthn
 * domain: CTAP2, internal transport, resident keys, user verification) stands in for Touch ID or
 * a security key, so the browser runs the real WebAuthn ceremonies against the real server.
 * WebAuthn needs a secure context and a domain as RP ID: the server's PUBLIC_URL and the pages
 * are http://localhost:<port>.
 */
describe('passkeys in Chromium (virtual authenticator)', function () {
  this.timeout(240_000);
  let server: StartedServer;
  let launched: LaunchedBrowser;
  let page: Page;
  let cdp: CDPSession;
  let authenticatorId: string;
  let origin: string;
  const email = `passkeys.${Date.now()}@example.com`;

  const credentials = async () =>
    (
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })) as unknown as {
        credentials: VirtualCredential[];
      }
    ).credentials;

  async function signOut(): Promise<void> {
    await page.goto(`${origin}/dashboard`);
    await page.getByRole('button', { name: 'Abmelden' }).first().click();
    await page.waitForURL(`${origin}/`);
    expect(await page.evaluate(() => localStorage.getItem('iam-session'))).to.equal(null);
  }

  before(async function () {
    this.timeout(300_000);
    const port = await freePort();
    origin = `http://localhost:${port}`;
    [server, launched] = await Promise.all([
      startBuiltServer({ PORT: String(port), PUBLIC_URL: origin, EMAIL_CONFIRMATION_REQUIRED: 'false' }),
      launchBrowser(),
    ]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    const registered = await fetch(`${origin}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, display_name: 'Pia Passkey' }),
    });
    expect(registered.status).to.equal(201);

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

  it('registers a passkey on the security page, renames it, and lists it', async () => {
    await page.goto(`${origin}/auth`);
    await page.getByLabel('E-Mail', { exact: true }).fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL(`${origin}/dashboard`);

    await page.goto(`${origin}/account/security`);
    await page.getByText('Noch keine Passkeys.').waitFor();
    await page.getByRole('button', { name: 'Passkey hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Passkey hinzufügen' });
    await dialog.getByLabel('Name').fill('Arbeitslaptop');
    await checkScreen(page, 'add-dialog', 'passkeys');
    await dialog.getByRole('button', { name: 'Weiter' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByText('„Arbeitslaptop“ kann jetzt zur Anmeldung verwendet werden.', { exact: true })
      .waitFor();

    const list = page.getByRole('list', { name: 'Ihre Passkeys' });
    await list.getByText('Arbeitslaptop').waitFor();
    await list.getByText('Noch nicht verwendet', { exact: false }).waitFor();
    // The authenticator holds a discoverable credential for this RP, bound to the account.
    const [credential] = await credentials();
    expect(credential).to.include({ rpId: 'localhost', isResidentCredential: true });

    await list.getByRole('button', { name: 'Passkey Arbeitslaptop umbenennen' }).click();
    const rename = page.getByRole('dialog', { name: 'Passkey umbenennen' });
    await rename.getByLabel('Name').fill('MacBook Touch ID');
    await rename.getByRole('button', { name: 'Speichern' }).click();
    await rename.waitFor({ state: 'detached' });
    await list.getByText('MacBook Touch ID').waitFor();
    await checkScreen(page, 'list', 'passkeys');
  });

  it('asks for the passkey after the password, and signs in with it', async () => {
    await signOut();
    const before = (await credentials())[0]!.signCount;
    await page.goto(`${origin}/auth`);
    await page.getByLabel('E-Mail', { exact: true }).fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.getByRole('heading', { name: 'Bestätigung in zwei Schritten' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('iam-session'))).to.equal(null);
    await checkScreen(page, 'second-step', 'passkeys');
    await page.getByRole('button', { name: 'Passkey verwenden' }).click();
    await page.waitForURL(`${origin}/dashboard`);
    expect((await credentials())[0]!.signCount).to.be.greaterThan(before);

    await page.goto(`${origin}/account/security`);
    const list = page.getByRole('list', { name: 'Ihre Passkeys' });
    await list.getByText('MacBook Touch ID').waitFor();
    await list.getByText(/Zuletzt verwendet am/).waitFor();
  });

  it('signs in with the passkey alone (passwordless)', async () => {
    await signOut();
    await page.goto(`${origin}/auth`);
    await page.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
    await page.waitForURL(`${origin}/dashboard`);
    const session = JSON.parse((await page.evaluate(() => localStorage.getItem('iam-session'))) ?? '{}') as {
      user?: { email?: string };
    };
    expect(session.user?.email).to.equal(email);
  });

  it('removes the passkey with the password; then the password alone signs in', async () => {
    await page.goto(`${origin}/account/security`);
    const list = page.getByRole('list', { name: 'Ihre Passkeys' });
    await list.getByRole('button', { name: 'Passkey MacBook Touch ID entfernen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Passkey „MacBook Touch ID“ entfernen' });
    await dialog.getByLabel('Passwort', { exact: true }).fill('falsch');
    await dialog.getByRole('button', { name: 'Passkey entfernen' }).click();
    await dialog.getByText('Das Passwort ist nicht korrekt.').waitFor();
    await checkScreen(page, 'remove-dialog', 'passkeys');
    await dialog.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Passkey entfernen' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Noch keine Passkeys.').waitFor();

    await signOut();
    await page.goto(`${origin}/auth`);
    await page.getByLabel('E-Mail', { exact: true }).fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL(`${origin}/dashboard`);
  });
});
