import type { Model } from 'mongoose';
import type { Logger } from 'pino';
import type { UserDocument } from '../../core/account.js';

/** How long sign-in times wait to be written with those of other sign-ins (one command for all). */
export const LAST_LOGIN_FLUSH_MS = 1_000;

/**
 * `last_login_at` written behind the answer, in batches: a sign-in answers with its time at once,
 * and the accounts' stored times follow within LAST_LOGIN_FLUSH_MS in one `update` command for all
 * sign-ins of that second (each account keeps its latest time: `$max`, so processes never move it
 * back). A graceful shutdown writes what is pending (AccountKit.drain); a crash loses at most that
 * second's times — nothing a security decision reads (sessions and the audit trail are written
 * before the answer).
 */
export interface LastLoginWriter {
  note(userId: UserDocument['_id'], at: Date): void;
  flush(): Promise<void>;
}

export function createLastLoginWriter(Users: Model<UserDocument>, logger: Logger): LastLoginWriter {
  let pending = new Map<string, { id: UserDocument['_id']; at: Date }>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending.size === 0) return writing;
    const batch = [...pending.values()];
    pending = new Map();
    writing = writing.then(async () => {
      try {
        await Users.bulkWrite(
          batch.map(({ id, at }) => ({
            updateOne: { filter: { _id: id }, update: { $max: { last_login_at: at } } },
          })),
          { ordered: false },
        );
      } catch (error) {
        logger.warn({ err: error, accounts: batch.length }, 'could not write the last sign-in times');
      }
    });
    return writing;
  };

  return {
    note(userId, at) {
      const key = String(userId);
      const known = pending.get(key);
      if (!known || known.at < at) pending.set(key, { id: userId, at });
      // Not keeping the process alive for it: shutdown flushes through drain().
      timer ??= setTimeout(() => void flush(), LAST_LOGIN_FLUSH_MS).unref();
    },
    flush,
  };
}
