import { useFormatDate } from '../../i18n/format';
import { useErrorToast } from '../../components/tenancy/useErrorToast';
import { useT } from '../../i18n/useT';
import { Badge } from '../../ui/Badge';
import { AdminTable } from './AdminTable';
import { useAdminUsers } from './queries';

/** All profiles: e-mail, display name, verified, created, last sign-in. */
export function AdminUsers() {
  const query = useAdminUsers(true);
  const t = useT();
  const formatDate = useFormatDate();
  useErrorToast(query.error, 'admin.profilesFailed');
  const users = query.data?.pages.flatMap((page) => page.data);
  return (
    <AdminTable
      caption={t('admin.users')}
      columns={[
        t('admin.column.email'),
        t('admin.column.displayName'),
        t('admin.column.verified'),
        t('admin.column.created'),
        t('admin.column.lastLogin'),
      ]}
      rows={users?.map((user) => [
        user.email,
        user.display_name,
        <Badge key="verified" $tone={user.is_verified ? 'success' : 'muted'}>
          {user.is_verified ? t('admin.yes') : t('admin.no')}
        </Badge>,
        formatDate(user.created_at),
        user.last_login_at ? formatDate(user.last_login_at) : t('admin.never'),
      ])}
      isPending={query.isPending}
      isError={query.isError}
      emptyText={t('admin.usersEmpty')}
      hasMore={query.hasNextPage}
      loadingMore={query.isFetchingNextPage}
      onLoadMore={() => void query.fetchNextPage()}
    />
  );
}
