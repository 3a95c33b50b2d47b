import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { api, unwrap } from '../../../api/client';
import { describeError } from '../../../api/errors';
import { FieldHint, FormActions, FormStack } from '../../../components/tenancy/FormLayout';
import { useFailureToast } from '../../../components/tenancy/useErrorToast';
import { useT } from '../../../i18n/useT';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';
import { SecretField } from '../../../ui/SecretField';
import { useToast } from '../../../ui/useToast';
import { EVENT_CHOICES, webhookKeys, type Webhook } from './queries';

const Events = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space(1)};
    font-weight: 600;
    font-size: 0.9rem;
  }
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  cursor: pointer;
  overflow-wrap: anywhere;
  input {
    flex: none;
    width: 18px;
    height: 18px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

const Secret = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  p {
    margin: 0;
  }
`;

interface Props {
  organizationId: string;
  /** The webhook to edit; absent: create one. */
  webhook?: Webhook;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Create or edit a webhook; after creating (or rotating) the secret is shown this once. */
export function WebhookFormDialog({ organizationId, webhook, open, onOpenChange }: Props) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(webhook ? 'webhooks.form.editTitle' : 'webhooks.form.createTitle')}
      description={t('webhooks.form.description')}
      closeLabel={t('common.close')}
      width={520}
    >
      {open ? (
        <WebhookForm organizationId={organizationId} webhook={webhook} onDone={() => onOpenChange(false)} />
      ) : null}
    </Dialog>
  );
}

function WebhookForm({
  organizationId,
  webhook,
  onDone,
}: {
  organizationId: string;
  webhook?: Webhook;
  onDone(): void;
}) {
  const t = useT();
  const toast = useToast();
  const fail = useFailureToast();
  const queryClient = useQueryClient();
  const hintId = useId();
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [note, setNote] = useState(webhook?.description ?? '');
  const [events, setEvents] = useState<string[]>(webhook?.events ?? ['*']);
  const [enabled, setEnabled] = useState(webhook?.enabled ?? true);
  const [rotate, setRotate] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [secret, setSecret] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: async () => {
      const body = { url: url.trim(), events, description: note.trim() || undefined };
      if (!webhook)
        return unwrap(
          await api.POST('/api/v1/organizations/{id}/webhooks', {
            params: { path: { id: organizationId } },
            body,
          }),
        );
      return unwrap(
        await api.PATCH('/api/v1/webhooks/{id}', {
          params: { path: { id: webhook.id } },
          body: {
            ...body,
            description: note.trim() || null,
            enabled,
            ...(rotate ? { rotate_secret: true as const } : {}),
          },
        }),
      );
    },
    onSuccess: async (saved) => {
      toast({
        title: t(webhook ? 'webhooks.saved' : 'webhooks.created'),
        description: saved.url,
        variant: 'success',
      });
      await queryClient.invalidateQueries({ queryKey: webhookKeys.list(organizationId) });
      if (saved.secret) setSecret(saved.secret);
      else onDone();
    },
    onError: (error) => {
      setProblems([describeError(error, t)]);
      fail('webhooks.saveFailed', error);
    },
  });

  if (secret)
    return (
      <Secret>
        <h3>{t('webhooks.secret.title')}</h3>
        <p role="note">{t('webhooks.secret.once')}</p>
        <SecretField
          label={t('webhooks.secret.label')}
          value={secret}
          revealLabel={t('webhooks.secret.reveal')}
          copyLabel={t('webhooks.secret.copy')}
          copiedMessage={t('webhooks.secret.copied')}
          copyFailedMessage={t('webhooks.secret.copyFailed')}
        />
        <FormActions>
          <Button type="button" onClick={onDone}>
            {t('webhooks.secret.done')}
          </Button>
        </FormActions>
      </Secret>
    );

  const toggle = (pattern: string, checked: boolean) =>
    setEvents((current) => (checked ? [...current, pattern] : current.filter((event) => event !== pattern)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = [
      ...(url.trim() ? [] : [t('webhooks.form.urlRequired')]),
      ...(events.length > 0 ? [] : [t('webhooks.form.eventsRequired')]),
    ];
    setProblems(missing);
    if (missing.length === 0) save.mutate();
  };

  return (
    <FormStack
      onSubmit={submit}
      noValidate
      aria-label={t(webhook ? 'webhooks.form.editTitle' : 'webhooks.form.createTitle')}
    >
      {problems.length > 0 ? (
        <Alert tone="error">
          {problems.map((problem) => (
            <span key={problem}>{problem} </span>
          ))}
        </Alert>
      ) : null}
      <TextField
        label={t('webhooks.form.url')}
        type="url"
        inputMode="url"
        value={url}
        required
        maxLength={2048}
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com/hooks/iam"
        aria-invalid={problems.length > 0 && !url.trim()}
        aria-describedby={hintId}
        onChange={(event) => setUrl(event.target.value)}
      />
      <FieldHint id={hintId}>{t('webhooks.form.urlHint')}</FieldHint>
      <TextField
        label={t('webhooks.form.note')}
        value={note}
        maxLength={500}
        autoComplete="off"
        onChange={(event) => setNote(event.target.value)}
      />
      <Events aria-invalid={problems.length > 0 && events.length === 0}>
        <legend>{t('webhooks.form.events')}</legend>
        {EVENT_CHOICES.map((choice) => (
          <Check key={choice.pattern}>
            <input
              type="checkbox"
              name="events"
              value={choice.pattern}
              checked={events.includes(choice.pattern)}
              onChange={(event) => toggle(choice.pattern, event.target.checked)}
            />
            <span>{t(choice.label)}</span>
          </Check>
        ))}
      </Events>
      {webhook ? (
        <>
          <Check>
            <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
            <span>{t('webhooks.form.enabled')}</span>
          </Check>
          <Check>
            <input type="checkbox" checked={rotate} onChange={(event) => setRotate(event.target.checked)} />
            <span>{t('webhooks.form.rotate')}</span>
          </Check>
        </>
      ) : null}
      <FormActions>
        <Button type="button" $variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending
            ? t('webhooks.form.saving')
            : t(webhook ? 'webhooks.form.save' : 'webhooks.form.create')}
        </Button>
      </FormActions>
    </FormStack>
  );
}
