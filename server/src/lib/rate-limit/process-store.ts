import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';

/** Keys one store keeps; beyond, the oldest window goes first (a flood of fresh keys cannot grow it). */
const DEFAULT_MAX_KEYS = 100_000;

interface Window {
  hits: number;
  resetTime: Date;
}

/**
 * Fixed-window counters in this process's memory, for limits whose keys are many and short-lived
 * (one per SDK installation): counting them in the database would cost a round trip for nearly every
 * request, since leases only pay off for keys that send many requests. Each server process counts on
 * its own (WEB_CONCURRENCY processes allow up to that many times the limit), so use it only beside a
 * shared limit that protects the database.
 */
export class ProcessRateLimitStore implements Store {
  readonly localKeys = true;
  readonly prefix: string;
  private windowMs = 60_000;
  private readonly maxKeys: number;
  /** By key, oldest window first. */
  private readonly windows = new Map<string, Window>();

  constructor(options: { prefix?: string; maxKeys?: number } = {}) {
    this.prefix = options.prefix ?? '';
    this.maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private running(key: string): Window | undefined {
    const window = this.windows.get(key);
    return window && window.resetTime.getTime() > Date.now() ? window : undefined;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const window = this.running(key);
    return window && { totalHits: window.hits, resetTime: window.resetTime };
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    let window = this.running(key);
    if (!window) {
      this.windows.delete(key); // an expired window is re-inserted as the newest
      window = { hits: 0, resetTime: new Date(Date.now() + this.windowMs) };
      this.windows.set(key, window);
      if (this.windows.size > this.maxKeys) this.windows.delete(this.windows.keys().next().value!);
    }
    window.hits++;
    return { totalHits: window.hits, resetTime: window.resetTime };
  }

  async decrement(key: string): Promise<void> {
    const window = this.running(key);
    if (window && window.hits > 0) window.hits--;
  }

  async resetKey(key: string): Promise<void> {
    this.windows.delete(key);
  }
}
