import { useState } from 'react';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';
import { PasswordField, TextField } from '../../ui/Field';

/**
 * The e-mail and password inputs shared by the sign-in, registration and reset forms of /auth:
 * each is required, controlled through `value`/`onValueChange`, and the password inputs all use
 * the same "Passwort anzeigen" toggle.
 */

/** The required "E-Mail" input of the sign-in and registration forms. */
export function EmailField({ value, onValueChange }: { value: string; onValueChange(value: string): void }) {
  const t = useT();
  return (
    <TextField
      label={t('auth.email')}
      type="email"
      name="email"
      autoComplete="email"
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      required
    />
  );
}

interface AuthPasswordFieldProps {
  label: MessageKey;
  name: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onValueChange(value: string): void;
  disabled?: boolean;
}

/** A required password input with the show/hide toggle of the auth forms. */
export function AuthPasswordField({ label, onValueChange, ...input }: AuthPasswordFieldProps) {
  const t = useT();
  return (
    <PasswordField
      label={t(label)}
      toggleLabel={t('auth.showPassword')}
      onChange={(event) => onValueChange(event.target.value)}
      {...input}
      required
    />
  );
}

/** The two values behind NewPasswordFields and their change handlers, spread onto the fields. */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  return { password, confirmation, onPasswordChange: setPassword, onConfirmationChange: setConfirmation };
}

/**
 * A new password typed twice (registration, reset), its state from useNewPassword; the form
 * checks the pair with `newPasswordProblem` from ./validation.
 */
export function NewPasswordFields({
  passwordLabel,
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  disabled,
}: ReturnType<typeof useNewPassword> & {
  /** "Passwort" when registering, "Neues Passwort" when resetting. */
  passwordLabel: MessageKey;
  disabled?: boolean;
}) {
  return (
    <>
      <AuthPasswordField
        label={passwordLabel}
        name="new-password"
        autoComplete="new-password"
        value={password}
        onValueChange={onPasswordChange}
        disabled={disabled}
      />
      <AuthPasswordField
        label="auth.confirmPassword"
        name="confirm-password"
        autoComplete="new-password"
        value={confirmation}
        onValueChange={onConfirmationChange}
        disabled={disabled}
      />
    </>
  );
}
