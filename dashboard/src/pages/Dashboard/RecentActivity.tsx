import styled from 'styled-components';
import type { ApiSchemas } from '../../api/client';
import { de, type MessageKey } from '../../i18n/messages';
import { useFormatDate } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { Badge } from '../../ui/Badge';
import { Skeletons } from '../../ui/Skeleton';
import { useRecentActivity } from './queries';
import { Panel } from './Panel';

type ActivityLog = ApiSchemas['ActivityLog'];

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
  strong {
    overflow-wrap: anywhere;
  }
  time {
    margin-left: auto;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.875rem;
    white-space: nowrap;
  }
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A known action in words ("Token erstellt"); an action the catalog does not know, as the server names it. */
function useActionLabel(): (entry: ActivityLog) => string {
  const t = useT();
  return (entry) => {
    const key = `home.action.${entry.action}`;
    return key in de ? t(key as MessageKey) : entry.action;
  };
}

/** SPEC §2 /dashboard recent activity: the 10 newest entries of the real audit trail. */
export function RecentActivity() {
  const t = useT();
  const formatDate = useFormatDate();
  const actionLabel = useActionLabel();
  const activity = useRecentActivity();
  const entries = activity.data?.data ?? [];
  return (
    <Panel aria-labelledby="recent-activity-title">
      <h2 id="recent-activity-title">{t('home.activity.title')}</h2>
      {activity.isPending ? (
        <Skeletons count={3} height={40} label={t('common.loading')} />
      ) : activity.isError ? (
        <Muted role="status">{t('home.activity.loadFailed')}</Muted>
      ) : entries.length === 0 ? (
        <Muted>{t('home.activity.empty')}</Muted>
      ) : (
        <List data-testid="recent-activity">
          {entries.map((entry) => (
            <li key={entry.id}>
              <strong>{actionLabel(entry)}</strong>
              <Badge $tone="muted">{t(`home.resource.${entry.resource_type}`)}</Badge>
              <time dateTime={entry.created_at}>{formatDate(entry.created_at, true)}</time>
            </li>
          ))}
        </List>
      )}
    </Panel>
  );
}
