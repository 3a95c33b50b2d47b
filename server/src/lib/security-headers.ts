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
  return function securityHeaders(req, res, next) {
    const url = req.url;
    // The hosted pages of the user pools (docs/user-pools.md), branded with the pool's own logo.
    const headers = url.startsWith('/p/') ? hosted : dashboard;
    for (let i = 0; i < headers.length; i++) res.setHeader(headers[i]![0], headers[i]![1]);
    // Express matches mount paths case-insensitively: `/API/v1/…` is an API request too.
    if (API_PATH.test(url)) res.setHeader('Cache-Control', 'no-store');
    next();
  };
}

const API_PATH = /^\/api(?:[/?#]|$)/i;

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
