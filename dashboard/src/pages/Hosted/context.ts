import { useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import type { EmbeddingApi, EmbeddingSession, PoolPublicInfo } from './api';
import { forgetPendingRequest, isInteractionUid, type HostedQuery } from './hostedRequest';
import {
  interactionApi,
  signInAgainReason,
  withSessionToken,
  type InteractionApi,
  type InteractionDetails,
  type InteractionExit,
} from './oidc';
import type { HostedSession, HostedSessionStore } from './session';

export type HostedPage = 'sign-in' | 'sign-up' | 'reset' | 'confirm' | 'account' | 'consent';

/** What every hosted page of one project knows: the pool's public info, its API, the session. */
export interface Hosted {
  projectId: string;
  info: PoolPublicInfo;
  /** The embedding API for the pool's application (`info.application_id`). */
  embedding: EmbeddingApi;
  sessions: HostedSessionStore;
  query: HostedQuery;
  /** `/p/{project}/{page}`, carrying the widget's query (or `search` instead). */
  pathTo(page: HostedPage, search?: string): string;
}

export const HostedContext = createContext<Hosted | null>(null);

export function useHosted(): Hosted {
  const hosted = useContext(HostedContext);
  if (!hosted) throw new Error('useHosted() needs the hosted pages’ layout');
  return hosted;
}

/** The end user's session in this tab, kept current. */
export function useHostedSession(): HostedSession | null {
  const { sessions } = useHosted();
  return useSyncExternalStore(sessions.subscribe, sessions.get);
}

/** "Page – Shop name" as the tab's title, for bookmarks, tabs and screen readers. */
export function useHostedTitle(title: string): void {
  const { info } = useHosted();
  useEffect(() => {
    document.title = `${title} – ${info.branding.display_name}`;
  }, [title, info.branding.display_name]);
}

/** Leaves for the partner site (a seam: jsdom cannot navigate, so tests watch it here). */
export const browserNavigation = {
  leave(url: string): void {
    location.assign(url);
  },
};

/**
 * Leaves for where the provider answered. When the server ended the tab's application session
 * with it (`session_ended`: that session served only this sign-in; the provider's session
 * carries on), the tab forgets it first — a later visit must not offer "Weiter zu …" with it.
 */
export function leaveInteraction(sessions: HostedSessionStore, answer: InteractionExit): void {
  if (answer.session_ended === true) sessions.forgetStored();
  browserNavigation.leave(answer.redirect_to);
}

/** An OpenID interaction the page acts for, once its details are loaded. */
export interface Interaction {
  uid: string;
  api: InteractionApi;
  details: InteractionDetails;
}

/**
 * The OpenID interaction of `?interaction=` (GET …/details, once per page visit: the pages keep
 * what it said while the person moves between them). `uid` is null without one.
 */
export function useInteractionQuery() {
  const { projectId, query } = useHosted();
  const uid = query.interaction;
  const api = useMemo(() => (uid ? interactionApi(projectId, uid) : null), [projectId, uid]);
  const details = useQuery({
    queryKey: ['oidc-interaction', projectId, uid],
    enabled: api !== null && uid !== null && isInteractionUid(uid),
    queryFn: () => api!.details(),
    // An unknown or expired interaction stays so; a network hiccup is worth another try.
    retry: (count, error) =>
      !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 2,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  return { uid, api, details };
}

/** The loaded interaction, or null (none, or not loaded: the pages gate on it first). */
export function useInteraction(): Interaction | null {
  const { uid, api, details } = useInteractionQuery();
  return useMemo(
    () => (uid && api && details.data ? { uid, api, details: details.data } : null),
    [uid, api, details.data],
  );
}

/**
 * What follows a sign-in in an OpenID interaction: the provider learns the account (POST
 * …/login with the tab's access token) and the browser goes where it answers — back to the
 * relying party, or on to the consent. A consent prompt that needed a session first goes back to
 * the consent page. When the provider wants a fresh sign-in (or one with the second factor), the
 * tab's session is ended (or, when the server already ended it, forgotten) and the error rethrown,
 * so the sign-in page asks again.
 */
async function reportSignIn(
  interaction: Interaction,
  sessions: HostedSessionStore,
  toConsent: () => void,
): Promise<void> {
  if (interaction.details.prompt === 'consent') {
    toConsent();
    return;
  }
  try {
    leaveInteraction(sessions, await withSessionToken(sessions, (token) => interaction.api.login(token)));
  } catch (error) {
    const again = signInAgainReason(error);
    // A session the server no longer knows is only forgotten; a live one is ended there too.
    if (again === 'session_ended') sessions.clear();
    else if (again) await sessions.signOut();
    throw error;
  }
}

/**
 * What follows a sign-in: in an OpenID interaction, the way on to the relying party (above); with
 * the widget's hosted mode, a one-time code for its redirect_uri
 * (POST /api/auth/hosted/code) and the way back to the partner site; otherwise — or when the
 * session may only set up a second factor the pool requires — the account page.
 * Resolves once the browser is leaving; rejects when the server refuses the code (the person
 * stays signed in here and the page says why).
 */
export function useContinueSignedIn(): (session: HostedSession) => Promise<void> {
  const { embedding, projectId, query, pathTo, sessions } = useHosted();
  const interaction = useInteraction();
  const navigate = useNavigate();
  return useCallback(
    async (session: HostedSession) => {
      // Without a second factor where the pool requires one, the session only sets one up.
      if (session.enrollmentOnly || (!query.request && !interaction)) {
        void navigate(pathTo('account'));
        return;
      }
      if (interaction) {
        await reportSignIn(interaction, sessions, () => void navigate(pathTo('consent')));
        forgetPendingRequest(projectId);
        return;
      }
      if (!query.request) return;
      const { redirect_to } = await embedding.hostedCode(session.token, query.request);
      forgetPendingRequest(projectId);
      browserNavigation.leave(redirect_to);
    },
    [embedding, interaction, navigate, pathTo, projectId, query.request, sessions],
  );
}

/** Keeps a session the embedding API answered, then continues as above. */
export function useSignedIn(): (answer: EmbeddingSession) => Promise<void> {
  const { sessions, info } = useHosted();
  const continueSignedIn = useContinueSignedIn();
  return useCallback(
    (answer: EmbeddingSession) => continueSignedIn(sessions.start(answer, info.application_id)),
    [continueSignedIn, sessions, info.application_id],
  );
}
