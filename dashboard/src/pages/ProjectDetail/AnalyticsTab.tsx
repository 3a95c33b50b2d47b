import { useApplications, type Project } from '../../components/tenancy/queries';
import { useT } from '../../i18n/useT';
import { AnalyticsExcerpt } from '../Analytics/AnalyticsExcerpt';

/** The Analytics tab: the project's live figures and the way on to /analytics, per application too. */
export function AnalyticsTab({ project }: { project: Project }) {
  const t = useT();
  const applications = useApplications(project.id);
  return (
    <AnalyticsExcerpt
      title={t('projects.detail.analytics')}
      scope={{ projectId: project.id }}
      to={`/analytics?project=${project.id}`}
      more={(applications.data ?? []).map((application) => ({
        to: `/analytics?app=${application.id}`,
        label: t('projects.detail.analyticsFor', { name: application.name }),
      }))}
    />
  );
}
