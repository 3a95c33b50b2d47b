import mongoose, { Types } from 'mongoose';
import { Secret, TOTP } from 'otpauth';
import { mfaModels, type MfaFactorDocument } from './mfa.model.js';
import { createSecretBox, type SecretBox } from './secret-box.js';
import type { MfaDependencies, MfaMethod } from './mfa.types.js';

export const TOTP_PERIOD_S = 30;

/**
 * What every use case of the module reads: the clock, the models, the account's TOTP factor
 * (its secret opened from the secret box) and the list of second factors the account has on.
 */
export function createFactorKit(deps: MfaDependencies) {
  const now = deps.now ?? (() => new Date());
  const models = mfaModels(deps.connection);
  let box: Promise<SecretBox> | undefined;
  // Loaded on first use and kept; a failed load is not kept, so the next request tries again.
  const secretBox = () => {
    box ??= createSecretBox(models, deps.config.auth.mfaEncryptionKey).catch((error: unknown) => {
      box = undefined;
      throw error;
    });
    return box;
  };

  const totpFor = async (factor: MfaFactorDocument, label: string) =>
    new TOTP({
      issuer: 'IAM Platform',
      label,
      algorithm: 'SHA1',
      digits: 6,
      period: TOTP_PERIOD_S,
      secret: Secret.fromBase32((await secretBox()).open(factor.secret_encrypted, String(factor.user_id))),
    });

  const activeFactorOf = (userId: string) =>
    models.Factors.findOne({
      user_id: new Types.ObjectId(userId),
      confirmed_at: mongoose.trusted({ $ne: null }),
    }).lean<MfaFactorDocument>();

  /** The second factors the account has on (the TOTP factor, when already read, is passed in). */
  const methodsOf = async (userId: string, factor?: MfaFactorDocument | null): Promise<MfaMethod[]> => {
    const [totp, webauthn] = await Promise.all([
      factor !== undefined ? factor : activeFactorOf(userId),
      deps.passkeys ? deps.passkeys.isEnrolled(userId) : false,
    ]);
    return [...(totp ? (['totp'] as const) : []), ...(webauthn ? (['webauthn'] as const) : [])];
  };

  return { now, models, secretBox, totpFor, activeFactorOf, methodsOf };
}

export type FactorKit = ReturnType<typeof createFactorKit>;
