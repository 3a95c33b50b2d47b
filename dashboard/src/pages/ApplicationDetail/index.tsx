import { ArrowLeft, KeyRound, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { EditApplicationDialog } from '../../components/dialogs/EditApplicationDialog';
import { IntegrationSnippets } from '../../components/snippets/IntegrationSnippets';
import { CopyButton } from '../../components/tenancy/CopyButton';
import { LinkPanel } from '../../components/tenancy/LinkPanel';
import { NotFoundNotice } from '../../components/tenancy/NotFoundNotice';
import { BackLinkRow, Muted, PageHeader, ScrollingTabList } from '../../components/tenancy/PageParts';
import { PermissionButton } from '../../components/permissions/PermissionButton';
import { usePermissions } from '../../components/permissions/usePermissions';
import { isNotFound, useApplication, useProject } from '../../components/tenancy/queries';
import { SecretBox } from '../../components/tenancy/SecretBox';
import { useErrorToast } from '../../components/tenancy/useErrorToast';
import { useT } from '../../i18n/useT';
import { PageLoading } from '../../layout/PageLoading';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { ButtonRouterLink } from '../../ui/Button';
import { Tab, TabPanel, Tabs } from '../../ui/Tabs';
import { AnalyticsExcerpt } from '../Analytics/AnalyticsExcerpt';
import { LogsExcerpt } from '../ApplicationLogs/LogsExcerpt';
import { ApplicationSettings } from './ApplicationSettings';
import { RefusedOriginsCard } from './RefusedOriginsCard';
import { OidcTab } from './Oidc';

const Overview = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 260px), 1fr));
  margin-bottom: ${({ theme }) => theme.space(6)};
`;

const Fact = styled.section`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  h2 {
    margin: 0;
    font-size: 0.9rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space(5)};
    overflow-wrap: anywhere;
  }
  a {
    overflow-wrap: anywhere;
  }
`;

const TABS = ['analytics', 'logs', 'email', 'oidc', 'settings'] as const;
type TabValue = (typeof TABS)[number];

/** SPEC §2 application detail: status, ID, endpoint, origins, edit dialog and onward links. */
export default function ApplicationDetail() {
  const t = useT();
  const { projectId = '', applicationId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const application = useApplication(applicationId);
  const project = useProject(projectId);
  const permissions = usePermissions(application.data?.organization_id);
  const [editing, setEditing] = useState(false);
  // An application reached through another project's URL counts as not found.
  const notFound =
    (application.isError && isNotFound(application.error)) ||
    (application.isSuccess && application.data.project_id !== projectId);
  useErrorToast(application.isError && !notFound ? application.error : null, 'applications.loadFailed');

  const requested = searchParams.get('tab') as TabValue | null;
  const tab: TabValue = requested && TABS.includes(requested) ? requested : 'analytics';

  if (application.isPending) return <PageLoading />;
  if (notFound)
    return (
      <NotFoundNotice
        title={t('applications.notFound')}
        text={t('applications.notFoundText')}
        backTo={`/projects/${projectId}`}
        backLabel={t('applications.backToProject')}
      />
    );
  if (application.isError) return <Alert tone="error">{t('tenancy.loadFailed')}</Alert>;

  const app = application.data;
  return (
    <>
      <PageHeader
        before={
          <BackLinkRow>
            <Link to={`/projects/${projectId}`}>
              <ArrowLeft aria-hidden="true" size={16} />
              {project.data ? project.data.name : t('applications.backToProject')}
            </Link>
          </BackLinkRow>
        }
        title={app.name}
        intro={
          <>
            <Badge $tone="info">{t('applications.version', { version: app.version })}</Badge>{' '}
            <Muted>@{app.slug}</Muted>
            {app.description ? (
              <>
                <br />
                {app.description}
              </>
            ) : null}
          </>
        }
        actions={
          <>
            <ButtonRouterLink to={`/tokens?applicationId=${app.id}`} $variant="secondary">
              <KeyRound aria-hidden="true" size={16} />
              {t('applications.detail.createToken')}
            </ButtonRouterLink>
            <PermissionButton
              type="button"
              permissions={permissions}
              need="application:update"
              onClick={() => setEditing(true)}
            >
              <Pencil aria-hidden="true" size={16} />
              {t('tenancy.edit')}
            </PermissionButton>
          </>
        }
      />
      <Overview>
        <Fact aria-labelledby="application-status">
          <h2 id="application-status">{t('applications.status')}</h2>
          <div>
            <Badge $tone="success">{t('tenancy.status.active')}</Badge>
          </div>
        </Fact>
        <Fact aria-labelledby="application-id">
          <h2 id="application-id">{t('applications.id')}</h2>
          <SecretBox data-testid="application-id">{app.id}</SecretBox>
          <div>
            <CopyButton value={app.id} label={t('applications.copyId')} />
          </div>
        </Fact>
        {app.api_endpoint ? (
          <Fact aria-labelledby="application-endpoint">
            <h2 id="application-endpoint">{t('applications.apiEndpoint')}</h2>
            <a href={app.api_endpoint} target="_blank" rel="noopener noreferrer">
              {app.api_endpoint}
            </a>
          </Fact>
        ) : null}
        <Fact aria-labelledby="application-origins">
          <h2 id="application-origins">{t('applications.origins')}</h2>
          {app.allowed_origins.length > 0 ? (
            <ul>
              {app.allowed_origins.map((origin) => (
                <li key={origin}>{origin}</li>
              ))}
            </ul>
          ) : (
            <Muted>{t('applications.origins.none')}</Muted>
          )}
        </Fact>
      </Overview>
      <RefusedOriginsCard application={app} />
      <IntegrationSnippets applicationId={app.id} />
      <Tabs
        value={tab}
        onValueChange={(value) => {
          const next = new URLSearchParams(searchParams);
          if (value === 'analytics') next.delete('tab');
          else next.set('tab', value);
          setSearchParams(next, { replace: true });
        }}
      >
        <ScrollingTabList aria-label={t('applications.detail.tabs')}>
          <Tab value="analytics">{t('applications.detail.analytics')}</Tab>
          <Tab value="logs">{t('applications.detail.logs')}</Tab>
          <Tab value="email">{t('applications.detail.email')}</Tab>
          <Tab value="oidc">{t('oidc.tab')}</Tab>
          <Tab value="settings">{t('applications.detail.settings')}</Tab>
        </ScrollingTabList>
        <TabPanel value="analytics">
          <AnalyticsExcerpt
            title={t('applications.detail.analytics')}
            scope={{ applicationId: app.id }}
            to={`/analytics?app=${app.id}`}
          />
        </TabPanel>
        <TabPanel value="logs">
          <LogsExcerpt
            projectId={projectId}
            applicationId={app.id}
            title={t('applications.detail.logs')}
            text={t('applications.detail.logsText')}
            links={[
              { to: `/projects/${projectId}/logs?app=${app.id}`, label: t('projects.detail.openLogs') },
            ]}
          />
        </TabPanel>
        <TabPanel value="email">
          <LinkPanel
            title={t('applications.detail.email')}
            text={t('applications.detail.emailText')}
            links={[
              { to: `/application-email-templates/${app.id}`, label: t('applications.detail.openEmail') },
            ]}
          />
        </TabPanel>
        <TabPanel value="oidc">
          <OidcTab application={app} />
        </TabPanel>
        <TabPanel value="settings">
          <ApplicationSettings application={app} onEdit={() => setEditing(true)} />
        </TabPanel>
      </Tabs>
      <EditApplicationDialog application={app} open={editing} onOpenChange={setEditing} />
    </>
  );
}
