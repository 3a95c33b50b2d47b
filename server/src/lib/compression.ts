/**
 * Response compression: brotli or gzip, chosen from `Accept-Encoding`.
 *
 * - Bodies sent whole (`res.json`, `res.send`) of a compressible type are compressed when they are
 *   at least COMPRESSION_THRESHOLD_BYTES; smaller ones are not worth a header and the CPU.
 * - Static files are compressed at build time (`scripts/precompress.mjs`) and served as they are
 *   (lib/static-assets.ts); nothing is compressed per request for them.
 * Either way `Vary: Accept-Encoding` tells caches that the representation depends on it.
 */
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { RequestHandler, Response } from 'express';

export type ContentEncoding = 'br' | 'gzip';

export const COMPRESSION_THRESHOLD_BYTES = 1024;
/** Larger bodies are compressed on libuv's thread pool instead of the event loop. */
const SYNC_LIMIT_BYTES = 64 * 1024;
/** Quality 4 compresses JSON better than gzip -6 at about its speed; 11 is for build time. */
const BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};

const COMPRESSIBLE_TYPE =
  /^(text\/|application\/(json|javascript|xml|[\w.+-]+\+(json|xml))|image\/svg\+xml)/i;

/**
 * The encoding to answer with: the highest q-value among those offered, brotli before gzip when the
 * client rates them alike (browsers send `gzip, deflate, br` and mean either). `*` counts for both;
 * q=0 refuses. Null: send it unencoded.
 */
export function preferredEncoding(
  acceptEncoding: string | undefined,
  offered: readonly ContentEncoding[] = ['br', 'gzip'],
): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) quality.set(name, q === undefined ? 1 : Number(q));
  }
  let best: ContentEncoding | null = null;
  let bestQ = 0;
  for (const encoding of offered) {
    const q = quality.get(encoding) ?? quality.get('*') ?? 0;
    if (q > bestQ) {
      best = encoding;
      bestQ = q;
    }
  }
  return best;
}

export function isCompressibleType(contentType: string): boolean {
  return COMPRESSIBLE_TYPE.test(contentType);
}

type Send = (this: Response, body?: unknown) => Response;

/** One body through `send` (Express's own), compressed when it should be (see the module comment). */
function sendCompressed(res: Response, send: Send, body: unknown, threshold: number): Response {
  if (typeof body !== 'string' && !Buffer.isBuffer(body)) return send.call(res, body);
  if (res.getHeader('Content-Encoding') || res.statusCode === 204 || res.statusCode === 304)
    return send.call(res, body);
  // What Express would pick for a body without a type, set now so a compressed Buffer keeps it.
  if (!res.getHeader('Content-Type')) res.type(typeof body === 'string' ? 'html' : 'bin');
  if (!isCompressibleType(String(res.getHeader('Content-Type')))) return send.call(res, body);
  res.vary('Accept-Encoding');
  // A string's UTF-8 length is at least its length: only bodies that may reach the threshold are
  // encoded to bytes here. The others go to Express as they are (a string is written with the
  // headers in one write).
  const size =
    typeof body !== 'string'
      ? body.length
      : body.length * 3 < threshold
        ? body.length
        : Buffer.byteLength(body);
  const encoding = size >= threshold ? preferredEncoding(res.req.headers['accept-encoding']) : null;
  if (!encoding) return send.call(res, body);
  const input = typeof body === 'string' ? Buffer.from(body) : body;
  res.setHeader('Content-Encoding', encoding);
  if (input.length <= SYNC_LIMIT_BYTES) {
    return send.call(res, encoding === 'br' ? brotliCompressSync(input, BROTLI_OPTIONS) : gzipSync(input));
  }
  const done = (error: Error | null, output: Buffer) => {
    if (!error) return void send.call(res, output);
    res.removeHeader('Content-Encoding');
    send.call(res, input);
  };
  if (encoding === 'br') brotliCompress(input, BROTLI_OPTIONS, done);
  else gzip(input, done);
  return res;
}

/** Compresses `res.send`/`res.json` bodies of at least the threshold (see the module comment). */
export function compressResponses(threshold = COMPRESSION_THRESHOLD_BYTES): RequestHandler {
  return (_req, res, next) => {
    const send = res.send;
    res.send = function compressedSend(body?: unknown): Response {
      return sendCompressed(res, send, body, threshold);
    };
    next();
  };
}

/**
 * The same for every response of an app, installed once on its response prototype (`app.response`)
 * instead of a middleware that wraps `res.send` anew for each request.
 */
export function compressSentBodies(response: Response, threshold = COMPRESSION_THRESHOLD_BYTES): void {
  const send = response.send as Send;
  response.send = function compressedSend(this: Response, body?: unknown): Response {
    return sendCompressed(this, send, body, threshold);
  };
}

/** The type `res.json` gives a body (Express: `application/json`, then `send` adds the charset). */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * A JSON text (a compiled serialiser's, response-serialisers.ts) with Content-Type JSON_CONTENT_TYPE
 * already set: what `res.send(text)` does — compressed above the threshold, `Vary: Accept-Encoding`,
 * Content-Length, conditional and HEAD requests — with the common case (nothing to compress, no
 * conditional request, a 2xx with a body) written straight to `res.end`. Node then writes headers and
 * body as one string in one chunk, without Express's re-parsing of the type and its copy of longer
 * bodies into a Buffer (written beside the headers as a second chunk). Anything else goes through
 * `res.send`, as before.
 */
export function sendJsonText(res: Response, text: string, threshold = COMPRESSION_THRESHOLD_BYTES): Response {
  const req = res.req;
  const status = res.statusCode;
  const headers = req.headers;
  const bytes = Buffer.byteLength(text);
  if (
    status < 200 ||
    status > 299 ||
    status === 204 ||
    status === 205 ||
    req.method === 'HEAD' ||
    headers['if-none-match'] !== undefined ||
    headers['if-modified-since'] !== undefined ||
    res.getHeader('Content-Encoding') !== undefined ||
    res.getHeader('Transfer-Encoding') !== undefined ||
    typeof res.app.get('etag fn') === 'function' ||
    (bytes >= threshold && preferredEncoding(headers['accept-encoding']) !== null)
  )
    return res.send(text);
  // What res.vary does when no Vary is set yet, without parsing the (absent) list.
  if (res.getHeader('Vary') === undefined) res.setHeader('Vary', 'Accept-Encoding');
  else res.vary('Accept-Encoding');
  res.setHeader('Content-Length', String(bytes));
  res.end(text, 'utf8');
  return res;
}
