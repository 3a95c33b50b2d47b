import bcrypt from 'bcryptjs';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { LaunchedBrowser } from '../support/browser.js';
import { checkScreen, dismissToasts, eventually, expectKeyboardOperable } from '../support/checks.js';
import { startSignedInOwner, type Api } from '../support/owner.js';
import type { StartedServer } from '../support/server.js';

const OWNER_PASSWORD = 'Besitzer-Passwort-1';
const CUSTOMER_PASSWORD = 'Kundin-Passwort-2026!';
const IMPORTED_PASSWORD = 'Altes-Passwort-aus-Auth0';

/**
 * A project's user pool in the dashboard (issue #31), against the built server in Chromium: the
 * owner changes the pool's settings in "Benutzer & Anmeldung" and finds them again after a
 * reload; end users registered through the embedding API appear in "Benutzer", the search finds
 * one, blocking her refuses her next embedding sign-in while the other still signs in; a CSV
 * import with a bcrypt hash lets that user sign in with the old password. Screens are checked
 * with axe-core and for overflow, and photographed at 1280 and 375 px.
 */
describe('project users and sign-in settings in Chromium', function () {
  this.timeout(240_000);

  let server: StartedServer;
  let launched: LaunchedBrowser;
  let page: Page;
  let api: Api;
  let projectId: string;
  let applicationId: string;
  const stamp = Date.now().toString(36);
  const owner = `owner.${stamp}@example.com`;
  const karla = `karla.${stamp}@shop.example`;
  const otto = `otto.${stamp}@shop.example`;
  const imported = `importiert.${stamp}@shop.example`;

  /** What a partner's backend sends to the embedding API (no Origin header). */
  function embedding(path: string, body: unknown) {
    return fetch(`${server.url}/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-application-id': applicationId },
      body: JSON.stringify(body),
    });
  }

  const usersTab = () => page.getByRole('tabpanel', { name: 'Benutzer', exact: true });
  const settingsForm = () => page.getByRole('form', { name: 'Einstellungen für Benutzer und Anmeldung' });

  before(async function () {
    this.timeout(300_000); // the first run may install Chromium
    ({ server, launched, page, api, projectId, applicationId } = await startSignedInOwner({
      env: {
        ...(process.env.MONGODB_URI ? { MONGODB_URI: process.env.MONGODB_URI } : {}),
      },
      email: owner,
      password: OWNER_PASSWORD,
      application: { name: 'Storefront' },
    }));
  });

  after(async () => {
    await launched?.close();
    if (server) expect(await server.stop()).to.equal(0);
  });

  it('shows "Noch keine Benutzer" before anyone signed up', async () => {
    await page.goto(`${server.url}/projects/${projectId}?tab=users`);
    await usersTab().getByRole('heading', { name: 'Noch keine Benutzer' }).waitFor();
    await checkScreen(page, 'users-empty', 'project-users');
  });

  it('the owner edits the pool settings and sees them again after a reload', async () => {
    await page.goto(`${server.url}/projects/${projectId}?tab=sign-in`);
    await settingsForm().waitFor();
    const open = page.getByRole('link', { name: 'Anmeldeseite öffnen' });
    expect(await open.getAttribute('href')).to.equal(`/p/${projectId}/sign-in`);
    await checkScreen(page, 'settings', 'project-users');
    // Every field, choice and button of the long form is reached with Tab and shows its focus.
    const settingsStops = await expectKeyboardOperable(page);
    expect(settingsStops).to.include.members(['Einstellungen speichern', 'Hinzufügen', 'Adresse kopieren']);

    await page.getByRole('checkbox', { name: /Passkeys/ }).uncheck();
    await page.getByLabel('Mindestlänge des Passworts').fill('10');
    await page.getByLabel('Zweiter Faktor', { exact: true }).selectOption('off');
    await page.getByLabel('Gültigkeit einer Sitzung', { exact: true }).fill('30');
    await page.getByLabel('Anzeigename').fill('Kundenportal');
    await page.getByLabel('Primärfarbe', { exact: true }).fill('#0F766E');
    await page.getByLabel('Standardsprache').selectOption('en');
    await page.getByLabel('Support-E-Mail (optional)').fill('hilfe@shop.example');
    await page.getByLabel('Neue Weiterleitungsadresse').fill('https://shop.example/callback');
    await page.getByLabel('Neue Weiterleitungsadresse').press('Enter');
    await page.getByText('Ungespeicherte Änderungen').waitFor();
    await checkScreen(page, 'settings-edited', 'project-users');
    await settingsForm().getByRole('button', { name: 'Einstellungen speichern' }).click();
    await page.getByText('Einstellungen gespeichert', { exact: true }).waitFor();

    await page.reload();
    await settingsForm().waitFor();
    expect(await page.getByLabel('Anzeigename').inputValue()).to.equal('Kundenportal');
    expect(await page.getByLabel('Primärfarbe', { exact: true }).inputValue()).to.equal('#0f766e');
    expect(await page.getByLabel('Mindestlänge des Passworts').inputValue()).to.equal('10');
    expect(await page.getByLabel('Zweiter Faktor', { exact: true }).inputValue()).to.equal('off');
    expect(await page.getByLabel('Gültigkeit einer Sitzung', { exact: true }).inputValue()).to.equal('30');
    expect(await page.getByLabel('Einheit: Gültigkeit einer Sitzung').inputValue()).to.equal('minutes');
    expect(await page.getByLabel('Standardsprache').inputValue()).to.equal('en');
    expect(await page.getByRole('checkbox', { name: /Passkeys/ }).isChecked()).to.equal(false);
    expect(await page.getByRole('checkbox', { name: /E-Mail-Code/ }).isChecked()).to.equal(true);
    await page.getByRole('button', { name: 'https://shop.example/callback entfernen' }).waitFor();
    expect(await page.getByText('Ungespeicherte Änderungen').count()).to.equal(0);

    const stored = await api('GET', `/api/v1/projects/${projectId}/pool`);
    expect(stored).to.deep.include({
      signup: 'open',
      methods: ['password', 'email_code'],
      password_min_length: 10,
      second_factor: 'off',
      session_lifetime_seconds: 1800,
      redirect_urls: ['https://shop.example/callback'],
    });
    expect(stored.branding).to.deep.include({
      display_name: 'Kundenportal',
      primary_color: '#0f766e',
      locale: 'en',
      support_email: 'hilfe@shop.example',
    });
  });

  it('lists end users registered through the embedding API, finds one, and blocking her refuses her next sign-in', async () => {
    for (const [email, name] of [
      [karla, 'Karla Kundin'],
      [otto, 'Otto Normal'],
    ] as const) {
      const registered = await embedding('/register', {
        email,
        password: CUSTOMER_PASSWORD,
        display_name: name,
      });
      expect(registered.status, `register ${email}: ${await registered.clone().text()}`).to.equal(201);
    }
    expect((await embedding('/login', { email: karla, password: CUSTOMER_PASSWORD })).status).to.equal(200);

    await page.goto(`${server.url}/projects/${projectId}?tab=users`);
    const rows = usersTab().getByTestId('pool-user');
    await eventually(
      () => rows.count(),
      (count) => expect(count).to.equal(2),
    );
    expect(await usersTab().textContent())
      .to.contain('Karla Kundin')
      .and.contain('Otto Normal');
    await checkScreen(page, 'users', 'project-users');
    const listStops = await expectKeyboardOperable(page);
    expect(listStops.some((label) => label.includes('Karla Kundin'))).to.equal(true);

    await usersTab().getByRole('searchbox', { name: 'Suche' }).fill('karla');
    await eventually(
      () => rows.allTextContents(),
      (texts) =>
        expect(texts)
          .to.have.length(1)
          .and.satisfy((all: string[]) => all[0]!.includes(karla)),
    );
    expect(page.url()).to.contain('q=karla');

    await rows.first().click();
    const panel = page.getByRole('dialog', { name: 'Karla Kundin' });
    await panel.getByRole('heading', { name: 'Aktive Sitzungen' }).waitFor();
    // The session names its application once the project's applications are loaded.
    await eventually(
      () => panel.getByRole('list', { name: 'Aktive Sitzungen' }).textContent(),
      (text) => expect(text).to.contain('Storefront'),
    );
    await checkScreen(page, 'user-panel', 'project-users');
    const stops = await expectKeyboardOperable(page, '[role="dialog"]');
    expect(stops).to.include('Sperren');

    await panel.getByRole('button', { name: 'Sperren' }).click();
    const confirm = page.getByRole('dialog', { name: 'Benutzer sperren?' });
    await checkScreen(page, 'block-confirm', 'project-users');
    await confirm.getByRole('button', { name: 'Sperren' }).click();
    await page.getByText('Benutzer gesperrt', { exact: true }).waitFor();
    await panel.getByRole('button', { name: 'Sperre aufheben' }).waitFor();
    expect(await panel.getByText('Gesperrt', { exact: true }).count()).to.be.at.least(1);

    const refused = await embedding('/login', { email: karla, password: CUSTOMER_PASSWORD });
    const refusal = (await refused.json()) as { code: string };
    expect(refused.status).to.equal(403);
    expect(refusal.code).to.equal('account_blocked');
    // The other user of the pool is not affected.
    expect((await embedding('/login', { email: otto, password: CUSTOMER_PASSWORD })).status).to.equal(200);

    // (Escape would first close the toast, the topmost layer.)
    await panel.getByRole('button', { name: 'Schließen', exact: true }).click();
    await panel.waitFor({ state: 'detached' });
    await usersTab().getByRole('searchbox', { name: 'Suche' }).fill('');
    await usersTab().getByLabel('Sperre').selectOption('true');
    await eventually(
      () => rows.allTextContents(),
      (texts) =>
        expect(texts)
          .to.have.length(1)
          .and.satisfy((all: string[]) => all[0]!.includes(karla)),
    );
    await usersTab().getByRole('button', { name: 'Filter zurücksetzen' }).first().click();
  });

  it('imports a CSV with a bcrypt hash, and that user signs in with the old password', async () => {
    await dismissToasts(page);
    await page.goto(`${server.url}/projects/${projectId}?tab=users`);
    await usersTab().getByRole('button', { name: 'Importieren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Benutzer importieren' });
    const hash = bcrypt.hashSync(IMPORTED_PASSWORD, 4).replace(/^\$2a\$/, '$2b$');
    const csv = [
      'email,display_name,password_hash,email_verified',
      `${imported},Ida Importiert,${hash},true`,
      `${otto},Otto Doppelt,,true`,
      'keine-adresse,Kaputt,,false',
    ].join('\n');
    await dialog
      .getByLabel('Datei (JSON oder CSV)')
      .setInputFiles({ name: 'kunden.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByText('kunden.csv: CSV-Datei').waitFor();
    await dialog.getByRole('button', { name: 'Importieren' }).click();
    const figures = dialog.getByLabel('Ergebnis des Imports');
    await figures.waitFor();
    expect(await figures.textContent()).to.equal('Importiert1Übersprungen1Fehler1');
    expect(await dialog.getByRole('list', { name: 'Fehler' }).textContent()).to.contain('Zeile 4');
    await checkScreen(page, 'import-result', 'project-users');
    await dialog.getByRole('button', { name: 'Fertig' }).click();

    await eventually(
      () => usersTab().getByTestId('pool-user').allTextContents(),
      (texts) => expect(texts.join(' ')).to.contain('Ida Importiert'),
    );
    const signedIn = await embedding('/login', { email: imported, password: IMPORTED_PASSWORD });
    expect(signedIn.status, await signedIn.clone().text()).to.equal(200);
  });
});
