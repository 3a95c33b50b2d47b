import { Eye, Mail, Pencil, RotateCcw, Send, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { describeError } from '../../api/errors';
import { useMissingPermissionText } from '../../components/permissions/PermissionButton';
import { useApplicationPermissions } from '../../components/permissions/usePermissions';
import { CardFooter, CardGrid, CardTitleRow, ItemCard, Muted } from '../../components/tenancy/PageParts';
import { useErrorToast, useFailureToast } from '../../components/tenancy/useErrorToast';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { Skeletons } from '../../ui/Skeleton';
import { useToast } from '../../ui/useToast';
import { EditDialog } from './EditDialog';
import { PreviewDialog } from './PreviewDialog';
import {
  filterByKind,
  useDeleteTemplate,
  useResetTemplate,
  useTemplates,
  type EmailTemplate,
  type TemplateKind,
} from './queries';
import { SendDialog } from './SendDialog';

/** A long name (email_confirmation at 375 px) keeps its line; the badges wrap below it. */
const TitleRow = styled(CardTitleRow)`
  flex-wrap: wrap;
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
  flex: none;
`;

const Details = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  margin: 0;
  dt {
    font-size: 0.8rem;
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    overflow-wrap: anywhere;
  }
`;

const Variables = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
  margin: 0;
  padding: 0;
  list-style: none;
  code {
    display: inline-block;
    padding: 1px ${({ theme }) => theme.space(1)};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: #f1f5f9;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.8rem;
    overflow-wrap: anywhere;
  }
`;

const SmallButton = styled(Button)`
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
  font-size: 0.875rem;
  &[aria-disabled='true'] {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

function TemplateCard({
  template,
  headingLevel,
  onPreview,
  onEdit,
  onReset,
  onDelete,
  onSend,
  lockedHint,
}: {
  template: EmailTemplate;
  headingLevel: 2 | 3;
  /** Set when the caller's role may not change templates (email_template:update): why. */
  lockedHint?: string;
  onPreview(): void;
  onEdit(): void;
  onReset(): void;
  onDelete(): void;
  onSend(): void;
}) {
  const t = useT();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const name = `${template.name} (${template.locale})`;
  const action = (key: Parameters<typeof t>[0], icon: ReactNode, onClick: () => void, changes = false) => (
    <SmallButton
      type="button"
      $variant="secondary"
      onClick={changes && lockedHint ? undefined : onClick}
      aria-label={t('emailTemplates.action.actionsFor', { action: t(key), name })}
      {...(changes && lockedHint
        ? { 'aria-disabled': true, title: lockedHint, 'data-missing-permission': 'email_template:update' }
        : {})}
    >
      {icon}
      {t(key)}
    </SmallButton>
  );
  return (
    <ItemCard data-template-id={template.id}>
      <TitleRow>
        <Heading>{template.name}</Heading>
        <Badges>
          {template.is_system_template ? (
            <Badge $tone="info">{t('emailTemplates.badge.system')}</Badge>
          ) : (
            <Badge $tone="muted">{t('emailTemplates.badge.custom')}</Badge>
          )}
          <Badge $tone="neutral" aria-label={t('emailTemplates.card.locale', { locale: template.locale })}>
            {template.locale.toUpperCase()}
          </Badge>
        </Badges>
      </TitleRow>
      <Details>
        <dt>{t('emailTemplates.card.subject')}</dt>
        <dd>{template.subject}</dd>
        <dt>{t('emailTemplates.card.variables')}</dt>
        <dd>
          {template.variables.length === 0 ? (
            <Muted>{t('emailTemplates.card.noVariables')}</Muted>
          ) : (
            <Variables>
              {template.variables.map((variable) => (
                <li key={variable}>
                  <code>{`{{${variable}}}`}</code>
                </li>
              ))}
            </Variables>
          )}
        </dd>
      </Details>
      <CardFooter>
        {action('emailTemplates.action.preview', <Eye aria-hidden="true" size={16} />, onPreview)}
        {action('emailTemplates.action.edit', <Pencil aria-hidden="true" size={16} />, onEdit, true)}
        {template.is_system_template
          ? action('emailTemplates.action.reset', <RotateCcw aria-hidden="true" size={16} />, onReset, true)
          : action('emailTemplates.action.delete', <Trash2 aria-hidden="true" size={16} />, onDelete, true)}
        {action('emailTemplates.action.sendTest', <Send aria-hidden="true" size={16} />, onSend)}
      </CardFooter>
    </ItemCard>
  );
}

/**
 * An application's active templates as cards (name, subject, variables, system badge) with the
 * preview, edit, reset (system templates) or delete (custom templates; both confirmed, irreversible)
 * and send-test actions.
 */
export function TemplateList({
  applicationId,
  kind = 'all',
  headingLevel = 2,
  emptyAction,
}: {
  applicationId: string;
  kind?: TemplateKind;
  headingLevel?: 2 | 3;
  /** The empty state's call to action (e.g. "New Template"). */
  emptyAction?: ReactNode;
}) {
  const t = useT();
  const toast = useToast();
  const fail = useFailureToast();
  const templates = useTemplates(applicationId);
  const permissions = useApplicationPermissions(applicationId);
  const missingText = useMissingPermissionText();
  const lockedHint =
    permissions.isPending || permissions.can('email_template:update')
      ? undefined
      : missingText('email_template:update');
  const reset = useResetTemplate();
  const remove = useDeleteTemplate();
  const [previewing, setPreviewing] = useState<EmailTemplate | null>(null);
  const [editing, setEditing] = useState<EmailTemplate | null>(null);
  const [resetting, setResetting] = useState<EmailTemplate | null>(null);
  const [deleting, setDeleting] = useState<EmailTemplate | null>(null);
  const [sending, setSending] = useState<EmailTemplate | null>(null);
  useErrorToast(templates.error, 'emailTemplates.loadFailed');

  const confirmReset = () => {
    if (!resetting) return;
    reset.mutate(resetting, {
      onSuccess: (template) => {
        toast({ title: t('emailTemplates.reset.done'), description: template.name, variant: 'success' });
        setResetting(null);
      },
      onError: (failure) => {
        fail('emailTemplates.resetFailed', failure);
        setResetting(null);
      },
    });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting, {
      onSuccess: () => {
        toast({ title: t('emailTemplates.delete.done'), description: deleting.name, variant: 'success' });
        setDeleting(null);
      },
      onError: (failure) => {
        fail('emailTemplates.deleteFailed', failure);
        setDeleting(null);
      },
    });
  };

  if (templates.isPending) {
    return (
      <CardGrid>
        <Skeletons count={3} height={220} label={t('common.loading')} />
      </CardGrid>
    );
  }
  if (templates.isError) {
    return (
      <div>
        <Alert tone="error">
          {t('emailTemplates.fetchFailed')}: {describeError(templates.error, t)}
        </Alert>
        <p>
          <Button type="button" $variant="secondary" onClick={() => void templates.refetch()}>
            {t('emailTemplates.retry')}
          </Button>
        </p>
      </div>
    );
  }
  const shown = filterByKind(templates.data, kind);
  return (
    <>
      {shown.length === 0 ? (
        <EmptyState
          icon={<Mail aria-hidden="true" size={32} />}
          title={t('emailTemplates.empty.title')}
          text={t('emailTemplates.empty.text')}
          action={emptyAction}
          headingLevel={headingLevel}
        />
      ) : (
        <CardGrid role="list" aria-label={t('emailTemplates.list.label')}>
          {shown.map((template) => (
            <div role="listitem" key={template.id} style={{ display: 'grid', minWidth: 0 }}>
              <TemplateCard
                template={template}
                headingLevel={headingLevel}
                onPreview={() => setPreviewing(template)}
                onEdit={() => setEditing(template)}
                onReset={() => setResetting(template)}
                onDelete={() => setDeleting(template)}
                onSend={() => setSending(template)}
                lockedHint={lockedHint}
              />
            </div>
          ))}
        </CardGrid>
      )}
      <PreviewDialog template={previewing} onClose={() => setPreviewing(null)} />
      <EditDialog template={editing} onClose={() => setEditing(null)} />
      <SendDialog
        applicationId={applicationId}
        open={sending !== null}
        onOpenChange={(open) => {
          if (!open) setSending(null);
        }}
        template={sending ?? undefined}
      />
      <ConfirmDialog
        open={resetting !== null}
        onOpenChange={(open) => {
          if (!open) setResetting(null);
        }}
        title={t('emailTemplates.reset.title')}
        description={t('emailTemplates.reset.text', { name: resetting?.name ?? '' })}
        confirmLabel={t('emailTemplates.reset.confirm')}
        pendingLabel={t('emailTemplates.reset.pending')}
        pending={reset.isPending}
        destructive
        onConfirm={confirmReset}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('emailTemplates.delete.title')}
        description={t('emailTemplates.delete.text', {
          name: deleting ? `${deleting.name} (${deleting.locale})` : '',
        })}
        confirmLabel={t('emailTemplates.delete.confirm')}
        pendingLabel={t('emailTemplates.delete.pending')}
        pending={remove.isPending}
        destructive
        onConfirm={confirmDelete}
      />
    </>
  );
}
