import type { ReactNode } from 'react';
import type { Organization } from '../../components/tenancy/queries';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';
import { Dialog } from '../../ui/Dialog';

/** What the page passes to each dialog about one organization (members, settings). */
export interface OrganizationDialogProps {
  organization: Organization;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * The dialog frame shared by the per-organization dialogs of /organizations: the title names the
 * organization (`title` is a message with a `{name}` placeholder), then a description and the content.
 */
export function OrganizationDialog({
  organization,
  open,
  onOpenChange,
  title,
  description,
  children,
}: OrganizationDialogProps & { title: MessageKey; description: MessageKey; children: ReactNode }) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(title, { name: organization.name })}
      description={t(description)}
      closeLabel={t('common.close')}
    >
      {children}
    </Dialog>
  );
}
