import { Upload, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { PermissionButton } from '../../../components/permissions/PermissionButton';
import { usePermissions } from '../../../components/permissions/usePermissions';
import type { Project } from '../../../components/tenancy/queries';
import { useErrorToast } from '../../../components/tenancy/useErrorToast';
import { useT } from '../../../i18n/useT';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { Skeletons } from '../../../ui/Skeleton';
import { usePoolSettings } from '../PoolSettings/queries';
import { ImportDialog } from './ImportDialog';
import { InviteDialog } from './InviteDialog';
import { UserFilterBar } from './UserFilterBar';
import { UserList } from './UserList';
import { UserPanel } from './UserPanel';
import { hasFilters, useUserFilters } from './filters';
import { usePoolUsers } from './queries';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
  p {
    margin: ${({ theme }) => theme.space(1)} 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
    max-width: 70ch;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/** The empty state tints its icons; a button's icon keeps its text colour. */
const EmptyActions = styled(Actions)`
  justify-content: center;
  && svg {
    color: currentColor;
  }
`;

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const SkeletonRows = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

/**
 * "Benutzer": the end users of the project's pool (issue #31) — search, filters, "Mehr laden",
 * the details of one user in a side panel (`?user=<id>`), inviting and importing.
 */
export function PoolUsersTab({ project }: { project: Project }) {
  const t = useT();
  const [searchParams, setSearchParams] = useSearchParams();
  const { filters, query, search, setSearch, setFilter, clear } = useUserFilters();
  const users = usePoolUsers(project.id, query);
  useErrorToast(users.error, 'projectUsers.loadFailed');
  const pool = usePoolSettings(project.id);
  const [inviting, setInviting] = useState(false);
  const [importing, setImporting] = useState(false);
  // Members read the list; inviting and importing need pool_user:create / pool_user:import
  // (admins); the area is hidden for roles holding neither.
  const permissions = usePermissions(project.organization_id);
  const canChange = permissions.can('pool_user:create') || permissions.can('pool_user:import');

  const selected = searchParams.get('user');
  const closePanel = () =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('user');
      return next;
    });

  const inviteButton = (
    <PermissionButton
      type="button"
      permissions={permissions}
      need="pool_user:create"
      onClick={() => setInviting(true)}
    >
      <UserPlus aria-hidden="true" size={16} />
      {t('projectUsers.invite')}
    </PermissionButton>
  );
  const importButton = (
    <PermissionButton
      type="button"
      $variant="secondary"
      permissions={permissions}
      need="pool_user:import"
      onClick={() => setImporting(true)}
    >
      <Upload aria-hidden="true" size={16} />
      {t('projectUsers.import')}
    </PermissionButton>
  );

  const rows = users.data?.pages.flatMap((page) => page.data);
  // Nobody in the pool yet: the empty state offers the actions, and there is nothing to filter.
  const poolEmpty = rows?.length === 0 && !hasFilters(filters);
  let content;
  if (users.isPending)
    content = (
      <SkeletonRows>
        <Skeletons count={5} label={t('projectUsers.loading')} height={64} />
      </SkeletonRows>
    );
  else if (users.isError || !rows) content = <Alert tone="error">{t('tenancy.loadFailed')}</Alert>;
  else if (rows.length === 0 && hasFilters(filters))
    content = (
      <EmptyState
        headingLevel={3}
        icon={<Users aria-hidden="true" size={40} />}
        title={t('projectUsers.noMatch')}
        text={t('projectUsers.noMatch.text')}
        action={
          <Button type="button" $variant="secondary" onClick={clear}>
            {t('projectUsers.filter.clear')}
          </Button>
        }
      />
    );
  else if (rows.length === 0)
    content = (
      <EmptyState
        headingLevel={3}
        icon={<Users aria-hidden="true" size={40} />}
        title={t('projectUsers.empty')}
        text={t(pool.data?.signup === 'invite' ? 'projectUsers.empty.textInvite' : 'projectUsers.empty.text')}
        action={
          canChange ? (
            <EmptyActions>
              {inviteButton}
              {importButton}
            </EmptyActions>
          ) : undefined
        }
      />
    );
  else
    content = (
      <>
        <UserList users={rows} />
        <Footer>
          <span role="status">{t('projectUsers.count', { count: String(rows.length) })}</span>
          {users.hasNextPage ? (
            <Button
              type="button"
              $variant="secondary"
              onClick={() => void users.fetchNextPage()}
              disabled={users.isFetchingNextPage}
              aria-busy={users.isFetchingNextPage}
            >
              {users.isFetchingNextPage ? t('projectUsers.loadingMore') : t('projectUsers.loadMore')}
            </Button>
          ) : null}
        </Footer>
      </>
    );

  return (
    <>
      <Bar>
        <div>
          <h2>{t('projects.detail.users')}</h2>
          <p>{t('projectUsers.intro')}</p>
        </div>
        {canChange && !poolEmpty ? (
          <Actions>
            {inviteButton}
            {importButton}
          </Actions>
        ) : null}
      </Bar>
      <Stack>
        {poolEmpty ? null : (
          <UserFilterBar
            filters={filters}
            search={search}
            onSearch={setSearch}
            onFilter={setFilter}
            onClear={clear}
          />
        )}
        {content}
      </Stack>
      <UserPanel projectId={project.id} userId={selected} permissions={permissions} onClose={closePanel} />
      <InviteDialog
        projectId={project.id}
        signup={pool.data?.signup}
        open={inviting}
        onOpenChange={setInviting}
      />
      <ImportDialog projectId={project.id} open={importing} onOpenChange={setImporting} />
    </>
  );
}
