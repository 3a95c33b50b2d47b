import { randomInt } from 'node:crypto';
import { sha256Hex } from '../../lib/crypto.js';
import type { MfaFactorDocument, MfaModels } from './mfa.model.js';

/* Recovery codes: single-use codes that stand in for the authenticator app, stored hashed. */

export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: recovery codes are read off paper. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** A new set of codes to show once, and their hashes to store. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return { codes, hashes: codes.map((code) => sha256Hex(normalizeRecoveryCode(code))) };
}

export async function acceptRecoveryCode(
  models: MfaModels,
  factor: MfaFactorDocument,
  code: string,
): Promise<boolean> {
  const hash = sha256Hex(normalizeRecoveryCode(code));
  // $pull in one update: two requests with the same code cannot both use it.
  const updated = await models.Factors.updateOne(
    { _id: factor._id, recovery_code_hashes: hash },
    { $pull: { recovery_code_hashes: hash } },
  );
  return updated.modifiedCount === 1;
}
