import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import express, { type Express, type RequestHandler } from 'express';

const ONE_YEAR_S = 31_536_000;

/** Paths that belong to the API and must never fall back to the dashboard's index.html. */
const NON_SPA_PREFIXES = ['/api/', '/functions/', '/cdn/', '/.well-known/'];

function isNonSpaPath(urlPath: string): boolean {
  return NON_SPA_PREFIXES.some((prefix) => urlPath === prefix.slice(0, -1) || urlPath.startsWith(prefix));
}

/**
 * Serves the SDK and widget bundles under /cdn/ and the built dashboard at / with SPA fallback.
 * Vite puts content-hashed files under /assets/, so those are cached for a year; index.html
 * is revalidated on every load so a deploy takes effect immediately.
 */
export function mountStaticAssets(
  app: Express,
  paths: { dashboardDist: string; sdkDist: string; widgetDist: string },
): void {
  // Bundle names are stable (not hashed), so browsers revalidate them hourly. Third-party sites
  // load them, so they must be readable cross-origin (helmet's default CORP is same-origin).
  const cdnOptions = {
    maxAge: '1h',
    fallthrough: true,
    index: false,
    setHeaders: (res: ServerResponse) => {
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      res.setHeader('Access-Control-Allow-Origin', '*');
    },
  } as const;
  app.use('/cdn/sdk', express.static(paths.sdkDist, cdnOptions));
  app.use('/cdn/widget', express.static(paths.widgetDist, cdnOptions));

  const indexHtml = path.join(paths.dashboardDist, 'index.html');
  app.use(
    '/assets',
    express.static(path.join(paths.dashboardDist, 'assets'), {
      immutable: true,
      maxAge: ONE_YEAR_S * 1000,
      fallthrough: true,
      index: false,
    }),
  );
  app.use(
    express.static(paths.dashboardDist, {
      index: false,
      setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
    }),
  );
  app.get(/.*/, spaFallback(indexHtml));
}

function spaFallback(indexHtml: string): RequestHandler {
  return (req, res, next) => {
    if (isNonSpaPath(req.path) || req.path.startsWith('/assets/') || !req.accepts('html')) {
      next();
      return;
    }
    if (!existsSync(indexHtml)) {
      res
        .status(503)
        .type('text/plain')
        .send('The dashboard has not been built yet. Run `npm run build` (or `npm start`, which builds it).');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  };
}
