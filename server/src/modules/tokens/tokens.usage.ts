import mongoose, { Types } from 'mongoose';
import type { Logger } from 'pino';
import type { apiTokenModel, ApiTokenDocument } from './tokens.model.js';

/** `last_used_at` is written at most once per this window per token, not on every request. */
export const LAST_USED_THROTTLE_MS = 60_000;
/** How long the first due write waits for others to join its batch. */
const LAST_USED_BATCH_WINDOW_MS = 20;

/**
 * Collects `key → value` entries and hands every entry recorded within `windowMs` of the first to
 * one call of `write`; each caller's promise settles when its batch is written.
 */
export function createBatchedWriter(
  write: (due: Map<string, number>) => Promise<void>,
  windowMs: number,
): (key: string, value: number) => Promise<void> {
  let pending = new Map<string, number>();
  let batch: Promise<void> | null = null;
  return (key, value) => {
    pending.set(key, value);
    batch ??= new Promise((resolve) => setTimeout(resolve, windowMs)).then(() => {
      const due = pending;
      pending = new Map();
      batch = null;
      return write(due);
    });
    return batch;
  };
}

/**
 * `last_used_at` bookkeeping: at most one write per token and LAST_USED_THROTTLE_MS (known from
 * the stored value and from this process's own writes), and the writes of all tokens due within
 * LAST_USED_BATCH_WINDOW_MS go to the database as one bulkWrite. Each update is conditional, so
 * processes never move the value back. The requests wait for their batch, so the value is stored
 * when their answer arrives. `maxTracked` bounds the memory of this process's own writes.
 */
export function createUsageRecorder(
  Tokens: ReturnType<typeof apiTokenModel>,
  logger: Logger,
  maxTracked: number,
): (token: ApiTokenDocument, now: number) => Promise<void> {
  const lastRecorded = new Map<string, number>();
  const recordBatched = createBatchedWriter(async (due) => {
    try {
      await Tokens.bulkWrite(
        [...due].map(([id, at]) => ({
          updateOne: {
            filter: {
              _id: new Types.ObjectId(id),
              $or: [
                { last_used_at: null },
                { last_used_at: mongoose.trusted({ $lt: new Date(at - LAST_USED_THROTTLE_MS) }) },
              ],
            },
            update: { $set: { last_used_at: new Date(at) } },
          },
        })),
        { ordered: false },
      );
    } catch (error) {
      // Bookkeeping only: a failed write must not fail the requests it describes.
      logger.warn({ err: error, tokens: due.size }, 'could not record API token use');
    }
  }, LAST_USED_BATCH_WINDOW_MS);

  // Token ids as text, by the (cached) token document: not converted again on every request.
  const ids = new WeakMap<ApiTokenDocument, string>();
  return (token, now) => {
    let id = ids.get(token);
    if (id === undefined) {
      id = String(token._id);
      ids.set(token, id);
    }
    const known = Math.max(lastRecorded.get(id) ?? 0, token.last_used_at?.getTime() ?? 0);
    if (now - known < LAST_USED_THROTTLE_MS) return Promise.resolve();
    if (lastRecorded.size >= maxTracked) lastRecorded.clear();
    lastRecorded.set(id, now);
    return recordBatched(id, now);
  };
}
