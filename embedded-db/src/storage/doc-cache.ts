/**
 * A bounded cache of stored documents (their BSON bytes) in front of lmdb's `docs` table.
 *
 * Why: reading a document from lmdb costs a JavaScript→native call plus a copy out of the memory map, about
 * 2 µs; an index scan that fetches 500 documents spends most of its time there. mongod keeps recently used
 * documents in the WiredTiger cache for the same reason.
 *
 * Lookup: entries are found through nested Maps, one level per part of the lmdb key (collection number, the
 * `_id`'s type tag, its value). A hit costs a few Map lookups on values the index scan already decoded; one
 * Map keyed by a string built from the parts spent more on building and hashing that string than the lookup
 * itself (a query fetching 500 documents: ~90 µs of its ~600 µs). Map keys tell 1, "1" and true apart; key
 * parts never hold -0 or NaN (keys.ts normalises them), and Buffer parts (only range bounds have them) are
 * keyed by their hex with a prefix no string part can have (strings in keys never contain NUL).
 *
 * Consistency: only committed bytes may enter the cache. A write transaction deletes the entries of the
 * documents it changes, and while any write is between its start and its commit (`writesInFlight > 0`) reads
 * do not fill the cache — a read in that window may see the committed state that the running transaction is
 * about to replace, and caching it would serve a stale document after the commit.
 *
 * Eviction once `maxBytes` is exceeded is "second chance" (CLOCK) over the entries in the order they were
 * filled: a hit only sets a flag; the oldest entry is dropped unless it was used since it was last looked at,
 * in which case it moves to the back with its flag cleared.
 */
import type { KeyPart } from './keys.js';

/** Bytes a cached entry costs besides its document (Map slots, queue slot, entry and Buffer objects). */
const ENTRY_OVERHEAD = 128;

type MapKey = string | number | boolean;

/** One level of the nested Maps: the keys continuing with a part, and the keys ending with it. */
class Level {
  readonly next = new Map<MapKey, Level>();
  readonly ends = new Map<MapKey, Entry>();
}

interface Entry {
  bytes: Buffer;
  /** The lmdb key, to remove the entry from its Map when evicted. */
  parts: readonly KeyPart[];
  /** Read since eviction last passed it. */
  used: boolean;
  /** Still in the Maps (forgotten entries stay in the eviction queue until it reaches them). */
  live: boolean;
}

const mapKey = (p: KeyPart): MapKey => (typeof p === 'object' ? `\u0000x${p.toString('hex')}` : p);

export class DocumentCache {
  private readonly root = new Level();
  /** Entries in fill order (a queue: `head` is the oldest); forgotten ones are skipped when reached. */
  private queue: Entry[] = [];
  private head = 0;
  private bytes = 0;
  private count = 0;
  /** Write transactions started and not yet committed; while any is, reads do not fill the cache. */
  writesInFlight = 0;

  constructor(private readonly maxBytes: number) {}

  get(parts: readonly KeyPart[]): Buffer | undefined {
    const entry = this.find(parts);
    if (entry === undefined) return undefined;
    entry.used = true;
    return entry.bytes;
  }

  /** Remembers committed bytes read from the store (ignored while a write is in flight, see above). */
  fill(parts: readonly KeyPart[], bytes: Buffer): void {
    if (this.writesInFlight > 0 || this.maxBytes === 0 || parts.length === 0) return;
    const cost = bytes.length + ENTRY_OVERHEAD;
    if (cost > this.maxBytes / 16) return; // one huge document must not flush everything else
    this.forget(parts);
    let level = this.root;
    for (let i = 0; i < parts.length - 1; i++) {
      const k = mapKey(parts[i] as KeyPart);
      let next = level.next.get(k);
      if (next === undefined) level.next.set(k, (next = new Level()));
      level = next;
    }
    const entry: Entry = { bytes, parts: [...parts], used: false, live: true };
    level.ends.set(mapKey(parts[parts.length - 1] as KeyPart), entry);
    this.queue.push(entry);
    this.bytes += cost;
    this.count++;
    while (this.bytes > this.maxBytes) this.evictOne(entry);
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
  }

  forget(parts: readonly KeyPart[]): void {
    const entry = this.find(parts);
    if (entry !== undefined) this.remove(entry);
  }

  clear(): void {
    this.root.next.clear();
    this.root.ends.clear();
    this.queue = [];
    this.head = 0;
    this.bytes = 0;
    this.count = 0;
  }

  get size(): number {
    return this.count;
  }

  private find(parts: readonly KeyPart[]): Entry | undefined {
    const last = parts.length - 1;
    if (last < 0) return undefined;
    let level: Level | undefined = this.root;
    for (let i = 0; i < last && level !== undefined; i++) level = level.next.get(mapKey(parts[i] as KeyPart));
    return level?.ends.get(mapKey(parts[last] as KeyPart));
  }

  /** Drops the oldest live entry, or gives it a second chance if it was used (never `keep`, just filled). */
  private evictOne(keep: Entry): void {
    const oldest = this.queue[this.head] as Entry;
    this.queue[this.head++] = undefined as unknown as Entry;
    if (!oldest.live) return;
    if (oldest.used && oldest !== keep) {
      oldest.used = false;
      this.queue.push(oldest);
    } else {
      this.remove(oldest);
    }
  }

  private remove(entry: Entry): void {
    if (!entry.live) return;
    entry.live = false;
    let level = this.root;
    const { parts } = entry;
    for (let i = 0; i < parts.length - 1; i++) level = level.next.get(mapKey(parts[i] as KeyPart)) as Level;
    level.ends.delete(mapKey(parts[parts.length - 1] as KeyPart));
    this.bytes -= entry.bytes.length + ENTRY_OVERHEAD;
    this.count--;
  }
}
