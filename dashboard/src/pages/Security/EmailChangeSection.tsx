import { useMutation } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { api as dashboardApi, unwrap, type ApiClient } from '../../api/client';
import { describeError } from '../../api/errors';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Actions, Muted, SecuritySection } from './SecuritySection';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  max-width: 28rem;
`;

const Current = styled.p`
  overflow-wrap: anywhere;
`;

/** Roughly an address; the server decides (EmailSchema). */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * "E-Mail-Adresse ändern": asks for a link to the new address (POST /auth/me/email). The proof of
 * identity is the session's step-up: a stale one makes the client ask for it in the frame's
 * dialog (StepUpHost) and send the request again. The answer is the same whether or not the
 * address can be used, so the screen says "if". Shown for the dashboard's session or, with
 * `client`, another one (a hosted account page's end user).
 */
export function EmailChangeSection({
  email,
  client = dashboardApi,
}: {
  /** The account's current address (from /auth/me); empty while it loads. */
  email: string;
  client?: ApiClient;
}) {
  const t = useT();
  const [next, setNext] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const request = useMutation({
    mutationFn: async (address: string) => {
      unwrap(await client.POST('/api/v1/auth/me/email', { body: { email: address } }));
      return address;
    },
    onSuccess: (address) => {
      setSentTo(address);
      setNext('');
    },
    onError: (failure) => setError(describeError(failure, t)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSentTo(null);
    const address = next.trim();
    const problem = !LOOKS_LIKE_EMAIL.test(address)
      ? t('emailChange.invalid')
      : address.toLowerCase() === email.toLowerCase()
        ? t('emailChange.same')
        : null;
    setError(problem);
    if (!problem) request.mutate(address);
  };

  return (
    <SecuritySection icon={<Mail aria-hidden="true" size={20} />} title={t('emailChange.title')}>
      {email ? <Current>{t('emailChange.current', { email })}</Current> : null}
      <Muted>{t('emailChange.intro')}</Muted>
      <Form onSubmit={submit} noValidate aria-label={t('emailChange.title')}>
        {error ? (
          <Alert tone="error">
            <strong>{t('emailChange.failed')}</strong>: {error}
          </Alert>
        ) : null}
        {sentTo ? <Alert tone="success">{t('emailChange.sent', { email: sentTo })}</Alert> : null}
        <TextField
          label={t('emailChange.newEmail')}
          name="new-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          value={next}
          onChange={(event) => setNext(event.target.value)}
          aria-invalid={error ? true : undefined}
        />
        <Actions>
          <Button type="submit" disabled={request.isPending}>
            {request.isPending ? t('emailChange.sending') : t('emailChange.submit')}
          </Button>
        </Actions>
      </Form>
    </SecuritySection>
  );
}
