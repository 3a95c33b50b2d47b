import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { MongoClient, ObjectId } from 'mongodb';
import type { CDPSession, Page } from 'playwright-core';
import { awayFromStepEdge, currentStep, totpAt } from '../../server/test/mfa/helpers.js';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import {
  checkScreen,
  DESKTOP,
  dismissToasts,
  eventually,
  expectKeyboardOperable,
  freePort,
} from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';

const PASSWORD = 'Step-Up-Passwort-1';
const STEP_UP_TITLE = 'Bitte bestätigen Sie Ihre Identität';
const CODE_LABEL = 'Code aus der Authenticator-App oder Wiederherstellungscode';

/**
 * Step-up ("sudo mode") in the dashboard, in real Chromium against the built server: once the
 * session's last proof of identity is older than 10 minutes, enrolling an authenticator app or
 * adding a passkey asks "Bitte bestätigen Sie Ihre Identität" in place — with the password, a
 * TOTP code or a passkey (a CDP virtual authenticator) — and then carries on with the change.
 *
 * Waiting 10 minutes is no test: the harness ages the session's `auth_time` in the server's own
 * database and announces the change through `auth_revocations`, exactly as a second server process
 * does after renewing it (server/src/lib/revocations.ts), so no cached copy keeps the fresh time.
 */
describe('step-up in the dashboard (Chromium)', function () {
  this.timeout(300_000);
  let server: StartedServer;
  let launched: LaunchedBrowser;
  let page: Page;
  let cdp: CDPSession;
  let origin: string;
  let dataDir: string;
  const stamp = Date.now().toString(36);
  const email = `step-up.${stamp}@example.com`;
  const passkeyEmail = `step-up-passkey.${stamp}@example.com`;
  let secret = '';
  let lastStep = 0;

  async function database<T>(use: (client: MongoClient) => Promise<T>): Promise<T> {
    const started = server
      .logEntries()
      .find((entry) => String(entry.msg).startsWith('started the embedded MongoDB-compatible server'));
    const credentials = JSON.parse(await readFile(path.join(dataDir, 'db', 'credentials.json'), 'utf8')) as {
      username: string;
      password: string;
    };
    const client = await MongoClient.connect(
      `mongodb://${encodeURIComponent(credentials.username)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${String(started?.port)}/?authSource=admin`,
    );
    try {
      return await use(client);
    } finally {
      await client.close();
    }
  }

  /** The browser's session as the dashboard keeps it (local storage). */
  const browserSession = async () =>
    JSON.parse((await page.evaluate(() => localStorage.getItem('iam-session'))) ?? 'null') as {
      accessToken: string;
    };

  /**
   * Makes the browser's session look signed in 11 minutes ago, then waits until the server says
   * so itself: a sensitive call with that session's token answers 403 reauthentication_required.
   */
  async function ageSession(): Promise<void> {
    const { accessToken } = await browserSession();
    const sid = (
      JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { sid: string }
    ).sid;
    await database(async (client) => {
      const db = client.db('iam_platform');
      const updated = await db
        .collection('auth_sessions')
        .updateOne({ _id: new ObjectId(sid) }, { $set: { auth_time: new Date(Date.now() - 11 * 60_000) } });
      expect(updated.matchedCount).to.equal(1);
      await db
        .collection('auth_revocations')
        .insertOne({ kind: 'session', key: sid, created_at: new Date() });
    });
    // Starting an enrolment is itself behind the gate and counts no attempts (a fresh answer
    // would only replace a pending secret).
    await eventually(
      async () => {
        const response = await fetch(`${origin}/api/v1/auth/mfa/totp`, {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}` },
        });
        return { status: response.status, ...((await response.json()) as { code?: string }) };
      },
      (answer) => {
        expect(answer).to.include({ status: 403, code: 'reauthentication_required' });
      },
    );
  }

  async function signIn(address: string): Promise<void> {
    await page.goto(`${origin}/auth`);
    await page.getByLabel('E-Mail', { exact: true }).fill(address);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL(`${origin}/dashboard`);
    await page.goto(`${origin}/account/security`);
  }

  /** The next TOTP code the server has not seen yet. */
  async function nextCode(): Promise<string> {
    await awayFromStepEdge();
    while (currentStep() <= lastStep) await new Promise((resolve) => setTimeout(resolve, 1000));
    lastStep = currentStep();
    return totpAt(secret, lastStep);
  }

  before(async function () {
    this.timeout(300_000);
    // WebAuthn needs a secure context and a domain as RP ID: http://localhost:<port>.
    const port = await freePort();
    origin = `http://localhost:${port}`;
    dataDir = await mkdtemp(path.join(tmpdir(), 'iam-e2e-step-up-'));
    [server, launched] = await Promise.all([
      startBuiltServer(
        { PORT: String(port), PUBLIC_URL: origin, EMAIL_CONFIRMATION_REQUIRED: 'false' },
        { dataDir },
      ),
      launchBrowser(),
    ]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    for (const address of [email, passkeyEmail]) {
      const registered = await fetch(`${origin}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: address, password: PASSWORD }),
      });
      expect(registered.status).to.equal(201);
    }
    page = await launched.browser.newPage({ viewport: DESKTOP });
    cdp = await page.context().newCDPSession(page);
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
  });

  after(async () => {
    await launched?.close();
    if (server) expect(await server.stop()).to.equal(0);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('enrolling an authenticator app on a stale session asks for the password, then goes on', async () => {
    await signIn(email);
    const totp = page.getByRole('region', { name: /Authenticator-App/ });
    await totp.getByTestId('totp-status').getByText('nicht eingerichtet').waitFor();
    await ageSession();

    await totp.getByRole('button', { name: 'Authenticator-App einrichten' }).click();
    const dialog = page.getByRole('dialog', { name: STEP_UP_TITLE });
    await dialog.waitFor();
    // The account has only its password: nothing else is offered, and the field has the focus.
    const password = dialog.getByLabel('Passwort', { exact: true });
    expect(await password.evaluate((field) => field === document.activeElement)).to.equal(true);
    expect(await dialog.getByLabel(CODE_LABEL).count()).to.equal(0);
    expect(await dialog.getByRole('button', { name: 'Mit Passkey bestätigen' }).count()).to.equal(0);
    await checkScreen(page, 'password', 'step-up');
    const stops = await expectKeyboardOperable(page, '[role="dialog"]');
    expect(stops.join(' | ')).to.contain('Bestätigen').and.contain('Abbrechen');

    // Escape cancels: the page is as it was, and says that nothing changed.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByText(/Nichts wurde geändert/)
      .first()
      .waitFor();
    await totp.getByRole('button', { name: 'Authenticator-App einrichten' }).waitFor();
    expect(await totp.getByTestId('totp-secret').count()).to.equal(0);

    await totp.getByRole('button', { name: 'Authenticator-App einrichten' }).click();
    await dialog.waitFor();
    // A wrong password is said in the dialog (Enter sends), which stays open for the right one.
    await password.fill('falsch-falsch');
    await password.press('Enter');
    await dialog.getByRole('alert').getByText('Das Passwort ist falsch.').waitFor();
    await password.fill(PASSWORD);
    await password.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    // The refused call went out again: the enrolment shows its key; finishing it needs no new proof.
    await totp.getByRole('img', { name: 'QR-Code zum Einrichten der Authenticator-App' }).waitFor();
    secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
    await totp.getByLabel('Code aus der Authenticator-App').fill(await nextCode());
    await totp.getByRole('button', { name: 'Aktivieren', exact: true }).click();
    await totp.getByRole('list', { name: 'Ihre Wiederherstellungscodes' }).waitFor();
    await totp.getByRole('button', { name: 'Ich habe die Codes gespeichert' }).click();
    await totp.getByTestId('totp-status').getByText('aktiv', { exact: true }).waitFor();
  });

  it('with an authenticator app on, adding a passkey accepts a current code as the proof', async () => {
    // Earlier toasts would lie over the dialog's screenshots (and cannot be closed behind a modal).
    await dismissToasts(page);
    await ageSession();
    await page.getByRole('button', { name: 'Passkey hinzufügen' }).click();
    const nameDialog = page.getByRole('dialog', { name: 'Passkey hinzufügen' });
    await nameDialog.getByLabel('Name').fill('Laptop');
    await nameDialog.getByRole('button', { name: 'Weiter' }).click();

    const dialog = page.getByRole('dialog', { name: STEP_UP_TITLE });
    await dialog.waitFor();
    // Password and code are offered (no passkey yet); the code is one click away.
    await dialog.getByRole('button', { name: 'Stattdessen einen Code verwenden' }).click();
    const code = dialog.getByLabel(CODE_LABEL);
    expect(await code.evaluate((field) => field === document.activeElement)).to.equal(true);
    await checkScreen(page, 'code', 'step-up');
    await code.fill('000000');
    await code.press('Enter');
    await dialog
      .getByRole('alert')
      .getByText(/Der Code ist falsch/)
      .waitFor();
    await code.fill(await nextCode());
    await code.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    // The registration went on in the browser's authenticator and the passkey is listed.
    await nameDialog.waitFor({ state: 'detached' });
    await page.getByRole('list', { name: 'Ihre Passkeys' }).getByText('Laptop').waitFor();
  });

  it('a passkey is proof enough: enrolling an authenticator app after one', async () => {
    await page.getByRole('button', { name: 'Abmelden' }).first().click();
    await page.waitForURL(`${origin}/`);
    await signIn(passkeyEmail);
    // A passkey first (the session is fresh from the sign-in), then the session ages.
    await page.getByRole('button', { name: 'Passkey hinzufügen' }).click();
    const nameDialog = page.getByRole('dialog', { name: 'Passkey hinzufügen' });
    await nameDialog.getByLabel('Name').fill('Schlüssel');
    await nameDialog.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('list', { name: 'Ihre Passkeys' }).getByText('Schlüssel').waitFor();
    await dismissToasts(page);
    await ageSession();

    const totp = page.getByRole('region', { name: /Authenticator-App/ });
    await totp.getByRole('button', { name: 'Authenticator-App einrichten' }).click();
    const dialog = page.getByRole('dialog', { name: STEP_UP_TITLE });
    await dialog.waitFor();
    // Password or passkey, no code: this account has no authenticator app yet.
    expect(await dialog.getByRole('button', { name: 'Stattdessen einen Code verwenden' }).count()).to.equal(
      0,
    );
    await checkScreen(page, 'passkey', 'step-up');
    await dialog.getByRole('button', { name: 'Mit Passkey bestätigen' }).click();
    await dialog.waitFor({ state: 'detached' });
    await totp.getByRole('img', { name: 'QR-Code zum Einrichten der Authenticator-App' }).waitFor();
  });
});
