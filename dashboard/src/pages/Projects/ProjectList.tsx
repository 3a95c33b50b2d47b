import { FolderKanban, Plus } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { CardGrid, CardTitleRow, ItemCard, Muted } from '../../components/tenancy/PageParts';
import { useFormatDate } from '../../i18n/format';
import { useProjects, type Organization, type Project } from '../../components/tenancy/queries';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { Button, ButtonRouterLink } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Skeletons } from '../../ui/Skeleton';

/** The Projekte tab: six skeletons while loading, an empty state, or a grid of project cards. */
export function ProjectList({
  organizationId,
  organizations,
  hasOrganizations,
  onCreate,
}: {
  /** The organization filter; undefined lists the projects of every organization. */
  organizationId: string | undefined;
  organizations: Organization[];
  hasOrganizations: boolean;
  onCreate(): void;
}) {
  const t = useT();
  // Its own subscription (shared cache with the page): a query result handed down as a prop can
  // go stale, since TanStack Query re-renders only for the properties a component read.
  const projects = useProjects(organizationId);
  if (projects.isPending)
    return (
      <CardGrid>
        <Skeletons count={6} label={t('projects.loading')} />
      </CardGrid>
    );
  if (projects.isError) return <Alert tone="error">{t('tenancy.loadFailed')}</Alert>;
  if (projects.data.length === 0)
    return (
      <EmptyState
        icon={<FolderKanban aria-hidden="true" size={40} />}
        title={t('projects.empty.title')}
        text={hasOrganizations ? t('projects.empty.text') : t('projects.empty.noOrganization')}
        action={
          hasOrganizations ? (
            <Button type="button" onClick={onCreate}>
              <Plus aria-hidden="true" size={16} />
              {t('projects.new')}
            </Button>
          ) : (
            <ButtonRouterLink to="/organizations">{t('projects.empty.toOrganizations')}</ButtonRouterLink>
          )
        }
      />
    );
  const organizationNames = new Map(
    organizations.map((organization) => [organization.id, organization.name]),
  );
  return (
    <CardGrid>
      {projects.data.map((project) => (
        <ProjectCard
          key={project.id}
          project={project}
          organizationName={organizationNames.get(project.organization_id)}
        />
      ))}
    </CardGrid>
  );
}

function ProjectCard({ project, organizationName }: { project: Project; organizationName?: string }) {
  const t = useT();
  const formatDate = useFormatDate();
  const headingId = useId();
  return (
    <ItemCard aria-labelledby={headingId} data-testid="project-card">
      <CardTitleRow>
        <h2 id={headingId}>
          <Link to={`/projects/${project.id}`}>{project.name}</Link>
        </h2>
        <Badge $tone={project.environment === 'production' ? 'warning' : 'info'}>
          {t(`projects.environment.${project.environment}`)}
        </Badge>
      </CardTitleRow>
      <Muted>
        @{project.slug}
        {organizationName ? ` · ${organizationName}` : ''}
      </Muted>
      {project.description ? <p>{project.description}</p> : null}
      <Muted>{t('projects.apiKey.prefix', { prefix: `${project.api_key_prefix}••••••••` })}</Muted>
      <Muted>{t('tenancy.createdOn', { date: formatDate(project.created_at) })}</Muted>
    </ItemCard>
  );
}
