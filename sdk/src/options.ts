import { warn } from './log';
import type { KeyValueStorage } from './storage';
import { SDK_VERSION } from './version';

export interface TrackerOptions {
  /** The application's id, sent as `X-Application-ID`. Required. */
  applicationId: string;
  /** Origin (or base URL) of the IAM Platform server, e.g. `https://iam.example.com`. Required. */
  apiUrl: string;
  /** Send queued events this often (ms). Default 3000, 250–300000. */
  flushIntervalMs?: number;
  /** Send as soon as this many events wait. Default 20, 1–500. */
  flushAt?: number;
  /** Keep at most this many unsent requests; the oldest go first. Default 1000, 1–10000. */
  maxQueueSize?: number;
  /** Treat `navigator.doNotTrack === '1'` (or Global Privacy Control) as an opt-out. Default false. */
  respectDoNotTrack?: boolean;
  /** `page_view` 1 s after load and on history navigation. Default true when there is a window. */
  autoPageViews?: boolean;
  /** Where identifiers, the queue and the session live. Default localStorage/sessionStorage, else memory. */
  storage?: KeyValueStorage;
  /** For runtimes without a global fetch, or to add instrumentation. */
  fetch?: typeof fetch;
  /** Sent as `X-SDK-Version`. Default this package's version; wrappers may name their own. */
  sdkVersion?: string;
  /** The window to observe (default: the global one). Lets an SDK loaded elsewhere watch a frame. */
  window?: Window;
}

export interface TrackerConfig {
  applicationId: string;
  apiUrl: string;
  flushIntervalMs: number;
  flushAt: number;
  maxQueueSize: number;
  respectDoNotTrack: boolean;
  autoPageViews: boolean;
  storage?: KeyValueStorage;
  fetch?: typeof fetch;
  sdkVersion: string;
  window?: Window;
}

const RANGES = {
  flushIntervalMs: [3000, 250, 300_000],
  flushAt: [20, 1, 500],
  maxQueueSize: [1000, 1, 10_000],
} as const;

/**
 * Validates options. Anything unusable falls back to its default and is named in ONE warning, so
 * a typo in a script tag never breaks the page. Without an application id or API URL the SDK can
 * send nothing: `disabled` is then true.
 */
export function normalizeOptions(options: Partial<TrackerOptions> | undefined): {
  config: TrackerConfig;
  disabled: boolean;
} {
  const input: Partial<TrackerOptions> = options && typeof options === 'object' ? options : {};
  const invalid: string[] = [];
  const win = input.window ?? (typeof window === 'undefined' ? undefined : window);
  const check = <K extends keyof TrackerOptions>(key: K, valid: boolean, fallback?: TrackerOptions[K]) => {
    if (input[key] === undefined) return fallback;
    if (valid) return input[key];
    invalid.push(key);
    return fallback;
  };

  const applicationId = String(
    check('applicationId', /^[\w-]{1,100}$/.test(input.applicationId!), ''),
  ).trim();
  let apiUrl = '';
  try {
    const url = new URL(input.apiUrl!, win?.location?.href);
    if (/^https?:$/.test(url.protocol)) apiUrl = url.href.replace(/\/+$/, '');
  } catch {
    // reported below
  }
  if (!apiUrl && input.apiUrl !== undefined) invalid.push('apiUrl');

  const config = {
    applicationId,
    apiUrl,
    respectDoNotTrack: check('respectDoNotTrack', typeof input.respectDoNotTrack === 'boolean', false),
    autoPageViews: check('autoPageViews', typeof input.autoPageViews === 'boolean', !!win),
    storage: check(
      'storage',
      ['getItem', 'setItem', 'removeItem'].every(
        (name) => typeof (input.storage as never)?.[name] === 'function',
      ),
    ),
    fetch: check('fetch', typeof input.fetch === 'function'),
    window: check('window', !!input.window?.document),
    sdkVersion: check('sdkVersion', /^[\w.+/-]{1,50}$/.test(input.sdkVersion!), SDK_VERSION),
  } as TrackerConfig;
  for (const key of Object.keys(RANGES) as (keyof typeof RANGES)[]) {
    const [fallback, min, max] = RANGES[key];
    const value = input[key] as number;
    const valid = Number.isInteger(value) && value >= min && value <= max;
    // A number out of range is clamped to the range; anything else gets the default.
    config[key] = check(
      key,
      valid,
      typeof value === 'number' && value === value
        ? Math.min(max, Math.max(min, Math.round(value)))
        : fallback,
    ) as number;
  }
  const disabled = !applicationId || !apiUrl;
  if (invalid.length || disabled)
    warn(
      `${invalid.length ? `Invalid options replaced by defaults: ${invalid.join(', ')}. ` : ''}${disabled ? 'applicationId and apiUrl are required; tracking is off.' : ''}`,
    );
  return { config, disabled };
}
