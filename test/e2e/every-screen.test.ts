import { mkdir } from 'node:fs/promises';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import { DESKTOP } from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';
import { dashboardRoutePatterns, productAnalyticsViews } from '../support/routes.js';
import { checkBothWidths } from '../support/screens.js';

const PASSWORD = 'Jeder-Bildschirm-1';
const POOL_PASSWORD = 'Kundinnen-Passwort-2';
const PREFIX = 'every';

/** The data every parameter of a route is filled from (created in `before`). */
interface Ids {
  organization: string;
  project: string;
  application: string;
  alert: string;
}

/**
 * How one route of dashboard/src/routes.tsx is opened: its address(es) with the parameters filled
 * in, who is signed in, and (for routes that only forward) where it must land instead of being
 * checked again.
 */
interface Screen {
  session: 'signed-out' | 'signed-in' | 'hosted-user';
  addresses: (ids: Ids) => string[];
  /** A route that only forwards: the address it must end at (its target is checked as its own route). */
  forwardsTo?: (ids: Ids) => RegExp;
}

const VIEWS = await productAnalyticsViews();
const PATTERNS = await dashboardRoutePatterns();

const one = (address: string | ((ids: Ids) => string)) => (ids: Ids) => [
  typeof address === 'string' ? address : address(ids),
];

/** Every route pattern of the router → how to open it. A route missing here fails the first test. */
const SCREENS: Record<string, Screen> = {
  '/': { session: 'signed-out', addresses: one('/') },
  '/auth': { session: 'signed-out', addresses: one('/auth') },
  '/email-confirmation': { session: 'signed-out', addresses: one('/email-confirmation') },
  '/docs': { session: 'signed-out', addresses: one('/docs') },
  '/api-docs': { session: 'signed-out', addresses: one('/api-docs') },
  '/auth-demo': { session: 'signed-out', addresses: one('/auth-demo') },
  '/status': { session: 'signed-out', addresses: one('/status') },
  '/*': { session: 'signed-out', addresses: one('/gibt-es-nicht/wirklich-nicht') },
  '/p/:projectId': {
    session: 'signed-out',
    addresses: one((ids) => `/p/${ids.project}`),
    forwardsTo: (ids) => new RegExp(`/p/${ids.project}/sign-in$`),
  },
  '/p/:projectId/*': {
    session: 'signed-out',
    addresses: one((ids) => `/p/${ids.project}/unbekannt`),
    forwardsTo: (ids) => new RegExp(`/p/${ids.project}/sign-in$`),
  },
  '/p/:projectId/sign-in': { session: 'signed-out', addresses: one((ids) => `/p/${ids.project}/sign-in`) },
  '/p/:projectId/sign-up': { session: 'signed-out', addresses: one((ids) => `/p/${ids.project}/sign-up`) },
  '/p/:projectId/reset': { session: 'signed-out', addresses: one((ids) => `/p/${ids.project}/reset`) },
  '/p/:projectId/confirm': { session: 'signed-out', addresses: one((ids) => `/p/${ids.project}/confirm`) },
  // Without an OpenID interaction the consent page says the request has expired; the consent card
  // itself is checked in oidc-sign-in.test.ts, which starts a real authorization request.
  '/p/:projectId/consent': { session: 'signed-out', addresses: one((ids) => `/p/${ids.project}/consent`) },
  '/p/:projectId/account': { session: 'hosted-user', addresses: one((ids) => `/p/${ids.project}/account`) },
  '/dashboard': { session: 'signed-in', addresses: one('/dashboard') },
  '/organizations': { session: 'signed-in', addresses: one('/organizations') },
  '/organizations/:organizationId/roles': {
    session: 'signed-in',
    addresses: one((ids) => `/organizations/${ids.organization}/roles`),
  },
  '/projects': { session: 'signed-in', addresses: one('/projects') },
  '/projects/:projectId': { session: 'signed-in', addresses: one((ids) => `/projects/${ids.project}`) },
  '/projects/:projectId/applications/:applicationId': {
    session: 'signed-in',
    addresses: one((ids) => `/projects/${ids.project}/applications/${ids.application}`),
  },
  '/projects/:projectId/logs': {
    session: 'signed-in',
    addresses: one((ids) => `/projects/${ids.project}/logs?app=${ids.application}`),
  },
  '/tokens': { session: 'signed-in', addresses: one('/tokens') },
  '/analytics': { session: 'signed-in', addresses: one((ids) => `/analytics?app=${ids.application}`) },
  '/analytics/:view': {
    session: 'signed-in',
    addresses: (ids) => VIEWS.map((view) => `/analytics/${view}?app=${ids.application}`),
  },
  '/alerts': { session: 'signed-in', addresses: one('/alerts') },
  '/alerts/:alertId': { session: 'signed-in', addresses: one((ids) => `/alerts/${ids.alert}`) },
  '/logs': { session: 'signed-in', addresses: one('/logs') },
  '/admin': { session: 'signed-in', addresses: one('/admin') },
  '/account/security': { session: 'signed-in', addresses: one('/account/security') },
  '/email-templates': { session: 'signed-in', addresses: one('/email-templates') },
  '/application-email-templates': { session: 'signed-in', addresses: one('/application-email-templates') },
  '/application-email-templates/:applicationId': {
    session: 'signed-in',
    addresses: one((ids) => `/application-email-templates/${ids.application}`),
  },
  '/app-email-templates': {
    session: 'signed-in',
    addresses: one((ids) => `/app-email-templates?project=${ids.project}`),
  },
};

/** A file-name-safe name of an address: `/analytics/pages?app=…` → `analytics-pages`. */
function screenName(address: string): string {
  const name = address
    .split('?')[0]!
    .replace(/[0-9a-f]{24}/g, 'id')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '');
  return name || 'landing';
}

/**
 * The screen has drawn its data: a heading is visible (level 1; an empty state's own heading on
 * the screens that only say what is missing), no skeleton or "loading" status is
 * left, and the lazily loaded chunk has replaced the page loader.
 */
async function settled(page: Page): Promise<void> {
  await page.locator('h1, main h2').first().waitFor({ state: 'visible', timeout: 15_000 });
  await page.waitForFunction(
    () =>
      !document.querySelector('[data-testid="skeleton"]') &&
      ![...document.querySelectorAll('[role="status"]')].some((status) =>
        /Wird geladen|Loading/.test(status.textContent ?? ''),
      ),
    undefined,
    { timeout: 15_000 },
  );
}

/**
 * Each tab of the screen's first tab list (project detail, application detail, logs, admin…):
 * selected with a click, settled, checked at both widths. Returns how many tabs were checked.
 */
async function checkTabs(page: Page, name: string): Promise<number> {
  const tabs = page.locator('main [role="tablist"]').first().getByRole('tab');
  const count = await tabs.count();
  for (let index = 1; index < count; index += 1) {
    const tab = tabs.nth(index);
    const label = ((await tab.textContent()) ?? `tab-${index}`).trim();
    await tab.click();
    await page.waitForFunction(
      (element) => element?.getAttribute('aria-selected') === 'true',
      await tab.elementHandle(),
    );
    await settled(page);
    await checkBothWidths(page, `${name}-tab-${screenName(label.toLowerCase())}`, PREFIX);
  }
  return Math.max(count - 1, 0);
}

/**
 * axe-core finds no serious or critical violation on any screen of the dashboard's router, at
 * 1280 and 375 px, nor horizontal overflow: every route of dashboard/src/routes.tsx (read at run
 * time, so a new route fails the first test until it is listed here), its parameters filled from
 * real data, each tab of the tabbed screens and the main dialogs. Screenshots:
 * test-results/screenshots/every-*-{1280,375}.png.
 */
describe('every dashboard screen, both widths, in Chromium (axe, overflow)', function () {
  this.timeout(120_000);

  let server: StartedServer;
  let launched: LaunchedBrowser;
  let page: Page;
  let ids: Ids;
  let checked = 0;
  const stamp = Date.now().toString(36);
  const email = `jeder.${stamp}@example.com`;
  const customer = `kundin.${stamp}@example.com`;

  async function api(method: string, route: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${server.url}${route}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    expect(response.ok, `${method} ${route}: ${response.status} ${JSON.stringify(json)}`).to.equal(true);
    return json;
  }

  async function open(address: string): Promise<void> {
    await page.goto(`${server.url}${address}`);
    await settled(page);
  }

  async function signIn(): Promise<void> {
    await page.goto(`${server.url}/auth`);
    await page.getByLabel('E-Mail', { exact: true }).fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL(`${server.url}/dashboard`);
  }

  async function signInToPool(): Promise<void> {
    await page.goto(`${server.url}/p/${ids.project}/sign-in`);
    await page.getByLabel('E-Mail', { exact: true }).fill(customer);
    await page.getByLabel('Passwort', { exact: true }).fill(POOL_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL(new RegExp(`/p/${ids.project}/account`));
  }

  before(async function () {
    this.timeout(300_000); // the first run may install Chromium
    [server, launched] = await Promise.all([
      startBuiltServer({ EMAIL_CONFIRMATION_REQUIRED: 'false' }),
      launchBrowser(),
    ]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await api('POST', '/api/v1/auth/register', { email, password: PASSWORD, display_name: 'Jede' });
    const token = (await api('POST', '/api/v1/auth/login', { email, password: PASSWORD })).access_token;
    const auth = { authorization: `Bearer ${token as string}` };
    // The first organization makes this user the global admin (SPEC §6): /admin has its data.
    const organization = await api(
      'POST',
      '/api/v1/organizations',
      { name: 'Jeder Bildschirm GmbH', slug: 'jeder-bildschirm' },
      auth,
    );
    const project = await api(
      'POST',
      '/api/v1/projects',
      { name: 'Webshop', slug: 'webshop', organization_id: organization.id },
      auth,
    );
    const application = await api(
      'POST',
      '/api/v1/applications',
      {
        name: 'Storefront',
        project_id: project.id,
        api_endpoint: 'https://shop.example.com/api',
        allowed_origins: ['https://shop.example.com'],
      },
      auth,
    );
    const alert = await api(
      'POST',
      '/api/v1/alerts',
      {
        application_id: application.id,
        name: 'Viele Bestellungen',
        metric: 'event_count',
        event: 'checkout',
        comparator: 'gte',
        threshold: 100,
        window_s: 300,
      },
      auth,
    );
    await api(
      'POST',
      '/api/v1/tokens',
      { name: 'Jeder-Token', scopes: ['read'], application_id: application.id },
      auth,
    );
    ids = {
      organization: organization.id as string,
      project: project.id as string,
      application: application.id as string,
      alert: alert.id as string,
    };
    // Events from two installations, so the analytics and log screens draw charts and tables.
    const now = Date.now();
    for (const [index, installation] of ['inst_jeder00000001', 'inst_jeder00000002'].entries()) {
      await api(
        'POST',
        '/api/v1/analytics',
        {
          session_info: { installation_id: installation },
          events: ['page_view', 'signup', 'checkout'].map((event, step) => ({
            id: `evt_${stamp}_${index}_${step}`,
            event,
            properties: event === 'page_view' ? { path: '/kasse', title: 'Kasse' } : {},
            timestamp: new Date(now - (step + index) * 60_000).toISOString(),
          })),
        },
        { 'x-application-id': ids.application },
      );
    }
    // An end user of the project's pool for its hosted account page.
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-application-id': ids.application },
      body: JSON.stringify({ email: customer, password: POOL_PASSWORD }),
    });
    expect(registered.status, await registered.clone().text()).to.be.within(200, 201);
    page = await launched.browser.newPage({ viewport: DESKTOP });
  });

  after(async () => {
    console.log(`      ${checked} screens checked, each at 1280 and 375 px`);
    await launched?.close();
    if (server) expect(await server.stop()).to.equal(0);
  });

  it('knows how to open every route of dashboard/src/routes.tsx', () => {
    expect(PATTERNS.length).to.be.greaterThan(30);
    expect(
      PATTERNS.filter((pattern) => !SCREENS[pattern]),
      'routes with no entry in SCREENS (add how to open them)',
    ).to.deep.equal([]);
    expect(
      Object.keys(SCREENS).filter((pattern) => !PATTERNS.includes(pattern)),
      'entries for routes that no longer exist',
    ).to.deep.equal([]);
  });

  const bySession = (session: Screen['session']) =>
    PATTERNS.filter((pattern) => SCREENS[pattern]?.session === session);

  describe('signed out', () => {
    for (const pattern of bySession('signed-out')) {
      it(pattern, async () => {
        const screen = SCREENS[pattern]!;
        for (const address of screen.addresses(ids)) {
          await page.goto(`${server.url}${address}`);
          if (screen.forwardsTo) {
            await page.waitForURL(screen.forwardsTo(ids));
            continue;
          }
          await settled(page);
          await checkBothWidths(page, screenName(address), PREFIX);
          checked += 1 + (await checkTabs(page, screenName(address)));
        }
      });
    }
  });

  describe('signed in to a project’s hosted pages', () => {
    before(signInToPool);
    for (const pattern of bySession('hosted-user')) {
      it(pattern, async () => {
        for (const address of SCREENS[pattern]!.addresses(ids)) {
          await open(address);
          await checkBothWidths(page, screenName(address), PREFIX);
          checked += 1;
        }
      });
    }
  });

  describe('signed in to the dashboard (global admin)', () => {
    before(signIn);
    for (const pattern of bySession('signed-in')) {
      it(pattern, async () => {
        for (const address of SCREENS[pattern]!.addresses(ids)) {
          await open(address);
          await checkBothWidths(page, screenName(address), PREFIX);
          checked += 1 + (await checkTabs(page, screenName(address)));
        }
      });
    }

    const dialogs: Array<[string, string, string]> = [
      ['/organizations', 'Neue Organisation', 'Neue Organisation'],
      ['/organizations', 'Mitglieder', 'Mitglieder von Jeder Bildschirm GmbH'],
      ['/dashboard', 'Benutzer einladen', 'Mitglied einladen'],
      ['/projects', 'Neues Projekt', 'Neues Projekt'],
      ['/projects', 'Neue Anwendung', 'Neue Anwendung'],
      ['/tokens', 'Neuer Token', 'Neuen API Token erstellen'],
      ['/alerts', 'Neue Regel', 'Neue Alert-Regel'],
    ];
    for (const [address, button, title] of dialogs) {
      it(`dialog „${title}“ (${address})`, async () => {
        await open(address);
        await page.getByRole('button', { name: button }).first().click();
        const dialog = page.getByRole('dialog', { name: title });
        await dialog.waitFor();
        await checkBothWidths(page, `dialog-${screenName(button.toLowerCase())}`, PREFIX);
        checked += 1;
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      });
    }
  });
});
