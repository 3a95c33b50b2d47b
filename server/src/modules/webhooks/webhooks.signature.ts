import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/crypto.js';

export const SIGNATURE_HEADER = 'X-IAM-Signature';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>` — the scheme Stripe made familiar. */
export function signatureHeader(secret: string, body: string, timestampS: number): string {
  const digest = createHmac('sha256', secret).update(`${timestampS}.${body}`, 'utf8').digest('hex');
  return `t=${timestampS},v1=${digest}`;
}

/**
 * What a receiver does (docs/webhooks.md has the same in a few lines): recompute the HMAC over
 * `t.body`, compare in constant time, and refuse timestamps older than the tolerance (replays).
 */
export function verifySignature(
  secret: string,
  body: string,
  header: string,
  options: { toleranceS?: number; nowS?: number } = {},
): boolean {
  const parts = Object.fromEntries(
    header.split(',').map((part) => {
      const index = part.indexOf('=');
      return [part.slice(0, index).trim(), part.slice(index + 1).trim()];
    }),
  );
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1) return false;
  const now = options.nowS ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceS ?? 300)) return false;
  return safeEqual(signatureHeader(secret, body, timestamp), `t=${timestamp},v1=${parts.v1}`);
}
