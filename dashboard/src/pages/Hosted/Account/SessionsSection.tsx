import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MonitorSmartphone } from 'lucide-react';
import styled from 'styled-components';
import { unwrap, type ApiSchemas } from '../../../api/client';
import { describeError } from '../../../api/errors';
import { useFormatDate } from '../../../i18n/format';
import type { MessageKey } from '../../../i18n/messages';
import { useT } from '../../../i18n/useT';
import { Badge } from '../../../ui/Badge';
import { BorderedList, BorderedListItem } from '../../../ui/BorderedList';
import { Button } from '../../../ui/Button';
import { Skeletons } from '../../../ui/Skeleton';
import { useToast } from '../../../ui/useToast';
import { Muted, SecuritySection } from '../../Security/SecuritySection';
import { useHosted } from '../context';
import { LoadError } from '../parts';

type Session = ApiSchemas['Session'];

const SESSIONS_KEY = ['hosted-sessions'] as const;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  strong {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    overflow-wrap: anywhere;
  }
`;

const Meta = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone|iPad/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Firefox on Windows" from a user agent; null when neither is recognisable. */
export function deviceOf(userAgent: string | null): { browser: string | null; system: string | null } {
  const find = (table: Array<[RegExp, string]>) =>
    userAgent ? (table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null) : null;
  return { browser: find(BROWSERS), system: find(SYSTEMS) };
}

const METHODS: Record<string, MessageKey> = {
  password: 'hosted.account.sessions.method.password',
  google: 'hosted.account.sessions.method.google',
  passkey: 'hosted.account.sessions.method.passkey',
  email_code: 'hosted.account.sessions.method.email_code',
};

/**
 * Where the account is signed in: device, address, since when, last activity; each other session
 * can be signed out (its refresh token stops at once), this one through "Abmelden" above.
 */
export function SessionsSection() {
  const t = useT();
  const toast = useToast();
  const formatDate = useFormatDate();
  const queryClient = useQueryClient();
  const { sessions } = useHosted();
  const api = sessions.client.api;
  const list = useQuery({
    queryKey: SESSIONS_KEY,
    staleTime: 0,
    queryFn: async () => unwrap(await api.GET('/api/v1/auth/sessions')).data,
  });
  const end = useMutation({
    mutationFn: async (session: Session) => {
      const result = await api.DELETE('/api/v1/auth/sessions/{id}', { params: { path: { id: session.id } } });
      if (!result.response.ok) unwrap(result); // 204: no body
    },
    onSuccess: () => {
      toast({ title: t('hosted.account.sessions.ended'), variant: 'success' });
      return queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
    onError: (failure) =>
      toast({
        title: t('hosted.account.sessions.endFailed'),
        description: describeError(failure, t),
        variant: 'destructive',
      }),
  });

  const describe = (session: Session) => {
    const { browser, system } = deviceOf(session.user_agent);
    if (browser && system) return t('hosted.account.sessions.device', { browser, system });
    return browser ?? system ?? t('hosted.account.sessions.unknownDevice');
  };

  let content;
  if (list.isPending) content = <Skeletons count={2} height={64} label={t('common.loading')} />;
  else if (list.isError)
    content = (
      <LoadError
        what={t('hosted.account.sessions.loadFailed')}
        error={list.error}
        retry={() => void list.refetch()}
      />
    );
  else if (list.data.length === 0) content = <Muted>{t('hosted.account.sessions.empty')}</Muted>;
  else
    content = (
      <BorderedList aria-label={t('hosted.account.sessions.title')}>
        {list.data.map((session) => (
          <BorderedListItem key={session.id}>
            <Row>
              <strong>
                {describe(session)}
                {session.current ? (
                  <Badge $tone="success">{t('hosted.account.sessions.current')}</Badge>
                ) : null}
              </strong>
              {session.current ? null : (
                <Button
                  type="button"
                  $variant="secondary"
                  disabled={end.isPending}
                  aria-label={t('hosted.account.sessions.endLabel', { device: describe(session) })}
                  onClick={() => end.mutate(session)}
                >
                  {t('hosted.account.sessions.end')}
                </Button>
              )}
            </Row>
            <Meta>
              {t('hosted.account.sessions.since', { date: formatDate(session.created_at, true) })}
              {' · '}
              {t('hosted.account.sessions.lastUsed', { date: formatDate(session.last_used_at, true) })}
              {session.ip_address ? ` · ${session.ip_address}` : ''}
              {METHODS[session.method] ? ` · ${t(METHODS[session.method]!)}` : ''}
            </Meta>
          </BorderedListItem>
        ))}
      </BorderedList>
    );

  return (
    <SecuritySection
      icon={<MonitorSmartphone aria-hidden="true" size={20} />}
      title={t('hosted.account.sessions.title')}
    >
      <Muted>{t('hosted.account.sessions.intro')}</Muted>
      {content}
    </SecuritySection>
  );
}
