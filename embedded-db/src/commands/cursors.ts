/**
 * Open cursors: a command's result is kept whole and handed out in batches by `getMore`.
 */
import { calculateObjectSize, Long } from 'bson';
import { RawDocument } from '../bson/raw.js';
import type { Doc } from '../bson/values.js';
import { MAX_BSON_OBJECT_SIZE } from '../protocol/wire.js';
import { documentTooLarge } from './helpers.js';

const DEFAULT_FIRST_BATCH = 101;
/** Room left in a reply for the envelope around a batch. */
const MAX_BATCH_BYTES = MAX_BSON_OBJECT_SIZE - 64 * 1024;

export interface CursorState {
  id: number;
  ns: string;
  docs: Doc[];
  pos: number;
  lastUsed: number;
}

export class Cursors {
  private readonly cursors = new Map<number, CursorState>();
  private nextCursorId = Math.floor(Math.random() * 2 ** 30) + 1;

  get size(): number {
    return this.cursors.size;
  }

  get(id: number): CursorState | undefined {
    return this.cursors.get(id);
  }

  delete(id: number): boolean {
    return this.cursors.delete(id);
  }

  /** Drops cursors idle for longer than the cursor timeout (the parameter cursorTimeoutMillis, 10 minutes). */
  sweep(now: number, timeoutMs: number): void {
    for (const [id, c] of this.cursors) if (now - c.lastUsed > timeoutMs) this.cursors.delete(id);
  }

  /** The reply of a command answering with a cursor: the first batch, and a cursor id when more remain. */
  reply(ns: string, docs: Doc[], batchSize: number | undefined, singleBatch: boolean): Doc {
    const cur: CursorState = { id: 0, ns, docs, pos: 0, lastUsed: Date.now() };
    const first = this.takeBatch(cur, batchSize ?? DEFAULT_FIRST_BATCH);
    let id = 0;
    if (!singleBatch && cur.pos < docs.length) {
      id = this.nextCursorId++;
      cur.id = id;
      this.cursors.set(id, cur);
    }
    return { cursor: { firstBatch: first, id: Long.fromNumber(id), ns } };
  }

  takeBatch(cur: CursorState, max: number): Doc[] {
    const out: Doc[] = [];
    let bytes = 0;
    while (cur.pos < cur.docs.length && out.length < max) {
      const d = cur.docs[cur.pos] as Doc;
      const size =
        d instanceof RawDocument ? d.bytes.length : calculateObjectSize(d, { ignoreUndefined: true });
      // like mongod, a result document larger than the BSON limit fails the command (BSONObjectTooLarge)
      if (size > MAX_BSON_OBJECT_SIZE) throw documentTooLarge(size, d);
      if (out.length > 0 && bytes + size > MAX_BATCH_BYTES) break;
      out.push(d);
      bytes += size;
      cur.pos++;
    }
    return out;
  }

  /** Closes the cursors of a namespace (its collection was dropped or renamed). */
  killOf(ns: string): void {
    for (const [id, c] of this.cursors) if (c.ns === ns) this.cursors.delete(id);
  }
}
