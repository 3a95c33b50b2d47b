export interface IamClientOptions {
  /** Origin of the IAM Platform server, e.g. `https://iam.example.com`. */
  baseUrl: string;
  /** Replaceable for runtimes without a global fetch. */
  fetch?: typeof fetch;
}

export interface Health {
  status: 'ok' | 'degraded';
  version: string;
  uptime_s: number;
  db: { status: 'up' | 'down' };
}

export class IamError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Seconds to wait before trying again (Retry-After of a 429), when the server said. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'IamError';
  }
}

export class IamClient {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;

  constructor(options: IamClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    const fetchImpl = options.fetch ?? globalThis.fetch;
    if (typeof fetchImpl !== 'function') {
      throw new TypeError('IamClient needs a fetch implementation: pass options.fetch on this runtime.');
    }
    this.fetchImpl = fetchImpl.bind(globalThis);
  }

  /** GET /api/v1/health. The server answers 503 with the same body when its database is down. */
  async health(): Promise<Health> {
    const response = await this.fetchImpl(`${this.baseUrl}/api/v1/health`, {
      headers: { accept: 'application/json' },
    });
    const body = (await response.json().catch(() => undefined)) as Partial<Health> & {
      error?: string;
      code?: string;
    };
    if (body && typeof body.status === 'string' && body.db) return body as Health;
    throw new IamError(response.status, body?.code ?? 'http_error', body?.error ?? `HTTP ${response.status}`);
  }
}
