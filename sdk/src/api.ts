import {
  AuthClient,
  type AuthSession,
  type AuthUser,
  type MfaAnswer,
  type MfaRequired,
  type Permissions,
} from './auth';
import { IamError } from './client';
import { warn } from './log';
import type { TrackerOptions } from './options';
import { Tracker, type ActivityDetails, type ResourceType, type TrackerIds } from './tracker';

/**
 * The default instance behind the module-level functions (and `window.IamSdk` of the script-tag
 * build): `init()` once, then `track()`, `login()` … from anywhere. More than one application on
 * a page? Create `new Tracker(…)` / `new AuthClient(tracker)` yourself.
 */
let instance: { tracker: Tracker; auth: AuthClient } | undefined;

/** Starts tracking (and the auth client) for one application. A second call returns the first instance. */
export function init(options: TrackerOptions): Tracker {
  if (instance) {
    warn('init() was called again; keeping the first configuration.');
    return instance.tracker;
  }
  const tracker = new Tracker(options);
  instance = { tracker, auth: new AuthClient(tracker) };
  followAuthWidget(tracker);
  return tracker;
}

/** What `<iam-auth-dialog>` (@iam-platform/auth-widget) reports; its events bubble to the window. */
interface AuthWidgetEvent extends Event {
  detail?: { user?: { id: string }; token?: string };
}

/**
 * The auth widget on the same page signs people in and out for the same application: link the
 * anonymous user to the account (identify) and start a new anonymous user on sign-out, without
 * any call from the host page.
 */
function followAuthWidget(tracker: Tracker): void {
  const win = tracker.config.window ?? (typeof window === 'undefined' ? undefined : window);
  const ours = (event: Event) =>
    (event.target as Element | null)?.getAttribute?.('application-id') === tracker.config.applicationId;
  win?.addEventListener('iam-auth-success', (event: AuthWidgetEvent) => {
    if (ours(event) && event.detail?.user) tracker.identify(event.detail.user, event.detail.token);
  });
  win?.addEventListener('iam-auth-signout', (event) => {
    if (ours(event)) tracker.reset();
  });
}

/** The default instance's tracker and auth client, if init() ran. */
export function getInstance(): { tracker: Tracker; auth: AuthClient } | undefined {
  return instance;
}

function notInitialized(): Promise<never> {
  return Promise.reject(
    new IamError(0, 'not_initialized', 'Call IamSdk.init({applicationId, apiUrl}) first.'),
  );
}

export const track = (event: string, properties?: Record<string, unknown>): void =>
  instance?.tracker.track(event, properties);
export const page = (metadata?: Record<string, unknown>): void => instance?.tracker.page(metadata);
export const activity = (action: string, resource_type: ResourceType, details?: ActivityDetails): void =>
  instance?.tracker.activity(action, resource_type, details);
export const identify = (user: string | { id: string }, token?: string): void =>
  instance?.tracker.identify(user, token);
export const reset = (): void => instance?.tracker.reset();
export const flush = (): Promise<void> => instance?.tracker.flush() ?? Promise.resolve();
export const optOut = (): void => instance?.tracker.optOut();
export const optIn = (): void => instance?.tracker.optIn();
export const isOptedOut = (): boolean => instance?.tracker.isOptedOut() ?? true;
export const ids = (): TrackerIds | null => instance?.tracker.ids() ?? null;

export const login = (email: string, password: string): Promise<AuthSession | MfaRequired> =>
  instance?.auth.login(email, password) ?? notInitialized();
export const completeMfa = (mfaToken: string, answer: MfaAnswer): Promise<AuthSession> =>
  instance?.auth.completeMfa(mfaToken, answer) ?? notInitialized();
export const register = (
  email: string,
  password: string,
  display_name?: string,
): Promise<{ user: AuthUser; confirmation_required: boolean }> =>
  instance?.auth.register(email, password, display_name) ?? notInitialized();
export const verify = (): Promise<{ user: AuthUser; application_id: string }> =>
  instance?.auth.verify() ?? notInitialized();
export const permissions = (): Promise<Permissions> => instance?.auth.permissions() ?? notInitialized();
export const refresh = (): Promise<AuthSession> => instance?.auth.refresh() ?? notInitialized();
export const getSession = (): AuthSession | null => instance?.auth.getSession() ?? null;
export const getToken = (): Promise<string | null> => instance?.auth.getToken() ?? Promise.resolve(null);
export const signOut = (): void => instance?.auth.signOut();
