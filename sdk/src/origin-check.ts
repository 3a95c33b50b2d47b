/**
 * Is this page's origin allowed to call the application? A refused CORS request reaches a page
 * only as a network failure, with the browser's CORS error in the console and nothing that says
 * what to do. GET /api/auth/origin-check is a simple request every origin may read: 403
 * `origin_not_allowed` names the page's origin and where to allow it, in English and German
 * (issue #36, item 4). The server notes the refusal; the application's page in the dashboard
 * lists it with a one-click "allow". The text comes from the server: the tracking core stays small.
 */
import { warn } from './log';

export type OriginCheck =
  | { allowed: true }
  /** `origin` as the server saw it: exactly what to add; `message`: the server's explanation. */
  | { allowed: false; origin: string; message: string }
  /** No answer (offline, server down, unknown application): says nothing about the origin. */
  | { allowed: null };

/** One request; never rejects. */
export async function askOrigin(
  apiUrl: string,
  applicationId: string,
  fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args),
): Promise<OriginCheck> {
  try {
    const response = await fetchImpl(
      `${apiUrl}/api/auth/origin-check?application_id=${encodeURIComponent(applicationId)}`,
      { credentials: 'omit' },
    );
    if (response.ok) return { allowed: true };
    const body = (await response.json()) as { code?: string; origin?: string; error?: string };
    if (body.code !== 'origin_not_allowed') return { allowed: null };
    // A server before issue #36 did not name the origin in a field; the page knows its own.
    const origin = body.origin ?? globalThis.location?.origin ?? '';
    return { allowed: false, origin, message: body.error ?? `The origin ${origin} is not allowed.` };
  } catch {
    return { allowed: null };
  }
}

/** Per fetch implementation (the global one: GLOBAL_FETCH), per server and application. */
const checks = new WeakMap<object, Map<string, Promise<OriginCheck>>>();
const GLOBAL_FETCH = {};

/**
 * askOrigin once per page for this application and fetch (the auth client and the widget share
 * the answer); only a definite answer is kept, after a network failure the next caller asks again.
 */
export function checkOrigin(
  apiUrl: string,
  applicationId: string,
  fetchImpl: typeof fetch | undefined,
): Promise<OriginCheck> {
  const key = `${apiUrl} ${applicationId}`;
  const known = checks.get(fetchImpl ?? GLOBAL_FETCH) ?? new Map<string, Promise<OriginCheck>>();
  checks.set(fetchImpl ?? GLOBAL_FETCH, known);
  let check = known.get(key);
  if (!check) {
    check = askOrigin(apiUrl, applicationId, fetchImpl);
    known.set(key, check);
    void check.then((result) => result.allowed === null && known.delete(key));
  }
  return check;
}

const told = new Set<string>();

/** console.error once per page, server, application and origin, however many parts notice. */
export function tellRefusal(
  apiUrl: string,
  applicationId: string,
  refusal: { origin: string; message: string },
  meanwhile: string,
): void {
  const key = `${apiUrl} ${applicationId} ${refusal.origin}`;
  if (told.has(key)) return;
  told.add(key);
  warn(`${refusal.message} ${meanwhile}`, 'error');
}
