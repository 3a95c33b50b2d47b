import { ArrowLeft, Copy, Send } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { describeError } from '../../api/errors';
import { BackLinkRow, PageHeader, ScrollingTabList } from '../../components/tenancy/PageParts';
import { useApplications, useOrganizations, useProjects } from '../../components/tenancy/queries';
import { useErrorToast } from '../../components/tenancy/useErrorToast';
import { useT } from '../../i18n/useT';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { SelectField } from '../../ui/Select';
import { Tab, TabPanel, Tabs } from '../../ui/Tabs';
import { useToast } from '../../ui/useToast';
import { useCreateButton } from './ApplicationTemplates';
import { useCopySystemTemplates, useTemplates, type TemplateKind } from './queries';
import { SendDialog } from './SendDialog';
import { TemplateList } from './TemplateList';

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  min-width: 0;
`;

const ChooserRow = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space(2)};
    font-weight: 600;
  }
`;

const CopyCard = styled(Card)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(5)};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(1)};
    font-size: 1.1rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    max-width: 60ch;
  }
`;

const KINDS: TemplateKind[] = ['all', 'system', 'custom'];
const KIND_LABELS = {
  all: 'emailTemplates.tabs.all',
  system: 'emailTemplates.tabs.system',
  custom: 'emailTemplates.tabs.custom',
} as const;

/**
 * The application chooser across the caller's organizations → projects → applications. The
 * chosen application lives in `?app=`, so a reload or a shared link shows the same templates.
 */
function useChosenApplication() {
  const [searchParams, setSearchParams] = useSearchParams();
  const organizations = useOrganizations();
  const projects = useProjects();
  const applications = useApplications();
  useErrorToast(applications.error, 'applications.loadFailed');
  const [organizationId, setOrganizationId] = useState('');
  const [projectId, setProjectId] = useState('');

  const allProjects = projects.data ?? [];
  const allApps = applications.data ?? [];
  const requested = allApps.find((app) => app.id === searchParams.get('app'));
  const only = <T extends { id: string }>(rows: T[]) => (rows.length === 1 ? rows[0]!.id : '');

  const projectOf = (id: string) => allProjects.find((project) => project.id === id);
  const chosenProjectId = projectId || requested?.project_id || '';
  const chosenOrganizationId =
    organizationId || projectOf(chosenProjectId)?.organization_id || only(organizations.data ?? []);
  const projectOptions = allProjects.filter(
    (project) => !chosenOrganizationId || project.organization_id === chosenOrganizationId,
  );
  const effectiveProjectId = chosenProjectId || only(projectOptions);
  const appOptions = allApps.filter((app) => app.project_id === effectiveProjectId);
  const applicationId =
    (requested && requested.project_id === effectiveProjectId ? requested.id : '') || only(appOptions);

  const setApplication = (id: string) => {
    const next = new URLSearchParams(searchParams);
    if (id) next.set('app', id);
    else next.delete('app');
    setSearchParams(next, { replace: true });
  };

  return {
    loading: organizations.isPending || projects.isPending || applications.isPending,
    organizationOptions: (organizations.data ?? []).map((org) => ({ value: org.id, label: org.name })),
    projectOptions: projectOptions.map((project) => ({ value: project.id, label: project.name })),
    appOptions: appOptions.map((app) => ({ value: app.id, label: app.name })),
    organizationId: chosenOrganizationId,
    projectId: effectiveProjectId,
    applicationId,
    chooseOrganization(id: string) {
      setOrganizationId(id);
      setProjectId('');
      setApplication('');
    },
    chooseProject(id: string) {
      setProjectId(id);
      setApplication('');
    },
    chooseApplication: setApplication,
  };
}

function CopySystemCard({ applicationId }: { applicationId: string }) {
  const t = useT();
  const toast = useToast();
  const copy = useCopySystemTemplates();
  return (
    <CopyCard aria-labelledby="copy-system-title">
      <div>
        <h2 id="copy-system-title">{t('emailTemplates.copy.title')}</h2>
        <p>{t('emailTemplates.copy.text')}</p>
      </div>
      <Button
        type="button"
        $variant="secondary"
        disabled={!applicationId || copy.isPending}
        aria-busy={copy.isPending}
        onClick={() =>
          copy.mutate(applicationId, {
            onSuccess: (result) =>
              toast({
                title: t('emailTemplates.copied'),
                description: t('emailTemplates.copiedText', { count: String(result.added) }),
                variant: 'success',
              }),
            onError: (failure) =>
              toast({
                title: t('emailTemplates.copyFailedTitle'),
                description: t('emailTemplates.copyFailed', { message: describeError(failure, t) }),
                variant: 'destructive',
              }),
          })
        }
      >
        <Copy aria-hidden="true" size={16} />
        {copy.isPending ? t('emailTemplates.copy.pending') : t('emailTemplates.copy.button')}
      </Button>
    </CopyCard>
  );
}

/** /email-templates: all templates of a chosen application, tabs All / System / Custom. */
export default function EmailTemplates() {
  const t = useT();
  const chooser = useChosenApplication();
  const [kind, setKind] = useState<TemplateKind>('all');
  const [sending, setSending] = useState(false);
  const create = useCreateButton(chooser.applicationId || undefined);
  const templates = useTemplates(chooser.applicationId || undefined);

  const sendButton = chooser.applicationId ? (
    <Button type="button" $variant="secondary" onClick={() => setSending(true)}>
      <Send aria-hidden="true" size={18} />
      {t('emailTemplates.sendEmail')}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        before={
          <BackLinkRow>
            <Link to="/dashboard">
              <ArrowLeft aria-hidden="true" size={16} />
              {t('emailTemplates.backToDashboard')}
            </Link>
          </BackLinkRow>
        }
        title={t('emailTemplates.title')}
        intro={t('emailTemplates.intro')}
        actions={
          <>
            {sendButton}
            {create.button}
          </>
        }
      />
      <Layout>
        <ChooserRow>
          <legend>{t('emailTemplates.chooser.label')}</legend>
          <SelectField
            label={t('emailTemplates.chooseOrganization')}
            value={chooser.organizationId}
            onChange={(event) => chooser.chooseOrganization(event.target.value)}
            placeholder={chooser.loading ? t('common.loading') : t('tenancy.choose')}
            options={chooser.organizationOptions}
          />
          <SelectField
            label={t('emailTemplates.chooseProject')}
            value={chooser.projectId}
            onChange={(event) => chooser.chooseProject(event.target.value)}
            placeholder={t('tenancy.choose')}
            options={chooser.projectOptions}
            disabled={chooser.projectOptions.length === 0}
          />
          <SelectField
            label={t('emailTemplates.chooseApplication')}
            value={chooser.applicationId}
            onChange={(event) => chooser.chooseApplication(event.target.value)}
            placeholder={t('tenancy.choose')}
            options={chooser.appOptions}
            disabled={chooser.appOptions.length === 0}
          />
        </ChooserRow>

        {chooser.applicationId ? (
          <>
            <CopySystemCard applicationId={chooser.applicationId} />
            <Tabs value={kind} onValueChange={(value) => setKind(value as TemplateKind)}>
              <ScrollingTabList aria-label={t('emailTemplates.tabs.label')}>
                {KINDS.map((value) => (
                  <Tab key={value} value={value}>
                    {t(KIND_LABELS[value])}
                  </Tab>
                ))}
              </ScrollingTabList>
              {KINDS.map((value) => (
                <TabPanel key={value} value={value}>
                  <TemplateList
                    applicationId={chooser.applicationId}
                    kind={value}
                    emptyAction={create.button}
                  />
                </TabPanel>
              ))}
            </Tabs>
            <SendDialog
              applicationId={chooser.applicationId}
              open={sending}
              onOpenChange={setSending}
              templates={templates.data ?? []}
            />
            {create.dialog}
          </>
        ) : (
          <p>{chooser.loading ? t('common.loading') : t('emailTemplates.chooser.hint')}</p>
        )}
      </Layout>
    </>
  );
}
