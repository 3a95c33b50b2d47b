import { useMutation } from '@tanstack/react-query';
import { MailPlus } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { create } from 'zustand';
import { sessionApi, unwrap } from '../../api/client';
import { describeError } from '../../api/errors';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { useToast } from '../../ui/useToast';

/** Seconds before the confirmation mail can be requested again for the same address. */
export const RESEND_COOLDOWN_S = 60;

interface ResendState {
  /** When the mail was last requested, per address (ms since the epoch). */
  sentAt: Record<string, number>;
  markSent(email: string): void;
}

/**
 * Shared by every place that offers "resend" (the confirmation notice and the sign-in form), so
 * the cooldown holds when the user moves from one to the other; in memory, per address.
 */
export const useResendStore = create<ResendState>()((set) => ({
  sentAt: {},
  markSent: (email) => set((state) => ({ sentAt: { ...state.sentAt, [addressKey(email)]: Date.now() } })),
}));

function addressKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Seconds until `email` may be sent to again (0: now), counting down once a second. */
function useSecondsLeft(email: string): number {
  const sentAt = useResendStore((state) => state.sentAt[addressKey(email)]);
  const [now, setNow] = useState(() => Date.now());
  const left = sentAt
    ? Math.min(RESEND_COOLDOWN_S, Math.max(0, Math.ceil((sentAt + RESEND_COOLDOWN_S * 1000 - now) / 1000)))
    : 0;
  const counting = left > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [counting]);
  return left;
}

/** The dashboard's own: POST /api/v1/auth/resend-confirmation. */
async function resendOnPlatform(email: string): Promise<unknown> {
  return unwrap(await sessionApi.POST('/api/v1/auth/resend-confirmation', { body: { email } }));
}

/**
 * POST /auth/resend-confirmation for `email` (or `request`, e.g. a hosted page's embedding call).
 * The server answers the same for any address (no enumeration), so the toast says what happens
 * if an unconfirmed account exists.
 */
function useResendConfirmation(
  email: string,
  request: (email: string) => Promise<unknown> = resendOnPlatform,
) {
  const t = useT();
  const toast = useToast();
  const markSent = useResendStore((state) => state.markSent);
  const secondsLeft = useSecondsLeft(email);
  const resend = useMutation({
    mutationFn: request,
    onSuccess: (_answer, address) => {
      markSent(address);
      toast({
        title: t('auth.resend.sent'),
        description: t('auth.resend.sentText', { email: address }),
        variant: 'success',
      });
    },
    onError: (failure) =>
      toast({
        title: t('auth.resend.failed'),
        description: describeError(failure, t),
        variant: 'destructive',
      }),
  });
  const waiting = resend.isPending || secondsLeft > 0;
  return {
    waiting,
    label: resend.isPending
      ? t('auth.resend.sending')
      : secondsLeft > 0
        ? t('auth.resend.wait', { seconds: String(secondsLeft) })
        : t('auth.resend.button'),
    send: (address: string) => {
      if (!waiting) resend.mutate(address.trim());
    },
  };
}

/**
 * "Bestätigungs-E-Mail erneut senden" for an address the screen already knows; `request` sends
 * it (the dashboard's own route unless given).
 */
export function ResendConfirmationButton({
  email,
  request,
}: {
  email: string;
  request?(email: string): Promise<unknown>;
}) {
  const { waiting, label, send } = useResendConfirmation(email, request);
  return (
    <Button type="button" $variant="secondary" disabled={waiting} onClick={() => send(email)}>
      <MailPlus aria-hidden="true" size={16} />
      {label}
    </Button>
  );
}

const Row = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  justify-items: start;
  > div {
    width: 100%;
  }
`;

/** The same with an address field, for when the screen does not know the address. */
export function ResendConfirmationForm() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState(false);
  const { waiting, label, send } = useResendConfirmation(email);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(!email.trim());
    if (email.trim()) send(email);
  };
  return (
    <Row onSubmit={submit} noValidate aria-label={t('auth.resend.button')}>
      {missing ? <Alert tone="error">{t('auth.emailRequiredText')}</Alert> : null}
      <TextField
        label={t('auth.email')}
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" $variant="secondary" disabled={waiting}>
        <MailPlus aria-hidden="true" size={16} />
        {label}
      </Button>
    </Row>
  );
}
