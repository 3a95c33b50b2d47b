import { CredentialCache, type RevocationFeed } from '../lib/revocations.js';

/**
 * Answers computed only from caches that the revocation feed invalidates (lib/revocations.ts,
 * lib/cache-invalidation.ts), kept while the feed has applied no invalidation at all since the
 * reads behind them started. Any invalidation — of any kind, of any key — empties the memo, so it
 * never answers anything the caches below it would not: a change takes effect at once in the
 * process that made it and, like those caches, within FRESH_MS in the others (and not at all
 * while the feed is not fresh). It saves the walk through those caches on the hottest paths.
 * Entries live at most `ttlMs`; the oldest go first when `maxEntries` is reached (the bounded map
 * of the credential caches: this class adds only the feed's generation and freshness on top).
 */
export class FeedMemo<T> {
  private readonly entries: CredentialCache<T>;
  /** The feed's generation the entries were computed at. */
  private generation: number;

  constructor(
    private readonly feed: RevocationFeed,
    ttlMs: number,
    maxEntries: number,
  ) {
    this.entries = new CredentialCache<T>(ttlMs, maxEntries);
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
    const value = this.entries.get(key, now);
    if (value === undefined || !this.feed.isFresh()) return undefined;
    return value;
  }

  /** Keeps `value`, read from the caches since `generation` (`current`), unless an invalidation came since. */
  set(key: string, value: T, generation: number, now: number): void {
    if (generation !== this.feed.generation) return;
    if (this.generation !== generation) {
      this.entries.clear();
      this.generation = generation;
    }
    this.entries.set(key, value, now);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}
