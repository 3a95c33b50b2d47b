import { IamError, type AuthClient, type AuthSession } from '@iam-platform/sdk';
import type { AuthMode } from './validation';

/**
 * The hosted mode (docs/widget.md "Hosted mode"): instead of its own dialog the widget sends the
 * person to the pool's hosted sign-in page on the IAM server and trades the code it comes back
 * with for a session (an authorization code with PKCE S256, RFC 7636). The verifier and `state`
 * stay in this tab's session storage; the code is useless without the verifier and is taken off
 * the address bar before it is traded.
 */

/** Where the page goes; tests replace it (jsdom cannot navigate). */
export const browser = {
  assign(url: string): void {
    location.assign(url);
  },
};

/** What a started hosted sign-in leaves in session storage until the page comes back. */
interface Pending {
  state: string;
  verifier: string;
  redirect_uri: string;
  mode: AuthMode;
}

const pendingKey = (applicationId: string) => `iam_hosted_${applicationId}`;

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

const random = (size = 32) => base64url(crypto.getRandomValues(new Uint8Array(size)));

/** A PKCE pair: 32 random bytes as the verifier (43 characters) and its S256 challenge. */
export async function createPkce(): Promise<{ verifier: string; challenge: string }> {
  if (!globalThis.crypto?.subtle)
    // Web Crypto's digest exists only in secure contexts (https, or localhost).
    throw new IamError(0, 'hosted_unavailable', 'The hosted sign-in needs an https page.');
  const verifier = random();
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64url(new Uint8Array(digest)) };
}

/** The page the hosted sign-in returns to: this one, without a fragment and without code/state. */
export function returnUri(href = location.href): string {
  const url = new URL(href);
  url.hash = '';
  for (const name of ['code', 'state', 'error']) url.searchParams.delete(name);
  return url.href;
}

/** The hosted page's address: `{api}/p/{project}/sign-in` (or `/sign-up`) with the OAuth-style query. */
export function hostedPageUrl(options: {
  apiUrl: string;
  projectId: string;
  applicationId: string;
  redirectUri: string;
  state: string;
  challenge: string;
  mode: AuthMode;
}): string {
  const page = options.mode === 'register' ? 'sign-up' : 'sign-in';
  const url = new URL(`${options.apiUrl}/p/${encodeURIComponent(options.projectId)}/${page}`);
  url.search = new URLSearchParams({
    client_id: options.applicationId,
    redirect_uri: options.redirectUri,
    state: options.state,
    code_challenge: options.challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.href;
}

/** Starts a hosted sign-in: keeps verifier and state for this tab and answers the page to go to. */
export async function startHostedSignIn(options: {
  apiUrl: string;
  projectId: string;
  applicationId: string;
  mode: AuthMode;
}): Promise<string> {
  if (!options.projectId)
    throw new IamError(0, 'project_id_required', 'The hosted mode needs the project-id attribute.');
  const { verifier, challenge } = await createPkce();
  const pending: Pending = { state: random(16), verifier, redirect_uri: returnUri(), mode: options.mode };
  sessionStorage.setItem(pendingKey(options.applicationId), JSON.stringify(pending));
  return hostedPageUrl({ ...options, redirectUri: pending.redirect_uri, state: pending.state, challenge });
}

function takePending(applicationId: string, state: string): Pending | null {
  try {
    const pending = JSON.parse(sessionStorage.getItem(pendingKey(applicationId)) ?? 'null') as Pending | null;
    if (!pending || pending.state !== state) return null;
    // Taken before anything is sent: a second element (or a reload) cannot trade the code again.
    sessionStorage.removeItem(pendingKey(applicationId));
    return pending;
  } catch {
    return null; // no session storage (blocked) or not ours
  }
}

/** Whether this page was opened with `?code=` (or `?error=`) and `state=`: a possible return. */
export function looksLikeReturn(href = location.href): boolean {
  const query = new URL(href).searchParams;
  return query.has('state') && (query.has('code') || query.has('error'));
}

/** A return to this page that the tab started: the code (or the hosted page's error) and what was kept. */
export interface HostedReturn {
  code: string | null;
  error: string | null;
  pending: Pending;
}

/**
 * On the page the hosted sign-in returned to: when `?state=` is the one this tab started for the
 * application, takes code and state off the address (history.replaceState) and answers them with
 * the verifier; null when there is nothing of ours to finish (another flow's `code`, another tab's).
 */
export function takeHostedReturn(applicationId: string): HostedReturn | null {
  if (!looksLikeReturn()) return null;
  const query = new URL(location.href).searchParams;
  const pending = takePending(applicationId, query.get('state')!);
  if (!pending) return null;
  history.replaceState(history.state, '', returnUri());
  return { code: query.get('code'), error: query.get('error'), pending };
}

/** Trades the returned code for the application's session (stored by the auth client as after a login). */
export async function finishHostedSignIn(
  client: AuthClient,
  taken: HostedReturn,
): Promise<{ session: AuthSession; mode: AuthMode }> {
  if (!taken.code)
    throw new IamError(0, taken.error ?? 'hosted_failed', 'The hosted sign-in did not finish.');
  const session = await client.exchangeHostedCode(
    taken.code,
    taken.pending.verifier,
    taken.pending.redirect_uri,
  );
  return { session, mode: taken.pending.mode };
}
