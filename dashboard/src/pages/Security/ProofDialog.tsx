import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { describeError } from '../../api/errors';
import { normalizeTotpCode, OneTimeCodeField } from '../../components/auth/OneTimeCodeField';
import { DangerButton } from '../../components/tenancy/ConfirmInline';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { PasswordField } from '../../ui/Field';
import { TextButton } from '../Auth/Form';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  p {
    margin: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
`;

export type Proof = { password: string } | { code: string };
export type ProofAction = 'disable' | 'regenerate' | 'deleteAccount';

/** Each change's title, explanation, submit label and whether it destroys something. */
const ACTIONS: Record<
  ProofAction,
  { title: MessageKey; hint: MessageKey | null; submit: MessageKey; destructive: boolean }
> = {
  disable: {
    title: 'security.proof.disableTitle',
    hint: null,
    submit: 'security.proof.disableSubmit',
    destructive: true,
  },
  regenerate: {
    title: 'security.proof.regenerateTitle',
    hint: 'security.proof.regenerateHint',
    submit: 'security.proof.regenerateSubmit',
    destructive: false,
  },
  deleteAccount: {
    title: 'security.delete.title',
    hint: 'security.delete.warning',
    submit: 'security.delete.submit',
    destructive: true,
  },
};

/**
 * Changing the second factor needs proof beyond the session: the password or a current code
 * (the server checks either like at sign-in). `onProof` does the change; its failure is shown here.
 */
export function ProofDialog({
  action,
  allowCode = true,
  onOpenChange,
  onProof,
}: {
  /** The change to confirm; null: closed. */
  action: ProofAction | null;
  /** Offer a TOTP code instead of the password (only when the account has TOTP on). */
  allowCode?: boolean;
  onOpenChange(open: boolean): void;
  onProof(action: ProofAction, proof: Proof): Promise<void>;
}) {
  const t = useT();
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setMode('password');
    setPassword('');
    setCode('');
    setError(null);
  };
  const submitProof = useMutation({
    mutationFn: ({ current, proof }: { current: ProofAction; proof: Proof }) => onProof(current, proof),
    onSuccess: reset,
    onError: (failure) => {
      setError(describeError(failure, t));
      setCode('');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!action) return;
    if (mode === 'password') {
      if (!password) return setError(t('security.proof.passwordRequired'));
      setError(null);
      submitProof.mutate({ current: action, proof: { password } });
      return;
    }
    const normalized = normalizeTotpCode(code);
    if (!normalized) return setError(t('security.codeRequired'));
    setError(null);
    submitProof.mutate({ current: action, proof: { code: normalized } });
  };

  // Closed (null), nothing of the dialog is shown; any action's texts do.
  const texts = ACTIONS[action ?? 'disable'];
  const Submit = texts.destructive ? DangerButton : Button;
  return (
    <Dialog
      open={action !== null}
      onOpenChange={(open) => {
        if (submitProof.isPending) return;
        if (!open) reset();
        onOpenChange(open);
      }}
      title={t(texts.title)}
      description={t(allowCode ? 'security.proof.description' : 'security.proof.passwordOnly')}
      closeLabel={t('common.close')}
    >
      <Form onSubmit={submit} noValidate>
        {texts.hint ? <p>{t(texts.hint)}</p> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        {mode === 'password' ? (
          <PasswordField
            label={t('security.proof.password')}
            toggleLabel={t('auth.showPassword')}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={error ? true : undefined}
          />
        ) : (
          <OneTimeCodeField value={code} onValueChange={setCode} aria-invalid={error ? true : undefined} />
        )}
        {allowCode ? (
          <TextButton
            type="button"
            onClick={() => {
              setMode((current) => (current === 'password' ? 'code' : 'password'));
              setError(null);
            }}
          >
            {mode === 'password' ? t('security.proof.useCode') : t('security.proof.usePassword')}
          </TextButton>
        ) : null}
        <Actions>
          <Button
            type="button"
            $variant="secondary"
            disabled={submitProof.isPending}
            onClick={() => {
              reset();
              onOpenChange(false);
            }}
          >
            {t('common.cancel')}
          </Button>
          <Submit type="submit" disabled={submitProof.isPending}>
            {submitProof.isPending ? t('security.proof.working') : t(texts.submit)}
          </Submit>
        </Actions>
      </Form>
    </Dialog>
  );
}
