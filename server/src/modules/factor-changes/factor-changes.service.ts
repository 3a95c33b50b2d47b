import mongoose, { Types } from 'mongoose';
import { recordAudit } from '../../core/audit.js';
import type { Locale } from '../../core/mail.js';
import { secondFactorEvent } from '../../core/second-factor.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { FactorChangeErrors } from './factor-changes.errors.js';
import { factorChangeModels, type UndoLinkDocument } from './factor-changes.model.js';
import { createFactorInventory } from './factor-changes.inventory.js';
import { byLocale, changeText, undoneText, when } from './factor-changes.texts.js';
import type {
  FactorChangesDependencies,
  FactorChangesService,
  UndoLinkView,
} from './factor-changes.types.js';

/** The public route of the notices' "this wasn't me" link (under /api/v1). */
export const UNDO_LINK_PATH = '/auth/factor-changes/undo';
/** Long enough for someone back from a week away; the attacker's factor is gone at the next reset anyway. */
export const UNDO_LINK_TTL_DAYS = 7;

const REASON_UNDO = 'factor_change_undone';

/**
 * Every change of a second factor is mailed to the owner with a single-use "this wasn't me" link
 * (docs/two-factor.md#notifications); the link undoes the change and takes the account back. The
 * password reset reads the same inventory: it lists the factors and removes the recent ones.
 */
export function createFactorChangesService(deps: FactorChangesDependencies): FactorChangesService {
  const { UndoLinks } = factorChangeModels(deps.connection);
  const now = deps.now ?? (() => new Date());
  const securityUrl = `${deps.config.auth.dashboardUrl}/account/security`;

  async function issue(userId: string, change: Parameters<FactorChangesService['notify']>[1]) {
    const raw = randomToken(32);
    await UndoLinks.create({
      token_hash: sha256Hex(raw),
      user_id: new Types.ObjectId(userId),
      kind: change.kind,
      factor_id: change.factorId ? new Types.ObjectId(change.factorId) : null,
      name: change.name ?? null,
      expires_at: new Date(now().getTime() + UNDO_LINK_TTL_DAYS * 86_400_000),
    });
    // The page behind it speaks the mail's language, so the link says which one.
    return (locale: Locale) =>
      `${deps.config.publicUrl}/api/v1${UNDO_LINK_PATH}?token=${encodeURIComponent(raw)}&lang=${locale}`;
  }

  const usable = (rawToken: string) => ({
    token_hash: sha256Hex(rawToken),
    used_at: null,
    expires_at: mongoose.trusted({ $gt: now() }),
  });

  const view = (link: UndoLinkDocument): UndoLinkView => ({
    kind: link.kind,
    name: link.name,
    changed_at: link.created_at,
  });

  /** Takes away what the change added; false when there was nothing (any more) to take. */
  async function removeFactor(link: UndoLinkDocument, context: Parameters<FactorChangesService['undo']>[1]) {
    const userId = String(link.user_id);
    const factorId = link.factor_id ? String(link.factor_id) : null;
    if (!factorId) return false;
    if (link.kind === 'passkey_added') return deps.passkeys.revoke(userId, factorId, REASON_UNDO, context);
    if (link.kind === 'totp_enabled') return deps.totp.revokeTotp(userId, factorId, REASON_UNDO, context);
    if (link.kind === 'recovery_codes_regenerated')
      return deps.totp.revokeRecoveryCodes(userId, factorId, REASON_UNDO, context);
    return false;
  }

  return {
    ...createFactorInventory(deps, now),

    async notify(user, change, context) {
      const userId = String(user._id);
      try {
        const link = await issue(userId, change);
        await deps.mail.sendTemplate({
          to: user.email,
          template: 'second_factor_changed',
          userId,
          // A security notice about the IAM account: always the platform's own text.
          applicationId: null,
          data: {
            name: user.display_name,
            ip: context.ip ?? '–',
            userAgent: context.userAgent ?? '–',
            securityUrl,
          },
          localizedData: byLocale((locale) => ({
            change: changeText(change, locale),
            when: when(now(), locale),
            notMeLink: link(locale),
          })),
        });
      } catch (error) {
        deps.logger.warn(
          { err: error, template: 'second_factor_changed' },
          'could not send the factor notice',
        );
      }
    },

    async undoLink(userId, change, locale = 'de') {
      return (await issue(userId, change))(locale);
    },

    async describe(rawToken) {
      if (!rawToken) return null;
      const link = await UndoLinks.findOne(usable(rawToken)).lean<UndoLinkDocument>();
      return link ? view(link) : null;
    },

    async undo(rawToken, context) {
      if (!rawToken) throw new AppError(FactorChangeErrors.INVALID_UNDO_LINK);
      // Spent in one atomic write: of two simultaneous uses only one gets the link.
      const link = await UndoLinks.findOneAndUpdate(usable(rawToken), {
        $set: { used_at: now() },
      }).lean<UndoLinkDocument>();
      const user = link ? await deps.account.getUser(String(link.user_id)) : null;
      if (!link || !user) throw new AppError(FactorChangeErrors.INVALID_UNDO_LINK);
      const userId = String(user._id);
      const removed = await removeFactor(link, context);
      const locked = await deps.account.lockPasswordUntilReset(userId, REASON_UNDO, context);
      await recordAudit(
        deps.activity,
        context,
        secondFactorEvent('user.factor_change_undone', userId, {
          metadata: {
            change: link.kind,
            factor_id: link.factor_id ? String(link.factor_id) : null,
            factor_removed: removed,
            sessions_ended: locked.sessionsEnded,
            api_tokens_revoked: locked.tokensRevoked,
          },
        }),
      );
      const change = { kind: link.kind, name: link.name ?? undefined };
      try {
        await deps.mail.sendTemplate({
          to: user.email,
          template: 'factor_change_undone',
          userId,
          applicationId: null,
          data: {
            name: user.display_name,
            sessionsEnded: String(locked.sessionsEnded),
            tokensRevoked: String(locked.tokensRevoked),
            resetLink: locked.resetLink,
          },
          localizedData: byLocale((locale) => ({ undone: undoneText(change, removed, locale) })),
        });
      } catch (error) {
        // The account is already safe; "Forgot password?" sends another link.
        deps.logger.warn({ err: error, template: 'factor_change_undone' }, 'could not send the reset link');
      }
      return {
        ...view(link),
        factor_removed: removed,
        sessions_ended: locked.sessionsEnded,
        api_tokens_revoked: locked.tokensRevoked,
      };
    },
  };
}
