import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  api as dashboardApi,
  ApiError,
  dashboardClient,
  unwrap,
  type ApiClient,
  type SessionClient,
  type StepUpChallenge,
  type StepUpMethod,
} from '../../api/client';
import { describeError } from '../../api/errors';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { DialogForm as Form, DialogActions as Actions, SwitchButton } from '../../ui/DialogForm';
import { PasswordField, TextField } from '../../ui/Field';
import { normalizeTotpCode } from './OneTimeCodeField';
import { passkeysSupported, reauthenticateWithPasskey } from './passkeys';

type TypedProof = 'password' | 'code';

/** The server's refusals of a wrong password (the step-up route answers the second). */
const WRONG_PASSWORD = new Set(['invalid_credentials', 'wrong_current_password']);

/**
 * "Bitte bestätigen Sie Ihre Identität": a sensitive call was refused because the session's
 * last proof is too old. Offers exactly the proofs the server listed (password, a TOTP or
 * recovery code, a passkey) and renews the proof; `onDone(true)` lets the API client send the
 * refused call again, `onDone(false)` (Cancel, Escape, close) hands the refusal to the screen.
 */
export function StepUpDialog({
  challenge,
  onDone,
  client = dashboardApi,
}: {
  challenge: StepUpChallenge;
  onDone(proved: boolean): void;
  /** The session to renew the proof of (the dashboard's unless given). */
  client?: ApiClient;
}) {
  const t = useT();
  const offers = (method: StepUpMethod) => challenge.methods.includes(method);
  const typed: TypedProof[] = [
    ...(offers('password') ? (['password'] as const) : []),
    ...(offers('totp') ? (['code'] as const) : []),
  ];
  const withPasskey = offers('passkey') && passkeysSupported();
  const [mode, setMode] = useState<TypedProof | null>(typed[0] ?? null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<'typed' | 'passkey' | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const focusField = () => form.current?.querySelector<HTMLInputElement>('input')?.focus();

  /** Runs one proof; a refusal stays in the dialog, in the catalog's words, for another try. */
  const prove = async (how: 'typed' | 'passkey', send: () => Promise<void>) => {
    setError(null);
    setPending(how);
    try {
      await send();
      onDone(true);
    } catch (failure) {
      setPending(null);
      // Here only the password can be wrong (at sign-in invalid_credentials means "address or password").
      setError(
        failure instanceof ApiError && WRONG_PASSWORD.has(failure.code)
          ? t('stepUp.wrongPassword')
          : describeError(failure, t),
      );
      setCode('');
      focusField();
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending || !mode) return;
    let body: { password: string } | { code: string };
    if (mode === 'password') {
      if (!password) {
        setError(t('stepUp.passwordRequired'));
        return focusField();
      }
      body = { password };
    } else {
      const value = code.trim();
      // Six digits (spaces or a dash typed in between) are a TOTP code; letters make it a recovery code.
      const totp = normalizeTotpCode(value);
      if (!totp && (!value || /^[\d\s-]+$/.test(value))) {
        setError(t('stepUp.codeRequired'));
        return focusField();
      }
      body = { code: totp ?? value };
    }
    void prove('typed', async () => {
      unwrap(await client.POST('/api/v1/auth/reauthenticate', { body }));
    });
  };

  const switchMode = () => {
    setMode((current) => (current === 'password' ? 'code' : 'password'));
    setError(null);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        // Escape or the close button cancel, but not while a proof is on its way.
        if (!open && !pending) onDone(false);
      }}
      title={t('stepUp.title')}
      description={t('stepUp.description', { minutes: String(Math.round(challenge.maxAgeSeconds / 60)) })}
      closeLabel={t('common.close')}
    >
      <Form ref={form} onSubmit={submit} noValidate aria-label={t('stepUp.title')}>
        {error ? <Alert tone="error">{error}</Alert> : null}
        {!mode && !withPasskey ? <Alert tone="error">{t('stepUp.noMethod')}</Alert> : null}
        {mode === 'password' ? (
          <PasswordField
            key="password"
            label={t('stepUp.password')}
            toggleLabel={t('auth.showPassword')}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={error ? true : undefined}
            autoFocus
          />
        ) : null}
        {mode === 'code' ? (
          <TextField
            key="code"
            label={t('stepUp.code')}
            name="code"
            autoComplete="one-time-code"
            maxLength={32}
            enterKeyHint="done"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={error ? true : undefined}
            autoFocus
          />
        ) : null}
        {typed.length > 1 ? (
          <SwitchButton onClick={switchMode} disabled={pending !== null}>
            {mode === 'password' ? t('stepUp.useCode') : t('stepUp.usePassword')}
          </SwitchButton>
        ) : null}
        {withPasskey ? (
          // Its own row: with a typed proof it is the alternative, without one the only way.
          <Button
            type="button"
            $variant={mode ? 'secondary' : 'primary'}
            $block
            disabled={pending !== null}
            aria-busy={pending === 'passkey'}
            onClick={() => void prove('passkey', () => reauthenticateWithPasskey(client))}
          >
            <KeyRound aria-hidden="true" size={16} />
            {pending === 'passkey' ? t('stepUp.passkeyWaiting') : t('stepUp.passkey')}
          </Button>
        ) : null}
        <Actions>
          <Button
            type="button"
            $variant="secondary"
            disabled={pending !== null}
            onClick={() => onDone(false)}
          >
            {t('common.cancel')}
          </Button>
          {mode ? (
            <Button type="submit" disabled={pending !== null} aria-busy={pending === 'typed'}>
              {pending === 'typed' ? t('stepUp.checking') : t('stepUp.submit')}
            </Button>
          ) : null}
        </Actions>
      </Form>
    </Dialog>
  );
}

/**
 * Mounted once in the signed-in frame: registers the API client's step-up handler, so any
 * screen's sensitive call asks for a fresh proof here and is then sent again, without each
 * screen knowing about it. Leaving the frame (signing out) cancels a pending question. `client`
 * is the session's client (the dashboard's unless given, e.g. a hosted account page's).
 */
export function StepUpHost({ client = dashboardClient }: { client?: SessionClient } = {}) {
  const [question, setQuestion] = useState<{
    challenge: StepUpChallenge;
    answer(proved: boolean): void;
  } | null>(null);

  useEffect(() => {
    let open: ((proved: boolean) => void) | null = null;
    client.setStepUpHandler(
      (challenge) =>
        new Promise<boolean>((resolve) => {
          open = resolve;
          setQuestion({ challenge, answer: resolve });
        }),
    );
    return () => {
      client.setStepUpHandler(null);
      open?.(false);
    };
  }, [client]);

  if (!question) return null;
  return (
    <StepUpDialog
      challenge={question.challenge}
      client={client.api}
      onDone={(proved) => {
        setQuestion(null);
        question.answer(proved);
      }}
    />
  );
}
