import { mkdir } from 'node:fs/promises';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import { DESKTOP, expectKeyboardOperable } from '../support/checks.js';
import { activate, focused, focusWithin, tabTo, typeInto } from '../support/keyboard.js';
import { checkBothWidths } from '../support/screens.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';

const PASSWORD = 'Nur-Tasten-Passwort-1';
const PREFIX = 'keyboard-only';

/**
 * A keyboard-only user reaches every primary action of the dashboard in Chromium: no mouse click
 * at all, only Tab / Shift+Tab / Enter / Space / arrow keys / Escape and typing. Signs in, creates
 * an organization, a project and an application, allows an origin, creates an API token, invites
 * a member, edits an e-mail template, switches the language, opens analytics and the logs and
 * signs out. Each step is checked against the server (what was created) or the screen; the
 * dialogs and the analytics pages are also walked with the Tab key (every control reached, focus
 * visible, no trap) and photographed at 1280 and 375 px (test-results/screenshots/keyboard-only-*).
 */
describe('keyboard only: every primary action of the dashboard in Chromium', function () {
  this.timeout(90_000);

  let server: StartedServer;
  let launched: LaunchedBrowser;
  let page: Page;
  let token = '';
  const stamp = Date.now().toString(36);
  const email = `tasten.${stamp}@example.com`;
  const colleague = `kollegin.${stamp}@example.com`;

  async function api(method: string, route: string, body?: unknown, bearer = token) {
    const response = await fetch(`${server.url}${route}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    expect(response.ok, `${method} ${route}: ${response.status} ${JSON.stringify(json)}`).to.equal(true);
    return json;
  }

  const dialog = (name: string) => page.getByRole('dialog', { name });

  /**
   * A control of the top bar: Shift+Tab leads back up to it from within the page; from <body>
   * (a fresh page) Tab starts at the top anyway.
   */
  async function header(label: string): Promise<void> {
    const onBody = await page.evaluate(() => document.activeElement === document.body);
    await activate(page, label, onBody ? 'Tab' : 'Shift+Tab');
  }

  /** A link of the top bar, or one behind its "Mehr" menu (opened with Enter, walked with arrows). */
  async function navigate(label: string, viaMore = false): Promise<void> {
    if (!viaMore) return header(label);
    await header('Mehr');
    await page.getByRole('menu').waitFor();
    // Radix moves focus into the menu in an effect after it is drawn; arrows pressed before that
    // went to the button and the count of items was off by one.
    await focusWithin(page, '[role="menu"]');
    await tabTo(page, label, { key: 'ArrowDown', max: 10 });
    await page.keyboard.press('Enter');
  }

  before(async function () {
    this.timeout(300_000); // the first run may install Chromium
    [server, launched] = await Promise.all([
      startBuiltServer({ EMAIL_CONFIRMATION_REQUIRED: 'false' }),
      launchBrowser(),
    ]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await api('POST', '/api/v1/auth/register', { email, password: PASSWORD, display_name: 'Tessa' }, '');
    // The member to invite needs an account of her own (organizations invite existing accounts).
    await api('POST', '/api/v1/auth/register', { email: colleague, password: PASSWORD }, '');
    token = (await api('POST', '/api/v1/auth/login', { email, password: PASSWORD }, ''))
      .access_token as string;
    page = await launched.browser.newPage({ viewport: DESKTOP });
  });

  after(async () => {
    await launched?.close();
    if (server) expect(await server.stop()).to.equal(0);
  });

  it('signs in', async () => {
    await page.goto(`${server.url}/`);
    await page.getByTestId('api-status').waitFor();
    await activate(page, 'Anmelden');
    await page.waitForURL(`${server.url}/auth`);
    await typeInto(page, 'E-Mail', email);
    await typeInto(page, 'Passwort', PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: /^Willkommen( zurück)?, Tessa!$/, level: 1 }).waitFor();
  });

  it('creates an organization', async () => {
    await activate(page, 'Erste Organisation erstellen');
    const created = dialog('Neue Organisation');
    await created.waitFor();
    await focusWithin(page, '[role="dialog"]');
    await typeInto(page, 'Name', 'Tastenwerk GmbH');
    await expectKeyboardOperable(page, '[role="dialog"]');
    await checkBothWidths(page, 'organization-dialog', PREFIX);
    await activate(page, 'Erstellen');
    await created.waitFor({ state: 'detached' });
    const organizations = (await api('GET', '/api/v1/organizations')).data as {
      name: string;
      slug: string;
    }[];
    expect(organizations.map((entry) => [entry.name, entry.slug])).to.deep.equal([
      ['Tastenwerk GmbH', 'tastenwerk-gmbh'],
    ]);
  });

  it('creates a project and an application', async () => {
    await navigate('Projekte');
    await page.getByRole('heading', { name: 'Projekte', level: 1 }).waitFor();
    await activate(page, 'Neues Projekt');
    const project = dialog('Neues Projekt');
    await project.waitFor();
    await focusWithin(page, '[role="dialog"]');
    await typeInto(page, 'Name', 'Tastenshop');
    await activate(page, 'Erstellen');
    // The new project's API key is shown once, with "Fertig" to close.
    await project.getByRole('button', { name: 'Fertig' }).waitFor();
    await activate(page, 'Fertig');
    await project.waitFor({ state: 'detached' });

    await activate(page, 'Neue Anwendung');
    const application = dialog('Neue Anwendung');
    await application.waitFor();
    await focusWithin(page, '[role="dialog"]');
    await typeInto(page, 'Name', 'Tastenladen');
    await checkBothWidths(page, 'application-dialog', PREFIX);
    await activate(page, 'Erstellen');
    await application.waitFor({ state: 'detached' });
    const applications = (await api('GET', '/api/v1/applications')).data as { name: string }[];
    expect(applications.map((entry) => entry.name)).to.deep.equal(['Tastenladen']);
  });

  it('adds an allowed origin to the application', async () => {
    // From the projects list to the project, and on to its application.
    await activate(page, 'Tastenshop');
    await page.getByRole('heading', { name: 'Tastenshop', level: 1 }).waitFor();
    await activate(page, /^link "Tastenladen/);
    await page.getByRole('heading', { name: 'Tastenladen', level: 1 }).waitFor();
    await activate(page, 'Bearbeiten');
    const edit = dialog('Anwendung bearbeiten');
    await edit.waitFor();
    await focusWithin(page, '[role="dialog"]');
    await typeInto(page, 'Neuer Origin', 'https://laden.example.com');
    await page.keyboard.press('Enter');
    await edit.getByRole('listitem').filter({ hasText: 'https://laden.example.com' }).waitFor();
    await activate(page, 'Speichern');
    await edit.waitFor({ state: 'detached' });
    const [application] = (await api('GET', '/api/v1/applications')).data as { allowed_origins: string[] }[];
    expect(application!.allowed_origins).to.deep.equal(['https://laden.example.com']);
  });

  it('creates an API token', async () => {
    await navigate('API Tokens');
    await page.getByRole('heading', { name: 'API Tokens', level: 1 }).waitFor();
    await activate(page, 'Neuer Token');
    const create = dialog('Neuen API Token erstellen');
    await create.waitFor();
    await focusWithin(page, '[role="dialog"]');
    // A closed <select> takes the typed start of an option's label; each list is filled (from
    // the server) once the one before it is chosen.
    for (const [field, option] of [
      ['Organisation', 'Tastenwerk GmbH'],
      ['Projekt', 'Tastenshop'],
      ['Anwendung', 'Tastenladen'],
    ] as const) {
      await create.getByRole('option', { name: option }).waitFor({ state: 'attached' });
      await tabTo(page, field);
      await page.keyboard.type(option);
      expect(
        await create
          .getByLabel(field, { exact: true })
          .evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.text),
      ).to.equal(option);
    }
    await typeInto(page, 'Name', 'Tasten-CI');
    await tabTo(page, /^checkbox ".*read/);
    await page.keyboard.press('Space');
    await expectKeyboardOperable(page, '[role="dialog"]');
    await activate(page, 'Token erstellen');
    const shown = dialog('Ihr neuer API Token');
    await shown.getByRole('button', { name: 'Fertig' }).waitFor();
    // The button disabled while sending handed focus to the dialog itself; Shift+Tab from there
    // reaches the dialog's last control instead of bouncing back onto the dialog (a trap).
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).to.match(/^(button|link|textbox) "/);
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).to.equal(
      true,
    );
    await checkBothWidths(page, 'token-created', PREFIX);
    await activate(page, 'Fertig');
    await shown.waitFor({ state: 'detached' });
    const tokens = (await api('GET', '/api/v1/tokens')).data as { name: string; scopes: string[] }[];
    expect(tokens.map((entry) => [entry.name, entry.scopes])).to.deep.equal([['Tasten-CI', ['read']]]);
  });

  it('invites a member', async () => {
    await navigate('Dashboard');
    await page.getByRole('heading', { name: /^Willkommen( zurück)?, Tessa!$/, level: 1 }).waitFor();
    await activate(page, 'Benutzer einladen');
    const invite = dialog('Mitglied einladen');
    await invite.waitFor();
    await focusWithin(page, '[role="dialog"]');
    await typeInto(page, 'E-Mail-Adresse', colleague);
    await checkBothWidths(page, 'invite-dialog', PREFIX);
    await activate(page, 'Einladen');
    await page.getByText('Mitglied eingeladen').first().waitFor();
    await invite.waitFor({ state: 'detached' });
    const [organization] = (await api('GET', '/api/v1/organizations')).data as { id: string }[];
    const members = JSON.stringify(await api('GET', `/api/v1/organizations/${organization!.id}/members`));
    expect(members).to.contain(colleague);
  });

  it('edits an e-mail template', async () => {
    await navigate('E-Mail Templates', true);
    await page.getByRole('heading', { name: 'E-Mail Templates', level: 1 }).waitFor();
    // The only application is chosen already; its templates follow, four buttons each.
    await page.getByRole('button', { name: 'Bearbeiten: welcome (de)' }).waitFor();
    await tabTo(page, 'Bearbeiten: welcome (de)', { max: 200 });
    await page.keyboard.press('Enter');
    const edit = dialog('Template bearbeiten: welcome');
    await edit.waitFor();
    await focusWithin(page, '[role="dialog"]');
    await typeInto(page, 'Betreff', 'Willkommen per Tastatur, {{name}}');
    await expectKeyboardOperable(page, '[role="dialog"]');
    await activate(page, 'Speichern');
    await page.getByText('Template erfolgreich aktualisiert').first().waitFor();
    await page.getByText('Willkommen per Tastatur, {{name}}').first().waitFor();
  });

  it('switches the language to English and back', async () => {
    await header('English');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await header('Deutsch');
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    await page.getByRole('button', { name: 'Abmelden' }).waitFor();
  });

  it('opens analytics and its lifecycle view', async () => {
    await navigate('Analytics', true);
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await activate(page, 'Lifecycle');
    await page.waitForURL(/\/analytics\/lifecycle/);
    await page.getByRole('heading', { name: 'Lifecycle', level: 1 }).waitFor();
    await expectKeyboardOperable(page);
    await checkBothWidths(page, 'analytics-lifecycle', PREFIX);
  });

  it('opens the logs and their second tab with the arrow keys', async () => {
    await navigate('System-Logs', true);
    await page.waitForURL(/\/logs/);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await tabTo(page, /^tab /);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      () =>
        document.activeElement?.getAttribute('role') === 'tab' &&
        document.activeElement.getAttribute('aria-selected') === 'true',
    );
    // The chosen tab's panel loads its data after the switch; walk the page once it has settled
    // (a walk that started while the panel re-rendered lost its starting point and reached nothing).
    await page.waitForLoadState('networkidle');
    await expectKeyboardOperable(page);
    await checkBothWidths(page, 'logs', PREFIX);
  });

  it('signs out', async () => {
    await header('Abmelden');
    await page.waitForURL(`${server.url}/`);
    await page.getByTestId('api-status').waitFor();
  });
});
