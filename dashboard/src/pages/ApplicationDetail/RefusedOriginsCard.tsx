import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import styled from 'styled-components';
import { api, unwrap } from '../../api/client';
import { PermissionButton } from '../../components/permissions/PermissionButton';
import { usePermissions } from '../../components/permissions/usePermissions';
import { useInvalidate, type Application } from '../../components/tenancy/queries';
import { useFailureToast } from '../../components/tenancy/useErrorToast';
import { Muted } from '../../components/tenancy/PageParts';
import { useFormatDate } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Card } from '../../ui/Card';
import { useToast } from '../../ui/useToast';

const Section = styled(Card)`
  margin-bottom: ${({ theme }) => theme.space(6)};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: 1.1rem;
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space(3)};
  }
`;

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  div {
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
    min-width: 0;
  }
  code {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

const refusedOriginsKey = (applicationId: string) => ['applications', applicationId, 'refused-origins'];

/**
 * Issue #36 item 4: the origins browsers called this application from and were refused (the SDK's
 * and the widget's start-up check, refused sign-ins), each with a one-click "allow" that adds it to
 * allowed_origins through the usual update (application:update). Allowed origins leave the list.
 */
export function RefusedOriginsCard({ application }: { application: Application }) {
  const t = useT();
  const formatDate = useFormatDate();
  const toast = useToast();
  const fail = useFailureToast();
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  const permissions = usePermissions(application.organization_id);
  const refused = useQuery({
    queryKey: refusedOriginsKey(application.id),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/applications/{id}/refused-origins', {
          params: { path: { id: application.id } },
        }),
      ),
  });

  const allow = useMutation({
    mutationFn: async (origin: string) =>
      unwrap(
        await api.PATCH('/api/v1/applications/{id}', {
          params: { path: { id: application.id } },
          body: { allowed_origins: [...new Set([...application.allowed_origins, origin])] },
        }),
      ),
    onSuccess: async (_saved, origin) => {
      toast({ title: t('applications.refused.allowed'), description: origin, variant: 'success' });
      await Promise.all([
        invalidate('applications'),
        queryClient.invalidateQueries({ queryKey: refusedOriginsKey(application.id) }),
      ]);
    },
    onError: (failure) => fail('applications.updateFailed', failure),
  });

  const origins = refused.data?.origins ?? [];
  return (
    <Section aria-labelledby="refused-origins-title" aria-busy={refused.isPending}>
      <h2 id="refused-origins-title">{t('applications.refused.title')}</h2>
      <p>
        <Muted>{t('applications.refused.text')}</Muted>
      </p>
      {refused.isPending ? (
        <Muted role="status">{t('applications.refused.loading')}</Muted>
      ) : refused.isError ? (
        <Alert tone="error">{t('applications.refused.loadFailed')}</Alert>
      ) : origins.length === 0 ? (
        <Muted>{t('applications.refused.empty')}</Muted>
      ) : (
        <List>
          {origins.map((entry) => (
            <Row key={entry.origin}>
              <div>
                <code>{entry.origin}</code>
                <Muted>
                  {t('applications.refused.seen', {
                    count: String(entry.count),
                    last: formatDate(entry.last_seen_at, true),
                  })}
                </Muted>
              </div>
              <PermissionButton
                type="button"
                $variant="secondary"
                permissions={permissions}
                need="application:update"
                disabled={allow.isPending}
                aria-label={t('applications.refused.allowOrigin', { origin: entry.origin })}
                onClick={() => allow.mutate(entry.origin)}
              >
                <ShieldCheck aria-hidden="true" size={16} />
                {t('applications.refused.allow')}
              </PermissionButton>
            </Row>
          ))}
        </List>
      )}
    </Section>
  );
}
