import { ArrowLeft, MailX, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { describeError } from '../../api/errors';
import { PermissionButton } from '../../components/permissions/PermissionButton';
import { useApplicationPermissions } from '../../components/permissions/usePermissions';
import { NotFoundNotice } from '../../components/tenancy/NotFoundNotice';
import { BackLinkRow, PageHeader } from '../../components/tenancy/PageParts';
import { isNotFound, useApplication } from '../../components/tenancy/queries';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { ButtonRouterLink } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Skeletons } from '../../ui/Skeleton';
import { CreateDialog } from './CreateDialog';
import { SenderSettings } from './SenderSettings';
import { TemplateList } from './TemplateList';

/**
 * SPEC §8 "Keine Anwendung angegeben": a template screen opened without an application. The empty
 * state is the whole screen, so its title is the page's h1 (screen readers jump to it).
 */
export function NoApplication() {
  const t = useT();
  return (
    <EmptyState
      headingLevel={1}
      icon={<MailX aria-hidden="true" size={40} />}
      title={t('emailTemplates.noApplication')}
      text={t('emailTemplates.noApplicationText')}
      action={<ButtonRouterLink to="/email-templates">{t('emailTemplates.openAll')}</ButtonRouterLink>}
    />
  );
}

/** "New Template" button and dialog for one application. */
export function useCreateButton(applicationId: string | undefined) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const permissions = useApplicationPermissions(applicationId);
  const button = applicationId ? (
    <PermissionButton
      type="button"
      permissions={permissions}
      need="email_template:update"
      onClick={() => setOpen(true)}
    >
      <Plus aria-hidden="true" size={18} />
      {t('emailTemplates.new')}
    </PermissionButton>
  ) : null;
  const dialog = applicationId ? (
    <CreateDialog applicationId={applicationId} open={open} onOpenChange={setOpen} />
  ) : null;
  return { button, dialog };
}

function ApplicationTemplatesOf({ applicationId }: { applicationId: string }) {
  const t = useT();
  const application = useApplication(applicationId);
  const create = useCreateButton(applicationId);

  if (application.isPending) {
    return <Skeletons count={3} height={160} label={t('common.loading')} />;
  }
  if (application.isError) {
    return isNotFound(application.error) ? (
      <NotFoundNotice
        title={t('applications.notFound')}
        text={t('applications.notFoundText')}
        backTo="/projects"
        backLabel={t('emailTemplates.openAll')}
      />
    ) : (
      <Alert tone="error">{describeError(application.error, t)}</Alert>
    );
  }
  const app = application.data;
  return (
    <>
      <PageHeader
        before={
          <BackLinkRow>
            <Link to={`/projects/${app.project_id}/applications/${app.id}`}>
              <ArrowLeft aria-hidden="true" size={16} />
              {t('emailTemplates.backToApplication')}
            </Link>
          </BackLinkRow>
        }
        title={t('emailTemplates.appTitle', { name: app.name })}
        intro={t('emailTemplates.appIntro')}
        actions={create.button}
      />
      <TemplateList applicationId={app.id} emptyAction={create.button} />
      <SenderSettings applicationId={app.id} />
      {create.dialog}
    </>
  );
}

/** /application-email-templates/:applicationId — one application's active templates. */
export default function ApplicationTemplates() {
  const { applicationId } = useParams();
  if (!applicationId) return <NoApplication />;
  return <ApplicationTemplatesOf key={applicationId} applicationId={applicationId} />;
}
