import { ServerResponse, type IncomingMessage } from 'node:http';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * helmet's defaults, except that the CSP asks browsers to upgrade http:// subresources to https://
 * only when the server is published over https. On a plain-HTTP address other than localhost (a
 * self-hoster's first try: `http://192.168.1.20:3000`) the upgrade rewrote every script and style
 * to https, which nothing answers, and the dashboard stayed white. Behind TLS the upgrade stays on.
 *
 * The hosted pages (`/p/{project_id}/…`) also load images from any https origin: a pool's
 * `logo_url` is an https URL on the partner's own site. Scripts, styles and connections stay
 * same-origin there too, so a logo can show but never run anything.
 *
 * Every header helmet sets here is the same for every request (no nonces), so helmet runs once per
 * variant at start-up against a recording response and each request only copies the recorded
 * headers (helmet's own chain of a dozen middleware per request was most of this layer's cost).
 * API answers (`/api`, `/api/…`) also get `Cache-Control: no-store` here: they carry tokens, keys
 * and personal data, so no cache may keep them (as OAuth 2.0 §5.1 asks of token responses); a
 * route whose answer may be cached sets its own Cache-Control.
 */
export function securityHeaders(publicUrl: string): RequestHandler {
  const overTls = publicUrl.toLowerCase().startsWith('https://');
  const upgradeInsecureRequests = overTls ? [] : null;
  const dashboard = recordHeaders(
    helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests } } }),
  );
  const hosted = recordHeaders(
    helmet({
      contentSecurityPolicy: {
        directives: { upgradeInsecureRequests, imgSrc: ["'self'", 'data:', 'https:'] },
      },
    }),
  );
  const apiDashboard = entriesOf([...dashboard, ['Cache-Control', 'no-store']]);
  const plainDashboard = entriesOf(dashboard);
  const hostedPages = entriesOf(hosted);
  return function securityHeaders(req, res, next) {
    const url = req.url;
    // Express matches mount paths case-insensitively: `/API/v1/…` is an API request too. The
    // hosted pages of the user pools (docs/user-pools.md) are branded with the pool's own logo.
    const entries = API_PATH.test(url) ? apiDashboard : url.startsWith('/p/') ? hostedPages : plainDashboard;
    const out = res as unknown as Record<symbol, unknown>;
    if (OUT_HEADERS !== undefined && out[OUT_HEADERS] === null) {
      // No header set yet (this runs first): the whole recorded set in one go, as setHeader
      // would store it, without validating the same names and values again for every request.
      const headers: Record<string, [string, string | string[]]> = Object.create(null);
      for (let i = 0; i < entries.length; i++) {
        const [key, name, value] = entries[i]!;
        headers[key] = [name, typeof value === 'string' ? value : [...value]];
      }
      out[OUT_HEADERS] = headers;
    } else for (let i = 0; i < entries.length; i++) res.setHeader(entries[i]![1], entries[i]![2]);
    next();
  };
}

const API_PATH = /^\/api(?:[/?#]|$)/i;

type Entry = [key: string, name: string, value: string | string[]];

/** Headers as node:http keeps them (lower-cased key, name as given, value), validated once here. */
function entriesOf(headers: ReadonlyArray<[string, string | string[]]>): Entry[] {
  const probe = new ServerResponse({ method: 'GET', headers: {} } as IncomingMessage);
  // setHeader validates names and values and throws on what node:http would refuse.
  for (const [name, value] of headers) probe.setHeader(name, value);
  return headers.map(([name, value]) => [name.toLowerCase(), name, value]);
}

/**
 * The symbol under which node:http keeps a response's headers (`kOutHeaders`: null until the first
 * setHeader, then an object of lower-cased name → [name, value]) when it behaves exactly so here;
 * undefined otherwise, and every header goes through setHeader.
 */
const OUT_HEADERS = ((): symbol | undefined => {
  const probe = new ServerResponse({ method: 'GET', headers: {} } as IncomingMessage);
  const symbol = Object.getOwnPropertySymbols(probe).find((s) => s.description === 'kOutHeaders');
  if (symbol === undefined) return undefined;
  const out = probe as unknown as Record<symbol, unknown>;
  if (out[symbol] !== null) return undefined;
  out[symbol] = Object.assign(Object.create(null) as object, { 'x-probe': ['X-Probe', 'a'] });
  const read = probe.getHeader('x-probe') === 'a' && probe.getHeaderNames().join() === 'x-probe';
  probe.setHeader('X-Other', 'b');
  const kept = (out[symbol] as Record<string, unknown>)['x-other'];
  return read && Array.isArray(kept) && kept[0] === 'X-Other' && kept[1] === 'b' ? symbol : undefined;
})();

/** The headers a header-only middleware sets, recorded once (it must not depend on the request). */
function recordHeaders(middleware: RequestHandler): [string, string | string[]][] {
  const headers = new Map<string, [string, string | string[]]>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), [name, Array.isArray(value) ? [...value] : String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
    getHeader: (name: string) => headers.get(name.toLowerCase())?.[1],
  };
  let called = false;
  middleware({ url: '/', method: 'GET', headers: {} } as never, recorder as unknown as Response, () => {
    called = true;
  });
  if (!called) throw new Error('security headers: helmet did not finish synchronously');
  return [...headers.values()];
}
