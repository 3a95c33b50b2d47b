import { LinkPanel } from '../../components/tenancy/LinkPanel';
import { useApplications, type Project } from '../../components/tenancy/queries';
import { useT } from '../../i18n/useT';

/** The Analytics tab: the analytics page for the whole project or one of its applications. */
export function AnalyticsTab({ project }: { project: Project }) {
  const t = useT();
  const applications = useApplications(project.id);
  return (
    <LinkPanel
      title={t('projects.detail.analytics')}
      text={t('projects.detail.analyticsText')}
      links={[
        { to: `/analytics?project=${project.id}`, label: t('projects.detail.openAnalytics') },
        ...(applications.data ?? []).map((application) => ({
          to: `/analytics?app=${application.id}`,
          label: t('projects.detail.analyticsFor', { name: application.name }),
          secondary: true,
        })),
      ]}
    />
  );
}
