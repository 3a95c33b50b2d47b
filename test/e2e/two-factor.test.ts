import { mkdir, readFile } from 'node:fs/promises';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { awayFromStepEdge, currentStep, totpAt } from '../../server/test/mfa/helpers.js';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import { checkScreen, DESKTOP } from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';

const PASSWORD = 'Zwei-Faktor-Passwort-1';
const WRONG_CODE_TEXT =
  'Der Code ist falsch oder wurde bereits verwendet. Geben Sie den aktuellen Code aus Ihrer Authenticator-App ein.';

/**
 * Two-factor sign-in in the dashboard, against the built server in real Chromium: enrol an
 * authenticator app on /account/security (codes computed here per RFC 6238 with node:crypto from
 * the secret shown on screen), sign out, sign in with password + code, with a recovery code, a
 * wrong code; an admin requires two-factor for the organization and a member without it is sent
 * to enrol. Screens are checked with axe-core and for overflow, photographed at 1280 and 375 px.
 */
describe('two-factor sign-in in the dashboard (Chromium)', function () {
  this.timeout(300_000);

  let server: StartedServer;
  let launched: LaunchedBrowser;
  let page: Page;
  const stamp = Date.now().toString(36);
  const adminEmail = `admin.${stamp}@example.com`;
  const memberEmail = `member.${stamp}@example.com`;
  let secret = '';
  let memberSecret = '';
  let recoveryCodes: string[] = [];
  /** The step of the last accepted code: only later steps are accepted again. */
  let lastStep = 0;

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

  async function signIn(email: string) {
    await page.goto(`${server.url}/auth`);
    await page.getByLabel('E-Mail', { exact: true }).fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  }

  async function signOut() {
    await page.getByRole('button', { name: 'Abmelden', exact: true }).click();
    await page.waitForURL(`${server.url}/`);
  }

  const secondStep = () => page.getByRole('form', { name: 'Bestätigung in zwei Schritten' });

  /** Reads the key shown for manual entry (in groups of four) as the base32 secret. */
  const shownSecret = async () => (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');

  before(async function () {
    this.timeout(300_000);
    [server, launched] = await Promise.all([
      startBuiltServer({
        EMAIL_CONFIRMATION_REQUIRED: 'false',
        ...(process.env.MONGODB_URI ? { MONGODB_URI: process.env.MONGODB_URI } : {}),
      }),
      launchBrowser(),
    ]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    for (const email of [adminEmail, memberEmail])
      await api('POST', '/api/v1/auth/register', { email, password: PASSWORD });
    const admin = (await api('POST', '/api/v1/auth/login', { email: adminEmail, password: PASSWORD }))
      .access_token as string;
    const organization = await api(
      'POST',
      '/api/v1/organizations',
      { name: 'Sicher GmbH', slug: `sicher-${stamp}` },
      admin,
    );
    await api('POST', `/api/v1/organizations/${organization.id}/members`, { email: memberEmail }, admin);
    // Invitations are accepted, not imposed (issue #37): the member takes it before the tests.
    const member = (await api('POST', '/api/v1/auth/login', { email: memberEmail, password: PASSWORD }))
      .access_token as string;
    const pending = (await api('GET', '/api/v1/invitations', undefined, member)) as {
      data: Array<{ id: string }>;
    };
    expect(pending.data).to.have.length(1);
    await api('POST', `/api/v1/invitations/${pending.data[0]!.id}/accept`, undefined, member);
    page = await launched.browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
  });

  after(async () => {
    await launched?.close();
    if (server) expect(await server.stop()).to.equal(0);
  });

  it('enrols an authenticator app from the profile menu: QR code, key, code, recovery codes once', async () => {
    await signIn(adminEmail);
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByTestId('user-email').click();
    await page.getByRole('menuitem', { name: 'Sicherheit' }).click();
    await page.waitForURL(`${server.url}/account/security`);
    const totp = page.getByRole('region', { name: /Authenticator-App/ });
    await totp.getByTestId('totp-status').getByText('nicht eingerichtet').waitFor();
    await checkScreen(page, 'start', 'two-factor');

    await totp.getByRole('button', { name: 'Authenticator-App einrichten' }).click();
    await totp.getByRole('img', { name: 'QR-Code zum Einrichten der Authenticator-App' }).waitFor();
    secret = await shownSecret();
    expect(secret).to.match(/^[A-Z2-7]{32}$/);
    const link = await totp
      .getByRole('link', { name: 'Auf diesem Gerät in der Authenticator-App öffnen' })
      .getAttribute('href');
    expect(new URL(link!).searchParams.get('secret')).to.equal(secret);
    await checkScreen(page, 'enrol', 'two-factor');

    // A code from far in the future is refused with the catalog's text.
    const code = totp.getByLabel('Code aus der Authenticator-App');
    await code.fill(totpAt(secret, currentStep() + 10));
    await totp.getByRole('button', { name: 'Aktivieren', exact: true }).click();
    await totp.getByRole('alert').getByText(WRONG_CODE_TEXT).waitFor();

    await awayFromStepEdge();
    lastStep = currentStep();
    await code.fill(totpAt(secret, lastStep));
    await totp.getByRole('button', { name: 'Aktivieren', exact: true }).click();
    const list = totp.getByRole('list', { name: 'Ihre Wiederherstellungscodes' });
    await list.waitFor();
    recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((text) => text.trim());
    expect(recoveryCodes).to.have.length(10);
    expect(await totp.getByRole('note').textContent()).to.contain('Diese Codes werden nur jetzt angezeigt.');
    const download = page.waitForEvent('download');
    await totp.getByRole('link', { name: 'Als .txt herunterladen' }).click();
    const file = await download;
    expect(file.suggestedFilename()).to.match(/\.txt$/);
    const saved = await readFile((await file.path())!, 'utf8');
    for (const recovery of recoveryCodes) expect(saved).to.contain(recovery);
    await totp.getByTestId('totp-status').getByText('aktiv', { exact: true }).waitFor();
    await checkScreen(page, 'recovery-codes', 'two-factor');

    await totp.getByRole('button', { name: 'Ich habe die Codes gespeichert' }).click();
    await list.waitFor({ state: 'detached' });
    await totp.getByText('Noch 10 von 10 Wiederherstellungscodes übrig.').waitFor();
    await checkScreen(page, 'active', 'two-factor');
  });

  it('asks for the code after the password; a wrong code is refused, the right one signs in', async () => {
    await signOut();
    await signIn(adminEmail);
    const form = secondStep();
    await form.waitFor();
    expect(await page.evaluate(() => localStorage.getItem('iam-session'))).to.equal(null);
    const code = form.getByLabel('Code aus der Authenticator-App');
    expect(await code.getAttribute('autocomplete')).to.equal('one-time-code');
    expect(await code.getAttribute('inputmode')).to.equal('numeric');
    await checkScreen(page, 'second-step', 'two-factor');

    // The code that turned it on, again: never accepted twice.
    await code.fill(totpAt(secret, lastStep));
    await form.getByRole('button', { name: 'Bestätigen', exact: true }).click();
    await form.getByRole('alert').getByText(WRONG_CODE_TEXT).waitFor();
    expect(await code.inputValue()).to.equal('');
    await checkScreen(page, 'wrong-code', 'two-factor');

    // The next step's code is within the ±1 window and later than the last accepted one.
    lastStep += 1;
    await code.fill(totpAt(secret, lastStep));
    await form.getByRole('button', { name: 'Bestätigen', exact: true }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('iam-session')!).accessToken)).to.be.a(
      'string',
    );
  });

  it('signs in with a recovery code, which then is spent', async () => {
    await signOut();
    await signIn(adminEmail);
    await secondStep().waitFor();
    await secondStep().getByRole('button', { name: 'Wiederherstellungscode verwenden' }).click();
    await secondStep().getByLabel('Wiederherstellungscode').fill(recoveryCodes[0]!.toUpperCase());
    await checkScreen(page, 'recovery-step', 'two-factor');
    await secondStep().getByRole('button', { name: 'Bestätigen', exact: true }).click();
    await page.waitForURL(`${server.url}/dashboard`);

    await page.goto(`${server.url}/account/security`);
    await page.getByText('Noch 9 von 10 Wiederherstellungscodes übrig.').waitFor();
  });

  it('lets the admin require two-factor; a member without it is sent to enrol and then may go on', async () => {
    await page.goto(`${server.url}/organizations`);
    await page.getByRole('button', { name: 'Einstellungen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Einstellungen von Sicher GmbH' });
    const toggle = dialog.getByRole('checkbox', {
      name: 'Zwei-Faktor-Anmeldung für alle Mitglieder verlangen',
    });
    expect(await toggle.isChecked()).to.equal(false);
    await toggle.check();
    await page.getByText('Zwei-Faktor-Anmeldung ist jetzt Pflicht', { exact: true }).waitFor();
    await dialog.getByText('Verlangt', { exact: true }).waitFor();
    // The dialog scrolls inside: show its end, where the policy is.
    await dialog.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await checkScreen(page, 'policy', 'two-factor');
    await dialog.getByRole('button', { name: 'Schließen', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await signOut();

    await signIn(memberEmail);
    await page.waitForURL(`${server.url}/account/security`);
    const notice = page.getByTestId('mfa-policy-notice');
    expect(await notice.textContent()).to.contain(
      'Ihre Organisation „Sicher GmbH“ verlangt die Zwei-Faktor-Anmeldung.',
    );
    await checkScreen(page, 'policy-notice', 'two-factor');
    // Any other page leads back here until a second factor is set up.
    await page.goto(`${server.url}/projects`);
    await page.waitForURL(`${server.url}/account/security`);

    const totp = page.getByRole('region', { name: /Authenticator-App/ });
    await totp.getByRole('button', { name: 'Authenticator-App einrichten' }).click();
    await totp.getByTestId('totp-secret').waitFor();
    memberSecret = await shownSecret();
    await awayFromStepEdge();
    await totp.getByLabel('Code aus der Authenticator-App').fill(totpAt(memberSecret, currentStep()));
    await totp.getByRole('button', { name: 'Aktivieren', exact: true }).click();
    await totp.getByRole('list', { name: 'Ihre Wiederherstellungscodes' }).waitFor();
    await notice.waitFor({ state: 'detached' });
    await totp.getByRole('button', { name: 'Ich habe die Codes gespeichert' }).click();

    await page.goto(`${server.url}/projects`);
    await page.waitForURL(`${server.url}/projects`);
  });

  it('lets the member delete the account with the password, never a code alone (GDPR self-service)', async () => {
    await page.goto(`${server.url}/account/security`);
    const section = page.getByRole('region', { name: 'Konto löschen' });
    await section.getByRole('button', { name: 'Konto löschen …' }).click();
    const dialog = page.getByRole('dialog', { name: 'Konto löschen' });
    // Issue #37: a stolen session plus an enrolled app must not delete the account.
    await dialog.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    expect(
      await dialog.getByRole('button', { name: 'Stattdessen Code aus der App verwenden' }).count(),
      'no code-only deletion is offered',
    ).to.equal(0);
    await checkScreen(page, 'delete-account', 'two-factor');
    await dialog.getByRole('button', { name: 'Konto endgültig löschen' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByText('Ihr Konto wurde gelöscht.', { exact: true }).waitFor();

    // The account is gone: its password no longer signs in.
    await signIn(memberEmail);
    await page.getByRole('alert').filter({ hasText: 'ungültiges Passwort' }).first().waitFor();
    expect(new URL(page.url()).pathname).to.equal('/auth');
  });
});
