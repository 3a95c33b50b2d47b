import { ArrowLeft, KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { describeError } from '../../api/errors';
import { CreateTokenDialog, type ApiToken } from '../../components/dialogs/CreateTokenDialog';
import { BackLinkRow, PageHeader } from '../../components/tenancy/PageParts';
import { useApplications } from '../../components/tenancy/queries';
import { useErrorToast } from '../../components/tenancy/useErrorToast';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { PermissionButton } from '../../components/permissions/PermissionButton';
import { useAnyOrganizationPermissions } from '../../components/permissions/usePermissions';
import { Button, ButtonRouterLink } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { Skeletons } from '../../ui/Skeleton';
import { useToast } from '../../ui/useToast';
import { TokenItem } from './TokenItem';
import { useRevokeToken, useTokens } from './useTokens';

const Page = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  min-width: 0;
`;

const Filter = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  font-weight: 600;
`;

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** SPEC §2 /tokens: the caller's API tokens, issuing new ones and revoking active ones. */
export default function Tokens() {
  const t = useT();
  const toast = useToast();
  const [searchParams] = useSearchParams();
  const applicationId = searchParams.get('applicationId') || undefined;
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  const tokens = useTokens(applicationId);
  const applications = useApplications();
  const revoke = useRevokeToken();
  const anywhere = useAnyOrganizationPermissions();
  useErrorToast(tokens.error, 'tokens.loadFailed');

  const applicationNames = new Map((applications.data ?? []).map((app) => [app.id, app.name]));
  const rows = tokens.data?.pages.flatMap((page) => page.data) ?? [];

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking, {
      onSuccess: (token) => {
        toast({
          title: t('tokens.revoked'),
          description: t('tokens.revokedText', { name: token.name }),
          variant: 'success',
        });
        setRevoking(null);
      },
      onError: (failure) => {
        toast({
          title: t('tokens.revokeFailed'),
          description: t('tokens.revokeFailedText', { message: describeError(failure, t) }),
          variant: 'destructive',
        });
        setRevoking(null);
      },
    });
  };

  // Offered when the caller's role may create tokens (token:create) in at least one organization.
  const createButton = (
    <PermissionButton
      type="button"
      permissions={anywhere}
      need="token:create"
      onClick={() => setCreating(true)}
    >
      <Plus aria-hidden="true" size={18} />
      {t('tokens.create')}
    </PermissionButton>
  );

  return (
    <>
      <PageHeader
        before={
          <BackLinkRow>
            <Link to="/dashboard">
              <ArrowLeft aria-hidden="true" size={16} />
              {t('tokens.back')}
            </Link>
          </BackLinkRow>
        }
        title={t('tokens.title')}
        intro={t('tokens.intro')}
        actions={createButton}
      />
      <Page>
        {applicationId ? (
          <Filter>
            {t('tokens.list.filtered', { name: applicationNames.get(applicationId) ?? '…' })}
            <ButtonRouterLink to="/tokens" $variant="secondary">
              {t('tokens.list.showAll')}
            </ButtonRouterLink>
          </Filter>
        ) : null}

        {tokens.isPending ? (
          <List as="div">
            <Skeletons count={3} height={112} label={t('common.loading')} />
          </List>
        ) : tokens.isError ? (
          <div>
            <Alert tone="error">
              {t('tokens.loadFailed')}: {describeError(tokens.error, t)}
            </Alert>
            <p>
              <Button type="button" $variant="secondary" onClick={() => void tokens.refetch()}>
                {t('tokens.retry')}
              </Button>
            </p>
          </div>
        ) : rows.length === 0 ? (
          <EmptyState
            icon={<KeyRound aria-hidden="true" size={32} />}
            title={t('tokens.empty.title')}
            text={t('tokens.empty.text')}
            action={createButton}
          />
        ) : (
          <>
            <List aria-label={t('tokens.list.label')}>
              {rows.map((token) => (
                <TokenItem
                  key={token.id}
                  token={token}
                  applicationName={applicationNames.get(token.application_id)}
                  onRevoke={setRevoking}
                />
              ))}
            </List>
            {tokens.hasNextPage ? (
              <Button
                type="button"
                $variant="secondary"
                disabled={tokens.isFetchingNextPage}
                onClick={() => void tokens.fetchNextPage()}
              >
                {tokens.isFetchingNextPage ? t('common.loading') : t('tokens.loadMore')}
              </Button>
            ) : null}
          </>
        )}

        <CreateTokenDialog open={creating} onOpenChange={setCreating} defaultApplicationId={applicationId} />
        <ConfirmDialog
          open={revoking !== null}
          onOpenChange={(open) => {
            if (!open) setRevoking(null);
          }}
          title={t('tokens.revoke.title')}
          description={t('tokens.revoke.text', {
            name: revoking?.name ?? '',
            prefix: revoking?.prefix ?? '',
          })}
          confirmLabel={t('tokens.revoke.confirm')}
          pendingLabel={t('tokens.revoke.pending')}
          pending={revoke.isPending}
          destructive
          onConfirm={confirmRevoke}
        />
      </Page>
    </>
  );
}
