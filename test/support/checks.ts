import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { SCREENSHOT_DIR } from './browser.js';
import { takeScreenshot } from './photograph.js';

const require = createRequire(import.meta.url);
const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** A free loopback port, so that the links in the server's mails can point at this very server. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Waits for a mail to `to` in the server's development outbox whose text has a link matching
 * `pattern` and that was sent at or after `notBefore`; returns the link.
 */
export async function linkFromOutbox(
  serverUrl: string,
  to: string,
  pattern: RegExp,
  notBefore: Date,
): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${serverUrl}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
    expect(response.status).to.equal(200);
    const { data } = (await response.json()) as { data: { text: string; created_at: string }[] };
    for (const mail of data) {
      const link = mail.text.match(pattern)?.[0];
      if (link && new Date(mail.created_at) >= notBefore) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} with a link matching ${pattern}`);
}

/**
 * axe-core on the page as it is: no serious or critical accessibility violations. The server's
 * CSP rightly refuses inline scripts (which addScriptTag would add), so axe is evaluated through
 * the DevTools protocol instead.
 */
export async function expectAccessible(page: Page, where = page.url()): Promise<void> {
  // Once per document: the 500 kB script costs a second to evaluate on a busy machine.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await readFile(AXE_SCRIPT, 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run();
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }));
  });
  const serious = violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  expect(serious, `${where}: ${JSON.stringify(serious, null, 2)}`).to.deep.equal([]);
}

/** The page is no wider than the viewport (nothing to scroll sideways). */
export async function expectNoHorizontalOverflow(page: Page, where = page.url()): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${where}: horizontal overflow in px`).to.be.at.most(0);
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

/**
 * Closes the toasts still showing, so that the photographs show the screen. Only without an
 * open dialog: a click outside a modal dialog would close it.
 */
export async function dismissToasts(page: Page): Promise<void> {
  if (await page.getByRole('dialog').count()) return;
  const closers = page
    .getByRole('region', { name: /Benachrichtigungen/ })
    .getByRole('button', { name: 'Schließen' });
  while ((await closers.count()) > 0) await closers.first().click();
}

/**
 * The screen as it stands: accessible and without horizontal overflow at 1280 px, photographed,
 * then the same at 375 px, then back to 1280 px. Screenshots go to
 * test-results/screenshots/<prefix>-<name>-<width>.png.
 */
export async function checkScreen(page: Page, name: string, prefix = 'walkthrough'): Promise<void> {
  await dismissToasts(page);
  // Let entering dialogs and freshly loaded data settle before judging and photographing.
  await page.waitForTimeout(300);
  await expectNoHorizontalOverflow(page, `${name} at 1280`);
  await expectAccessible(page, `${name} at 1280`);
  await takeScreenshot(page, {
    path: path.join(SCREENSHOT_DIR, `${prefix}-${name}-1280.png`),
    fullPage: true,
  });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  await expectNoHorizontalOverflow(page, `${name} at 375`);
  await expectAccessible(page, `${name} at 375`);
  await takeScreenshot(page, {
    path: path.join(SCREENSHOT_DIR, `${prefix}-${name}-375.png`),
    fullPage: true,
  });
  await page.setViewportSize(DESKTOP);
  // Layouts switch at breakpoints (e.g. scrolling tab lists): let the page settle so the next
  // click lands where the element now is.
  await page.waitForTimeout(300);
}

interface FocusStop {
  index: number;
  label: string;
  visibleFocus: boolean;
  inside: boolean;
}

/**
 * Walks the page with the Tab key from the top (or from inside `within`, e.g. an open dialog)
 * until focus comes round again. Checks what a keyboard user notices: every visible, enabled
 * control is reached; each shows a focus indicator (outline or ring); and with `within`, focus
 * never leaves it (a focus trap). Returns the labels of the stops, in order.
 */
export async function expectKeyboardOperable(page: Page, within?: string, maxStops = 120): Promise<string[]> {
  await page.evaluate((scope) => {
    for (const element of document.querySelectorAll('[data-keyboard-stop]')) {
      element.removeAttribute('data-keyboard-stop');
    }
    if (!scope) {
      // blur() alone leaves Chromium's focus navigation starting point where focus was (say the
      // link that led here), and Tab went on from there, missing the header. Focus a marker at
      // the very top instead (not itself a Tab stop), removed after the walk.
      const start = document.createElement('span');
      start.tabIndex = -1;
      start.setAttribute('data-keyboard-start', '');
      document.body.prepend(start);
      start.focus({ preventScroll: true });
      window.scrollTo(0, 0);
    }
  }, within ?? null);
  const stops: FocusStop[] = [];
  // A render that lands between the blur above and the first Tab can leave focus on <body>: the
  // walk then starts again (at most a few times) instead of reporting every control unreached.
  let restarts = 3;
  for (let step = 0; step < maxStops; step += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(
      ({ scope, index }) => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        if (element.hasAttribute('data-keyboard-stop')) return null; // came round again
        element.setAttribute('data-keyboard-stop', String(index));
        const style = getComputedStyle(element);
        const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
        const ringed = style.boxShadow !== 'none';
        const label =
          element.getAttribute('aria-label') ||
          element.textContent?.trim().slice(0, 40) ||
          element.getAttribute('name') ||
          element.tagName.toLowerCase();
        return {
          index,
          label,
          visibleFocus: outlined || ringed,
          inside: scope ? Boolean(element.closest(scope)) : true,
        };
      },
      { scope: within ?? null, index: step },
    );
    if (!stop && stops.length === 0 && restarts-- > 0) {
      await page.waitForTimeout(100);
      continue;
    }
    if (!stop) break;
    stops.push(stop);
  }
  await page.evaluate(() => document.querySelector('[data-keyboard-start]')?.remove());
  expect(
    stops.filter((stop) => !stop.visibleFocus).map((stop) => stop.label),
    'controls without a visible focus indicator',
  ).to.deep.equal([]);
  expect(
    stops.filter((stop) => !stop.inside).map((stop) => stop.label),
    `focus left ${within}`,
  ).to.deep.equal([]);
  const unreached = await page.evaluate((scope) => {
    const root: ParentNode = (scope && document.querySelector(scope)) || document;
    const selector =
      'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
    return (
      [...root.querySelectorAll<HTMLElement>(selector)]
        .filter((element) => element.tabIndex >= 0 && element.getClientRects().length > 0)
        .filter((element) => !element.closest('[inert], [aria-hidden="true"]'))
        // Radix's invisible focus guards at the edges of <body>, and the toast region's two focus
        // proxies beside its list (while toasts show), hand focus on at once: no controls.
        .filter((element) => !element.hasAttribute('data-radix-focus-guard'))
        .filter(
          (element) =>
            !element.matches(
              '[role="region"] > span[tabindex="0"]:has(~ ol), [role="region"] > ol ~ span[tabindex="0"]',
            ),
        )
        .filter((element) => !element.hasAttribute('data-keyboard-stop'))
        // Containers that hand focus on to an item (Radix tab lists, roving groups).
        .filter((element) => !element.querySelector('[data-keyboard-stop]'))
        // A radio group is one Tab stop; the arrow keys move within it.
        .filter(
          (element) =>
            !(element instanceof HTMLInputElement && element.type === 'radio') ||
            !document.querySelector(`input[type="radio"][name="${element.name}"][data-keyboard-stop]`),
        )
        .map(
          (element) =>
            element.getAttribute('aria-label') ||
            element.textContent?.trim().slice(0, 40) ||
            element.outerHTML.slice(0, 80),
        )
    );
  }, within ?? null);
  expect(unreached, 'controls the Tab key never reaches').to.deep.equal([]);
  return stops.map((stop) => stop.label);
}

/** Polls until `check` passes (what a person watching a screen would wait for); returns the value. */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => void,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    try {
      check(value);
      return value;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
