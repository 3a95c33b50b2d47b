import type { InputHTMLAttributes } from 'react';
import { useT } from '../../i18n/useT';
import { TextField } from '../../ui/Field';

/** A 6-digit code as typed (spaces or a dash in the middle are common); null when it is not one. */
export function normalizeTotpCode(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/**
 * "Code aus der Authenticator-App": numeric keyboard on phones, and `one-time-code` so that
 * browsers and password managers can fill it in. Used at sign-in, enrolment and for proofs, and
 * for the hosted pages' code by e-mail.
 */
export function OneTimeCodeField({
  value,
  onValueChange,
  label,
  ...input
}: {
  value: string;
  onValueChange(value: string): void;
  /** "Code aus der Authenticator-App" unless given (a code sent by e-mail, say). */
  label?: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'aria-invalid' | 'aria-describedby' | 'required'>) {
  const t = useT();
  return (
    <TextField
      label={label ?? t('security.code')}
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={9}
      enterKeyHint="done"
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      {...input}
    />
  );
}
