import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { describeError } from '../../api/errors';
import { answerMfaWithPasskey, passkeysSupported } from '../../components/auth/passkeys';
import { de, type MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';
import { PageLoading } from '../../layout/PageLoading';
import { safeRedirect } from '../../layout/RequireAuth';
import { reloadUser, signInWithGoogleCode, useSessionStore } from '../../stores/session';
import { Alert } from '../../ui/Alert';
import { Card } from '../../ui/Card';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs';
import { useToast } from '../../ui/useToast';
import { GoogleSignIn } from './GoogleSignIn';
import { RegisterForm } from './RegisterForm';
import { DeleteAccountConfirmation } from './DeleteAccountConfirmation';
import { EmailChangeConfirmation } from './EmailChangeConfirmation';
import { ResetPasswordForm } from './ResetPasswordForm';
import { SecondStepForm, type SecondStep } from './SecondStepForm';
import { SignInForm } from './SignInForm';

const Panel = styled(Card)`
  width: 100%;
  max-width: 440px;
  margin: ${({ theme }) => theme.space(4)} auto;
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  h1 {
    margin: 0;
    font-size: 1.5rem;
  }
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(1)};
    font-size: 1.15rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => theme.space(4)};
  }
`;

type AuthTab = 'signIn' | 'register';

function confirmationErrorKey(code: string): MessageKey {
  const key = `error.${code}`;
  return key in de ? (key as MessageKey) : 'error.invalid_confirmation_token';
}

/**
 * Completes a Google sign-in (`?code=`) or reports its failure (`?error=`), once per page visit.
 * An account with two-factor continues with `onSecondStep`.
 */
function useGoogleReturn(onSecondStep: (step: SecondStep) => void) {
  const t = useT();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const handled = useRef(false);
  const code = params.get('code');
  const error = params.get('error');
  useEffect(() => {
    if (handled.current || (!code && !error)) return;
    handled.current = true;
    const fail = (description: string) =>
      toast({ title: t('auth.googleFailed'), description, variant: 'destructive' });
    setParams(
      (current) => {
        current.delete('code');
        current.delete('error');
        return current;
      },
      { replace: true },
    );
    if (error) {
      fail(error);
      return;
    }
    void (async () => {
      try {
        const result = await signInWithGoogleCode(code!);
        if (result.kind === 'mfaRequired') {
          onSecondStep(result);
          return;
        }
        toast({ title: t('auth.signedIn'), description: t('auth.signedInText'), variant: 'success' });
      } catch (failure) {
        fail(describeError(failure, t));
      }
    })();
  }, [code, error, setParams, t, toast, onSecondStep]);
}

/**
 * /auth (SPEC §2): tabs Anmelden / Registrieren, the reset screen for `?mode=reset`, the last
 * step of deleting a password-less account for `?mode=delete-account`, or the confirmation of a
 * new e-mail address for `?mode=confirm-email`.
 */
export default function Auth() {
  const t = useT();
  const [params] = useSearchParams();
  const status = useSessionStore((state) => state.status);
  const sessionEnded = useSessionStore((state) => state.sessionEnded);
  const [tab, setTab] = useState<AuthTab>(params.get('tab') === 'register' ? 'register' : 'signIn');
  /** Set after a correct password of an account with two-factor: the second step is showing. */
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  /** Why the user is back at step one (the second step expired). */
  const [signInNotice, setSignInNotice] = useState<string | null>(null);
  const showSecondStep = useCallback((step: SecondStep) => {
    setSignInNotice(null);
    setSecondStep(step);
  }, []);
  useGoogleReturn(showSecondStep);

  if (params.get('mode') === 'delete-account') {
    return (
      <Panel>
        <DeleteAccountConfirmation token={params.get('token')} />
      </Panel>
    );
  }
  if (params.get('mode') === 'confirm-email') {
    return (
      <Panel>
        <EmailChangeConfirmation
          token={params.get('token')}
          // This browser's session (if it is the account's and still on) shows the new address.
          onConfirmed={() => void reloadUser().catch(() => undefined)}
          home={{ to: '/account/security', label: t('emailChange.confirm.toSecurity') }}
        />
      </Panel>
    );
  }
  if (params.get('mode') === 'reset') {
    return (
      <Panel>
        <ResetPasswordForm token={params.get('token')} />
      </Panel>
    );
  }
  if (status === 'signedIn') return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  if (status === 'loading') return <PageLoading message="session.checking" />;

  const confirmationError = params.get('confirmation_error');
  if (secondStep) {
    return (
      <Panel>
        <div>
          <h1>{t('auth.title')}</h1>
          <p>{t('auth.subtitle')}</p>
        </div>
        <SecondStepForm
          step={secondStep}
          answerWithPasskey={passkeysSupported() ? answerMfaWithPasskey : undefined}
          onBack={() => {
            setSignInNotice(null);
            setSecondStep(null);
          }}
          onExpired={(message) => {
            setSignInNotice(message);
            setSecondStep(null);
          }}
        />
      </Panel>
    );
  }
  return (
    <Panel>
      <div>
        <h1>{t('auth.title')}</h1>
        <p>{t('auth.subtitle')}</p>
      </div>
      {params.get('confirmed') === '1' ? <Alert tone="success">{t('auth.confirmed')}</Alert> : null}
      {sessionEnded ? <Alert tone="error">{t('auth.sessionEnded')}</Alert> : null}
      {confirmationError ? (
        <Alert tone="error">
          <strong>{t('auth.confirmationFailed')}</strong>: {t(confirmationErrorKey(confirmationError))}
        </Alert>
      ) : null}
      <Tabs value={tab} onValueChange={(value) => setTab(value as AuthTab)}>
        <TabList aria-label={t('auth.tabs')}>
          <Tab value="signIn">{t('auth.tab.signIn')}</Tab>
          <Tab value="register">{t('auth.tab.register')}</Tab>
        </TabList>
        <TabPanel value="signIn">
          <SignInForm notice={signInNotice} onSecondStep={showSecondStep} />
        </TabPanel>
        <TabPanel value="register">
          <RegisterForm />
        </TabPanel>
      </Tabs>
      <GoogleSignIn />
    </Panel>
  );
}
