import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import styled from 'styled-components';
import { api } from '../../../api/client';
import { PermissionButton } from '../../../components/permissions/PermissionButton';
import { usePermissions } from '../../../components/permissions/usePermissions';
import { ConfirmInline } from '../../../components/tenancy/ConfirmInline';
import { Muted } from '../../../components/tenancy/PageParts';
import { expectNoContent } from '../../../components/tenancy/queries';
import { useErrorToast, useFailureToast } from '../../../components/tenancy/useErrorToast';
import { useT } from '../../../i18n/useT';
import { Badge } from '../../../ui/Badge';
import { BorderedList, BorderedListItem } from '../../../ui/BorderedList';
import { Button } from '../../../ui/Button';
import { Skeletons } from '../../../ui/Skeleton';
import { useToast } from '../../../ui/useToast';
import { DeliveryLog } from './DeliveryLog';
import { useWebhooks, webhookKeys, type Webhook } from './queries';
import { WebhookFormDialog } from './WebhookFormDialog';

const Panel = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
  p {
    margin: 0;
  }
`;

const Item = styled(BorderedListItem)`
  strong {
    overflow-wrap: anywhere;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.9rem;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

/**
 * "Webhooks" in an organization's settings (admins): the list with status, create and edit
 * dialogs (the secret is shown once), delete, and each webhook's delivery log.
 */
export function WebhooksTab({ organizationId }: { organizationId: string }) {
  const t = useT();
  const toast = useToast();
  const fail = useFailureToast();
  const queryClient = useQueryClient();
  const webhooks = useWebhooks(organizationId);
  // Reading needs webhook:read (the tab is shown then); adding, editing, deleting webhook:manage.
  const permissions = usePermissions(organizationId);
  useErrorToast(webhooks.error, 'webhooks.loadFailed');
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  const remove = useMutation({
    mutationFn: async (id: string) =>
      expectNoContent(await api.DELETE('/api/v1/webhooks/{id}', { params: { path: { id } } })),
    onSuccess: async () => {
      setDeleting(null);
      toast({ title: t('webhooks.deleted'), variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: webhookKeys.list(organizationId) });
    },
    onError: (error) => {
      setDeleting(null);
      fail('webhooks.deleteFailed', error);
    },
  });

  if (logOf) return <DeliveryLog webhook={logOf} onBack={() => setLogOf(null)} />;

  return (
    <Panel>
      <p>
        <Muted>{t('webhooks.intro')}</Muted>{' '}
        <a href="/docs#webhooks" target="_blank" rel="noreferrer">
          {t('webhooks.docs')}
        </a>
      </p>
      <div>
        <PermissionButton
          type="button"
          permissions={permissions}
          need="webhook:manage"
          onClick={() => setEditing('new')}
        >
          <Plus aria-hidden="true" size={16} />
          {t('webhooks.add')}
        </PermissionButton>
      </div>
      {webhooks.isPending ? (
        <Skeletons count={2} label={t('common.loading')} height={96} />
      ) : (webhooks.data ?? []).length === 0 ? (
        <Muted as="p">{t('webhooks.empty')}</Muted>
      ) : (
        <BorderedList aria-label={t('webhooks.list')}>
          {(webhooks.data ?? []).map((webhook) => (
            <Item key={webhook.id} data-testid="webhook">
              <strong>{webhook.url}</strong>
              {webhook.description ? <Muted>{webhook.description}</Muted> : null}
              <Row>
                <Badge
                  $tone={
                    webhook.enabled ? 'success' : webhook.disabled_reason === 'failing' ? 'warning' : 'muted'
                  }
                >
                  {webhook.enabled
                    ? t('webhooks.status.enabled')
                    : webhook.disabled_reason === 'failing'
                      ? t('webhooks.status.failing')
                      : t('webhooks.status.disabled')}
                </Badge>
                <Muted>{t('webhooks.events', { events: webhook.events.join(', ') })}</Muted>
              </Row>
              {webhook.disabled_reason === 'failing' && !webhook.enabled ? (
                <Muted as="p" role="note">
                  {t('webhooks.failingHint')}
                </Muted>
              ) : null}
              {deleting === webhook.id ? (
                <ConfirmInline
                  question={t('webhooks.delete.confirm')}
                  confirmLabel={t('webhooks.delete')}
                  pending={remove.isPending}
                  onConfirm={() => remove.mutate(webhook.id)}
                  onCancel={() => setDeleting(null)}
                />
              ) : (
                <Row>
                  <Button
                    type="button"
                    $variant="secondary"
                    aria-label={t('webhooks.deliveries.label', { url: webhook.url })}
                    onClick={() => setLogOf(webhook)}
                  >
                    {t('webhooks.deliveries')}
                  </Button>
                  <PermissionButton
                    type="button"
                    $variant="secondary"
                    permissions={permissions}
                    need="webhook:manage"
                    aria-label={t('webhooks.edit.label', { url: webhook.url })}
                    onClick={() => setEditing(webhook)}
                  >
                    {t('webhooks.edit')}
                  </PermissionButton>
                  <PermissionButton
                    type="button"
                    $variant="ghost"
                    permissions={permissions}
                    need="webhook:manage"
                    onClick={() => setDeleting(webhook.id)}
                  >
                    {t('webhooks.delete')}
                  </PermissionButton>
                </Row>
              )}
            </Item>
          ))}
        </BorderedList>
      )}
      <WebhookFormDialog
        organizationId={organizationId}
        webhook={editing === 'new' || editing === null ? undefined : editing}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      />
    </Panel>
  );
}
