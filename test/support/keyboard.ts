import type { Page } from 'playwright-core';

/** The focused element as assistive technology names it: `button "Neues Projekt"`, or `<body>`. */
export async function focused(page: Page): Promise<string> {
  const onBody = await page.evaluate(
    () => !document.activeElement || document.activeElement === document.body,
  );
  if (onBody) return '<body>';
  const snapshot = await page
    .locator('*:focus')
    .first()
    .ariaSnapshot({ timeout: 2000 })
    .catch(() => '');
  // The first line names the element itself; the lines below it are its children.
  // A line holding ": " is YAML-quoted as a whole: '- 'button "Bearbeiten: welcome (de)"': Bearbeiten'.
  return (snapshot.split('\n')[0] ?? '')
    .replace(/^- /, '')
    .replace(/^'(.*)'(:.*)?$/, '$1')
    .replace(/:$/, '')
    .trim();
}

/**
 * Presses `key` and waits (up to a second) until focus has left the element it was on: a menu or
 * a roving tab list moves focus a moment after the key (Radix focuses in an effect), and a read
 * taken before that named the old stop, so the next press went one item too far.
 */
async function pressAndSettle(page: Page, key: string): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __focusBefore?: Element | null }).__focusBefore = document.activeElement;
  });
  await page.keyboard.press(key);
  await page
    .waitForFunction(
      () =>
        document.activeElement !== (window as unknown as { __focusBefore?: Element | null }).__focusBefore,
      undefined,
      { timeout: 1000, polling: 'raf' },
    )
    .catch(() => undefined); // a key that leaves focus where it was (the last item) is a stop too
}

function matches(stop: string, name: string | RegExp): boolean {
  const accessibleName = stop.match(/^[\w-]+ "((?:[^"\\]|\\.)*)"/)?.[1] ?? '';
  return typeof name === 'string' ? accessibleName === name : name.test(stop);
}

/**
 * Moves focus with `key` (Tab by default; Shift+Tab, ArrowDown…) until the focused element's
 * accessible name is `name` (a string: exactly; a RegExp: tested against `role "name"`). The
 * element already focused counts. Fails after `max` presses and lists every stop on the way, so a
 * keyboard user's dead end or unreachable control is named in the failure.
 */
export async function tabTo(
  page: Page,
  name: string | RegExp,
  { key = 'Tab', max = 80 }: { key?: string; max?: number } = {},
): Promise<void> {
  const stops: string[] = [];
  for (let press = 0; press <= max; press += 1) {
    const stop = await focused(page);
    if (matches(stop, name)) return;
    stops.push(stop);
    if (press < max) await pressAndSettle(page, key);
  }
  // One lap is enough to read: a dialog's focus trap repeats its few stops to the end.
  const lap = stops.indexOf(stops[0]!, 1);
  const shown = stops.slice(0, lap > 0 ? lap + 1 : 40);
  throw new Error(`${key} never reached ${String(name)} in ${max} presses; stops: ${shown.join(' → ')}`);
}

/** tabTo, then Enter: follows a link or presses a button as a keyboard user does. */
export async function activate(page: Page, name: string | RegExp, key = 'Tab'): Promise<void> {
  await tabTo(page, name, { key });
  await page.keyboard.press('Enter');
}

/** tabTo a text field, select what it holds and type `text` over it. */
export async function typeInto(page: Page, name: string | RegExp, text: string): Promise<void> {
  await tabTo(page, name);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/**
 * Waits until focus has settled on an element inside `selector` (a dialog that just opened, a
 * new page's main content) — Radix and the router move focus a moment after the click.
 */
export async function focusWithin(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((scope) => Boolean(document.activeElement?.closest(scope)), selector, {
    timeout: 5000,
  });
}
