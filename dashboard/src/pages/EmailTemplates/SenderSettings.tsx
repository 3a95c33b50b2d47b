import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { describeError } from '../../api/errors';
import { isNotFound } from '../../components/tenancy/queries';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import { useToast } from '../../ui/useToast';
import { useEmailSettings, useResendSenderLink, useSetSenders } from './queries';

const List = styled.ul`
  list-style: none;
  margin: 0 0 16px;
  padding: 0;
  display: grid;
  gap: 8px;
`;

const Row = styled.li`
  display: flex;
  align-items: center;
  gap: 12px;
  flex-wrap: wrap;
`;

const AddForm = styled.form`
  display: flex;
  align-items: flex-end;
  gap: 12px;
  flex-wrap: wrap;
`;

/**
 * The application's senders: verified ones (the only ones `from` may name) and pending ones,
 * which wait for the link mailed to the address and may get a fresh one. Issue #37 item 7.
 */
export function SenderSettings({ applicationId }: { applicationId: string }) {
  const t = useT();
  const toast = useToast();
  const settings = useEmailSettings(applicationId);
  const setSenders = useSetSenders(applicationId);
  const resend = useResendSenderLink(applicationId);
  const [address, setAddress] = useState('');

  // A missing application is reported by the page itself.
  if (settings.isError && isNotFound(settings.error)) return null;
  const failed = settings.error ?? setSenders.error ?? resend.error;
  const verified = settings.data?.verified_senders ?? [];
  const pending = settings.data?.pending_senders ?? [];

  const add = (event: FormEvent) => {
    event.preventDefault();
    const next = address.trim().toLowerCase();
    if (!next) return;
    setSenders.mutate([...verified, ...pending, next], {
      onSuccess: () => {
        setAddress('');
        toast({ title: t('emailTemplates.senders.linkSent', { address: next }), variant: 'success' });
      },
    });
  };

  return (
    <Card aria-labelledby="sender-settings-title">
      <h2 id="sender-settings-title">{t('emailTemplates.senders.title')}</h2>
      <p>{t('emailTemplates.senders.intro')}</p>
      {failed ? <Alert tone="error">{describeError(failed, t)}</Alert> : null}
      {settings.data && verified.length + pending.length === 0 ? (
        <p>{t('emailTemplates.senders.none')}</p>
      ) : null}
      <List aria-label={t('emailTemplates.senders.title')}>
        {verified.map((sender) => (
          <Row key={sender}>
            <span>{sender}</span>
            <Badge $tone="success">{t('emailTemplates.senders.verified')}</Badge>
          </Row>
        ))}
        {pending.map((sender) => (
          <Row key={sender}>
            <span>{sender}</span>
            <Badge $tone="warning">{t('emailTemplates.senders.pending')}</Badge>
            <Button
              type="button"
              $variant="secondary"
              disabled={resend.isPending}
              aria-label={t('emailTemplates.senders.resendFor', { address: sender })}
              onClick={() =>
                resend.mutate(sender, {
                  onSuccess: () =>
                    toast({
                      title: t('emailTemplates.senders.linkSent', { address: sender }),
                      variant: 'success',
                    }),
                })
              }
            >
              {t('emailTemplates.senders.resend')}
            </Button>
          </Row>
        ))}
      </List>
      <AddForm onSubmit={add}>
        <TextField
          label={t('emailTemplates.senders.add')}
          type="email"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
        />
        <Button type="submit" disabled={setSenders.isPending || !address.trim()}>
          {t('emailTemplates.senders.addButton')}
        </Button>
      </AddForm>
    </Card>
  );
}
