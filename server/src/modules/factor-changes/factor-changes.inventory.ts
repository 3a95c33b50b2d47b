import type { SecondFactorInventory, SecondFactorSummary } from '../../core/second-factor.js';
import { byLocale, factorLines } from './factor-changes.texts.js';
import type { FactorChangesDependencies } from './factor-changes.types.js';

/** A factor this young is removed by a password reset unless kept (a stolen session may have added it). */
export const RECENT_FACTOR_HOURS = 24;

const REASON_RESET = 'password_reset';

/**
 * The account's second factors as the password reset sees them: listed (screen and mail) with
 * when each was added, and the recent ones removed unless the person keeps them — a stolen
 * session's passkey must not outlive the owner's reset.
 */
export function createFactorInventory(
  deps: FactorChangesDependencies,
  now: () => Date,
): SecondFactorInventory {
  async function list(userId: string): Promise<SecondFactorSummary[]> {
    const since = now().getTime() - RECENT_FACTOR_HOURS * 3_600_000;
    const [totp, passkeys] = await Promise.all([deps.totp.totpFactorOf(userId), deps.passkeys.list(userId)]);
    const factors = [
      ...(totp ? [{ id: totp.id, type: 'totp' as const, name: 'TOTP', added_at: totp.added_at }] : []),
      ...passkeys.map((passkey) => ({
        id: passkey.id,
        type: 'passkey' as const,
        name: passkey.name,
        added_at: new Date(passkey.created_at),
      })),
    ];
    return factors.map((factor) => ({ ...factor, recent: factor.added_at.getTime() > since }));
  }

  return {
    list,

    async describeForMail(userId) {
      const factors = await list(userId);
      return byLocale((locale) => factorLines(factors, locale));
    },

    async removeRecent(userId, keep, context) {
      const kept = new Set(keep.ids ?? []);
      const doomed = keep.all ? [] : (await list(userId)).filter((f) => f.recent && !kept.has(f.id));
      const removed: SecondFactorSummary[] = [];
      for (const factor of doomed) {
        const gone =
          factor.type === 'passkey'
            ? await deps.passkeys.revoke(userId, factor.id, REASON_RESET, context)
            : await deps.totp.revokeTotp(userId, factor.id, REASON_RESET, context);
        if (gone) removed.push(factor);
      }
      return removed;
    },
  };
}
