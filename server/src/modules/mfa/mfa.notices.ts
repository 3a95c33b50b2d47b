import type { FactorKit } from './mfa.factors.js';
import type { MfaDependencies, MfaService } from './mfa.types.js';

const WHEN = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/** The mfa_disabled security notice (docs/two-factor.md#notifications). */
export function createRemovalNotice(
  deps: MfaDependencies,
  kit: FactorKit,
): MfaService['notifySecondFactorRemoved'] {
  return async function notifySecondFactorRemoved(user, removed, proof, context) {
    const notices = deps.notices;
    if (!notices) return;
    const userId = String(user._id);
    try {
      const left = await kit.methodsOf(userId);
      // A passkey of several: the general factor notice (this one says two-factor is off).
      if (removed === 'passkey' && left.length > 0)
        return await deps.notifyChange?.(user, { kind: 'passkey_removed' }, context);
      await notices.mail.sendTemplate({
        to: user.email,
        template: 'mfa_disabled',
        userId,
        // A security notice about the IAM account: always the platform's own text.
        applicationId: null,
        data: {
          name: user.display_name,
          method: removed === 'totp' ? 'die Authenticator-App (TOTP)' : 'der letzte Passkey',
          status: left.includes('webauthn')
            ? 'Ihre Passkeys schützen die Anmeldung weiterhin als zweiter Faktor.'
            : 'Für die Anmeldung genügt jetzt wieder das Passwort (oder Google) allein.',
          when: `${WHEN.format(kit.now())} UTC`,
          ip: context.ip ?? 'unbekannt',
          userAgent: context.userAgent ?? 'unbekannt',
          proof:
            proof === 'code'
              ? 'einem Code aus der Authenticator-App'
              : proof === 'password'
                ? 'dem Passwort'
                : 'einer Bestätigung der Identität in den 10 Minuten davor (Passwort, Code oder Passkey)',
          securityUrl: notices.securityUrl,
          notMeLink: await notices.undoLink(userId, {
            kind: removed === 'totp' ? 'totp_disabled' : 'passkey_removed',
          }),
        },
      });
    } catch (error) {
      notices.logger.warn({ err: error, template: 'mfa_disabled' }, 'could not send the security notice');
    }
  };
}
