import type { ReactNode } from 'react';
import { holds } from '../../../components/permissions/usePermissions';
import type { Organization } from '../../../components/tenancy/queries';
import { useT } from '../../../i18n/useT';
import { Tab, TabList, TabPanel, Tabs } from '../../../ui/Tabs';
import { WebhooksTab } from './WebhooksTab';

/**
 * The organization's settings with a second tab, "Webhooks", for roles holding webhook:read
 * (admins; members see the general settings alone, as before).
 */
export function SettingsWithWebhooks({
  organization,
  children,
}: {
  organization: Organization;
  children: ReactNode;
}) {
  const t = useT();
  if (!holds(organization, 'webhook:read')) return <>{children}</>;
  return (
    <Tabs defaultValue="general">
      <TabList aria-label={t('organizations.settings.tabs')}>
        <Tab value="general">{t('organizations.settings.tab.general')}</Tab>
        <Tab value="webhooks">{t('organizations.settings.tab.webhooks')}</Tab>
      </TabList>
      <TabPanel value="general">{children}</TabPanel>
      <TabPanel value="webhooks">
        <WebhooksTab organizationId={organization.id} />
      </TabPanel>
    </Tabs>
  );
}
