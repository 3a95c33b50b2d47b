import { useApplications, type Project } from '../../components/tenancy/queries';
import { useT } from '../../i18n/useT';
import { LogsExcerpt } from '../ApplicationLogs/LogsExcerpt';

/**
 * The Logs tab: the project's summary cards and newest entries, live, and the way to its logs
 * page, as a whole or per application.
 */
export function LogsTab({ project }: { project: Project }) {
  const t = useT();
  const applications = useApplications(project.id);
  return (
    <LogsExcerpt
      projectId={project.id}
      title={t('projects.detail.logs')}
      text={t('projects.detail.logsText')}
      links={[
        { to: `/projects/${project.id}/logs`, label: t('projects.detail.openLogs') },
        ...(applications.data ?? []).map((application) => ({
          to: `/projects/${project.id}/logs?app=${application.id}`,
          label: t('projects.detail.logsFor', { name: application.name }),
          secondary: true,
        })),
      ]}
    />
  );
}
