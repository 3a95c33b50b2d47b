import type { Batch } from './queue';

export interface TransportConfig {
  applicationId: string;
  apiUrl: string;
  sdkVersion: string;
  fetch?: typeof fetch;
}

/** sent: done; retry: network error, 429 or 5xx; drop: any other answer (retrying cannot help). */
export interface SendResult {
  outcome: 'sent' | 'retry' | 'drop';
  /** HTTP status, 0 for a network error or timeout. */
  status: number;
  /** From Retry-After on a 429/503. */
  retryAfterMs?: number;
}

const TIMEOUT_MS = 15_000;
const MAX_RETRY_AFTER_MS = 10 * 60_000;

/** Seconds or an HTTP date, as RFC 9110 allows. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const ms = /^\d+$/.test(value.trim()) ? Number(value) * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) ? Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms)) : undefined;
}

/** Jittered exponential backoff: 1 s, 2 s, 4 s … capped at 30 s, each between half and all of it. */
export function backoffMs(failures: number): number {
  const ceiling = Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/** HTTP to the ingest API (`/api/v1/<path>`, X-Application-ID, X-SDK-Version). Never throws. */
export class Transport {
  readonly #config: TransportConfig;

  constructor(config: TransportConfig) {
    this.#config = config;
  }

  async send(batch: Batch, keepalive = false): Promise<SendResult> {
    const { applicationId, apiUrl, sdkVersion } = this.#config;
    const fetchImpl =
      this.#config.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-application-id': applicationId,
      'x-sdk-version': sdkVersion,
    };
    if (batch.token) headers.authorization = `Bearer ${batch.token}`;
    try {
      const response = await fetchImpl(`${apiUrl}/api/v1/${batch.path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(batch.body),
        keepalive,
        // A request that hangs must not hold up the queue for good.
        signal: AbortSignal.timeout?.(TIMEOUT_MS),
        credentials: 'omit',
      });
      const { status } = response;
      // Not reading the body would keep the connection busy in some runtimes.
      response.body?.cancel().catch(() => undefined);
      if (status < 300) return { outcome: 'sent', status };
      if (status === 429 || status >= 500)
        return {
          outcome: 'retry',
          status,
          retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
        };
      return { outcome: 'drop', status };
    } catch {
      return { outcome: 'retry', status: 0 };
    }
  }
}
