export type PageViewTrigger = 'load' | 'pushState' | 'replaceState' | 'popstate';

/** SPEC §9: the page view of a load is logged after 1 second. */
export const PAGE_VIEW_DELAY_MS = 1000;
const NAVIGATION_EVENT = 'iam-sdk:navigation';
const PATCHED = Symbol.for('iam-sdk.history-patched');

/**
 * Makes pushState/replaceState observable as a window event. Done once per window, however many
 * SDK copies or instances run, and the page's own call always happens first and unchanged: if it
 * throws, the page sees its own error exactly as without the SDK.
 */
function patchHistory(win: Window): void {
  const history = win.history as History & { [PATCHED]?: boolean };
  if (!history || history[PATCHED]) return;
  history[PATCHED] = true;
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    if (typeof original !== 'function') continue;
    history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      const result = original.apply(this, args);
      try {
        win.dispatchEvent(
          new (win as unknown as typeof globalThis).CustomEvent(NAVIGATION_EVENT, { detail: method }),
        );
      } catch {
        // the navigation happened; only our notification failed
      }
      return result;
    };
  }
}

/** Calls `onView` 1 s after load and whenever history navigation changes the URL. */
export class PageViews {
  readonly #win: Window;
  readonly #onView: (trigger: PageViewTrigger, referrer: string) => void;
  readonly #stops: (() => void)[] = [];
  #lastUrl = '';

  constructor(win: Window, onView: (trigger: PageViewTrigger, referrer: string) => void) {
    this.#win = win;
    this.#onView = onView;
  }

  start(): void {
    const win = this.#win;
    this.#lastUrl = win.location.href;
    const scheduleLoadView = () => {
      const timer = setTimeout(() => this.#onView('load', win.document.referrer), PAGE_VIEW_DELAY_MS);
      this.#stops.push(() => clearTimeout(timer));
    };
    if (win.document.readyState === 'complete') scheduleLoadView();
    else this.#listen('load', scheduleLoadView);
    patchHistory(win);
    const navigated = (trigger: PageViewTrigger) => {
      const previous = this.#lastUrl;
      if (win.location.href === previous) return;
      this.#lastUrl = win.location.href;
      this.#onView(trigger, previous);
    };
    this.#listen(NAVIGATION_EVENT, (event) => navigated((event as CustomEvent).detail));
    this.#listen('popstate', () => navigated('popstate'));
  }

  #listen(type: string, listener: (event: Event) => void): void {
    this.#win.addEventListener(type, listener);
    this.#stops.push(() => this.#win.removeEventListener(type, listener));
  }

  stop(): void {
    for (const stop of this.#stops.splice(0)) stop();
  }
}
