import { ChevronRight } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { useFormatDate } from '../../../i18n/format';
import { useT } from '../../../i18n/useT';
import { SkillChips } from '../../../components/skills/SkillChips';
import { NameChips } from '../../../components/permissions/NameChips';
import { Badge } from '../../../ui/Badge';
import type { PoolUser } from './queries';

const List = styled.ul`
  display: grid;
  margin: 0;
  padding: 0;
  list-style: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  overflow: hidden;
  li + li {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

/** One user: who, their state, when they last signed in; the whole row opens the details. */
const Row = styled(Link)`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  color: inherit;
  text-decoration: none;
  &:hover {
    background: ${({ theme }) => theme.colors.background};
  }
  &:focus-visible {
    outline-offset: -3px;
  }
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1.4fr) minmax(0, 1fr) auto;
  }
`;

const Who = styled.span`
  display: grid;
  gap: 2px;
  min-width: 0;
  strong,
  span {
    overflow-wrap: anywhere;
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9rem;
  }
`;

const States = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
  grid-column: 1;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-column: auto;
  }
`;

const LastSignIn = styled.span`
  grid-column: 1;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-column: auto;
  }
`;

const Chevron = styled(ChevronRight)`
  grid-column: 2;
  grid-row: 1 / span 3;
  color: ${({ theme }) => theme.colors.textMuted};
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-column: auto;
    grid-row: auto;
  }
`;

const BlockedBadge = styled(Badge)`
  background: #fee2e2;
  color: #7f1d1d;
`;

/** The badges of a user's state: blocked, e-mail confirmed or not, second factor. */
export function UserStates({ user }: { user: PoolUser }) {
  const t = useT();
  return (
    <>
      {user.blocked ? <BlockedBadge>{t('projectUsers.state.blocked')}</BlockedBadge> : null}
      <Badge $tone={user.is_verified ? 'success' : 'muted'}>
        {t(user.is_verified ? 'projectUsers.state.verified' : 'projectUsers.state.unverified')}
      </Badge>
      {user.second_factor ? <Badge $tone="info">{t('projectUsers.state.secondFactor')}</Badge> : null}
    </>
  );
}

/** The pool's users; each row links to `?user=<id>`, which opens the details panel. */
export function UserList({ users }: { users: PoolUser[] }) {
  const t = useT();
  const formatDate = useFormatDate();
  const [searchParams] = useSearchParams();
  const linkTo = (id: string) => {
    const next = new URLSearchParams(searchParams);
    next.set('user', id);
    return { search: `?${next}` };
  };
  return (
    <List aria-label={t('projectUsers.list')}>
      {users.map((user) => (
        <li key={user.id}>
          <Row to={linkTo(user.id)} data-testid="pool-user">
            <Who>
              <strong>{user.display_name}</strong>
              <span>{user.email}</span>
            </Who>
            <States>
              <UserStates user={user} />
              <NameChips
                names={user.roles ?? []}
                tone="role"
                label={t('appRoles.user.rolesOf', { name: user.display_name || user.email })}
              />
              <SkillChips
                skills={user.skills}
                label={t('skills.listOf', { name: user.display_name || user.email })}
              />
            </States>
            <LastSignIn>
              {user.last_login_at
                ? t('projectUsers.lastSignIn', { date: formatDate(user.last_login_at, true) })
                : t('projectUsers.neverSignedIn')}
            </LastSignIn>
            <Chevron aria-hidden="true" size={18} />
          </Row>
        </li>
      ))}
    </List>
  );
}
