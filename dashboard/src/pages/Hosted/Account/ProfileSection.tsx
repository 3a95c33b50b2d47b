import { useMutation } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { unwrap, type ApiSchemas } from '../../../api/client';
import { useT } from '../../../i18n/useT';
import { Alert } from '../../../ui/Alert';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { useToast } from '../../../ui/useToast';
import { useAuthFailure } from '../../Auth/useAuthFailure';
import { Actions, SecuritySection } from '../../Security/SecuritySection';
import { useHosted } from '../context';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  max-width: 28rem;
`;

const Address = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  overflow-wrap: anywhere;
`;

/** The profile: the address (with whether it is confirmed) and the display name, which can change. */
export function ProfileSection({
  me,
  onSaved,
}: {
  me: ApiSchemas['Me'];
  onSaved(me: ApiSchemas['Me']): void;
}) {
  const t = useT();
  const toast = useToast();
  const { sessions } = useHosted();
  const fail = useAuthFailure('hosted.account.profile.failed');
  const [name, setName] = useState(me.display_name ?? '');
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: async (displayName: string) =>
      unwrap(await sessions.client.api.PATCH('/api/v1/auth/me', { body: { display_name: displayName } })),
    onSuccess: (updated) => {
      toast({ title: t('hosted.account.profile.saved'), variant: 'success' });
      onSaved(updated);
    },
    onError: (failure) => setError(fail(failure)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('hosted.account.profile.nameRequired'));
      return;
    }
    setError(null);
    save.mutate(name.trim());
  };

  return (
    <SecuritySection
      icon={<UserRound aria-hidden="true" size={20} />}
      title={t('hosted.account.profile.title')}
    >
      <Address>
        <span>
          {t('auth.email')}: <strong>{me.email}</strong>
        </span>
        <Badge $tone={me.is_verified ? 'success' : 'warning'}>
          {me.is_verified ? t('hosted.account.profile.verified') : t('hosted.account.profile.unverified')}
        </Badge>
      </Address>
      <Form onSubmit={submit} noValidate aria-label={t('hosted.account.profile.title')}>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <TextField
          label={t('hosted.account.profile.name')}
          name="display_name"
          autoComplete="nickname"
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={error ? true : undefined}
        />
        <Actions>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('hosted.account.saving') : t('hosted.account.profile.save')}
          </Button>
        </Actions>
      </Form>
    </SecuritySection>
  );
}
