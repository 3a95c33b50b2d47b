/**
 * What a failed commit means for the server. lmdb rolls a failed commit back (and every transaction of its group
 * commit), so nothing of it is on disk and nothing of it was acknowledged. The server does not stop:
 *
 * - the disk is full (ENOSPC / EDQUOT, or an I/O error while the file system has almost no space left — lmdb
 *   reports a short write as EIO): writes are refused with OutOfDiskSpace (14031) and reads go on. A refused
 *   write is not even tried while the free space has not grown since the failure; the first write after space
 *   came back is tried, and once one commits the fault is over (store.ts).
 * - anything else (a failing device): the write answers InternalError (1) with lmdb's reason; the next write is
 *   tried again.
 *
 * serverStatus shows the fault as `embedded.writes` (handshake.ts), so a health check can report it.
 */
import { MongoServerError } from '../errors.js';

export const OUT_OF_DISK_SPACE = 14031;
/** Below this much free space an I/O error during a commit is taken for a full disk. */
export const LOW_SPACE_BYTES = 64 * 2 ** 20;
/** How long to wait for lmdb's reason of a failed commit (it is settled in the same turn when there is one). */
const REASON_WAIT_MS = 50;
const ENOSPC = 28;
const EDQUOT = 122;

export interface WriteFault {
  codeName: 'OutOfDiskSpace';
  /** When the first write failed. */
  since: Date;
  /** Free bytes when the last write failed; a write is tried again once there are more. */
  freeBytes: number;
  /** lmdb's reason. */
  cause: string;
  /** Writes refused without being tried since. */
  refused: number;
  refusal(): MongoServerError;
}

export type CommitFailure = { outOfSpace: true; fault: WriteFault } | { outOfSpace: false; error: Error };

export function outOfDiskSpace(freeBytes: number | undefined): MongoServerError {
  const free = freeBytes === undefined ? '' : ` (${freeBytes} bytes available)`;
  return new MongoServerError(
    OUT_OF_DISK_SPACE,
    `Write refused: the disk holding the data directory is full${free}, so this write was not applied. ` +
      'Reads continue; writes resume by themselves once space is freed on that disk.',
  );
}

/** Classifies the error a failed transaction or flush was rejected with. */
export async function commitFailure(e: unknown, freeBytes: () => number | undefined): Promise<CommitFailure> {
  const reason = await lmdbReason(e);
  const free = freeBytes();
  const errno =
    typeof (reason as { code?: unknown })?.code === 'number' ? (reason as { code: number }).code : 0;
  const message = reason instanceof Error ? reason.message : String(reason);
  const full =
    errno === ENOSPC ||
    errno === EDQUOT ||
    /no space left|quota exceeded/i.test(message) ||
    (free !== undefined && free < LOW_SPACE_BYTES);
  if (!full)
    return {
      outOfSpace: false,
      error: new MongoServerError(1, `storage commit failed: ${message}; this write was not applied`),
    };
  return {
    outOfSpace: true,
    fault: {
      codeName: 'OutOfDiskSpace',
      since: new Date(),
      freeBytes: free ?? 0,
      cause: message,
      refused: 0,
      refusal: () => outOfDiskSpace(freeBytes()),
    },
  };
}

/**
 * lmdb-js rejects the transactions of a failed commit with "Commit failed (see commitError for details)" and
 * the reason (an Error with the errno as `code`) in the promise `commitError`. That promise must be handled
 * here: unhandled, it ended the worker thread (and with it the server).
 */
async function lmdbReason(e: unknown): Promise<unknown> {
  const pending = (e as { commitError?: unknown } | null)?.commitError;
  if (!(pending instanceof Promise)) return e;
  let timer: NodeJS.Timeout | undefined;
  const reason = await Promise.race([
    pending.then(
      () => e,
      (r: unknown) => r,
    ),
    new Promise<unknown>((resolve) => (timer = setTimeout(() => resolve(e), REASON_WAIT_MS))),
  ]);
  clearTimeout(timer);
  return reason;
}
