import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** The hosted pages of the user pools (docs/user-pools.md), branded with the pool's own logo. */
const HOSTED_PAGES = /^\/p\//;

/**
 * helmet's defaults, except that the CSP asks browsers to upgrade http:// subresources to https://
 * only when the server is published over https. On a plain-HTTP address other than localhost (a
 * self-hoster's first try: `http://192.168.1.20:3000`) the upgrade rewrote every script and style
 * to https, which nothing answers, and the dashboard stayed white. Behind TLS the upgrade stays on.
 *
 * The hosted pages (`/p/{project_id}/…`) also load images from any https origin: a pool's
 * `logo_url` is an https URL on the partner's own site. Scripts, styles and connections stay
 * same-origin there too, so a logo can show but never run anything.
 */
export function securityHeaders(publicUrl: string): RequestHandler {
  const overTls = publicUrl.toLowerCase().startsWith('https://');
  const upgradeInsecureRequests = overTls ? [] : null;
  const dashboard = helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests } } });
  const hosted = helmet({
    contentSecurityPolicy: {
      directives: { upgradeInsecureRequests, imgSrc: ["'self'", 'data:', 'https:'] },
    },
  });
  return ((req, res, next) =>
    (HOSTED_PAGES.test(req.path) ? hosted : dashboard)(req, res, next)) as RequestHandler;
}
