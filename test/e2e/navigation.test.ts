import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import {
  checkScreen,
  DESKTOP,
  dismissToasts,
  expectAccessible,
  expectKeyboardOperable,
  expectNoHorizontalOverflow,
  linkFromOutbox,
  PHONE,
} from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';
import { takeScreenshot } from '../support/photograph.js';

const PASSWORD = 'Navigation-Passwort-1';
const NEW_PASSWORD = 'Navigation-Passwort-2';
const LONG_NAME = 'Müller & Söhne Maschinenbau und Anlagentechnik Gesellschaft mit beschränkter Haftung';

/**
 * Issue #36, what a new team meets first, in Chromium against the built server: the wide header
 * offers every area (a "Mehr" menu, by keyboard), phones see that tab bars scroll, slugs keep
 * German letters, the members dialog keeps focus and closes on Escape after "Einladen" under a
 * long title, and a session ended elsewhere (password reset) is explained on /auth. Screens at
 * 1280 and 375 px: test-results/screenshots/navigation-*.png.
 */
describe('navigation, tab bars, members dialog and stale sessions in Chromium (#36)', function () {
  this.timeout(240_000);

  let server: StartedServer;
  let launched: LaunchedBrowser;
  let page: Page;
  const email = `navigation.${Date.now()}@example.com`;
  const colleague = `kollegin.${Date.now()}@example.com`;
  let ids: { organization: string; project: string };

  async function api(route: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
    const response = await fetch(`${server.url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    expect(response.ok, `${route}: ${JSON.stringify(json)}`).to.equal(true);
    return json;
  }

  async function box(locator: Locator) {
    await locator.waitFor();
    const found = await locator.boundingBox();
    expect(found, 'element has a box').to.not.equal(null);
    return found!;
  }

  async function signIn(password: string): Promise<void> {
    await page.getByLabel('E-Mail', { exact: true }).fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  }

  const shot = (name: string) =>
    takeScreenshot(page, { path: path.join(SCREENSHOT_DIR, `navigation-${name}.png`), fullPage: false });

  before(async function () {
    this.timeout(300_000);
    [server, launched] = await Promise.all([
      startBuiltServer({ EMAIL_CONFIRMATION_REQUIRED: 'false' }),
      launchBrowser(),
    ]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await api('/api/v1/auth/register', { email, password: PASSWORD, display_name: 'Nora Navigation' });
    await api('/api/v1/auth/register', {
      email: colleague,
      password: PASSWORD,
      display_name: 'Kira Kollegin',
    });
    const { access_token: token } = (await api('/api/v1/auth/login', { email, password: PASSWORD })) as {
      access_token: string;
    };
    const organization = await api(
      '/api/v1/organizations',
      { name: LONG_NAME, slug: 'mueller-soehne' },
      token,
    );
    const project = await api(
      '/api/v1/projects',
      { name: 'Webshop', slug: 'webshop', organization_id: organization.id },
      token,
    );
    ids = { organization: organization.id as string, project: project.id as string };

    page = await launched.browser.newPage({ viewport: DESKTOP });
    await page.goto(`${server.url}/auth`);
    await signIn(PASSWORD);
    await page.waitForURL(`${server.url}/dashboard`);
  });

  after(async () => {
    await launched?.close();
    if (server) expect(await server.stop()).to.equal(0);
  });

  it('offers Analytics, System-Logs, E-Mail Templates and Docs in the wide header from 1200 to 1920 px, beside the alerts bell, by keyboard', async () => {
    const header = page.getByRole('banner');
    const more = header.getByRole('button', { name: 'Mehr' });
    const menu = page.getByRole('menu', { name: 'Mehr' });
    for (const width of [1200, 1280, 1440, 1600, 1920]) {
      await page.setViewportSize({ width, height: DESKTOP.height });
      const trigger = await box(more);
      expect(trigger.x + trigger.width, `"Mehr" inside the window at ${width} px`).to.be.at.most(width);
      const signOut = await box(header.getByRole('button', { name: 'Abmelden' }));
      expect(width - (signOut.x + signOut.width), `sign-out gap at ${width} px`).to.be.at.least(16);
      // The alerts bell sits beside "Abmelden", never over it (it did at 1280 px: the squeezed user area
      // let the button run under the bell).
      const bell = await box(header.getByTestId('alert-bell'));
      expect(bell.x, `alerts bell clear of "Abmelden" at ${width} px`).to.be.at.least(
        signOut.x + signOut.width,
      );
      await expectNoHorizontalOverflow(page, `/dashboard at ${width}`);
      // A menu button: Enter opens it with the first item focused, Escape closes it and focus returns.
      await more.focus();
      await page.keyboard.press('Enter');
      await menu.waitFor();
      expect(await menu.getByRole('menuitem').allTextContents()).to.deep.equal([
        'Analytics',
        'System-Logs',
        'E-Mail Templates',
        'Docs',
      ]);
      // Radix moves focus into the menu a moment after drawing it: waited for, then read.
      await page
        .waitForFunction(() => document.activeElement?.textContent === 'Analytics', undefined, {
          timeout: 5000,
        })
        .catch(() => undefined);
      expect(await page.evaluate(() => document.activeElement?.textContent)).to.equal('Analytics');
      if (width === 1280) await shot('more-menu-1280');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      // Focus returns to the button once the menu has closed (Radix hands it back a frame later).
      await page.waitForFunction(
        () => document.activeElement?.getAttribute('data-testid') === 'more-trigger',
        undefined,
        { timeout: 5000 },
      );
    }

    // Every control of the wide header is reached with Tab and shows focus.
    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await dismissToasts(page);
    const stops = await expectKeyboardOperable(page);
    expect(stops).to.include('Mehr');

    // /email-templates had no entry in the wide header at all: reach it by keyboard alone.
    const focused = (text: string) =>
      page.waitForFunction((wanted) => document.activeElement?.textContent === wanted, text, {
        timeout: 3000,
      });
    await more.focus();
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await focused('Analytics');
    // One key at a time, each waited for: the menu may still be settling its focus after opening, and a
    // key pressed into that moment lands on the menu itself (a person sees nothing move and presses again).
    for (const wanted of ['System-Logs', 'E-Mail Templates']) {
      for (let attempt = 0; ; attempt++) {
        await page.keyboard.press('ArrowDown');
        const reached = await focused(wanted).then(
          () => true,
          () => false,
        );
        if (reached) break;
        if (attempt === 2) throw new Error(`ArrowDown never reached "${wanted}" in the "Mehr" menu`);
      }
    }
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.pathname === '/email-templates');
    // The button is marked while one of its pages is shown.
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="more-trigger"]')?.classList.contains('active'),
    );
    await more.click();
    expect(
      await menu.getByRole('menuitem', { name: 'E-Mail Templates' }).getAttribute('aria-current'),
    ).to.equal('page');
    await page.keyboard.press('Escape');
    await expectAccessible(page, '/email-templates with the header');

    // Phones: the menu holds every area, Docs included.
    await page.setViewportSize(PHONE);
    await header.getByRole('button', { name: 'Menü' }).click();
    const phoneMenu = page.locator('#dashboard-menu').getByRole('navigation');
    for (const name of ['Analytics', 'System-Logs', 'E-Mail Templates', 'Docs'])
      await phoneMenu.getByRole('link', { name, exact: true }).waitFor();
    await expectAccessible(page, 'small-screen menu');
    await shot('menu-375');
    await header.getByRole('button', { name: 'Menü' }).click();
    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.url}/dashboard`);
    await checkScreen(page, 'dashboard', 'navigation');
  });

  it('shows at 375 px that a tab bar scrolls, and brings the chosen tab into view', async () => {
    /** The bar's state as a person sees it: which edges fade, and whether the active tab is visible. */
    const read = (frame: Locator) =>
      frame.evaluate((element) => {
        const list = element.querySelector<HTMLElement>('[role="tablist"]')!;
        const active = list.querySelector<HTMLElement>('[role="tab"][data-state="active"]')!;
        const shown = list.getBoundingClientRect();
        const tab = active.getBoundingClientRect();
        return {
          scrolls: list.scrollWidth > list.clientWidth,
          fadeStart: getComputedStyle(element, '::before').opacity,
          fadeEnd: getComputedStyle(element, '::after').opacity,
          activeInView: tab.left >= shown.left - 1 && tab.right <= shown.right + 1,
          active: active.textContent,
        };
      });

    await page.setViewportSize(PHONE);
    for (const [name, route, last] of [
      ['project', `/projects/${ids.project}`, 'Einstellungen'],
      ['application-logs', `/projects/${ids.project}/logs`, 'Anonyme Nutzer'],
      ['logs', '/logs', 'Funktionsstatistik'],
    ] as const) {
      await page.goto(`${server.url}${route}`);
      const frame = page.getByTestId('scrolling-tabs').first();
      await frame.waitFor();
      await page.waitForTimeout(200); // the fade's transition
      const start = await read(frame);
      if (start.scrolls) {
        expect(start, `${name}: the hidden end fades out`).to.include({ fadeStart: '0', fadeEnd: '1' });
      }
      // Keyboard: End moves to (and activates) the last tab, which scrolls into view.
      await frame.getByRole('tab', { selected: true }).focus();
      await page.keyboard.press('End');
      await frame.getByRole('tab', { name: last, selected: true }).waitFor();
      await page.waitForTimeout(200);
      const end = await read(frame);
      expect(end.activeInView, `${name}: "${last}" in view`).to.equal(true);
      if (end.scrolls) expect(end, `${name}: the start now hides tabs`).to.include({ fadeStart: '1' });
      if (name === 'project') expect(start.scrolls, 'nine tabs do not fit 375 px').to.equal(true);
      await expectNoHorizontalOverflow(page, `${name} at 375`);
      await expectAccessible(page, `${name} tabs at 375`);
      await takeScreenshot(page, {
        path: path.join(SCREENSHOT_DIR, `navigation-tabs-${name}-375.png`),
        clip: { x: 0, y: 0, width: PHONE.width, height: PHONE.height },
      });
    }

    // Arriving at a later tab by address shows it too.
    await page.goto(`${server.url}/projects/${ids.project}?tab=settings`);
    const frame = page.getByTestId('scrolling-tabs').first();
    await frame.getByRole('tab', { name: 'Einstellungen', selected: true }).waitFor();
    await page.waitForTimeout(200);
    expect((await read(frame)).activeInView, 'a linked tab is in view').to.equal(true);
    await page.setViewportSize(DESKTOP);
    await takeScreenshot(page, { path: path.join(SCREENSHOT_DIR, 'navigation-tabs-project-1280.png') });
  });

  it('derives slugs with German letters spelled out ("Müller & Söhne" → mueller-soehne)', async () => {
    await page.goto(`${server.url}/organizations`);
    await page.getByRole('button', { name: 'Neue Organisation' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Neue Organisation' });
    await dialog.getByLabel('Name', { exact: true }).fill('Müller & Söhne');
    expect(await dialog.getByLabel('Slug').inputValue()).to.equal('mueller-soehne');
    await checkScreen(page, 'slug', 'navigation');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('keeps focus in the members dialog after "Einladen", closes it on Escape, and keeps the long title clear of the close button', async () => {
    await page.goto(`${server.url}/organizations`);
    await page.getByRole('button', { name: 'Mitglieder', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: `Mitglieder von ${LONG_NAME}` });
    await dialog.waitFor();
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      const close = await box(dialog.getByRole('button', { name: 'Schließen' }).last());
      // Each line of the title's text, as drawn.
      const lines = await dialog
        .getByRole('heading', { level: 2 })
        .first()
        .evaluate((heading) => {
          const range = document.createRange();
          range.selectNodeContents(heading);
          return [...range.getClientRects()].map(({ x, y, width, height }) => ({ x, y, width, height }));
        });
      expect(lines.length, 'the title is drawn').to.be.greaterThan(0);
      const hit = lines.filter(
        (line) =>
          line.x < close.x + close.width &&
          close.x < line.x + line.width &&
          line.y < close.y + close.height &&
          close.y < line.y + line.height,
      );
      expect(hit, `title lines under the close button at ${viewport.width} px`).to.deep.equal([]);
    }
    await page.setViewportSize(DESKTOP);

    await dialog.getByLabel('E-Mail').fill(colleague);
    await dialog.getByRole('button', { name: 'Einladen' }).click();
    await page.getByText('Mitglied eingeladen').first().waitFor();
    await dialog.getByTestId('member-row').filter({ hasText: colleague }).waitFor();
    const focus = await page.evaluate(() => ({
      onBody: document.activeElement === document.body,
      inDialog: Boolean(document.activeElement?.closest('[role="dialog"]')),
    }));
    expect(focus, 'focus after "Einladen"').to.deep.equal({ onBody: false, inDialog: true });
    await checkScreen(page, 'members-invited', 'navigation');
    // Tab keeps moving within the dialog.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).to.equal(
      true,
    );
    // Escape closes it, even with the success toast still showing.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Radix hands focus back to the opener a moment after the dialog is gone: wait for it, as a
    // keyboard user would, then name where it is (a read taken at once found it still on <body>).
    await page
      .waitForFunction(() => document.activeElement?.textContent?.trim() === 'Mitglieder', undefined, {
        timeout: 5000,
      })
      .catch(() => undefined);
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).to.equal('Mitglieder');
  });

  it('says on /auth why a session ended elsewhere (password reset), in German and English', async () => {
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The password is reset from another device: the server ends every session.
    const requested = new Date(Date.now() - 1000);
    await api('/api/v1/password-reset', { action: 'generate', email });
    const link = await linkFromOutbox(
      server.url,
      email,
      /https?:\/\/\S+\/auth\?mode=reset&token=[^\s"<>]+/,
      requested,
    );
    const token = new URL(link).searchParams.get('token');
    await api('/api/v1/password-reset', { action: 'reset', token, new_password: NEW_PASSWORD });

    // Back in this browser: the next visit finds the stored session refused.
    await page.goto(`${server.url}/projects`);
    await page.waitForURL(/\/auth\?redirect=%2Fprojects/);
    const alert = page.getByRole('alert').filter({ hasText: 'Ihre Sitzung wurde beendet' });
    await alert.waitFor();
    expect(await alert.textContent()).to.contain('Passwort');
    await checkScreen(page, 'session-ended', 'navigation');
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your session has ended' }).waitFor();
    await page.getByRole('button', { name: 'Deutsch' }).click();

    // Signing in again clears the notice and returns to the page asked for.
    await signIn(NEW_PASSWORD);
    await page.waitForURL(`${server.url}/projects`);
    await page.goto(`${server.url}/auth`);
    await page.waitForURL(`${server.url}/dashboard`);
  });
});
