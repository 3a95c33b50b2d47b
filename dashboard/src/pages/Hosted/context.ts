import { createContext, useCallback, useContext, useEffect, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import type { EmbeddingApi, EmbeddingSession, PoolPublicInfo } from './api';
import { forgetPendingRequest, type HostedQuery } from './hostedRequest';
import type { HostedSession, HostedSessionStore } from './session';

export type HostedPage = 'sign-in' | 'sign-up' | 'reset' | 'confirm' | 'account';

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
 * What follows a sign-in: with the widget's hosted mode, a one-time code for its redirect_uri
 * (POST /api/auth/hosted/code) and the way back to the partner site; otherwise — or when the
 * session may only set up a second factor the pool requires — the account page.
 * Resolves once the browser is leaving; rejects when the server refuses the code (the person
 * stays signed in here and the page says why).
 */
export function useContinueSignedIn(): (session: HostedSession) => Promise<void> {
  const { embedding, projectId, query, pathTo } = useHosted();
  const navigate = useNavigate();
  return useCallback(
    async (session: HostedSession) => {
      // Without a second factor where the pool requires one, the session only sets one up.
      if (!query.request || session.enrollmentOnly) {
        void navigate(pathTo('account'));
        return;
      }
      const { redirect_to } = await embedding.hostedCode(session.token, query.request);
      forgetPendingRequest(projectId);
      browserNavigation.leave(redirect_to);
    },
    [embedding, navigate, pathTo, projectId, query.request],
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
