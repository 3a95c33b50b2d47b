import type { RevocationFeed } from '../lib/revocations.js';

/**
 * Answers computed only from caches that the revocation feed invalidates (lib/revocations.ts,
 * lib/cache-invalidation.ts), kept while the feed has applied no invalidation at all since the
 * reads behind them started. Any invalidation — of any kind, of any key — empties the memo, so it
 * never answers anything the caches below it would not: a change takes effect at once in the
 * process that made it and, like those caches, within FRESH_MS in the others (and not at all
 * while the feed is not fresh). It saves the walk through those caches on the hottest paths.
 * Entries live at most `ttlMs`; the oldest go first when `maxEntries` is reached.
 */
export class FeedMemo<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();
  /** The feed's generation the entries were computed at. */
  private generation: number;

  constructor(
    private readonly feed: RevocationFeed,
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {
    this.generation = feed.generation;
    // Emptied at once rather than at the next look-up: nothing stays in memory past its invalidation.
    feed.subscribe(() => this.entries.clear());
  }

  /** The feed's generation now: take it before the reads whose answer `set` will keep. */
  get current(): number {
    return this.feed.generation;
  }

  get(key: string, now: number): T | undefined {
    if (this.generation !== this.feed.generation) {
      this.entries.clear();
      this.generation = this.feed.generation;
      return undefined;
    }
    const entry = this.entries.get(key);
    if (!entry || !this.feed.isFresh()) return undefined;
    if (entry.until <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps `value`, read from the caches since `generation` (`current`), unless an invalidation came since. */
  set(key: string, value: T, generation: number, now: number): void {
    if (generation !== this.feed.generation) return;
    if (this.generation !== generation) {
      this.entries.clear();
      this.generation = generation;
    }
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, until: now + this.ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}
