import path from 'node:path';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { SCREENSHOT_DIR } from './browser.js';
import { DESKTOP, dismissToasts, expectAccessible, PHONE } from './checks.js';
import { takeScreenshot } from './photograph.js';

/** Full-page photographs stop here: /docs is 20,000 px tall, and its first screens tell enough. */
const MAX_SHOT_HEIGHT = 6000;

/**
 * The page is no wider than the viewport. Charts and scrolling tab lists follow a resize a moment
 * later (a ResizeObserver), so this waits up to two seconds for the width to settle; then it
 * names the widest elements that stick out, outside any element that scrolls sideways itself.
 */
export async function expectNoOverflowSettled(page: Page, where: string): Promise<void> {
  const deadline = Date.now() + 2000;
  let overflow: number;
  do {
    overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow <= 0) return;
    await page.waitForTimeout(150);
  } while (Date.now() < deadline);
  const culprits = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .filter((element) => {
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(parent).overflowX)) return false;
        }
        return true;
      })
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 40)}`),
  );
  expect(overflow, `${where}: horizontal overflow in px (${culprits.join(', ')})`).to.be.at.most(0);
}

async function photograph(page: Page, file: string): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const { width } = page.viewportSize()!;
  await takeScreenshot(page, {
    path: path.join(SCREENSHOT_DIR, file),
    fullPage: true,
    clip: { x: 0, y: 0, width, height: Math.min(height, MAX_SHOT_HEIGHT) },
  });
}

/**
 * What checkScreen (checks.ts) checks — axe-core finds no serious or critical violation and
 * nothing sticks out sideways, at 1280 and then at 375 px, photographed at both — for a test
 * that walks dozens of screens: overflow waits for charts to follow the resize instead of a fixed
 * pause, and photographs of very long pages are cut at MAX_SHOT_HEIGHT.
 * Files: test-results/screenshots/<prefix>-<name>-{1280,375}.png.
 */
export async function checkBothWidths(page: Page, name: string, prefix: string): Promise<void> {
  await dismissToasts(page);
  for (const viewport of [DESKTOP, PHONE]) {
    if (page.viewportSize()?.width !== viewport.width) await page.setViewportSize(viewport);
    // Entering dialogs and freshly drawn charts settle before they are judged.
    await page.waitForTimeout(200);
    await expectNoOverflowSettled(page, `${name} at ${viewport.width}`);
    await expectAccessible(page, `${name} at ${viewport.width}`);
    await photograph(page, `${prefix}-${name}-${viewport.width}.png`);
  }
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(150);
}
