/**
 * The password policy of a user pool (docs/user-pools.md, "Password policy"): a minimum length and
 * a check against common and breached passwords that ships with the product and works offline.
 *
 *   const violation = checkPasswordPolicy(password, { minLength: settings.password_min_length });
 *   if (violation) throw new AppError(…, { message: violation.message });
 *
 * The list is @zxcvbn-ts/language-common's `passwords-common` (about 49,000 of the most frequent
 * passwords in public breach corpora, MIT, pure JavaScript) plus COMMON_PASSWORDS_DE (German words
 * and QWERTZ walks it lacks). It is read on the first check (about 30 ms, a few MB) and kept in
 * one Set; `warmUpPasswordPolicy()` loads it ahead of the first sign-up.
 */
import { createRequire } from 'node:module';
import { COMMON_PASSWORDS_DE } from './common-passwords-de.js';

export interface PasswordPolicy {
  /** Fewest characters (UTF-16 code units, as the sign-up check has always counted). */
  minLength: number;
}

export interface PasswordPolicyViolation {
  code: 'password_too_short' | 'password_too_common';
  /** English, safe to show; clients translate by `code`. */
  message: string;
}

/** The message of password_too_common (the auth module's catalog, AuthErrors.PASSWORD_TOO_COMMON, has the same). */
export const PASSWORD_TOO_COMMON_MESSAGE =
  'This password is too common: it appears in lists of leaked passwords that attackers try first. Choose another one.';

let common: ReadonlySet<string> | undefined;

/** The comparison form: Unicode-normalised (NFKC) and lower case. */
function normalise(password: string): string {
  return password.normalize('NFKC').toLowerCase();
}

function commonPasswords(): ReadonlySet<string> {
  if (!common) {
    // Loaded on first use, synchronously: the package is CommonJS and has no side effects.
    const require = createRequire(import.meta.url);
    const { dictionary } = require('@zxcvbn-ts/language-common') as {
      dictionary: { 'passwords-common': string[] };
    };
    common = new Set([...dictionary['passwords-common'], ...COMMON_PASSWORDS_DE].map(normalise));
  }
  return common;
}

/** Loads the list now (e.g. at start-up) so the first check does not pay for it. */
export function warmUpPasswordPolicy(): number {
  return commonPasswords().size;
}

/** Whether the password is on the list, ignoring case. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(normalise(password));
}

/** null when the password satisfies the policy, else the first rule it breaks. */
export function checkPasswordPolicy(
  password: string,
  policy: PasswordPolicy,
): PasswordPolicyViolation | null {
  if (password.length < policy.minLength)
    return {
      code: 'password_too_short',
      message: `Password must be at least ${policy.minLength} characters long`,
    };
  if (isCommonPassword(password))
    return { code: 'password_too_common', message: PASSWORD_TOO_COMMON_MESSAGE };
  return null;
}
