import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { api, unwrap, type ApiSchemas } from '../../api/client';
import { expectNoContent, useInvalidate } from '../../components/tenancy/queries';
import { Muted } from '../../components/tenancy/PageParts';
import { useFailureToast } from '../../components/tenancy/useErrorToast';
import { useFormatDate } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { BorderedList, BorderedListItem } from '../../ui/BorderedList';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/useToast';
import { roleLabel } from '../../components/tenancy/roleLabel';

type Invitation = ApiSchemas['Invitation'];

export const invitationsKey = ['invitations'] as const;

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  h2 {
    margin: 0;
    font-size: 1.125rem;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  > div:first-child {
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

/** The invitation the mail's link named stands out. */
const Item = styled(BorderedListItem)`
  &[aria-current='true'] {
    outline: 2px solid currentColor;
    outline-offset: -2px;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/**
 * The signed-in person's pending invitations (issue #37 item 5): nobody is made a member without
 * saying yes here. The invitation mail links to `/organizations?invitation=<id>`, which marks
 * that one. Renders nothing while there are none (or they cannot be loaded: the page's own
 * content still works).
 */
export function PendingInvitations() {
  const t = useT();
  const [params] = useSearchParams();
  const fromMail = params.get('invitation');
  const invitations = useQuery({
    queryKey: invitationsKey,
    queryFn: async () => unwrap(await api.GET('/api/v1/invitations')).data,
  });
  if (!invitations.data?.length) return null;
  return (
    <Section aria-labelledby="pending-invitations">
      <h2 id="pending-invitations">{t('invitations.title')}</h2>
      <Muted as="p">{t('invitations.intro')}</Muted>
      <BorderedList aria-label={t('invitations.title')}>
        {invitations.data.map((invitation) => (
          <InvitationRow
            key={invitation.id}
            invitation={invitation}
            highlighted={invitation.id === fromMail}
          />
        ))}
      </BorderedList>
    </Section>
  );
}

function InvitationRow({ invitation, highlighted }: { invitation: Invitation; highlighted: boolean }) {
  const t = useT();
  const toast = useToast();
  const fail = useFailureToast();
  const formatDate = useFormatDate();
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  const organization = invitation.organization.name;
  const inviter = invitation.invited_by
    ? `${invitation.invited_by.display_name || invitation.invited_by.email} (${invitation.invited_by.email})`
    : t('invitations.someone');

  const answer = useMutation({
    mutationFn: async (verb: 'accept' | 'decline') => {
      const options = { params: { path: { id: invitation.id } } };
      if (verb === 'accept') unwrap(await api.POST('/api/v1/invitations/{id}/accept', options));
      else expectNoContent(await api.POST('/api/v1/invitations/{id}/decline', options));
      return verb;
    },
    onSuccess: async (verb) => {
      toast({
        title: t(verb === 'accept' ? 'invitations.accepted' : 'invitations.declined'),
        description: organization,
        variant: 'success',
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: invitationsKey }),
        invalidate('organizations'),
      ]);
    },
    // e.g. 404 invitation_not_found when it was withdrawn meanwhile: the list is refreshed too.
    onError: async (error) => {
      fail('invitations.failed', error);
      await queryClient.invalidateQueries({ queryKey: invitationsKey });
    },
  });

  return (
    <Item data-testid="invitation-row" aria-current={highlighted ? 'true' : undefined}>
      <Row>
        <div>
          <strong>{organization}</strong>
          <br />
          <Muted>
            {t('invitations.from', {
              inviter,
              organization,
              role: roleLabel(t, invitation.role),
            })}
          </Muted>
          <br />
          <Muted>{t('invitations.sent', { date: formatDate(invitation.created_at) })}</Muted>
        </div>
        <Actions>
          <Button
            type="button"
            aria-label={t('invitations.acceptLabel', { organization })}
            disabled={answer.isPending}
            onClick={() => answer.mutate('accept')}
          >
            {t('invitations.accept')}
          </Button>
          <Button
            type="button"
            $variant="secondary"
            aria-label={t('invitations.declineLabel', { organization })}
            disabled={answer.isPending}
            onClick={() => answer.mutate('decline')}
          >
            {t('invitations.decline')}
          </Button>
        </Actions>
      </Row>
    </Item>
  );
}
