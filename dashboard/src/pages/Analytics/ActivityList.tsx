import styled from 'styled-components';
import type { ApiSchemas } from '../../api/client';
import { useFormatDate } from '../../i18n/format';
import { SdkBadge } from '../../components/activity/SdkBadge';
import { useActionLabel, useResourceLabel } from '../Logs/format';
import { useT } from '../../i18n/useT';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Skeletons } from '../../ui/Skeleton';

export type ActivityLog = ApiSchemas['ActivityLog'];

const List = styled.ol`
  display: grid;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
    padding: ${({ theme }) => `${theme.space(3)} 0`};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    min-width: 0;
  }
  li:first-child {
    border-top: 0;
  }
  strong,
  code {
    overflow-wrap: anywhere;
    min-width: 0;
  }
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  time {
    margin-left: auto;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.875rem;
    white-space: nowrap;
  }
`;

const Muted = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** SPEC §9 status badges of application logs: below 300 fine, below 400 notable, otherwise failed. */
function statusTone(status: number): 'success' | 'info' | 'warning' {
  return status < 300 ? 'success' : status < 400 ? 'info' : 'warning';
}

/**
 * The newest entries of the activity trail: action, resource, API call (method, endpoint,
 * status) when it is one, German date and time. Loading, failure (with retry) and empty states.
 */
export function ActivityList({
  query,
  emptyText,
  failedText,
  skeletons = 3,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    data?: { data: ActivityLog[] };
    refetch(): unknown;
  };
  emptyText: string;
  failedText: string;
  skeletons?: number;
}) {
  const t = useT();
  const formatDate = useFormatDate();
  const actionLabel = useActionLabel();
  const resourceLabel = useResourceLabel();
  if (query.isPending) return <Skeletons count={skeletons} height={40} label={t('common.loading')} />;
  if (query.isError)
    return (
      <Muted role="status">
        {failedText}
        <Button type="button" $variant="secondary" onClick={() => void query.refetch()}>
          {t('analytics.retry')}
        </Button>
      </Muted>
    );
  const entries = query.data?.data ?? [];
  if (entries.length === 0) return <Muted>{emptyText}</Muted>;
  return (
    <List data-testid="recent-activity">
      {entries.map((entry) => (
        <li key={entry.id}>
          <strong>{actionLabel(entry)}</strong>
          <SdkBadge source={entry.source} />
          <Badge $tone="muted">{resourceLabel(entry)}</Badge>
          {entry.endpoint ? (
            <code>
              {entry.method ? `${entry.method} ` : ''}
              {entry.endpoint}
            </code>
          ) : null}
          {entry.status_code !== null ? (
            <Badge $tone={statusTone(entry.status_code)}>{entry.status_code}</Badge>
          ) : null}
          <time dateTime={entry.created_at}>{formatDate(entry.created_at, true)}</time>
        </li>
      ))}
    </List>
  );
}
