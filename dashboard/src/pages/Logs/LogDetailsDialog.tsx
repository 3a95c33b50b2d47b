import { Fragment, type ReactNode } from 'react';
import styled from 'styled-components';
import { useT } from '../../i18n/useT';
import { SdkBadge } from '../../components/activity/SdkBadge';
import { Dialog } from '../../ui/Dialog';
import { useFormatLogTime, useFormatNumber, useResourceLabel } from './format';
import type { BadgeVariant } from './logFilters';
import type { ActivityLog } from './queries';
import { VariantBadge } from './VariantBadge';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, max-content) minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  margin: 0;
  font-size: 0.9rem;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.85rem;
  }
`;

const Metadata = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  h3 {
    margin: 0;
    font-size: 1rem;
  }
  p {
    margin: 0;
  }
`;

const Json = styled.pre`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  max-height: 240px;
  overflow: auto;
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: 0.8rem;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

/** Everything one log entry holds, in a dialog (Escape or the close button return to its row). */
export function LogDetailsDialog({
  log,
  statusVariant,
  onOpenChange,
}: {
  log: ActivityLog | null;
  statusVariant: (status: number) => BadgeVariant;
  onOpenChange(open: boolean): void;
}) {
  const t = useT();
  const formatTime = useFormatLogTime();
  const { milliseconds } = useFormatNumber();
  const resourceLabel = useResourceLabel();
  if (!log) return null;

  const code = (value: string | null) => (value ? <code>{value}</code> : '–');
  const facts: [string, ReactNode][] = [
    [t('logs.column.time'), <time dateTime={log.created_at}>{formatTime(log.created_at)}</time>],
    [
      t('logs.column.action'),
      <>
        {code(log.action)} <SdkBadge source={log.source} />
      </>,
    ],
    [t('logs.details.source'), t(`logs.source.option.${log.source}`)],
    [
      t('logs.column.resource'),
      <>
        {resourceLabel(log)}
        {log.resource_id ? <> · {code(log.resource_id)}</> : null}
      </>,
    ],
    [
      t('logs.column.status'),
      log.status_code === null ? (
        '–'
      ) : (
        <VariantBadge variant={statusVariant(log.status_code)}>{log.status_code}</VariantBadge>
      ),
    ],
    [t('logs.column.responseTime'), milliseconds(log.response_time_ms)],
    [t('logs.column.method'), log.method ?? '–'],
    [t('logs.column.endpoint'), code(log.endpoint)],
    [t('logs.column.ip'), log.ip_address ?? '–'],
    [t('logs.details.userAgent'), log.user_agent ?? '–'],
    [t('logs.details.sdkVersion'), log.sdk_version ?? '–'],
    [t('logs.details.user'), log.user_id ? code(log.user_id) : t('logs.userType.anonymous')],
    [t('logs.details.anonymousUser'), code(log.anonymous_user_id)],
    [t('logs.details.installation'), code(log.installation_id)],
    [t('logs.details.application'), code(log.application_id)],
    [t('logs.details.project'), code(log.project_id)],
    [t('logs.details.organization'), code(log.organization_id)],
  ];
  const hasMetadata = Object.keys(log.metadata).length > 0;

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={t('logs.details.title')}
      closeLabel={t('common.close')}
      width={640}
    >
      <Facts data-testid="log-details">
        {facts.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </Facts>
      <Metadata>
        <h3>{t('logs.details.metadata')}</h3>
        {hasMetadata ? <Json>{JSON.stringify(log.metadata, null, 2)}</Json> : <p>–</p>}
      </Metadata>
    </Dialog>
  );
}
