import { AppWindow, Plus } from 'lucide-react';
import { ApplicationCard } from '../../components/tenancy/ApplicationCard';
import { CardGrid } from '../../components/tenancy/PageParts';
import { useApplications, type Project } from '../../components/tenancy/queries';
import { useErrorToast } from '../../components/tenancy/useErrorToast';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Skeletons } from '../../ui/Skeleton';

/** The Anwendungen tab: applications of one project, or of all projects (of one organization). */
export function ApplicationList({
  organizationId,
  projectId,
  projects,
  onCreate,
}: {
  organizationId: string;
  projectId: string;
  projects: Project[];
  onCreate(): void;
}) {
  const t = useT();
  const applications = useApplications(projectId || undefined);
  useErrorToast(applications.error, 'applications.loadFailed');

  if (applications.isPending)
    return (
      <CardGrid>
        <Skeletons count={3} label={t('applications.loading')} />
      </CardGrid>
    );
  if (applications.isError) return <Alert tone="error">{t('tenancy.loadFailed')}</Alert>;
  // The API filters by project only; the organization filter applies here.
  const shown = applications.data.filter(
    (application) => !organizationId || application.organization_id === organizationId,
  );
  if (shown.length === 0)
    return (
      <EmptyState
        icon={<AppWindow aria-hidden="true" size={40} />}
        title={t('applications.empty')}
        text={t('applications.empty.all')}
        action={
          <Button type="button" onClick={onCreate}>
            <Plus aria-hidden="true" size={16} />
            {t('applications.new')}
          </Button>
        }
      />
    );
  const projectNames = new Map(projects.map((project) => [project.id, project.name]));
  return (
    <CardGrid>
      {shown.map((application) => (
        <ApplicationCard
          key={application.id}
          application={application}
          projectName={projectNames.get(application.project_id)}
          headingLevel={2}
        />
      ))}
    </CardGrid>
  );
}
