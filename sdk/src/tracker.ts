import { createId } from './ids';
import { Identity } from './identity';
import { toJsonObject } from './json';
import { warn } from './log';
import { normalizeOptions, type TrackerConfig, type TrackerOptions } from './options';
import { PageViews, type PageViewTrigger } from './page-views';
import { MAX_ATTEMPTS, RequestQueue, type Batch, type QueueEntry } from './queue';
import { SafeStorage } from './storage';
import { backoffMs, Transport, type SendResult } from './transport';

/** activity_logs.resource_type (SPEC §3, plus organization and member). */
export type ResourceType =
  'user' | 'token' | 'project' | 'application' | 'organization' | 'member' | 'api' | 'component' | 'other';

export interface ActivityDetails {
  resource_id?: string;
  metadata?: Record<string, unknown>;
}

export interface TrackerIds {
  installation_id: string;
  anonymous_id: string;
  session_id: string;
  user_id: string | null;
}

/** What the auth client lends the tracker: the signed-in user and their token. */
export type SessionSource = () => { token: string; user: { id: string } } | null | undefined;

export const OPT_OUT_KEY = 'iam_opt_out';
/** keepalive requests may carry 64 KB in total while a page unloads. */
const UNLOAD_BYTES = 60_000;

type Json = Record<string, unknown>;

function report(error: unknown): undefined {
  warn(`Internal error (ignored): ${error}`);
  return undefined;
}

/** Runs SDK code so that nothing it throws reaches the host page. */
function safely<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch (error) {
    return report(error);
  }
}

function unref(timer: unknown): void {
  (timer as { unref?: () => void }).unref?.();
}

/**
 * Installation, activity and analytics tracking for one application (one instance per application).
 * Every public method catches its own errors: the host page never sees an exception from here.
 */
export class Tracker {
  readonly config: TrackerConfig;
  readonly #disabled: boolean;
  readonly #win: Window | undefined;
  readonly #local: SafeStorage;
  readonly #identity: Identity;
  readonly #queue: RequestQueue;
  readonly #transport: Transport;
  readonly #stops: (() => void)[] = [];
  readonly #warned = new Set<string>();
  #sessionSource: SessionSource | undefined;
  #registeredSession = '';
  #flushing: Promise<void> | undefined;
  #flushAgain = false;
  #inFlight: QueueEntry[] = [];
  #failures = 0;
  #retryAt = 0;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #stopped = false;
  /** The application refuses this page's origin: nothing is sent (#checkOrigin). */
  #refused = false;

  constructor(options: TrackerOptions) {
    const { config, disabled } = normalizeOptions(options);
    this.config = config;
    this.#disabled = disabled;
    const win = (this.#win = config.window ?? (typeof window === 'undefined' ? undefined : window));
    this.#local = new SafeStorage(() => config.storage ?? win?.localStorage);
    this.#identity = new Identity(this.#local, new SafeStorage(() => config.storage ?? win?.sessionStorage));
    this.#queue = new RequestQueue(this.#local, `iam_queue_${config.applicationId}`, config.maxQueueSize);
    this.#transport = new Transport(config);
    if (disabled) return;
    safely(() => this.#start());
  }

  #start(): void {
    const win = this.#win;
    const interval = setInterval(() => void this.#flush(), this.config.flushIntervalMs);
    unref(interval);
    this.#stops.push(() => clearInterval(interval));
    if (win) {
      const on = (target: EventTarget, type: string, listener: () => void) => {
        const guarded = () => safely(listener);
        target.addEventListener(type, guarded);
        this.#stops.push(() => target.removeEventListener(type, guarded));
      };
      on(win, 'online', () => void this.#flush());
      on(win, 'pagehide', () => this.#sendBeforeUnload(true));
      on(win.document, 'visibilitychange', () => {
        if (win.document.visibilityState === 'hidden') this.#sendBeforeUnload(false);
      });
      if (this.config.autoPageViews) {
        const pageViews = new PageViews(win, (trigger, referrer) =>
          safely(() => this.#pageView(trigger, referrer)),
        );
        pageViews.start();
        this.#stops.push(() => pageViews.stop());
      }
    }
    if (this.#tracking()) this.#context();
    // What a previous page left unsent, and this page's registration, go out at once.
    void this.#flush();
  }

  // ---------------------------------------------------------------- public API

  /** A custom analytics event (POST /api/v1/analytics), with a unique id so retries are not counted twice. */
  track(event: string, properties?: Json): void {
    safely(() => {
      if (!this.#tracking()) return;
      if (typeof event !== 'string' || !event.trim() || event.length > 200)
        return this.#warnOnce('track(): event name of 1–200 characters needed; ignored.');
      const props = toJsonObject(properties ?? {});
      if (!props) return this.#warnOnce(`track("${event}"): properties not storable (see docs); ignored.`);
      const { session_id, installation_id } = this.#context();
      const id = createId('event');
      this.#enqueue({
        id,
        path: 'analytics',
        body: { id, event, properties: props, timestamp: new Date().toISOString() },
        session: { session_id, installation_id },
      });
    });
  }

  /** log_installation_activity (POST /api/v1/activity), e.g. `activity('dashboard_view', 'component')`. */
  activity(action: string, resource_type: ResourceType, details: ActivityDetails = {}): void {
    safely(() => {
      if (!this.#tracking()) return;
      if (!action || !resource_type)
        return this.#warnOnce('activity(): action and resource_type needed; ignored.');
      const metadata = details?.metadata === undefined ? {} : toJsonObject(details.metadata);
      if (!metadata)
        return this.#warnOnce(`activity("${action}"): metadata not storable (see docs); ignored.`);
      const { installation_id, anonymous_id } = this.#context();
      const body: Json = {
        action,
        resource_type,
        metadata,
        installation_id,
        anonymous_user_id: anonymous_id,
      };
      if (details?.resource_id != null) body.resource_id = String(details.resource_id);
      this.#enqueue({ id: createId('event'), path: 'activity', body });
    });
  }

  /** A page_view now (the SDK already logs one 1 s after load and on history navigation). */
  page(metadata?: Json): void {
    safely(() => this.#pageView('manual', this.#win?.document.referrer ?? '', metadata));
  }

  /**
   * Links this browser's anonymous user and installation to a signed-in user. With a bearer token
   * (yours, or the auth client's session) it calls POST /api/v1/identify; without one it
   * re-registers the installation with `user_id`. Sign-in through the auth client links by itself.
   */
  identify(user: string | { id: string }, token?: string): void {
    safely(() => {
      const userId = typeof user === 'string' ? user : user?.id;
      if (!userId || typeof userId !== 'string')
        return this.#warnOnce('identify(): user id needed; ignored.');
      this.#identity.userId = userId;
      if (!this.#tracking()) return;
      const bearer = token ?? this.#sessionSource?.()?.token;
      if (bearer) {
        const { installation_id, anonymous_id } = this.#context();
        this.#enqueue({
          id: createId('event'),
          path: 'identify',
          body: { anonymous_id, installation_id },
          token: bearer,
        });
      } else {
        this.#registeredSession = '';
        this.#context();
      }
    });
  }

  /** Sign-out: forget the user and start a new anonymous user and session on this installation. */
  reset(): void {
    safely(() => {
      this.#identity.reset();
      this.#registeredSession = '';
      if (this.#tracking()) this.#context();
    });
  }

  /**
   * Sends everything queued now. Never rejects; resolves when the attempt is over. While a retry
   * waits (backoff, Retry-After) or the browser is offline it sends nothing: the retry will.
   */
  flush(): Promise<void> {
    return safely(() => this.#flush()) ?? Promise.resolve();
  }

  /** Stops all tracking on this device until optIn(); queued events are discarded. Persisted. */
  optOut(): void {
    safely(() => {
      this.#local.setItem(OPT_OUT_KEY, '1');
      this.#queue.clear();
    });
  }

  /** Tracking on again; an explicit opt-in also overrides Do Not Track. Persisted. */
  optIn(): void {
    safely(() => {
      this.#local.setItem(OPT_OUT_KEY, '0');
      if (this.#tracking()) this.#context();
    });
  }

  /** True when opted out, or Do Not Track applies, or the configuration is unusable. */
  isOptedOut(): boolean {
    return safely(() => !this.#tracking()) ?? true;
  }

  /** The identifiers this browser is tracked under, or null while tracking is off. */
  ids(): TrackerIds | null {
    return (
      safely(() => {
        if (!this.#tracking()) return null;
        return { ...this.#context(), user_id: this.#userId() };
      }) ?? null
    );
  }

  /** @internal The auth client's session, so identify() finds a token and registrations the user. */
  useSession(source: SessionSource): void {
    this.#sessionSource = source;
  }

  /** Flushes, then removes timers and listeners (and the page-view hooks' effect on this instance). */
  async shutdown(): Promise<void> {
    if (this.#stopped) return;
    await this.flush();
    this.#stopped = true;
    clearTimeout(this.#retryTimer);
    for (const stop of this.#stops.splice(0)) safely(stop);
  }

  // ---------------------------------------------------------------- internals

  #tracking(): boolean {
    if (this.#disabled || this.#stopped) return false;
    const choice = this.#local.getItem(OPT_OUT_KEY);
    if (choice) return choice === '0';
    if (!this.config.respectDoNotTrack) return true;
    const nav = this.#win?.navigator as (Navigator & { globalPrivacyControl?: boolean }) | undefined;
    return !(nav?.doNotTrack === '1' || nav?.globalPrivacyControl === true);
  }

  #userId(): string | null {
    return this.#sessionSource?.()?.user?.id ?? this.#identity.userId;
  }

  /** Each distinct problem is reported once per instance, not once per event. */
  #warnOnce(message: string): void {
    if (this.#warned.has(message)) return;
    this.#warned.add(message);
    warn(message);
  }

  /** Current identifiers; registers the installation first whenever a session starts. */
  #context(): { installation_id: string; anonymous_id: string; session_id: string } {
    const session_id = this.#identity.touchSession();
    const installation_id = this.#identity.installationId;
    const anonymous_id = this.#identity.anonymousId;
    if (session_id !== this.#registeredSession) {
      this.#registeredSession = session_id;
      this.#enqueue({
        id: createId('event'),
        path: 'installations',
        body: this.#registration(installation_id, anonymous_id, session_id),
      });
    }
    return { installation_id, anonymous_id, session_id };
  }

  #registration(installation_id: string, anonymous_id: string, session_id: string): Json {
    const win = this.#win;
    const nav = (win?.navigator ?? globalThis.navigator) as
      (Navigator & { deviceMemory?: number; userAgentData?: { platform?: string } }) | undefined;
    const runtime = (globalThis as { process?: { platform?: string; version?: string } }).process;
    const screen = win?.screen;
    const intl = Intl.DateTimeFormat().resolvedOptions();
    const user_id = this.#userId();
    return {
      installation_id,
      device_info: {
        platform: nav?.userAgentData?.platform || nav?.platform || runtime?.platform,
        user_agent: nav?.userAgent ?? `Node.js/${runtime?.version}`,
        language: nav?.language ?? intl.locale,
        timezone: intl.timeZone,
        screen_resolution: screen ? `${screen.width}x${screen.height}` : undefined,
        color_depth: screen?.colorDepth,
        device_memory: nav?.deviceMemory,
        hardware_concurrency: nav?.hardwareConcurrency,
      },
      environment_info: {
        url: win?.location.href,
        referrer: win?.document.referrer || undefined,
        timestamp: new Date().toISOString(),
        session_id,
      },
      is_anonymous: !user_id,
      anonymous_id,
      user_id: user_id ?? undefined,
    };
  }

  /** SPEC §7: page views are log_installation_activity entries with action page_view. */
  #pageView(trigger: PageViewTrigger | 'manual', referrer: string, extra?: Json): void {
    const location = this.#win?.location;
    this.activity('page_view', 'other', {
      metadata: {
        ...extra,
        url: location?.href,
        path: location?.pathname,
        title: this.#win?.document.title || undefined,
        referrer: referrer || undefined,
        trigger,
      },
    });
  }

  #enqueue(entry: QueueEntry): void {
    const { size, dropped } = this.#queue.add(entry);
    if (dropped)
      this.#warnOnce(`Queue full (maxQueueSize ${this.config.maxQueueSize}); dropping the oldest.`);
    if (size >= this.config.flushAt) void this.#flush();
  }

  /** Not while opted out or offline, nor before the backoff (or the server's Retry-After) has passed. */
  #canSend(): boolean {
    return (
      this.#tracking() &&
      !this.#refused &&
      this.#win?.navigator?.onLine !== false &&
      Date.now() >= this.#retryAt
    );
  }

  /**
   * A send failed like a network failure in a browser: maybe CORS refused this page's origin
   * (issue #36, item 4). The origin check tells; if refused, say so once in the console (the
   * server's text: which origin to add, and where) and stop sending instead of retrying in
   * silence. The next page load asks again.
   */
  async #checkOrigin(): Promise<void> {
    if (!this.#win) return;
    const { apiUrl, applicationId } = this.config;
    // The application id is [\w-] only (options.ts): nothing to encode.
    const body = (await (this.config.fetch ?? fetch)(
      `${apiUrl}/api/auth/origin-check?application_id=${applicationId}`,
    )
      .then((response) => response.json())
      .catch(() => ({}))) as { code?: string; error?: string };
    if (body.code !== 'origin_not_allowed') return;
    this.#refused = true;
    warn(`${body.error} Tracking is paused until a reload; events wait in this browser.`, 'error');
  }

  /** One drain at a time; a flush asked for meanwhile makes it look at the queue once more. */
  #flush(): Promise<void> {
    if (this.#flushing) {
      this.#flushAgain = true;
      return this.#flushing;
    }
    const run = async () => {
      do {
        this.#flushAgain = false;
        await this.#drain();
      } while (this.#flushAgain);
    };
    return (this.#flushing = run()
      .catch(report)
      .finally(() => (this.#flushing = undefined)));
  }

  async #drain(): Promise<void> {
    while (this.#canSend()) {
      const batch = this.#queue.take();
      if (!batch) return;
      this.#inFlight = batch.entries;
      const result = await this.#transport.send(batch);
      this.#inFlight = [];
      if (!this.#settle(batch, result, false)) return;
    }
  }

  /** Applies a send's outcome to the queue; false when sending should pause (backoff). */
  #settle(batch: Batch, result: SendResult, removed: boolean): boolean {
    const ids = new Set(batch.entries.map((entry) => entry.id));
    if (result.outcome !== 'retry') {
      if (!removed) this.#queue.remove(ids);
      if (result.outcome === 'drop')
        this.#warnOnce(`HTTP ${result.status} for ${batch.path}; dropped, not retried.`);
      else this.#failures = 0;
      return true;
    }
    // A keepalive send took its entries out of storage; the page is still here, so they go back.
    if (removed) for (const entry of batch.entries) this.#queue.add(entry);
    // Every fourth failure in a row asks: the backoff between them (seconds) outlasts a slow
    // check, so a retry failing while a check is on its way does not ask, and say it, again.
    if (!result.status && !(this.#failures % 4)) void this.#checkOrigin().catch(report);
    if (this.#queue.release(ids, result.status >= 500))
      this.#warnOnce(`${batch.path} failed ${MAX_ATTEMPTS} times with HTTP 5xx; dropped.`);
    this.#failures++;
    const delay = result.retryAfterMs ?? backoffMs(this.#failures);
    clearTimeout(this.#retryTimer);
    this.#retryAt = Date.now() + delay;
    this.#retryTimer = setTimeout(() => {
      this.#retryAt = 0;
      void this.#flush();
    }, delay);
    unref(this.#retryTimer);
    return false;
  }

  /**
   * pagehide / tab hidden: the page may be gone before a normal request answers, so the queue goes
   * out as keepalive requests (which outlive the page) and leaves storage at once. If the server is
   * known to be failing, or we are offline, nothing is sent: the persisted queue waits for the next
   * page load instead of being lost.
   */
  #sendBeforeUnload(unloading: boolean): void {
    // A normal request of ours still in flight is cancelled with the page: free its entries at once
    // for the keepalive send below, or for the next page load (instead of after the lease).
    if (unloading && this.#inFlight.length)
      this.#queue.release(new Set(this.#inFlight.map((entry) => entry.id)), false);
    if (!this.#canSend() || this.#failures > 0) return;
    let budget = UNLOAD_BYTES;
    for (let batch; budget > 0 && (batch = this.#queue.take(budget));) {
      budget -= JSON.stringify(batch.body).length;
      const sent = batch;
      this.#queue.remove(new Set(sent.entries.map((entry) => entry.id)));
      void this.#transport.send(sent, true).then((result) => safely(() => this.#settle(sent, result, true)));
    }
  }
}
