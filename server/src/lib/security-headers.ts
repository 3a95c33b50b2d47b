import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * helmet's defaults, except that the CSP asks browsers to upgrade http:// subresources to https://
 * only when the server is published over https. On a plain-HTTP address other than localhost (a
 * self-hoster's first try: `http://192.168.1.20:3000`) the upgrade rewrote every script and style
 * to https, which nothing answers, and the dashboard stayed white. Behind TLS the upgrade stays on.
 */
export function securityHeaders(publicUrl: string): RequestHandler {
  const overTls = publicUrl.toLowerCase().startsWith('https://');
  return helmet({
    contentSecurityPolicy: { directives: { upgradeInsecureRequests: overTls ? [] : null } },
  }) as RequestHandler;
}
