import { useState, type MouseEvent } from 'react';
import styled from 'styled-components';
import { useT } from '../../i18n/useT';
import { Badge } from '../../ui/Badge';
import { ClampedText, MutedText, NoWrap, Table, TableScroller, WideCell } from './DataTable';
import { useActionLabel, useFormatLogTime, useFormatNumber, useResourceLabel } from './format';
import { LogDetailsDialog } from './LogDetailsDialog';
import type { BadgeVariant } from './logFilters';
import type { ActivityLog } from './queries';
import { SdkBadge } from '../../components/activity/SdkBadge';
import { VariantBadge } from './VariantBadge';

export const LOG_COLUMNS = [
  'time',
  'action',
  'resource',
  'user',
  'status',
  'responseTime',
  'installation',
  'ip',
  'method',
  'endpoint',
] as const;
export type LogColumn = (typeof LOG_COLUMNS)[number];

const Row = styled.tr`
  cursor: pointer;
  &:hover td {
    background: ${({ theme }) => theme.colors.background};
  }
`;

const DetailsButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.primary};
  font: inherit;
  font-weight: 600;
  text-align: left;
  text-decoration: underline;
  white-space: nowrap;
  cursor: pointer;
  border-radius: 2px;
`;

/**
 * Log entries as a table with the given columns, newest first. Each row opens its details: the
 * time is a button (keyboard and screen readers), and a click anywhere on the row does the same.
 */
export function LogTable({
  logs,
  columns,
  label,
  statusVariant,
}: {
  logs: ActivityLog[];
  columns: readonly LogColumn[];
  /** Names the table and its scrolling region. */
  label: string;
  statusVariant: (status: number) => BadgeVariant;
}) {
  const t = useT();
  const formatTime = useFormatLogTime();
  const { milliseconds } = useFormatNumber();
  const resourceLabel = useResourceLabel();
  const actionLabel = useActionLabel();
  const [open, setOpen] = useState<ActivityLog | null>(null);

  const cell = (log: ActivityLog, column: LogColumn) => {
    switch (column) {
      case 'time':
        return (
          <NoWrap key={column}>
            <DetailsButton
              type="button"
              aria-haspopup="dialog"
              aria-label={t('logs.details.open', {
                action: actionLabel(log),
                time: formatTime(log.created_at),
              })}
              onClick={() => setOpen(log)}
            >
              <time dateTime={log.created_at}>{formatTime(log.created_at)}</time>
            </DetailsButton>
          </NoWrap>
        );
      case 'action':
        return (
          <NoWrap key={column}>
            <code>{log.action}</code> <SdkBadge source={log.source} />
          </NoWrap>
        );
      case 'resource':
        return (
          <NoWrap key={column}>
            <Badge $tone="muted">{resourceLabel(log)}</Badge>
          </NoWrap>
        );
      case 'user':
        return (
          <NoWrap key={column}>
            {log.user_id ? t('logs.userType.registered') : t('logs.userType.anonymous')}
          </NoWrap>
        );
      case 'status':
        return (
          <NoWrap key={column}>
            {log.status_code === null ? (
              <MutedText>–</MutedText>
            ) : (
              <VariantBadge variant={statusVariant(log.status_code)}>{log.status_code}</VariantBadge>
            )}
          </NoWrap>
        );
      case 'responseTime':
        return <NoWrap key={column}>{milliseconds(log.response_time_ms)}</NoWrap>;
      case 'installation':
        return (
          <WideCell key={column}>
            {log.sdk_version || log.user_agent ? (
              <>
                {log.sdk_version ? <div>{t('logs.sdkVersion', { version: log.sdk_version })}</div> : null}
                {log.user_agent ? <ClampedText title={log.user_agent}>{log.user_agent}</ClampedText> : null}
              </>
            ) : (
              <MutedText>–</MutedText>
            )}
          </WideCell>
        );
      case 'ip':
        return <NoWrap key={column}>{log.ip_address ?? <MutedText>–</MutedText>}</NoWrap>;
      case 'method':
        return <NoWrap key={column}>{log.method ?? <MutedText>–</MutedText>}</NoWrap>;
      case 'endpoint':
        return (
          <NoWrap key={column}>
            {log.endpoint ? <code>{log.endpoint}</code> : <MutedText>–</MutedText>}
          </NoWrap>
        );
    }
  };

  // A click on the row opens it too; the details button handles its own click.
  const onRowClick = (log: ActivityLog) => (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('button, a')) return;
    setOpen(log);
  };

  return (
    <>
      <TableScroller role="region" aria-label={label} tabIndex={0}>
        <Table $pinFirst>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {t(`logs.column.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {logs.map((log) => (
              <Row key={log.id} data-testid="log-row" onClick={onRowClick(log)}>
                {columns.map((column) => cell(log, column))}
              </Row>
            ))}
          </tbody>
        </Table>
      </TableScroller>
      <LogDetailsDialog
        log={open}
        statusVariant={statusVariant}
        onOpenChange={(isOpen) => {
          if (!isOpen) setOpen(null);
        }}
      />
    </>
  );
}
