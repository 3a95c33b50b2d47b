import { useState, type FormEvent } from 'react';
import { describeError } from '../../api/errors';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { DialogForm as Form, DialogActions as Actions, SwitchButton } from '../../ui/DialogForm';
import { PasswordField, TextField } from '../../ui/Field';
import { DangerButton } from '../tenancy/ConfirmInline';
import type { Passkey } from './passkeys';
import type { PasskeyProof } from './usePasskeys';

/**
 * Asks for a passkey's name: before registering one (`passkey` null; the browser's prompt follows
 * on submit) or to rename one. `onSubmit` does the work; its failure is shown in the dialog.
 */
export function PasskeyNameDialog({
  open,
  passkey,
  pending,
  onOpenChange,
  onSubmit,
}: {
  open: boolean;
  passkey: Passkey | null;
  pending: boolean;
  onOpenChange(open: boolean): void;
  onSubmit(name: string): Promise<unknown>;
}) {
  const t = useT();
  const [name, setName] = useState(passkey?.name ?? t('passkeys.nameDefault'));
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(t('passkeys.nameRequired'));
    setError(null);
    onSubmit(name.trim()).catch((failure: unknown) => setError(describeError(failure, t)));
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
      title={passkey ? t('passkeys.renameDialog.title') : t('passkeys.addDialog.title')}
      description={passkey ? undefined : t('passkeys.addDialog.description')}
      closeLabel={t('common.close')}
    >
      <Form onSubmit={submit} noValidate>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <TextField
          label={t('passkeys.name')}
          name="passkey-name"
          autoComplete="off"
          maxLength={64}
          value={name}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={error ? true : undefined}
          autoFocus
        />
        <Actions>
          <Button type="button" $variant="secondary" disabled={pending} onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {pending
              ? passkey
                ? t('passkeys.saving')
                : t('passkeys.adding')
              : passkey
                ? t('passkeys.save')
                : t('passkeys.continue')}
          </Button>
        </Actions>
      </Form>
    </Dialog>
  );
}

/** Removing a passkey needs the password or a current TOTP code, as turning TOTP off does. */
export function RemovePasskeyDialog({
  passkey,
  pending,
  onOpenChange,
  onProof,
}: {
  passkey: Passkey | null;
  pending: boolean;
  onOpenChange(open: boolean): void;
  onProof(proof: PasskeyProof): Promise<unknown>;
}) {
  const t = useT();
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    let proof: PasskeyProof;
    if (mode === 'password') {
      if (!password) return setError(t('passkeys.passwordRequired'));
      proof = { password };
    } else {
      const digits = code.replace(/[\s-]/g, '');
      if (!/^\d{6}$/.test(digits)) return setError(t('passkeys.codeRequired'));
      proof = { code: digits };
    }
    setError(null);
    onProof(proof).catch((failure: unknown) => {
      setError(describeError(failure, t));
      setCode('');
    });
  };

  return (
    <Dialog
      open={passkey !== null}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
      title={t('passkeys.removeDialog.title', { name: passkey?.name ?? '' })}
      description={t('passkeys.removeDialog.description')}
      closeLabel={t('common.close')}
    >
      <Form onSubmit={submit} noValidate>
        {error ? <Alert tone="error">{error}</Alert> : null}
        {mode === 'password' ? (
          <PasswordField
            label={t('passkeys.password')}
            toggleLabel={t('passkeys.showPassword')}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={error ? true : undefined}
            autoFocus
          />
        ) : (
          <TextField
            label={t('passkeys.code')}
            name="one-time-code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={9}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={error ? true : undefined}
            autoFocus
          />
        )}
        <SwitchButton
          onClick={() => {
            setMode((current) => (current === 'password' ? 'code' : 'password'));
            setError(null);
          }}
        >
          {mode === 'password' ? t('passkeys.useCode') : t('passkeys.usePassword')}
        </SwitchButton>
        <Actions>
          <Button type="button" $variant="secondary" disabled={pending} onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <DangerButton type="submit" disabled={pending} aria-busy={pending}>
            {pending ? t('passkeys.removing') : t('passkeys.removeSubmit')}
          </DangerButton>
        </Actions>
      </Form>
    </Dialog>
  );
}
