import { useMemo, type ReactNode } from 'react';
import styled from 'styled-components';
import { describeError } from '../../../api/errors';
import { useApplications } from '../../../components/tenancy/queries';
import { useFormatDate } from '../../../i18n/format';
import { useT } from '../../../i18n/useT';
import { Alert } from '../../../ui/Alert';
import { BorderedList, BorderedListItem } from '../../../ui/BorderedList';
import { Sheet } from '../../../ui/Sheet';
import { Skeletons } from '../../../ui/Skeleton';
import type { Permissions } from '../../../components/permissions/usePermissions';
import { UserActions } from './UserActions';
import { UserRoles } from './UserRoles';
import { UserSkills } from './UserSkills';
import { UserStates } from './UserList';
import { usePoolUser, type PoolUserDetail } from './queries';

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  h3 {
    margin: 0;
    font-size: 1rem;
  }
  > p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: minmax(0, 1fr);
    dd + dt {
      margin-top: ${({ theme }) => theme.space(1)};
    }
  }
`;

const States = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
`;

const Entry = styled(BorderedListItem)`
  gap: ${({ theme }) => theme.space(1)};
  font-size: 0.9rem;
  overflow-wrap: anywhere;
  strong {
    font-weight: 600;
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  code {
    font-size: 0.85rem;
  }
`;

/** A heading, then the entries or a line saying there are none. */
function ListSection({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <Section>
      <h3>{title}</h3>
      {children.length > 0 ? <BorderedList aria-label={title}>{children}</BorderedList> : <p>{empty}</p>}
    </Section>
  );
}

/** The details of one user: profile, actions, sessions, factors, linked devices and activity. */
function UserDetails({
  projectId,
  user,
  permissions,
  onDeleted,
}: {
  projectId: string;
  user: PoolUserDetail;
  permissions: Permissions;
  onDeleted(): void;
}) {
  const t = useT();
  const formatDate = useFormatDate();
  const applications = useApplications(projectId);
  const applicationNames = useMemo(
    () => new Map((applications.data ?? []).map((application) => [application.id, application.name])),
    [applications.data],
  );
  const appName = (id: string | null) =>
    id ? (applicationNames.get(id) ?? id) : t('projectUsers.detail.hosted');
  const signInWith = [
    user.has_password ? t('poolSettings.method.password') : null,
    user.signs_in_with_google ? t('poolSettings.method.google') : null,
  ].filter(Boolean);

  return (
    <>
      <States>
        <UserStates user={user} />
      </States>
      <Section>
        <h3>{t('projectUsers.detail.profile')}</h3>
        <Facts>
          <dt>{t('projectUsers.detail.registered')}</dt>
          <dd>
            {formatDate(user.created_at, true)}
            {user.registered_application_id
              ? ` · ${t('projectUsers.detail.via', { name: appName(user.registered_application_id) })}`
              : ''}
          </dd>
          <dt>{t('projectUsers.detail.lastSignIn')}</dt>
          <dd>
            {user.last_login_at ? formatDate(user.last_login_at, true) : t('projectUsers.neverSignedIn')}
          </dd>
          <dt>{t('projectUsers.detail.signInWith')}</dt>
          <dd>{signInWith.length > 0 ? signInWith.join(', ') : t('projectUsers.detail.noPassword')}</dd>
          {user.blocked_at ? (
            <>
              <dt>{t('projectUsers.detail.blockedAt')}</dt>
              <dd>{formatDate(user.blocked_at, true)}</dd>
            </>
          ) : null}
          <dt>{t('projectUsers.detail.id')}</dt>
          <dd>
            <code>{user.id}</code>
          </dd>
        </Facts>
      </Section>

      <UserRoles projectId={projectId} user={user} permissions={permissions} />

      <UserSkills projectId={projectId} user={user} canChange={permissions.can('skill:manage')} />

      <UserActions
        projectId={projectId}
        user={user}
        canChange={permissions.can('pool_user:update')}
        canDelete={permissions.can('pool_user:delete')}
        onDeleted={onDeleted}
      />

      <ListSection title={t('projectUsers.detail.sessions')} empty={t('projectUsers.detail.noSessions')}>
        {user.sessions.map((session) => (
          <Entry key={session.id}>
            <strong>{appName(session.application_id)}</strong>
            <span>
              {t('projectUsers.detail.sessionTimes', {
                created: formatDate(session.created_at, true),
                used: formatDate(session.last_used_at, true),
              })}
            </span>
            {session.user_agent || session.ip_address ? (
              <span>{[session.ip_address, session.user_agent].filter(Boolean).join(' · ')}</span>
            ) : null}
          </Entry>
        ))}
      </ListSection>

      <ListSection title={t('projectUsers.detail.factors')} empty={t('projectUsers.detail.noFactors')}>
        {user.second_factors.map((factor) => (
          <Entry key={factor.id}>
            <strong>
              {factor.type === 'totp' ? t('projectUsers.detail.totp') : t('projectUsers.detail.passkey')}
              {factor.name ? ` · ${factor.name}` : ''}
            </strong>
            <span>{t('projectUsers.detail.added', { date: formatDate(factor.added_at, true) })}</span>
          </Entry>
        ))}
      </ListSection>

      <ListSection
        title={t('projectUsers.detail.installations')}
        empty={t('projectUsers.detail.noInstallations')}
      >
        {[
          ...user.installations.map((installation) => (
            <Entry key={`i-${installation.installation_id}`}>
              <code>{installation.installation_id}</code>
              <span>
                {[appName(installation.application_id), installation.platform, installation.sdk_version]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
              <span>
                {t('projectUsers.detail.lastSeen', { date: formatDate(installation.last_seen_at, true) })}
              </span>
            </Entry>
          )),
          ...user.anonymous_users.map((anonymous) => (
            <Entry key={`a-${anonymous.anonymous_id}`}>
              <code>{anonymous.anonymous_id}</code>
              <span>{t('projectUsers.detail.anonymousIn', { name: appName(anonymous.application_id) })}</span>
              <span>
                {t('projectUsers.detail.lastSeen', { date: formatDate(anonymous.last_activity_at, true) })}
              </span>
            </Entry>
          )),
        ]}
      </ListSection>

      <ListSection title={t('projectUsers.detail.activity')} empty={t('projectUsers.detail.noActivity')}>
        {user.recent_activity.map((entry) => (
          <Entry key={entry.id}>
            <strong>
              <code>{entry.action}</code>
            </strong>
            <span>
              {[
                formatDate(entry.created_at, true),
                entry.application_id ? appName(entry.application_id) : null,
                entry.ip_address,
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </Entry>
        ))}
      </ListSection>
    </>
  );
}

/** The side panel of `?user=<id>`: the user's details, loading and "not found" states. */
export function UserPanel({
  projectId,
  userId,
  permissions,
  onClose,
}: {
  projectId: string;
  userId: string | null;
  /** The caller's permissions in the project's organization: what the panel offers. */
  permissions: Permissions;
  onClose(): void;
}) {
  const t = useT();
  const user = usePoolUser(projectId, userId);
  let title = t('projectUsers.detail.title');
  let content: ReactNode;
  if (user.isPending) content = <Skeletons count={3} label={t('projectUsers.detail.loading')} height={96} />;
  else if (user.isError) content = <Alert tone="error">{describeError(user.error, t)}</Alert>;
  else {
    title = user.data.display_name;
    content = (
      <UserDetails projectId={projectId} user={user.data} permissions={permissions} onDeleted={onClose} />
    );
  }
  return (
    <Sheet
      open={Boolean(userId)}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={user.data?.email}
      closeLabel={t('common.close')}
    >
      {content}
    </Sheet>
  );
}
