import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PLATFORM_ACTION_NAMESPACES } from '@iam-platform/common';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import { DESKTOP, dismissToasts, expectAccessible } from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';
import { takeScreenshot } from '../support/photograph.js';

const PASSWORD = 'Sprachen-Passwort-1';

/**
 * The dashboard's catalog, loaded at run time (tsx resolves it): its sources import without file
 * extensions, as Vite builds them, which the root tests' type check (node16 resolution) refuses.
 */
const CATALOG: string = '../../dashboard/src/i18n/messages.js';
/** First parts of catalog keys and of the server's audit actions: `nav.…`, `email_template.…`. */
let NAMESPACES: string[] = [];
/** Dotted words that are not keys: domains, files. */
const NOT_KEYS = /\.(com|de|org|net|io|dev|example|test|localhost|js|mjs|py|md|json|ts|html|css|txt|csv)$/;

/**
 * Issue #36: every dashboard screen, in German and in English, in Chromium against the built
 * server — no raw catalog key or audit action (`email_template.created`, `home.resource.other`)
 * may be visible. Code samples (`<code>`, `<pre>`) and form values show what a developer types and
 * are not judged. The account has organizations, a project, an application, templates copied and
 * created and a mail sent, so "Letzte Aktivitäten" holds the actions that were shown raw.
 */
describe('no raw keys on any dashboard screen, German and English (#36)', function () {
  this.timeout(300_000);

  let server: StartedServer;
  let launched: LaunchedBrowser;
  let page: Page;
  const email = `sprachen.${Date.now()}@example.com`;
  let ids: { organization: string; project: string; application: string };

  async function api(route: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
    const response = await fetch(`${server.url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    expect(response.ok, `${route}: ${JSON.stringify(json)}`).to.equal(true);
    return json;
  }

  /** The raw keys a person would see on the page: text, labels, placeholders, tooltips. */
  async function rawKeys(): Promise<string[]> {
    return page.evaluate(
      ({ namespaces, notKeys }) => {
        const pattern = new RegExp(
          `(?<![\\w@./:-])((?:${namespaces.join('|')})(?:\\.[A-Za-z0-9_]+)+)(?![\\w@-])`,
          'g',
        );
        // No helper functions in here: the test runner's transform would name them (__name).
        const skipped = 'code, pre, script, style, [hidden]';
        const texts: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (!parent || parent.closest(skipped)) continue;
          if (parent.getClientRects().length === 0) continue;
          texts.push(node.textContent ?? '');
        }
        for (const element of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
          if (element.closest(skipped)) continue;
          for (const name of ['aria-label', 'placeholder', 'title'])
            texts.push(element.getAttribute(name) ?? '');
        }
        const found = new Set<string>();
        const notKey = new RegExp(notKeys);
        for (const text of texts)
          for (const match of text.matchAll(pattern)) if (!notKey.test(match[1]!)) found.add(match[1]!);
        return [...found];
      },
      { namespaces: NAMESPACES, notKeys: NOT_KEYS.source },
    );
  }

  /** Opens a screen, lets its data arrive, and fails on any raw key; returns what was judged. */
  async function visit(route: string, locale: 'de' | 'en', ready?: () => Promise<unknown>): Promise<void> {
    await page.goto(`${server.url}${route}`);
    // Hosted pages (/p/…) speak the project's language settings; every other screen the UI's.
    if (!route.startsWith('/p/'))
      await page.waitForFunction((wanted) => document.documentElement.lang === wanted, locale);
    await page.waitForLoadState('networkidle');
    await ready?.();
    // Skeletons and "Wird geladen …" give way to data.
    await page
      .waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 5000 })
      .catch(() => undefined);
    await page.waitForTimeout(150);
    expect(await rawKeys(), `${route} (${locale})`).to.deep.equal([]);
  }

  before(async function () {
    const { de } = (await import(CATALOG)) as { de: Record<string, string> };
    NAMESPACES = [
      ...new Set([...Object.keys(de).map((key) => key.split('.')[0]!), ...PLATFORM_ACTION_NAMESPACES]),
    ];
    this.timeout(300_000);
    [server, launched] = await Promise.all([
      startBuiltServer({ EMAIL_CONFIRMATION_REQUIRED: 'false' }),
      launchBrowser(),
    ]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await api('/api/v1/auth/register', { email, password: PASSWORD, display_name: 'Sina Sprachen' });
    const { access_token: token } = (await api('/api/v1/auth/login', { email, password: PASSWORD })) as {
      access_token: string;
    };
    const organization = await api(
      '/api/v1/organizations',
      { name: 'Sprachen GmbH', slug: 'sprachen' },
      token,
    );
    const project = await api(
      '/api/v1/projects',
      { name: 'Übersetzungen', slug: 'uebersetzungen', organization_id: organization.id },
      token,
    );
    const application = await api('/api/v1/applications', { name: 'Shop', project_id: project.id }, token);
    ids = {
      organization: organization.id as string,
      project: project.id as string,
      application: application.id as string,
    };
    // The actions that reached "Letzte Aktivitäten" as raw keys.
    await api(`/api/v1/applications/${ids.application}/email-templates/copy-system`, {}, token);
    await api(
      '/api/v1/email-templates',
      {
        application_id: ids.application,
        name: 'newsletter',
        subject: 'Neuigkeiten',
        html_content: '<p>Hallo {{name}}</p>',
      },
      token,
    );
    await fetch(`${server.url}/api/v1/email/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        to: email,
        subject: 'Test',
        html: '<p>Test</p>',
        applicationId: ids.application,
      }),
    });

    page = await launched.browser.newPage({ viewport: DESKTOP });
    await page.goto(`${server.url}/auth`);
    await page.getByLabel('E-Mail', { exact: true }).fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL(`${server.url}/dashboard`);
  });

  after(async () => {
    await launched?.close();
    if (server) expect(await server.stop()).to.equal(0);
  });

  const projectTabs = [
    'applications',
    'users',
    'sign-in',
    'roles',
    'policies',
    'analytics',
    'logs',
    'email',
    'settings',
  ];
  const applicationTabs = ['analytics', 'logs', 'email', 'oidc', 'settings'];
  const screens = () => [
    '/dashboard',
    '/organizations',
    `/organizations/${ids.organization}/roles`,
    '/projects',
    ...projectTabs.map((tab) => `/projects/${ids.project}?tab=${tab}`),
    ...applicationTabs.map((tab) => `/projects/${ids.project}/applications/${ids.application}?tab=${tab}`),
    `/projects/${ids.project}/logs`,
    '/tokens',
    '/analytics',
    '/logs',
    '/admin',
    '/account/security',
    '/email-templates',
    `/email-templates?app=${ids.application}`,
    `/application-email-templates/${ids.application}`,
    `/app-email-templates?project=${ids.project}`,
    '/docs',
    '/auth-demo',
    `/auth-demo?applicationId=${ids.application}`,
    '/seite-gibt-es-nicht',
  ];

  for (const locale of ['de', 'en'] as const) {
    it(`shows no raw key on any signed-in screen (${locale})`, async () => {
      if (locale === 'en') {
        await page.goto(`${server.url}/dashboard`);
        await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
        await page.waitForFunction(() => document.documentElement.lang === 'en');
      }
      // The home's recent activity names the e-mail template and mail actions in words.
      await visit('/dashboard', locale, () => page.getByTestId('recent-activity').waitFor());
      const activity = (await page.getByTestId('recent-activity').textContent()) ?? '';
      expect(activity).to.contain(locale === 'de' ? 'System-Templates kopiert' : 'System templates copied');
      expect(activity).to.contain(locale === 'de' ? 'E-Mail-Template' : 'E-mail template');
      expect(activity).not.to.contain('Sonstiges');
      await dismissToasts(page);
      await takeScreenshot(page, {
        path: path.join(SCREENSHOT_DIR, `i18n-dashboard-${locale}-1280.png`),
        fullPage: true,
      });
      for (const route of screens()) await visit(route, locale);
      // The 404 page and the docs speak the UI's language.
      await visit('/seite-gibt-es-nicht', locale);
      await page
        .getByText(locale === 'de' ? 'Hoppla! Seite nicht gefunden' : 'Oops! Page not found', { exact: true })
        .waitFor();
      await visit('/docs', locale);
      await page
        .getByRole('heading', { name: locale === 'de' ? 'API-Dokumentation' : 'API documentation', level: 1 })
        .waitFor();
      await visit(`/auth-demo?applicationId=${ids.application}`, locale);
      await page
        .locator('iam-auth-dialog')
        .getByRole('heading', { name: locale === 'de' ? 'Anmelden' : 'Sign in' })
        .waitFor();
      await expectAccessible(page, `/auth-demo (${locale})`);
      await takeScreenshot(page, { path: path.join(SCREENSHOT_DIR, `i18n-auth-demo-${locale}-1280.png`) });
    });
  }

  it('shows no raw key on the public and hosted screens, in both languages', async () => {
    const publicPage = await launched.browser.newPage({ viewport: DESKTOP });
    const signedIn = page;
    page = publicPage;
    try {
      for (const locale of ['de', 'en'] as const) {
        if (locale === 'en') {
          await page.goto(`${server.url}/auth`);
          await page.getByRole('button', { name: 'English' }).first().click();
          await page.waitForFunction(() => document.documentElement.lang === 'en');
        }
        for (const route of [
          '/',
          '/auth',
          '/auth?tab=register',
          '/email-confirmation',
          '/docs',
          '/seite-gibt-es-nicht',
          `/p/${ids.project}/sign-in`,
          `/p/${ids.project}/sign-up`,
        ])
          await visit(route, locale);
      }
    } finally {
      page = signedIn;
      await publicPage.close();
    }
  });
});
