import { useFormatDate } from '../../i18n/format';
import { useErrorToast } from '../../components/tenancy/useErrorToast';
import { useT } from '../../i18n/useT';
import { Badge } from '../../ui/Badge';
import { AdminTable } from './AdminTable';
import { useAdminOrganizations } from './queries';

/** All organizations: name, slug, status, created. */
export function AdminOrganizations() {
  const query = useAdminOrganizations(true);
  const t = useT();
  const formatDate = useFormatDate();
  useErrorToast(query.error, 'admin.organizationsFailed');
  const organizations = query.data?.pages.flatMap((page) => page.data);
  return (
    <AdminTable
      caption={t('admin.organizations')}
      columns={[
        t('admin.column.name'),
        t('admin.column.slug'),
        t('admin.column.status'),
        t('admin.column.created'),
      ]}
      rows={organizations?.map((organization) => [
        organization.name,
        `@${organization.slug}`,
        <Badge key="status" $tone={organization.is_active ? 'success' : 'muted'}>
          {organization.is_active ? t('tenancy.status.active') : t('tenancy.status.inactive')}
        </Badge>,
        formatDate(organization.created_at),
      ])}
      isPending={query.isPending}
      isError={query.isError}
      emptyText={t('admin.organizationsEmpty')}
      hasMore={query.hasNextPage}
      loadingMore={query.isFetchingNextPage}
      onLoadMore={() => void query.fetchNextPage()}
    />
  );
}
