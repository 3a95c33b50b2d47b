import { useT } from '../../i18n/useT';
import { ButtonRouterLink } from '../../ui/Button';
import { ActivityList } from '../Analytics/ActivityList';
import { useRecentActivity } from './queries';
import { Panel } from './Panel';

/** SPEC §2 /dashboard recent activity: the 10 newest entries of the real audit trail. */
export function RecentActivity() {
  const t = useT();
  const activity = useRecentActivity();
  return (
    <Panel aria-labelledby="recent-activity-title">
      <h2 id="recent-activity-title">{t('home.activity.title')}</h2>
      <ActivityList
        query={activity}
        emptyText={t('home.activity.empty')}
        failedText={t('home.activity.loadFailed')}
      />
      <ButtonRouterLink to="/logs" $variant="secondary">
        {t('home.activity.allLogs')}
      </ButtonRouterLink>
    </Panel>
  );
}
