import {
  errors,
  type Locator,
  type LocatorScreenshotOptions,
  type Page,
  type PageScreenshotOptions,
} from 'playwright-core';

/** Long enough for a full page at 375 px on a loaded CI machine; far below the test's own timeout. */
const FIRST_TRY_MS = 12_000;

/**
 * `page.screenshot` (or a locator's) that survives a capture Chromium never answers. Headless
 * Chromium now and then never hands over the frame a capture waits for (seen once in CI: a
 * full-page shot after two viewport changes hung 30 s after "fonts loaded", the page itself
 * fine). A screenshot is a record for people to look at, not an assertion, so a hung capture
 * gets one more try after the page has drawn a fresh frame; a second hang still fails the test.
 */
export async function takeScreenshot(
  target: Page | Locator,
  options: PageScreenshotOptions & { path: string },
): Promise<void> {
  try {
    await shoot(target, { ...options, timeout: FIRST_TRY_MS });
  } catch (error) {
    if (!(error instanceof errors.TimeoutError)) throw error;
    const page = 'mainFrame' in target ? target : target.page();
    // Ask for a frame: requestAnimationFrame runs only when Chromium paints one.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    await shoot(target, { ...options, timeout: 30_000 });
  }
}

function shoot(target: Page | Locator, options: PageScreenshotOptions): Promise<Buffer> {
  // A locator takes only the options both share (path, timeout, …), never fullPage or clip.
  return 'mainFrame' in target
    ? target.screenshot(options)
    : target.screenshot(options as LocatorScreenshotOptions);
}
