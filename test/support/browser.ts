import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { findOrInstallChromium } from '../../scripts/chromium.mjs';

export interface LaunchedBrowser {
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Headless system Chromium with no background network traffic. Playwright gives every launch
 * a fresh temporary profile (its own --user-data-dir), removed again on close. `extraArgs` adds
 * switches such as `--host-resolver-rules=MAP some.host 127.0.0.1` (a non-localhost name on loopback).
 */
export async function launchBrowser(options: { extraArgs?: string[] } = {}): Promise<LaunchedBrowser> {
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
      ...(options.extraArgs ?? []),
    ],
  });
  return { browser, close: () => browser.close() };
}

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '..', '..', 'test-results', 'screenshots');
