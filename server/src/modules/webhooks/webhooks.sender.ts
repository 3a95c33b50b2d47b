import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isInternalAddress, publicOnlyLookup } from './webhooks.url-guard.js';
import { SIGNATURE_HEADER, signatureHeader } from './webhooks.signature.js';

/** How much of a receiver's answer the delivery log keeps. */
const RESPONSE_BODY_LIMIT = 1024;

export interface OutgoingDelivery {
  url: string;
  secret: string;
  body: string;
  deliveryId: string;
  eventId: string;
  eventType: string;
  attempt: number;
}

export interface AttemptResult {
  /** A 2xx answer; anything else (3xx included: redirects are not followed) is a failure. */
  ok: boolean;
  responseStatus: number | null;
  responseBody: string | null;
  durationMs: number;
  error: string | null;
}

export interface SenderOptions {
  allowPrivateUrls: boolean;
  timeoutMs: number;
  userAgent: string;
}

/** POSTs one signed delivery and reports what happened; never throws. */
export function sendDelivery(delivery: OutgoingDelivery, options: SenderOptions): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<AttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...result, durationMs: elapsed() });
    };
    const fail = (error: unknown) =>
      finish({
        ok: false,
        responseStatus: null,
        responseBody: null,
        error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      });

    let url: URL;
    try {
      url = new URL(delivery.url);
    } catch (error) {
      return fail(error);
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // An IP in the URL is connected to without a lookup, so it is checked here.
    if (!options.allowPrivateUrls && isIP(host) && isInternalAddress(host))
      return fail(new Error(`refused: ${host} is an internal address`));

    const timestampS = Math.floor(Date.now() / 1000);
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        timeout: options.timeoutMs,
        ...(options.allowPrivateUrls ? {} : { lookup: publicOnlyLookup }),
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(delivery.body),
          'User-Agent': options.userAgent,
          'X-IAM-Event-Id': delivery.eventId,
          'X-IAM-Event-Type': delivery.eventType,
          'X-IAM-Delivery-Id': delivery.deliveryId,
          'X-IAM-Delivery-Attempt': String(delivery.attempt),
          [SIGNATURE_HEADER]: signatureHeader(delivery.secret, delivery.body, timestampS),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_BODY_LIMIT) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        const status = response.statusCode ?? 0;
        const done = () =>
          finish({
            ok: status >= 200 && status < 300,
            responseStatus: status,
            responseBody: Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_BODY_LIMIT),
            error: status >= 200 && status < 300 ? null : `HTTP ${status}`,
          });
        response.on('end', done);
        response.on('error', done);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    request.on('error', fail);
    request.end(delivery.body);
  });
}
