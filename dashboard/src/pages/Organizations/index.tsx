import { Building2, Plus } from 'lucide-react';
import { useState } from 'react';
import { CreateOrganizationDialog } from '../../components/dialogs/CreateOrganizationDialog';
import { CardGrid, PageHeader } from '../../components/tenancy/PageParts';
import { useOrganizations, type Organization } from '../../components/tenancy/queries';
import { useErrorToast } from '../../components/tenancy/useErrorToast';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Skeletons } from '../../ui/Skeleton';
import { MembersDialog } from './MembersDialog';
import { OrganizationCard } from './OrganizationCard';
import { OrganizationSettingsDialog } from './OrganizationSettingsDialog';
import { PendingInvitations } from './PendingInvitations';

type OpenDialog = { kind: 'members' | 'settings'; organizationId: string } | null;

/** SPEC §2 /organizations: the caller's organizations as cards, creation, members and settings. */
export default function Organizations() {
  const t = useT();
  const organizations = useOrganizations();
  useErrorToast(organizations.error, 'organizations.loadFailed');
  const [creating, setCreating] = useState(false);
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  // Looked up on every render so that the dialogs show the organization as it is after a change.
  const selected: Organization | undefined = organizations.data?.find(
    (organization) => organization.id === openDialog?.organizationId,
  );

  const createButton = (
    <Button type="button" onClick={() => setCreating(true)}>
      <Plus aria-hidden="true" size={16} />
      {t('organizations.new')}
    </Button>
  );

  let content;
  if (organizations.isPending) {
    content = (
      <CardGrid>
        <Skeletons count={3} label={t('organizations.loading')} height={220} />
      </CardGrid>
    );
  } else if (organizations.isError) {
    content = <Alert tone="error">{t('tenancy.loadFailed')}</Alert>;
  } else if (organizations.data.length === 0) {
    content = (
      <EmptyState
        icon={<Building2 aria-hidden="true" size={40} />}
        title={t('organizations.empty.title')}
        text={t('organizations.empty.text')}
        action={
          <Button type="button" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" size={16} />
            {t('organizations.empty.action')}
          </Button>
        }
      />
    );
  } else {
    content = (
      <CardGrid>
        {organizations.data.map((organization) => (
          <OrganizationCard
            key={organization.id}
            organization={organization}
            onMembers={() => setOpenDialog({ kind: 'members', organizationId: organization.id })}
            onSettings={() => setOpenDialog({ kind: 'settings', organizationId: organization.id })}
          />
        ))}
      </CardGrid>
    );
  }

  return (
    <>
      <PageHeader
        title={t('organizations.title')}
        intro={t('organizations.intro')}
        actions={organizations.data?.length ? createButton : null}
      />
      <PendingInvitations />
      {content}
      <CreateOrganizationDialog open={creating} onOpenChange={setCreating} />
      {selected ? (
        <>
          <MembersDialog
            organization={selected}
            open={openDialog?.kind === 'members'}
            onOpenChange={(open) => !open && setOpenDialog(null)}
          />
          <OrganizationSettingsDialog
            organization={selected}
            open={openDialog?.kind === 'settings'}
            onOpenChange={(open) => !open && setOpenDialog(null)}
          />
        </>
      ) : null}
    </>
  );
}
