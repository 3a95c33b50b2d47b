import styled from 'styled-components';
import { useApplications, useOrganizations, useProjects } from '../../../components/tenancy/queries';
import { useT } from '../../../i18n/useT';
import { Card } from '../../../ui/Card';
import { SelectField } from '../../../ui/Select';
import type { ProductScope } from './queries';
import { useUrlState } from './urlState';

export const ControlBar = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  align-items: end;
  padding: ${({ theme }) => theme.space(4)};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 180px), 1fr));
`;

/**
 * Organization → project → application, as in the overview: only the narrowest choice goes into
 * the address (`app` or `project`); product analytics read one application or one project.
 */
export function useProductScope() {
  const [params, set] = useUrlState();
  const organizations = useOrganizations();
  const projects = useProjects();
  const applications = useApplications();
  const applicationId = params.get('app') ?? '';
  const application = applications.data?.find((entry) => entry.id === applicationId);
  const projectId = params.get('project') || application?.project_id || '';
  const project = projects.data?.find((entry) => entry.id === projectId);
  const organizationId =
    params.get('organization') || project?.organization_id || application?.organization_id || '';
  const scope: ProductScope = applicationId
    ? { application_id: applicationId }
    : params.get('project')
      ? { project_id: projectId }
      : {};
  return {
    scope,
    organizationId,
    projectId,
    applicationId,
    organizations: organizations.data ?? [],
    projects: projects.data ?? [],
    applications: applications.data ?? [],
    choose: (next: { organization?: string; project?: string; app?: string }) =>
      set({
        organization: next.app || next.project ? null : (next.organization ?? null),
        project: next.app ? null : (next.project ?? null),
        app: next.app ?? null,
      }),
  };
}

/** The three selects; `filter` offers "all" at each level (a list), else a choice is asked for. */
export function ScopeFields({
  scope,
  filter = false,
}: {
  scope: ReturnType<typeof useProductScope>;
  filter?: boolean;
}) {
  const t = useT();
  const projectOptions = scope.projects.filter(
    (project) => !scope.organizationId || project.organization_id === scope.organizationId,
  );
  const applicationOptions = scope.applications.filter(
    (application) => !scope.projectId || application.project_id === scope.projectId,
  );
  return (
    <>
      <SelectField
        label={t('analytics.organization')}
        name="organization"
        value={scope.organizationId}
        placeholder={t(filter ? 'analytics.organization.all' : 'product.scope.choose')}
        options={scope.organizations.map((entry) => ({ value: entry.id, label: entry.name }))}
        onChange={(event) => scope.choose({ organization: event.target.value })}
      />
      <SelectField
        label={t('analytics.project')}
        name="project"
        value={scope.projectId}
        placeholder={t(filter ? 'analytics.project.all' : 'product.scope.choose')}
        options={projectOptions.map((entry) => ({ value: entry.id, label: entry.name }))}
        onChange={(event) =>
          scope.choose({ organization: scope.organizationId, project: event.target.value })
        }
      />
      <SelectField
        label={t('analytics.application')}
        name="app"
        value={scope.applicationId}
        placeholder={t('product.scope.allOfProject')}
        options={applicationOptions.map((entry) => ({ value: entry.id, label: entry.name }))}
        onChange={(event) =>
          scope.choose({
            organization: scope.organizationId,
            project: scope.projectId,
            app: event.target.value,
          })
        }
      />
    </>
  );
}
