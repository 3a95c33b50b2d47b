import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import { ApiError } from '../../api/client';
import { PageHeader, ScrollingTabList } from '../../components/tenancy/PageParts';
import { useT } from '../../i18n/useT';
import { useSessionStore } from '../../stores/session';
import { Tab, TabPanel, Tabs } from '../../ui/Tabs';
import { useToast } from '../../ui/useToast';
import { AdminOrganizations } from './AdminOrganizations';
import { AdminUsers } from './AdminUsers';
import { useAdminOrganizations, useAdminUsers } from './queries';

/**
 * SPEC §2 /admin: all users and organizations, for global admins only. Everybody else is told
 * "Zugriff verweigert: …" and sent home (SPEC §6) — whether the session already knows they are
 * no admin, or the server refuses (403 admin_only).
 */
export default function Admin() {
  const isAdmin = useSessionStore((state) => state.session?.user.is_admin);
  const knownNonAdmin = isAdmin === false;
  const users = useAdminUsers(!knownNonAdmin);
  const organizations = useAdminOrganizations(!knownNonAdmin);
  const refused =
    knownNonAdmin ||
    [users.error, organizations.error].some((error) => error instanceof ApiError && error.status === 403);

  if (refused) return <Refused />;
  return (
    <>
      <AdminHeader />
      <AdminTabs />
    </>
  );
}

function AdminHeader() {
  const t = useT();
  return <PageHeader title={t('admin.title')} intro={t('admin.intro')} />;
}

/**
 * Each panel subscribes to its own query (the same cache entries as above). Handing query results
 * down as props would go stale: TanStack Query re-renders a component only for the result
 * properties it read, so a panel mounted after its data arrived would keep showing "loading".
 */
function AdminTabs() {
  const t = useT();
  return (
    <Tabs defaultValue="users">
      <ScrollingTabList aria-label={t('admin.tabs')}>
        <Tab value="users">{t('admin.users')}</Tab>
        <Tab value="organizations">{t('admin.organizations')}</Tab>
      </ScrollingTabList>
      <TabPanel value="users">
        <AdminUsers />
      </TabPanel>
      <TabPanel value="organizations">
        <AdminOrganizations />
      </TabPanel>
    </Tabs>
  );
}

/** Says why (destructive toast) once, then goes home. */
function Refused() {
  const t = useT();
  const toast = useToast();
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    toast({ title: t('admin.denied'), variant: 'destructive' });
  }, [t, toast]);
  return <Navigate to="/" replace />;
}
