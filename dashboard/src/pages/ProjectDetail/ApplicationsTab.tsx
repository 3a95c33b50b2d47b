import { AppWindow, Plus } from 'lucide-react';
import { useState } from 'react';
import styled from 'styled-components';
import { CreateApplicationDialog } from '../../components/dialogs/CreateApplicationDialog';
import { EditApplicationDialog } from '../../components/dialogs/EditApplicationDialog';
import { ApplicationCard } from '../../components/tenancy/ApplicationCard';
import { CardGrid } from '../../components/tenancy/PageParts';
import { useApplications, type Project } from '../../components/tenancy/queries';
import { useErrorToast } from '../../components/tenancy/useErrorToast';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { PermissionButton } from '../../components/permissions/PermissionButton';
import { usePermissions } from '../../components/permissions/usePermissions';
import { EmptyState } from '../../ui/EmptyState';
import { Skeletons } from '../../ui/Skeleton';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
`;

/** The Anwendungen tab of a project: cards, "Neue Anwendung" and the edit dialog. */
export function ApplicationsTab({ project }: { project: Project }) {
  const t = useT();
  const applications = useApplications(project.id);
  useErrorToast(applications.error, 'applications.loadFailed');
  const [creating, setCreating] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = applications.data?.find((application) => application.id === editingId);

  const permissions = usePermissions(project.organization_id);
  const createButton = (
    <PermissionButton
      type="button"
      permissions={permissions}
      need="application:create"
      onClick={() => setCreating(true)}
    >
      <Plus aria-hidden="true" size={16} />
      {t('applications.new')}
    </PermissionButton>
  );

  let content;
  if (applications.isPending)
    content = (
      <CardGrid>
        <Skeletons count={3} label={t('applications.loading')} />
      </CardGrid>
    );
  else if (applications.isError) content = <Alert tone="error">{t('tenancy.loadFailed')}</Alert>;
  else if (applications.data.length === 0)
    content = (
      <EmptyState
        headingLevel={3}
        icon={<AppWindow aria-hidden="true" size={40} />}
        title={t('applications.empty')}
        text={t('applications.empty.text')}
        action={createButton}
      />
    );
  else
    content = (
      <CardGrid>
        {applications.data.map((application) => (
          <ApplicationCard
            key={application.id}
            application={application}
            onEdit={() => setEditingId(application.id)}
          />
        ))}
      </CardGrid>
    );

  return (
    <>
      <Bar>
        <h2>{t('projects.detail.applications')}</h2>
        {applications.data?.length ? createButton : null}
      </Bar>
      {content}
      <CreateApplicationDialog open={creating} onOpenChange={setCreating} projectId={project.id} />
      {editing ? (
        <EditApplicationDialog
          application={editing}
          open
          onOpenChange={(open) => !open && setEditingId(null)}
        />
      ) : null}
    </>
  );
}
