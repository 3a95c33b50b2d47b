import { AppWindow, ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { describeError } from '../../api/errors';
import { NotFoundNotice } from '../../components/tenancy/NotFoundNotice';
import { BackLinkRow, PageHeader } from '../../components/tenancy/PageParts';
import { isNotFound, useApplications, useProject } from '../../components/tenancy/queries';
import { useErrorToast } from '../../components/tenancy/useErrorToast';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { EmptyState } from '../../ui/EmptyState';
import { SelectField } from '../../ui/Select';
import { Skeletons } from '../../ui/Skeleton';
import { NoApplication, useCreateButton } from './ApplicationTemplates';
import { TemplateList } from './TemplateList';

const Chooser = styled.div`
  max-width: 420px;
  margin-bottom: ${({ theme }) => theme.space(5)};
`;

function ProjectTemplatesOf({ projectId }: { projectId: string }) {
  const t = useT();
  const [searchParams, setSearchParams] = useSearchParams();
  const project = useProject(projectId);
  const applications = useApplications(projectId);
  useErrorToast(applications.error, 'applications.loadFailed');
  const apps = applications.data ?? [];
  const requested = searchParams.get('app');
  // The application named in ?app=, else the project's only one; otherwise the user chooses.
  const applicationId =
    apps.find((app) => app.id === requested)?.id ?? (apps.length === 1 ? apps[0]?.id : undefined);
  const create = useCreateButton(applicationId);

  if (project.isPending) return <Skeletons count={3} height={160} label={t('common.loading')} />;
  if (project.isError) {
    return isNotFound(project.error) ? (
      <NotFoundNotice
        title={t('projects.notFound')}
        text={t('projects.notFoundText')}
        backTo="/projects"
        backLabel={t('emailTemplates.openAll')}
      />
    ) : (
      <Alert tone="error">{describeError(project.error, t)}</Alert>
    );
  }

  const choose = (id: string) => {
    const next = new URLSearchParams(searchParams);
    if (id) next.set('app', id);
    else next.delete('app');
    setSearchParams(next, { replace: true });
  };

  return (
    <>
      <PageHeader
        before={
          <BackLinkRow>
            <Link to={`/projects/${projectId}`}>
              <ArrowLeft aria-hidden="true" size={16} />
              {t('emailTemplates.backToProject')}
            </Link>
          </BackLinkRow>
        }
        title={t('emailTemplates.projectTitle', { name: project.data.name })}
        intro={t('emailTemplates.projectIntro')}
        actions={create.button}
      />
      {applications.isPending ? (
        <Skeletons count={1} height={60} label={t('common.loading')} />
      ) : apps.length === 0 ? (
        <EmptyState
          icon={<AppWindow aria-hidden="true" size={32} />}
          title={t('emailTemplates.noApplications')}
          text={t('emailTemplates.noApplicationsText')}
        />
      ) : (
        <>
          <Chooser>
            <SelectField
              label={t('emailTemplates.chooseApplication')}
              value={applicationId ?? ''}
              onChange={(event) => choose(event.target.value)}
              placeholder={t('tenancy.choose')}
              options={apps.map((app) => ({ value: app.id, label: app.name }))}
            />
          </Chooser>
          {applicationId ? (
            <TemplateList key={applicationId} applicationId={applicationId} emptyAction={create.button} />
          ) : (
            <p>{t('emailTemplates.chooser.hint')}</p>
          )}
        </>
      )}
      {create.dialog}
    </>
  );
}

/** /app-email-templates?project=:id — choose one of the project's applications, then its templates. */
export default function ProjectTemplates() {
  const [searchParams] = useSearchParams();
  const projectId = searchParams.get('project');
  if (!projectId) return <NoApplication />;
  return <ProjectTemplatesOf key={projectId} projectId={projectId} />;
}
