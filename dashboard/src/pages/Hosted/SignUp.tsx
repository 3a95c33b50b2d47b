import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ApiSchemas } from '../../api/client';
import { ResendConfirmationButton } from '../../components/auth/ResendConfirmation';
import { useT } from '../../i18n/useT';
import { RegisterForm, type Registration } from '../Auth/RegisterForm';
import { useHosted, useHostedTitle, useSignedIn } from './context';
import { rememberPendingRequest } from './hostedRequest';
import { InteractionGate } from './Interaction';
import { HostedCard, LinkRow } from './parts';

type Registered = ApiSchemas['EmbeddingRegisterResponse'];

/** "Bereits registriert? Anmelden". */
function SignInLink() {
  const t = useT();
  const { pathTo } = useHosted();
  return (
    <LinkRow>
      <span>{t('hosted.signUp.haveAccount')}</span>
      <Link to={pathTo('sign-in')}>{t('hosted.signUp.toSignIn')}</Link>
    </LinkRow>
  );
}

/** After sign-up: the confirmation mail is on its way; its link leads to the confirmation page. */
function CheckYourMail({ email }: { email: string }) {
  const t = useT();
  const { embedding } = useHosted();
  return (
    <HostedCard title={t('hosted.signUp.checkMail.title')} focusTitle>
      <p>{t('hosted.signUp.checkMail.text', { email })}</p>
      <p>{t('confirmation.spam')}</p>
      <div>
        <ResendConfirmationButton email={email} request={embedding.resendConfirmation} />
      </div>
      <SignInLink />
    </HostedCard>
  );
}

/**
 * `/p/{project}/sign-up`: the dashboard's registration form, sent through the embedding API and
 * checked against the pool's minimum length. A pool that confirms addresses shows "check your
 * mail" (the widget's hosted-mode request waits for the link's page); one that does not signs
 * the new account in straight away. Closed or invitation-only pools say so instead of the form.
 * In an OpenID interaction (`?interaction=`) the new account goes on to the relying party.
 */
export default function HostedSignUp() {
  return (
    <InteractionGate>
      <SignUpPage />
    </InteractionGate>
  );
}

function SignUpPage() {
  const t = useT();
  const navigate = useNavigate();
  const { info, embedding, projectId, query, pathTo } = useHosted();
  const signedIn = useSignedIn();
  const [sentTo, setSentTo] = useState<string | null>(null);
  useHostedTitle(t('hosted.signUp.title'));

  if (sentTo) return <CheckYourMail email={sentTo} />;
  const title = t('hosted.signUp.title');
  if (info.signup !== 'open') {
    return (
      <HostedCard title={title}>
        <p>{t(info.signup === 'invite' ? 'hosted.signUp.inviteOnly' : 'hosted.signUp.closed')}</p>
        <SignInLink />
      </HostedCard>
    );
  }

  const onRegistered = async ({ email, password }: Registration, answer: Registered) => {
    if (answer.confirmation_required) {
      if (query.request || query.interaction) rememberPendingRequest(projectId, query.search);
      setSentTo(email);
      return;
    }
    // No confirmation in this pool: the new account signs in at once.
    try {
      const session = await embedding.login({ email, password });
      if ('mfa_required' in session) throw new Error('second step');
      await signedIn(session);
    } catch {
      void navigate(pathTo('sign-in'));
    }
  };

  return (
    <HostedCard title={title} intro={t('hosted.signUp.intro', { name: info.branding.display_name })}>
      <RegisterForm<Registered>
        register={embedding.register}
        onRegistered={(registration, answer) => void onRegistered(registration, answer)}
        minLength={info.password_min_length}
      />
      <SignInLink />
    </HostedCard>
  );
}
