/**
 * The quick starts' tests (issue #32) stand in for the user's browser with fetch: cookies kept per
 * host and path (as a browser does: one host's cookies go to all its ports), redirects followed one
 * by one, and the hosted sign-in page's part — after the end user signed in through the embedding
 * API, `POST /oidc/{pool}/interaction/{uid}/login` with their session, then on to `redirect_to` —
 * done by `hostedSignIn`, as server/test/oidc/helpers.ts does it.
 */

interface Cookie {
  host: string;
  path: string;
  name: string;
  value: string;
}

/** What the browser shows at the end of a navigation. */
export interface Page {
  url: URL;
  status: number;
  body: string;
  /** Every URL the browser went through, in order (the first is the one asked for). */
  trail: URL[];
}

/** Acts for the hosted page: answers where the browser goes next (the page's `location.assign`). */
export type HostedPage = (page: URL, browser: Browser) => Promise<string>;

export class Browser {
  private cookies: Cookie[] = [];

  /** The hosted page's part; without it, navigation stops on the hosted page. */
  constructor(public hostedPage?: HostedPage) {}

  /** The Cookie header a request to `url` carries. */
  cookieHeader(url: URL): string {
    return this.cookies
      .filter((c) => c.host === url.hostname && pathMatches(url.pathname, c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  cookieNames(url: URL): string[] {
    return this.cookies.filter((c) => c.host === url.hostname).map((c) => c.name);
  }

  /** One request with the browser's cookies; redirects are not followed. */
  async request(url: URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) this.store(url, line);
    return response;
  }

  /**
   * Goes to `url` and follows redirects (as GET) until a page answers; a hosted sign-in page with an
   * `interaction` is handed to `hostedPage`, which says where the browser goes next.
   */
  async navigate(
    url: string | URL,
    init: RequestInit = {},
    options: { stopBefore?: (url: URL) => boolean } = {},
  ): Promise<Page> {
    let current = new URL(url);
    const trail = [current];
    let response = await this.request(current, init);
    for (let hops = 0; hops < 20; hops += 1) {
      const location = response.headers.get('location');
      let next: URL | null = null;
      if (response.status >= 300 && response.status < 400 && location) next = new URL(location, current);
      else if (this.hostedPage && isHostedInteraction(current))
        next = new URL(await this.hostedPage(current, this), current);
      if (!next) break;
      trail.push(next);
      // Not requested: the page answers where the browser would have gone.
      if (options.stopBefore?.(next)) return { url: next, status: 0, body: '', trail };
      current = next;
      response = await this.request(current);
    }
    return { url: current, status: response.status, body: await response.text(), trail };
  }

  /** Submits the page's form `formId` (hidden inputs plus `fields`) as a browser would. */
  async submitForm(page: Page, formId: string, fields: Record<string, string> = {}): Promise<Page> {
    const form = new RegExp(`<form[^>]*id="${escapeRegExp(formId)}"[^>]*>([\\s\\S]*?)</form>`).exec(
      page.body,
    );
    if (!form) throw new Error(`no form ${formId} on ${page.url.href}: ${page.body.slice(0, 500)}`);
    const action = /action="([^"]*)"/.exec(form[0])?.[1] ?? page.url.href;
    const body = new URLSearchParams();
    for (const input of form[1]!.matchAll(/<input[^>]*>/g)) {
      const name = /name="([^"]*)"/.exec(input[0])?.[1];
      if (name) body.set(name, decodeHtml(/value="([^"]*)"/.exec(input[0])?.[1] ?? ''));
    }
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    return this.navigate(new URL(decodeHtml(action), page.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
  }

  private store(url: URL, line: string): void {
    const [pair = '', ...attributes] = line.split(';');
    const index = pair.indexOf('=');
    const name = pair.slice(0, index).trim();
    const value = pair.slice(index + 1).trim();
    let path = url.pathname.replace(/\/[^/]*$/, '') || '/';
    let expired = value === '';
    for (const attribute of attributes) {
      const [key = '', raw = ''] = attribute.split('=');
      const k = key.trim().toLowerCase();
      if (k === 'path') path = raw.trim() || '/';
      if (k === 'max-age' && Number(raw) <= 0) expired = true;
      if (k === 'expires' && Date.parse(raw) < Date.now()) expired = true;
    }
    this.cookies = this.cookies.filter(
      (c) => !(c.host === url.hostname && c.name === name && c.path === path),
    );
    if (!expired) this.cookies.push({ host: url.hostname, path, name, value });
  }
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

function isHostedInteraction(url: URL): boolean {
  return /^\/p\/[^/]+\/(sign-in|consent)$/.test(url.pathname) && url.searchParams.has('interaction');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function decodeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * The hosted sign-in page of a pool with the end user already signed in (their application session
 * from the embedding API): it reports the account to the provider and follows `redirect_to`.
 */
export function hostedSignIn(session: { token: string }): HostedPage {
  return async (page, browser) => {
    const poolId = page.pathname.split('/')[2];
    const uid = page.searchParams.get('interaction');
    const endpoint = new URL(`/oidc/${poolId}/interaction/${uid}/login`, page);
    const response = await browser.request(endpoint, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const body = (await response.json()) as { redirect_to?: string; error?: string };
    if (response.status !== 200 || !body.redirect_to)
      throw new Error(`POST ${endpoint.pathname}: ${response.status} ${JSON.stringify(body)}`);
    return body.redirect_to;
  };
}
