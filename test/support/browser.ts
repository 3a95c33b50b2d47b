import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { findOrInstallChromium } from '../../scripts/chromium.mjs';

export interface LaunchedBrowser {
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Headless system Chromium with no background network traffic. Playwright gives every launch
 * a fresh temporary profile (its own --user-data-dir), removed again on close.
 */
export async function launchBrowser(): Promise<LaunchedBrowser> {
  const browser = await chromium.launch({
    executablePath: findOrInstallChromium(),
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return { browser, close: () => browser.close() };
}

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '..', '..', 'test-results', 'screenshots');
