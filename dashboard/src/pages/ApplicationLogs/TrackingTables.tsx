import { useQueries } from '@tanstack/react-query';
import { MonitorSmartphone, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { api, unwrap, type ApiSchemas } from '../../api/client';
import { describeError } from '../../api/errors';
import { useFormatDate } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { EmptyState } from '../../ui/EmptyState';
import { Skeletons } from '../../ui/Skeleton';
import { ClampedText, NoWrap, Table, TableScroller, WideCell } from '../Logs/DataTable';
import { useFormatNumber } from '../Logs/format';
import { logKeys } from '../Logs/queries';

export type Installation = ApiSchemas['Installation'];
export type AnonymousUser = ApiSchemas['AnonymousUser'];

/** The tracking lists answer at most 100 entries a page; the screen shows the newest page. */
const PAGE_SIZE = 100;

const Count = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
`;

/**
 * The newest entries of a tracking list for each of the applications, merged newest first.
 * `more` says that an application has older entries than those shown.
 */
function useTrackingList<T>(
  kind: 'installations' | 'anonymous-users',
  applicationIds: string[],
  newest: (entry: T) => string,
) {
  return useQueries({
    queries: applicationIds.map((applicationId) => ({
      queryKey: [...logKeys.tracking, kind, applicationId],
      queryFn: async () => {
        const query = { params: { query: { application_id: applicationId, limit: PAGE_SIZE } } };
        return (
          kind === 'installations'
            ? unwrap(await api.GET('/api/v1/installations', query))
            : unwrap(await api.GET('/api/v1/anonymous-users', query))
        ) as { data: T[]; next_cursor: string | null };
      },
    })),
    combine: (results) => ({
      pending: results.some((result) => result.isPending),
      error: results.find((result) => result.isError)?.error ?? null,
      refetch: () => Promise.all(results.map((result) => result.refetch())),
      rows: results
        .flatMap((result) => result.data?.data ?? [])
        .sort((a, b) => newest(b).localeCompare(newest(a))),
      more: results.some((result) => Boolean(result.data?.next_cursor)),
    }),
  });
}

/** The installations of the applications, most recently seen first. */
export function useInstallations(applicationIds: string[]) {
  return useTrackingList<Installation>('installations', applicationIds, (entry) => entry.last_seen_at);
}

export function useAnonymousUsers(applicationIds: string[]) {
  return useTrackingList<AnonymousUser>('anonymous-users', applicationIds, (entry) => entry.last_activity_at);
}

type TrackingList<T> = ReturnType<typeof useTrackingList<T>>;

/**
 * What both tracking tabs share: loading, error and empty states, the count, and the scrollable
 * table; `area` names the tab's texts (logs.installations.* or logs.anonymous.*).
 */
function TrackingTable<T>({
  list,
  area,
  icon,
  head,
  children,
}: {
  list: TrackingList<T>;
  area: 'installations' | 'anonymous';
  icon: ReactNode;
  head: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  const { number } = useFormatNumber();
  if (list.pending) return <Skeletons count={3} height={40} label={t('common.loading')} />;
  if (list.error)
    return (
      <Alert tone="error">
        {t(`logs.${area}.loadFailed` as const)}: {describeError(list.error, t)}
      </Alert>
    );
  if (list.rows.length === 0)
    return (
      <EmptyState
        headingLevel={3}
        icon={icon}
        title={t(`logs.${area}.empty.title` as const)}
        text={t(`logs.${area}.empty.text` as const)}
      />
    );
  return (
    <>
      <Count role="status">
        {t(list.more ? (`logs.${area}.countMore` as const) : (`logs.${area}.count` as const), {
          shown: number(list.rows.length),
        })}
      </Count>
      <TableScroller role="region" aria-label={t(`logs.tab.${area}` as const)} tabIndex={0}>
        <Table>
          <thead>
            <tr>{head}</tr>
          </thead>
          <tbody>{children}</tbody>
        </Table>
      </TableScroller>
    </>
  );
}

/** SPEC §2 application logs, Installations tab. */
export function InstallationsTable({
  list,
  names,
}: {
  list: TrackingList<Installation>;
  names: Map<string, string>;
}) {
  const t = useT();
  const formatDate = useFormatDate();
  const { number } = useFormatNumber();
  return (
    <TrackingTable
      list={list}
      area="installations"
      icon={<MonitorSmartphone aria-hidden="true" size={32} />}
      head={
        <>
          <th scope="col">{t('logs.installations.id')}</th>
          {names.size > 1 ? <th scope="col">{t('logs.installations.application')}</th> : null}
          <th scope="col">{t('logs.installations.device')}</th>
          <th scope="col">{t('logs.installations.sdk')}</th>
          <th scope="col">{t('logs.installations.user')}</th>
          <th scope="col">{t('logs.installations.sessions')}</th>
          <th scope="col">{t('logs.installations.events')}</th>
          <th scope="col">{t('logs.installations.status')}</th>
          <th scope="col">{t('logs.installations.lastSeen')}</th>
        </>
      }
    >
      {list.rows.map((installation) => (
        <tr key={installation.id} data-testid="installation-row">
          <NoWrap>
            <code>{installation.installation_id}</code>
          </NoWrap>
          {names.size > 1 ? <NoWrap>{names.get(installation.application_id) ?? '–'}</NoWrap> : null}
          <WideCell>
            {installation.device_info.platform ? <div>{installation.device_info.platform}</div> : null}
            <ClampedText title={installation.device_info.user_agent ?? undefined}>
              {installation.device_info.user_agent ?? '–'}
            </ClampedText>
          </WideCell>
          <NoWrap>{installation.sdk_version ?? '–'}</NoWrap>
          <NoWrap>
            {installation.user_id ? t('logs.userType.registered') : t('logs.userType.anonymous')}
          </NoWrap>
          <NoWrap>{number(installation.session_count)}</NoWrap>
          <NoWrap>{number(installation.total_events)}</NoWrap>
          <NoWrap>
            <Badge $tone={installation.is_active ? 'success' : 'muted'}>
              {installation.is_active ? t('logs.installations.active') : t('logs.installations.inactive')}
            </Badge>
          </NoWrap>
          <NoWrap>
            <time dateTime={installation.last_seen_at}>{formatDate(installation.last_seen_at, true)}</time>
          </NoWrap>
        </tr>
      ))}
    </TrackingTable>
  );
}

/** SPEC §2 application logs, Anonymous Users tab. */
export function AnonymousUsersTable({
  list,
  names,
}: {
  list: TrackingList<AnonymousUser>;
  names: Map<string, string>;
}) {
  const t = useT();
  const formatDate = useFormatDate();
  return (
    <TrackingTable
      list={list}
      area="anonymous"
      icon={<UserRound aria-hidden="true" size={32} />}
      head={
        <>
          <th scope="col">{t('logs.anonymous.name')}</th>
          <th scope="col">{t('logs.anonymous.id')}</th>
          {names.size > 1 ? <th scope="col">{t('logs.installations.application')}</th> : null}
          <th scope="col">{t('logs.anonymous.installation')}</th>
          <th scope="col">{t('logs.anonymous.linked')}</th>
          <th scope="col">{t('logs.anonymous.firstSeen')}</th>
          <th scope="col">{t('logs.anonymous.lastActivity')}</th>
        </>
      }
    >
      {list.rows.map((user) => (
        <tr key={user.id} data-testid="anonymous-row">
          <NoWrap>{user.display_name}</NoWrap>
          <NoWrap>
            <code>{user.anonymous_id}</code>
          </NoWrap>
          {names.size > 1 ? <NoWrap>{names.get(user.application_id) ?? '–'}</NoWrap> : null}
          <NoWrap>{user.installation_id ? <code>{user.installation_id}</code> : '–'}</NoWrap>
          <NoWrap>
            {user.user_id ? (
              <Badge $tone="success">{t('logs.anonymous.linkedYes')}</Badge>
            ) : (
              <Badge $tone="muted">{t('logs.anonymous.linkedNo')}</Badge>
            )}
          </NoWrap>
          <NoWrap>
            <time dateTime={user.first_seen_at}>{formatDate(user.first_seen_at, true)}</time>
          </NoWrap>
          <NoWrap>
            <time dateTime={user.last_activity_at}>{formatDate(user.last_activity_at, true)}</time>
          </NoWrap>
        </tr>
      ))}
    </TrackingTable>
  );
}
