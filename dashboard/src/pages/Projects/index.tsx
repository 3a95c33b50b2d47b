import { ArrowLeft, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { CreateApplicationDialog } from '../../components/dialogs/CreateApplicationDialog';
import { CreateProjectDialog } from '../../components/dialogs/CreateProjectDialog';
import { BackLinkRow, PageHeader } from '../../components/tenancy/PageParts';
import { useOrganizations, useProjects } from '../../components/tenancy/queries';
import { useErrorToast } from '../../components/tenancy/useErrorToast';
import { useT } from '../../i18n/useT';
import { PermissionButton } from '../../components/permissions/PermissionButton';
import { useAnyOrganizationPermissions } from '../../components/permissions/usePermissions';
import { SelectField } from '../../ui/Select';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs';
import { ApplicationList } from './ApplicationList';
import { ProjectList } from './ProjectList';

const Filters = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: repeat(2, minmax(0, 280px));
  }
`;

type TabValue = 'projects' | 'applications';

/**
 * SPEC §2 /projects: the caller's projects and applications, filtered by organization
 * (`?organization=`) and, for applications, by project (`?project=`).
 */
export default function Projects() {
  const t = useT();
  const [searchParams, setSearchParams] = useSearchParams();
  const organizationFilter = searchParams.get('organization') ?? '';
  const projectFilter = searchParams.get('project') ?? '';
  const tab: TabValue = searchParams.get('tab') === 'applications' ? 'applications' : 'projects';
  const [dialog, setDialog] = useState<'project' | 'application' | null>(null);

  const organizations = useOrganizations();
  // Offered when the caller's role may create them in at least one organization.
  const anywhere = useAnyOrganizationPermissions();
  const projects = useProjects(organizationFilter || undefined);
  useErrorToast(organizations.error, 'organizations.loadFailed');
  useErrorToast(projects.error, 'projects.loadFailed');

  const updateParams = (changes: Record<string, string>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearchParams(next, { replace: true });
  };

  return (
    <>
      <PageHeader
        before={
          <BackLinkRow>
            <Link to="/dashboard">
              <ArrowLeft aria-hidden="true" size={16} />
              {t('tenancy.backToDashboard')}
            </Link>
          </BackLinkRow>
        }
        title={t('projects.title')}
        intro={t('projects.intro')}
        actions={
          <>
            <PermissionButton
              type="button"
              $variant="secondary"
              permissions={anywhere}
              need="application:create"
              onClick={() => setDialog('application')}
            >
              <Plus aria-hidden="true" size={16} />
              {t('applications.new')}
            </PermissionButton>
            <PermissionButton
              type="button"
              permissions={anywhere}
              need="project:create"
              onClick={() => setDialog('project')}
            >
              <Plus aria-hidden="true" size={16} />
              {t('projects.new')}
            </PermissionButton>
          </>
        }
      />
      <Filters>
        <SelectField
          label={t('projects.filter.organization')}
          value={organizationFilter}
          // A project of another organization would no longer match: clear the project filter.
          onChange={(event) => updateParams({ organization: event.target.value, project: '' })}
          placeholder={t('projects.filter.allOrganizations')}
          options={(organizations.data ?? []).map((organization) => ({
            value: organization.id,
            label: organization.name,
          }))}
        />
        {tab === 'applications' ? (
          <SelectField
            label={t('projects.filter.project')}
            value={projectFilter}
            onChange={(event) => updateParams({ project: event.target.value })}
            placeholder={t('projects.filter.allProjects')}
            options={(projects.data ?? []).map((project) => ({ value: project.id, label: project.name }))}
          />
        ) : null}
      </Filters>
      <Tabs
        value={tab}
        onValueChange={(value) => updateParams({ tab: value === 'applications' ? 'applications' : '' })}
      >
        <TabList aria-label={t('projects.tabs')}>
          <Tab value="projects">{t('projects.tab.projects')}</Tab>
          <Tab value="applications">{t('projects.tab.applications')}</Tab>
        </TabList>
        <TabPanel value="projects">
          <ProjectList
            organizationId={organizationFilter || undefined}
            organizations={organizations.data ?? []}
            hasOrganizations={!organizations.isSuccess || organizations.data.length > 0}
            onCreate={() => setDialog('project')}
          />
        </TabPanel>
        <TabPanel value="applications">
          <ApplicationList
            organizationId={organizationFilter}
            projectId={projectFilter}
            projects={projects.data ?? []}
            onCreate={() => setDialog('application')}
          />
        </TabPanel>
      </Tabs>
      <CreateProjectDialog
        open={dialog === 'project'}
        onOpenChange={(open) => setDialog(open ? 'project' : null)}
        defaultOrganizationId={organizationFilter || undefined}
      />
      <CreateApplicationDialog
        open={dialog === 'application'}
        onOpenChange={(open) => setDialog(open ? 'application' : null)}
        organizationId={organizationFilter || undefined}
        defaultProjectId={projectFilter || undefined}
      />
    </>
  );
}
