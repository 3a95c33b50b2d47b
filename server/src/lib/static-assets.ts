import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import mime from 'mime-types';
import { preferredEncoding, type ContentEncoding } from './compression.js';

const ONE_YEAR_S = 31_536_000;

// mime-db knows no type for Python files, so the Python client (/cdn/sdk/iam_sdk.py) would go out as
// application/octet-stream; express.static and res.type() both look types up here.
mime.types.py ??= 'text/x-python';

/** Paths that belong to the API and must never fall back to the dashboard's index.html. */
const NON_SPA_PREFIXES = ['/api/', '/functions/', '/cdn/', '/.well-known/', '/storybook/'];

/** The suffix `scripts/precompress.mjs` gives each encoding's copy of a file. */
const SUFFIX: Record<ContentEncoding, string> = { br: '.br', gzip: '.gz' };

function isNonSpaPath(urlPath: string): boolean {
  return NON_SPA_PREFIXES.some((prefix) => urlPath === prefix.slice(0, -1) || urlPath.startsWith(prefix));
}

/**
 * Files of a build output that have build-time compressed copies beside them (`x.js.br`,
 * `x.js.gz`), by URL path below the directory. Read once at start-up: the builds come first. A
 * copy older than its file is left out: the file was rebuilt without `scripts/precompress.mjs`
 * (e.g. `npm run build -w widget` alone), and the copy would serve the previous build.
 */
function precompressedFiles(root: string): Map<string, ContentEncoding[]> {
  const found = new Map<string, ContentEncoding[]>();
  if (!existsSync(root)) return found;
  const names = new Set(readdirSync(root, { recursive: true, encoding: 'utf8' }));
  const modified = (name: string) => statSync(path.join(root, name)).mtimeMs;
  for (const name of names) {
    const encodings = (['br', 'gzip'] as const).filter(
      (encoding) => names.has(name + SUFFIX[encoding]) && modified(name + SUFFIX[encoding]) >= modified(name),
    );
    if (encodings.length > 0) found.set(`/${name.split(path.sep).join('/')}`, encodings);
  }
  return found;
}

/**
 * Sends `file` (a path below `root`) as the build-time compressed copy the client takes best, with
 * the original's type and the mount's cache headers; false when it has no such copy to offer.
 */
function sendPrecompressed(
  req: Request,
  res: Response,
  root: string,
  urlPath: string,
  variants: Map<string, ContentEncoding[]>,
  headers: Record<string, string>,
  maxAgeMs: number,
  immutable: boolean,
): boolean {
  const offered = variants.get(urlPath);
  if (!offered) return false;
  res.vary('Accept-Encoding');
  const encoding = preferredEncoding(req.get('accept-encoding'), offered);
  if (!encoding) return false;
  res.setHeader('Content-Encoding', encoding);
  res.type(path.extname(urlPath) || 'bin');
  res.sendFile(
    urlPath.slice(1) + SUFFIX[encoding],
    { root, headers, maxAge: maxAgeMs, immutable },
    (error) => {
      if (error && !res.headersSent) {
        res.removeHeader('Content-Encoding');
        res.status(500).end();
      }
    },
  );
  return true;
}

/**
 * A directory of built files: the precompressed copy when the client accepts one, otherwise the
 * file itself (express.static). Same cache headers either way, and `Vary: Accept-Encoding` on every
 * file that has copies.
 */
function staticFiles(
  root: string,
  /** `headers`: set on every file of the mount, compressed or not (they win over maxAge). */
  options: { maxAgeMs: number; immutable?: boolean; headers?: Record<string, string> },
): RequestHandler[] {
  const variants = precompressedFiles(root);
  const headers = options.headers ?? {};
  const immutable = options.immutable ?? false;
  const precompressed: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    if (!sendPrecompressed(req, res, root, urlPath, variants, headers, options.maxAgeMs, immutable)) next();
  };
  return [
    precompressed,
    express.static(root, {
      maxAge: options.maxAgeMs,
      immutable,
      fallthrough: true,
      index: false,
      setHeaders: (res, filePath) => {
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        if (variants.has(`/${path.relative(root, filePath).split(path.sep).join('/')}`))
          res.setHeader('Vary', 'Accept-Encoding');
      },
    }),
  ];
}

/**
 * Serves the SDK and widget bundles under /cdn/ and the built dashboard at / with SPA fallback,
 * each file as its build-time brotli or gzip copy when the client accepts one.
 * Vite puts content-hashed files under /assets/, so those are cached for a year; index.html
 * is revalidated on every load so a deploy takes effect immediately.
 */
export function mountStaticAssets(
  app: Express,
  paths: { dashboardDist: string; sdkDist: string; widgetDist: string; storybookDist: string },
  options: { isProduction: boolean },
): void {
  if (!options.isProduction) mountStorybook(app, paths.storybookDist);
  // Bundle names are stable (not hashed), so browsers revalidate them hourly. Third-party sites
  // load them, so they must be readable cross-origin (helmet's default CORP is same-origin).
  const cdnOptions = {
    maxAgeMs: 3_600_000,
    headers: { 'Cross-Origin-Resource-Policy': 'cross-origin', 'Access-Control-Allow-Origin': '*' },
  };
  app.use('/cdn/sdk', ...staticFiles(paths.sdkDist, cdnOptions));
  // The Python client is a source file the SDK's build only copies into dist/: served from its source
  // when there is no build (a development checkout, the server's tests before `npm run build`).
  app.use('/cdn/sdk', ...staticFiles(path.join(path.dirname(paths.sdkDist), 'python'), cdnOptions));
  app.use('/cdn/widget', ...staticFiles(paths.widgetDist, cdnOptions));

  app.use(
    '/assets',
    ...staticFiles(path.join(paths.dashboardDist, 'assets'), {
      maxAgeMs: ONE_YEAR_S * 1000,
      immutable: true,
    }),
  );
  app.use(...staticFiles(paths.dashboardDist, { maxAgeMs: 0, headers: { 'Cache-Control': 'no-cache' } }));
  app.get(/.*/, spaFallback(paths.dashboardDist));
}

/**
 * Development only: the Storybook of the widget and the dashboard's components (`npm run build-storybook`) at
 * /storybook/, so the docs can link to it. Storybook's pages run inline scripts and frame themselves, so this
 * mount alone gets a looser Content-Security-Policy; production never serves it.
 */
function mountStorybook(app: Express, storybookDist: string): void {
  app.use('/storybook', (req, res, next) => {
    if (!existsSync(path.join(storybookDist, 'index.html'))) {
      res
        .status(404)
        .type('text/plain')
        .send('Storybook has not been built yet. Run `npm run build-storybook`, then reload.');
      return;
    }
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'self'",
    );
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    // the mounts below serve files, not directory indexes
    if (req.path === '/') req.url = '/index.html' + req.url.slice(1);
    next();
  });
  app.use(
    '/storybook',
    ...staticFiles(storybookDist, { maxAgeMs: 0, headers: { 'Cache-Control': 'no-cache' } }),
  );
}

function spaFallback(dashboardDist: string): RequestHandler {
  const indexHtml = path.join(dashboardDist, 'index.html');
  const variants = precompressedFiles(dashboardDist);
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
    const headers = { 'Cache-Control': 'no-cache' };
    if (sendPrecompressed(req, res, dashboardDist, '/index.html', variants, headers, 0, false)) return;
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  };
}
