/** A session ends after this long without a page view — the SDK's own rule (sdk.md "Identifiers"). */
export const SESSION_GAP_MS = 30 * 60_000;

export interface PageViewRow {
  installation_id: string | null;
  created_at: Date;
  metadata?: Record<string, unknown> | null;
}

export interface Session {
  visitor: string;
  start: number;
  end: number;
  /** The paths viewed, in order. */
  paths: string[];
  /** The entry view's referrer and URL. */
  referrer: string | null;
  url: string | null;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** The path of a page view: metadata.path, else the URL's path, else "(unknown)". */
export function pathOf(metadata: Record<string, unknown> | null | undefined): string {
  const path = text(metadata?.path);
  if (path) return path;
  const url = text(metadata?.url);
  if (url) {
    try {
      return new URL(url).pathname;
    } catch {
      return url;
    }
  }
  return '(unknown)';
}

/**
 * Page views cut into sessions per installation: a new session after SESSION_GAP_MS without a
 * view. Views without an installation are not sessions (no visitor to follow).
 */
export function sessionize(views: PageViewRow[]): Session[] {
  const byVisitor = new Map<string, PageViewRow[]>();
  for (const view of views) {
    if (!view.installation_id) continue;
    const list = byVisitor.get(view.installation_id) ?? [];
    list.push(view);
    byVisitor.set(view.installation_id, list);
  }
  const sessions: Session[] = [];
  for (const [visitor, list] of byVisitor) {
    list.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
    let current: Session | null = null;
    for (const view of list) {
      const at = view.created_at.getTime();
      if (!current || at - current.end > SESSION_GAP_MS) {
        current = {
          visitor,
          start: at,
          end: at,
          paths: [],
          referrer: text(view.metadata?.referrer),
          url: text(view.metadata?.url),
        };
        sessions.push(current);
      }
      current.end = at;
      current.paths.push(pathOf(view.metadata));
    }
  }
  return sessions;
}

/** Where a session came from: the entry referrer's host; "(direct)" without one or from the same site. */
export function referrerHost(session: Pick<Session, 'referrer' | 'url'>): string {
  if (!session.referrer) return '(direct)';
  try {
    const host = new URL(session.referrer).host;
    const own = session.url ? new URL(session.url).host : null;
    return host && host !== own ? host : '(direct)';
  } catch {
    return '(direct)';
  }
}
