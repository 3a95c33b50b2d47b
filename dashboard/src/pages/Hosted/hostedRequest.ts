import type { HostedCodeRequest } from './api';

/** The query parameters the hosted pages carry from one page to the next. */
const CARRIED = [
  'client_id',
  'redirect_uri',
  'state',
  'code_challenge',
  'code_challenge_method',
  'interaction',
] as const;

/** An OpenID interaction's uid, as oidc-provider makes them (url-safe characters, 43 by default). */
const INTERACTION = /^[A-Za-z0-9_-]{1,128}$/;

/** Whether `interaction` looks like a uid the provider makes (anything else is not asked about). */
export function isInteractionUid(value: string): boolean {
  return INTERACTION.test(value);
}

/** RFC 7636: a S256 challenge is the base64url SHA-256 of the verifier, 43 characters. */
const CHALLENGE = /^[A-Za-z0-9_-]{43,128}$/;

export interface HostedQuery {
  /** `client_id`: the application the person came from (the pool's oldest one when absent). */
  clientId: string | null;
  /** Set when the widget's hosted mode opened the page: where to send the person back. */
  request: HostedCodeRequest | null;
  /**
   * `interaction`: the OpenID provider sent the person here (`/oidc/{project}/interaction/{uid}`);
   * after sign-in the page reports the account to it instead of the widget's hosted mode.
   */
  interaction: string | null;
  /** The hosted-mode parameters are there but unusable (no S256 challenge, no absolute URL). */
  invalid: boolean;
  /** The carried parameters as a query string (`?…` or ''), for links between the pages. */
  search: string;
}

function isAbsoluteHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Reads what the widget's hosted mode (or a plain link) put in the query: `client_id`, and for
 * the hosted mode `redirect_uri`, `state`, `code_challenge` with `code_challenge_method=S256`;
 * or the OpenID provider's `interaction`.
 * Whether `redirect_uri` is one of the pool's allowed targets is the server's decision when it
 * issues the code; here only its shape is checked, so a broken link is said before sign-in.
 */
export function readHostedQuery(params: URLSearchParams): HostedQuery {
  const carried = new URLSearchParams();
  for (const name of CARRIED) {
    const value = params.get(name);
    if (value !== null) carried.set(name, value);
  }
  const redirectUri = params.get('redirect_uri');
  const challenge = params.get('code_challenge');
  const hostedMode = redirectUri !== null || challenge !== null;
  const valid =
    hostedMode &&
    redirectUri !== null &&
    isAbsoluteHttpUrl(redirectUri) &&
    challenge !== null &&
    CHALLENGE.test(challenge) &&
    params.get('code_challenge_method') === 'S256';
  const search = carried.toString();
  const interaction = params.get('interaction');
  return {
    clientId: params.get('client_id'),
    interaction: interaction || null,
    request: valid
      ? { redirect_uri: redirectUri, code_challenge: challenge, state: params.get('state') ?? '' }
      : null,
    invalid: hostedMode && !valid,
    search: search ? `?${search}` : '',
  };
}

/** How long a sign-up's hosted-mode request waits for the confirmation link (then it is dropped). */
const PENDING_TTL_MS = 60 * 60 * 1000;

const pendingKey = (projectId: string) => `iam-hosted-pending:${projectId}`;

/**
 * A sign-up in hosted mode goes through the confirmation mail, whose link opens the confirmation
 * page without the widget's parameters (often in a new tab): they are kept here for an hour, so
 * that page can lead on to sign-in and back to the partner site.
 */
export function rememberPendingRequest(projectId: string, search: string): void {
  try {
    localStorage.setItem(pendingKey(projectId), JSON.stringify({ search, savedAt: Date.now() }));
  } catch {
    // without storage the person starts again from the partner site
  }
}

export function pendingRequestSearch(projectId: string): string | null {
  try {
    const saved = JSON.parse(localStorage.getItem(pendingKey(projectId)) ?? 'null') as {
      search?: unknown;
      savedAt?: unknown;
    } | null;
    if (typeof saved?.search === 'string' && typeof saved.savedAt === 'number') {
      if (Date.now() - saved.savedAt <= PENDING_TTL_MS) return saved.search;
      localStorage.removeItem(pendingKey(projectId));
    }
  } catch {
    // unreadable: nothing pending
  }
  return null;
}

export function forgetPendingRequest(projectId: string): void {
  try {
    localStorage.removeItem(pendingKey(projectId));
  } catch {
    // nothing to forget
  }
}
