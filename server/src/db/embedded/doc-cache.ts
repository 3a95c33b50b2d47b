/**
 * A bounded cache of stored documents (their BSON bytes) in front of lmdb's `docs` table.
 *
 * Why: reading a document from lmdb costs a JavaScript→native call plus a copy out of the memory map, about
 * 2 µs; an index scan that fetches 500 documents spends most of its time there. mongod keeps recently used
 * documents in the WiredTiger cache for the same reason. Hits here are a Map lookup.
 *
 * Consistency: only committed bytes may enter the cache. A write transaction deletes the entries of the
 * documents it changes, and while any write is between its start and its commit (`writesInFlight > 0`) reads
 * do not fill the cache — a read in that window may see the committed state that the running transaction is
 * about to replace, and caching it would serve a stale document after the commit.
 *
 * Eviction once `maxBytes` is exceeded is "second chance" (CLOCK): a hit only sets a flag, because reordering a
 * Map on every hit (delete + set) cost more than the lmdb read it saves; the oldest entry is dropped unless it
 * was used since it was last looked at, in which case it moves to the back with its flag cleared.
 */
import type { KeyPart } from './keys.js';

/** Bytes a cached entry costs besides its document (Map slot, key string, Buffer object). */
const ENTRY_OVERHEAD = 96;

/** A Map key for lmdb key parts; the type prefixes keep 1, "1" and true apart. */
export function cacheKeyOf(parts: readonly KeyPart[]): string {
  let key = '';
  for (const p of parts) {
    if (typeof p === 'string') key += `s${p}\u0000`;
    else if (typeof p === 'number') key += `n${p}\u0000`;
    else if (typeof p === 'boolean') key += p ? 'T\u0000' : 'F\u0000';
    else key += `x${p.toString('hex')}\u0000`;
  }
  return key;
}

interface Entry {
  bytes: Buffer;
  /** Read since eviction last passed it. */
  used: boolean;
}

export class DocumentCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Write transactions started and not yet committed; while any is, reads do not fill the cache. */
  writesInFlight = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    entry.used = true;
    return entry.bytes;
  }

  /** Remembers committed bytes read from the store (ignored while a write is in flight, see above). */
  fill(key: string, bytes: Buffer): void {
    if (this.writesInFlight > 0 || this.maxBytes === 0) return;
    const cost = bytes.length + key.length + ENTRY_OVERHEAD;
    if (cost > this.maxBytes / 16) return; // one huge document must not flush everything else
    this.forget(key);
    this.entries.set(key, { bytes, used: false });
    this.bytes += cost;
    while (this.bytes > this.maxBytes) {
      const [oldest, entry] = this.entries.entries().next().value as [string, Entry];
      this.entries.delete(oldest);
      if (entry.used && oldest !== key) {
        entry.used = false;
        this.entries.set(oldest, entry);
      } else {
        this.bytes -= entry.bytes.length + oldest.length + ENTRY_OVERHEAD;
      }
    }
  }

  forget(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes.length + key.length + ENTRY_OVERHEAD;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }
}
