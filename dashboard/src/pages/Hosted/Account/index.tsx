import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, KeyRound, LogOut, ShieldAlert } from 'lucide-react';
import { useEffect, useId } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { unwrap, type ApiSchemas } from '../../../api/client';
import { PasskeyList } from '../../../components/auth/PasskeyList';
import { StepUpHost } from '../../../components/auth/StepUpDialog';
import { useT } from '../../../i18n/useT';
import { useDataExport } from '../../../layout/ExportDataButton';
import { REFRESH_CHECK_INTERVAL_MS } from '../../../stores/session';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Skeletons } from '../../../ui/Skeleton';
import { DeleteAccountConfirmation } from '../../Auth/DeleteAccountConfirmation';
import { EmailChangeConfirmation } from '../../Auth/EmailChangeConfirmation';
import { DeleteAccountSection } from '../../Security/DeleteAccountSection';
import { EmailChangeSection } from '../../Security/EmailChangeSection';
import { Actions, Muted, PolicyNotice, SecuritySection } from '../../Security/SecuritySection';
import { TotpSection } from '../../Security/TotpSection';
import { useHosted, useHostedSession, useHostedTitle } from '../context';
import { HostedPanel, LoadError } from '../parts';
import { PasswordSection } from './PasswordSection';
import { ProfileSection } from './ProfileSection';
import { SessionsSection } from './SessionsSection';

const ME_KEY = ['hosted-me'] as const;

const Page = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  max-width: 880px;
  margin: 0 auto;
  min-width: 0;
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  h1 {
    margin: 0;
    font-size: 1.75rem;
  }
  p {
    margin: ${({ theme }) => theme.space(1)} 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
  > div {
    min-width: 0;
  }
`;

/** The pool asks every account for a second factor and this one has none yet. */
function SecondFactorRequired({ withPasskey }: { withPasskey: boolean }) {
  const t = useT();
  const titleId = useId();
  return (
    <PolicyNotice aria-labelledby={titleId}>
      <ShieldAlert aria-hidden="true" size={22} />
      <div>
        <h2 id={titleId}>{t('hosted.account.required.title')}</h2>
        <p>{t(withPasskey ? 'hosted.account.required.textPasskey' : 'hosted.account.required.text')}</p>
      </div>
    </PolicyNotice>
  );
}

/**
 * A session that may only set up the second factor its pool requires: the authenticator app, or a
 * passkey where the pool offers passkeys, then a fresh sign-in (which then goes on as usual, back
 * to the partner site if it came from one).
 */
function EnrolmentOnly({ me }: { me: ApiSchemas['Me'] }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { info, sessions, pathTo } = useHosted();
  const reload = () => queryClient.invalidateQueries({ queryKey: ME_KEY });
  const withPasskey = info.methods.includes('passkey');
  const signInAgain = useMutation({
    mutationFn: () => sessions.signOut(),
    onSettled: () => navigate(pathTo('sign-in'), { replace: true }),
  });
  return (
    <>
      <SecondFactorRequired withPasskey={withPasskey} />
      <TotpSection
        twoFactor={me.two_factor}
        email={me.email}
        onChanged={reload}
        client={sessions.client.api}
      />
      {withPasskey ? <PasskeysSection onChange={reload} /> : null}
      {me.two_factor.enabled ? (
        <div>
          <Alert tone="success">{t('hosted.account.required.done')}</Alert>
          <p>
            <Button type="button" disabled={signInAgain.isPending} onClick={() => signInAgain.mutate()}>
              {t('hosted.account.required.signInAgain')}
            </Button>
          </p>
        </div>
      ) : null}
    </>
  );
}

/** The end user's passkeys (the pool offers them): the dashboard's list with this tab's client. */
function PasskeysSection({ onChange }: { onChange(): unknown }) {
  const t = useT();
  const { sessions } = useHosted();
  return (
    <SecuritySection icon={<KeyRound aria-hidden="true" size={20} />} title={t('security.passkeys.title')}>
      <PasskeyList
        heading={false}
        client={sessions.client.api}
        onChange={onChange}
        intro={t('hosted.account.passkeys.intro')}
      />
    </SecuritySection>
  );
}

function ExportSection() {
  const t = useT();
  const { sessions } = useHosted();
  const { start, pending, label } = useDataExport(sessions.client.api);
  return (
    <SecuritySection
      icon={<Download aria-hidden="true" size={20} />}
      title={t('hosted.account.export.title')}
    >
      <Muted>{t('privacy.exportHint')}</Muted>
      <Actions>
        <Button type="button" $variant="secondary" disabled={pending} onClick={start}>
          {label}
        </Button>
      </Actions>
    </SecuritySection>
  );
}

function AccountSections({ me }: { me: ApiSchemas['Me'] }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { info, sessions, pathTo } = useHosted();
  const reload = () => queryClient.invalidateQueries({ queryKey: ME_KEY });
  const secondFactors = info.second_factor !== 'off';
  return (
    <>
      <ProfileSection
        me={me}
        onSaved={(updated) => {
          queryClient.setQueryData(ME_KEY, updated);
          sessions.updateUser(updated);
        }}
      />
      <EmailChangeSection email={me.email} client={sessions.client.api} />
      <PasswordSection />
      {secondFactors ? (
        <TotpSection
          twoFactor={me.two_factor}
          email={me.email}
          onChanged={reload}
          client={sessions.client.api}
        />
      ) : null}
      {secondFactors && info.methods.includes('passkey') ? <PasskeysSection onChange={reload} /> : null}
      <SessionsSection />
      <ExportSection />
      <DeleteAccountSection
        client={sessions.client.api}
        description={t('hosted.account.delete.description', { name: info.branding.display_name })}
        onDeleted={() => {
          sessions.clear();
          void navigate(pathTo('sign-in'), { replace: true });
        }}
      />
    </>
  );
}

/** The signed-in end user's account: everything under /api/v1/auth/* with their own token. */
function SignedInAccount() {
  const t = useT();
  const navigate = useNavigate();
  const { info, sessions, pathTo } = useHosted();
  const session = useHostedSession();
  const me = useQuery({
    queryKey: ME_KEY,
    queryFn: async () => unwrap(await sessions.client.api.GET('/api/v1/auth/me')),
  });
  const signOut = useMutation({
    mutationFn: () => sessions.signOut(),
    onSettled: () => navigate(pathTo('sign-in'), { replace: true }),
  });

  // Renew the access token before it runs out while the page is open (as the dashboard does).
  useEffect(() => {
    sessions.refreshIfDue();
    const timer = setInterval(() => sessions.refreshIfDue(), REFRESH_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [sessions]);

  const email = me.data?.email ?? session?.user.email ?? '';
  return (
    <Page>
      <StepUpHost client={sessions.client} />
      <Header>
        <div>
          <h1>{t('hosted.account.title')}</h1>
          <p>{t('hosted.account.intro', { email, name: info.branding.display_name })}</p>
        </div>
        <Button
          type="button"
          $variant="secondary"
          disabled={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          <LogOut aria-hidden="true" size={16} />
          {t('nav.signOut')}
        </Button>
      </Header>
      {me.isPending ? (
        <Skeletons count={3} height={160} label={t('common.loading')} />
      ) : me.isError ? (
        <LoadError what={t('hosted.account.loadFailed')} error={me.error} retry={() => void me.refetch()} />
      ) : session?.enrollmentOnly ? (
        <EnrolmentOnly me={me.data} />
      ) : (
        <AccountSections me={me.data} />
      )}
    </Page>
  );
}

/**
 * `/p/{project}/account`: the end user's own account page — profile, password, authenticator
 * app, passkeys, sessions, data export and deletion — built from the dashboard's own sections,
 * each given this tab's end-user client instead of the dashboard's. Without a session it leads
 * to sign-in; with the deletion mail's `?mode=delete-account&token=` it shows that last step, and
 * with the link to a new address (`?mode=confirm-email&token=`) it confirms that address.
 */
export default function HostedAccount() {
  const t = useT();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { sessions, pathTo } = useHosted();
  const session = useHostedSession();
  useHostedTitle(t('hosted.account.title'));
  if (params.get('mode') === 'delete-account') {
    return (
      <HostedPanel>
        <DeleteAccountConfirmation
          token={params.get('token')}
          onDeleted={() => sessions.clear()}
          home={{ to: pathTo('sign-in', ''), label: t('hosted.account.toSignIn') }}
        />
      </HostedPanel>
    );
  }
  if (params.get('mode') === 'confirm-email') {
    return (
      <HostedPanel>
        <EmailChangeConfirmation
          token={params.get('token')}
          onConfirmed={(email) => {
            // This tab's session, if it is the one that asked, goes on with the new address.
            if (session) sessions.updateUser({ ...session.user, email });
            void queryClient.invalidateQueries({ queryKey: ME_KEY });
          }}
          home={
            session
              ? { to: pathTo('account', ''), label: t('emailChange.confirm.toAccount') }
              : { to: pathTo('sign-in', ''), label: t('hosted.account.toSignIn') }
          }
        />
      </HostedPanel>
    );
  }
  if (!session) return <Navigate to={pathTo('sign-in')} replace />;
  return <SignedInAccount />;
}
