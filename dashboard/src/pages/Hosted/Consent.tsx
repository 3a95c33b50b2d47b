import { useMutation } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import styled from 'styled-components';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import {
  leaveInteraction,
  useHosted,
  useHostedSession,
  useHostedTitle,
  useInteraction,
  type Interaction,
} from './context';
import { describeInteractionError, InteractionExpired, InteractionGate } from './Interaction';
import { isInteractionGone, scopeTextKey, withSessionToken } from './oidc';
import { HostedCard } from './parts';

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
  overflow-wrap: anywhere;
`;

const Scopes = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    gap: ${({ theme }) => theme.space(2)};
    align-items: flex-start;
    overflow-wrap: anywhere;
  }
  svg {
    flex: none;
    margin-top: 3px;
    color: ${({ theme }) => theme.colors.primary};
  }
  code {
    font-size: 0.9rem;
  }
`;

const Choices = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

/** The scopes in plain words, each once (an unknown scope — an API's, say — by its name). */
function ScopeList({ scopes, labelledBy }: { scopes: string[]; labelledBy: string }) {
  const t = useT();
  return (
    <Scopes aria-labelledby={labelledBy}>
      {[...new Set(scopes)].map((scope) => {
        const key = scopeTextKey(scope);
        return (
          <li key={scope}>
            <Check aria-hidden="true" size={16} />
            {key ? <span>{t(key)}</span> : <code>{scope}</code>}
          </li>
        );
      })}
    </Scopes>
  );
}

function ConsentCard({ interaction }: { interaction: Interaction }) {
  const t = useT();
  const { info, sessions, pathTo } = useHosted();
  const navigate = useNavigate();
  const session = useHostedSession();
  const scopesId = useId();
  const app = interaction.details.client.name;
  useHostedTitle(t('hosted.consent.title'));
  const decide = useMutation({
    mutationFn: (approve: boolean) =>
      withSessionToken(sessions, (token) => interaction.api.consent(token, approve)),
    onSuccess: (answer) => leaveInteraction(sessions, answer),
  });
  // The tab is signed in with another account than the one the sign-in began with.
  const otherAccount =
    decide.error instanceof ApiError && decide.error.code === 'interaction_account_mismatch';
  const switchAccount = useMutation({
    mutationFn: () => sessions.signOut(),
    onSettled: () => navigate(pathTo('sign-in'), { replace: true }),
  });
  if (decide.isError && isInteractionGone(decide.error)) return <InteractionExpired />;
  const busy = decide.isPending || decide.isSuccess;
  return (
    <HostedCard
      title={t('hosted.consent.title')}
      intro={t('hosted.consent.intro', { app, name: info.branding.display_name })}
      focusTitle
    >
      {session ? <Muted>{t('hosted.consent.signedInAs', { email: session.user.email })}</Muted> : null}
      <div>
        <p id={scopesId}>
          <strong>{t('hosted.consent.scopesTitle', { app })}</strong>
        </p>
        <ScopeList scopes={interaction.details.scopes} labelledBy={scopesId} />
      </div>
      {decide.isError ? (
        <Alert tone="error">
          {t('hosted.consent.failed')}: {describeInteractionError(decide.error, t)}
        </Alert>
      ) : null}
      {otherAccount ? (
        <Button
          type="button"
          $variant="secondary"
          $block
          disabled={switchAccount.isPending}
          onClick={() => switchAccount.mutate()}
        >
          {t('hosted.continue.other')}
        </Button>
      ) : null}
      <Choices>
        <Button
          type="button"
          $block
          disabled={busy}
          aria-busy={(decide.isPending && decide.variables) || undefined}
          onClick={() => decide.mutate(true)}
        >
          {decide.isPending && decide.variables ? t('hosted.consent.working') : t('hosted.consent.approve')}
        </Button>
        <Button
          type="button"
          $variant="secondary"
          $block
          disabled={busy}
          aria-busy={(decide.isPending && !decide.variables) || undefined}
          onClick={() => decide.mutate(false)}
        >
          {decide.isPending && !decide.variables ? t('hosted.consent.working') : t('hosted.consent.deny')}
        </Button>
      </Choices>
    </HostedCard>
  );
}

function ConsentPage() {
  const { pathTo } = useHosted();
  const interaction = useInteraction();
  const session = useHostedSession();
  // Nothing to decide without an interaction.
  if (!interaction) return <InteractionExpired />;
  // The decision needs the account: sign in first (the sign-in page then comes back here).
  if (interaction.details.prompt !== 'consent' || !session || session.enrollmentOnly)
    return <Navigate to={pathTo('sign-in')} replace />;
  return <ConsentCard interaction={interaction} />;
}

/**
 * `/p/{project}/consent?interaction=…&client_id=…`: a third-party application asks for access —
 * its name, the requested scopes in plain words, "Zulassen" / "Ablehnen" (POST …/consent with the
 * tab's access token), then on to where the provider answers. Needs the tab's session.
 */
export default function HostedConsent() {
  return (
    <InteractionGate>
      <ConsentPage />
    </InteractionGate>
  );
}
