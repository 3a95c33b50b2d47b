import { Mail } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { authenticateWithPasskey, passkeysSupported } from '../../../components/auth/passkeys';
import { useT } from '../../../i18n/useT';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Divider } from '../../Auth/Form';
import { useAuthFailure } from '../../Auth/useAuthFailure';
import { SecondStepForm, type SecondStep } from '../../Auth/SecondStepForm';
import type { SignInAnswer } from '../api';
import { useHosted, useHostedSession, useHostedTitle, useInteraction, useSignedIn } from '../context';
import { CancelInteraction, InteractionFailed, InteractionGate } from '../Interaction';
import { signInAgainReason } from '../oidc';
import { HostedCard, LinkRow } from '../parts';
import { ContinueAs, HandoffFailed } from './Handoff';
import { EmailCodeForm } from './EmailCodeForm';
import { GoogleButton, useGoogleReturn } from './Google';
import { PasskeyButton } from './PasskeyButton';
import { PasswordForm } from './PasswordForm';

type Step = { name: 'password' } | { name: 'emailCode' } | { name: 'secondFactor'; step: SecondStep };

/**
 * `/p/{project}/sign-in`: the pool's sign-in methods (password, a code by e-mail, Google, a
 * passkey where the browser can use one), then the second step of an account with two-factor (authenticator code, recovery code or passkey).
 * Afterwards the person goes back to the partner site (the widget's hosted mode), on to the
 * OpenID relying party (`?interaction=`), or to the account page. A session this tab already has
 * is offered to continue with — unless the relying party asked for a fresh sign-in.
 */
export default function HostedSignIn() {
  return (
    <InteractionGate>
      <SignInPage />
    </InteractionGate>
  );
}

function SignInPage() {
  const t = useT();
  const { info, embedding, sessions } = useHosted();
  const [params] = useSearchParams();
  const signedIn = useSignedIn();
  const interaction = useInteraction();
  const session = useHostedSession();
  const app = interaction?.details.client.name ?? '';
  const withPassword = info.methods.includes('password');
  const withEmailCode = info.methods.includes('email_code');
  const firstStep: Step = withPassword || !withEmailCode ? { name: 'password' } : { name: 'emailCode' };
  const [step, setStep] = useState<Step>(firstStep);
  // The relying party's login_hint fills in the address.
  const [email, setEmail] = useState(() => interaction?.details.login_hint ?? '');
  /** A fresh sign-in is wanted although this tab has a session: no "Weiter als …". */
  const freshWanted = Boolean(interaction?.details.fresh_sign_in_required && sessions.get());
  /** Why the person is at the first step (the second step expired, a fresh sign-in is wanted). */
  const [notice, setNotice] = useState<string | null>(() =>
    freshWanted ? t('hosted.oidc.signInAgain') : null,
  );
  /** Signed in, but the way back to the partner site (or the relying party) was refused. */
  const [handoffError, setHandoffError] = useState<unknown>(null);
  const [continuing, setContinuing] = useState(() => {
    const session = sessions.get();
    // In an OpenID interaction any session of this pool will do, unless a fresh one is wanted.
    if (interaction) return session !== null && !interaction.details.fresh_sign_in_required;
    return session?.applicationId === info.application_id;
  });
  /** Bumped when the form comes back in place of another card: the cursor goes to it. */
  const [formShown, setFormShown] = useState(0);
  const forms = useRef<HTMLDivElement>(null);
  useHostedTitle(t('hosted.signIn.title'));

  // Another step replaces the form: the cursor goes to its first field.
  const stepName = step.name;
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    forms.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [stepName, formShown]);

  /**
   * The sign-in was not taken: the provider wants a fresh one (or one with the second factor) —
   * the tab's session is gone and the form asks again — or the way back was refused.
   */
  const onContinueFailed = useCallback(
    (failure: unknown) => {
      const again = signInAgainReason(failure);
      if (!again) {
        setHandoffError(failure);
        return;
      }
      setNotice(
        again === 'second_factor_required'
          ? t('hosted.oidc.signInAgainSecondFactor', { app })
          : t('hosted.oidc.signInAgain'),
      );
      setStep(firstStep);
      setContinuing(false);
      setFormShown((count) => count + 1);
    },
    // firstStep is derived from the pool's methods, which do not change on this page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [app, t],
  );

  /** Google sign-in refused (cancelled, unverified address, blocked …): said above the form. */
  const [googleError, setGoogleError] = useState<string | null>(null);
  const googleFail = useAuthFailure('auth.googleFailed');
  const onGoogleError = useCallback((failure: unknown) => setGoogleError(googleFail(failure)), [googleFail]);
  /** A passkey sign-in refused (cancelled prompt, unknown passkey, blocked …): said above the form. */
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const passkeyFail = useAuthFailure('auth.passkey.failed');

  const onAnswer = useCallback(
    async (answer: SignInAnswer) => {
      if ('mfa_required' in answer) {
        setNotice(null);
        setStep({
          name: 'secondFactor',
          step: { kind: 'mfaRequired', mfaToken: answer.mfa_token, methods: answer.methods },
        });
        return;
      }
      try {
        await signedIn(answer);
      } catch (failure) {
        onContinueFailed(failure);
      }
    },
    [signedIn, onContinueFailed],
  );

  useGoogleReturn(onAnswer, onGoogleError);

  if (handoffError) {
    if (!interaction) return <HandoffFailed error={handoffError} />;
    return (
      <InteractionFailed
        interaction={interaction}
        error={handoffError}
        onRetry={() => {
          setHandoffError(null);
          setContinuing(sessions.get() !== null);
        }}
      />
    );
  }
  // A session that went away meanwhile (forgotten, ended elsewhere) leaves the form.
  if (continuing && session)
    return (
      <ContinueAs
        onOther={() => {
          setContinuing(false);
          setFormShown((count) => count + 1);
        }}
        onFailed={onContinueFailed}
      />
    );

  const title = t('hosted.signIn.title');
  const intro = interaction ? (
    <>
      {t('hosted.oidc.intro', { name: info.branding.display_name, app })}
      {interaction.details.second_factor_required ? (
        <>
          <br />
          {t('hosted.oidc.secondFactorHint', { app })}
        </>
      ) : null}
    </>
  ) : (
    t('hosted.signIn.intro', { name: info.branding.display_name })
  );
  const cancel = interaction ? <CancelInteraction interaction={interaction} /> : null;
  if (step.name === 'secondFactor') {
    return (
      <HostedCard title={title} intro={intro}>
        <SecondStepForm
          step={step.step}
          answer={async (mfaToken, answer) => onAnswer(await embedding.answerSecondFactor(mfaToken, answer))}
          answerWithPasskey={
            passkeysSupported()
              ? async (mfaToken) =>
                  onAnswer(
                    await embedding.answerSecondFactor(mfaToken, {
                      webauthn_response: await authenticateWithPasskey(
                        await embedding.passkeyOptions(mfaToken),
                      ),
                    }),
                  )
              : undefined
          }
          onBack={() => setStep(firstStep)}
          onExpired={(message) => {
            setNotice(message);
            setStep(firstStep);
          }}
        />
        {cancel}
      </HostedCard>
    );
  }

  const withGoogle = info.methods.includes('google');
  const withPasskey = info.methods.includes('passkey') && passkeysSupported();
  const offered = withPassword || withEmailCode || withGoogle || withPasskey;
  const codeInstead = step.name === 'password' && withPassword && withEmailCode;
  return (
    <HostedCard title={title} intro={intro}>
      {params.get('confirmed') === '1' ? <Alert tone="success">{t('auth.confirmed')}</Alert> : null}
      {!offered ? <Alert tone="error">{t('hosted.signIn.noMethod')}</Alert> : null}
      {googleError ? <Alert tone="error">{googleError}</Alert> : null}
      {passkeyError ? <Alert tone="error">{passkeyError}</Alert> : null}
      <div ref={forms}>
        {step.name === 'password' && withPassword ? (
          <PasswordForm email={email} onEmailChange={setEmail} onAnswer={onAnswer} notice={notice} />
        ) : null}
        {step.name === 'emailCode' && withEmailCode ? (
          <EmailCodeForm
            email={email}
            onEmailChange={setEmail}
            onAnswer={onAnswer}
            notice={notice}
            onBack={withPassword ? () => setStep({ name: 'password' }) : undefined}
          />
        ) : null}
      </div>
      {codeInstead || withGoogle || withPasskey ? (
        <>
          {withPassword || withEmailCode ? <Divider>{t('auth.or')}</Divider> : null}
          {codeInstead ? (
            <Button type="button" $variant="secondary" $block onClick={() => setStep({ name: 'emailCode' })}>
              <Mail aria-hidden="true" size={16} />
              {t('hosted.code.start')}
            </Button>
          ) : null}
          {withPasskey ? (
            <PasskeyButton
              onAnswer={onAnswer}
              onStart={() => {
                setPasskeyError(null);
                setGoogleError(null);
              }}
              onError={(failure) => setPasskeyError(passkeyFail(failure))}
            />
          ) : null}
          {withGoogle ? <GoogleButton /> : null}
        </>
      ) : null}
      <SignUpLink />
      {cancel}
    </HostedCard>
  );
}

/** "Noch kein Konto? Registrieren", or why there is no sign-up (by invitation only). */
function SignUpLink() {
  const t = useT();
  const { info, pathTo } = useHosted();
  if (info.signup === 'closed') return null;
  if (info.signup === 'invite') return <p>{t('hosted.signIn.inviteOnly')}</p>;
  return (
    <LinkRow>
      <span>{t('hosted.signIn.noAccount')}</span>
      <Link to={pathTo('sign-up')}>{t('hosted.signIn.toSignUp')}</Link>
    </LinkRow>
  );
}
