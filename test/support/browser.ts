import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { findOrInstallChromium } from '../../scripts/chromium.mjs';

export interface LaunchedBrowser {
  browser: Browser;
  close(): Promise<void>;
}

/** Headless Chromium with a fresh profile and no background network traffic. */
export async function launchBrowser(): Promise<LaunchedBrowser> {
  const executablePath = findOrInstallChromium();
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'iam-chromium-'));
  const browser = await chromium.launch({
    executablePath,
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
      `--user-data-dir=${userDataDir}`,
    ],
  });
  return {
    browser,
    async close() {
      await browser.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '..', '..', 'test-results', 'screenshots');
