import { ArrowLeft } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';
import { useSessionStore } from '../../stores/session';
import { useUiStore } from '../../stores/ui';
import { ApiReference } from './ApiReference';
import { AssistantSection } from './Assistant';
import { AuthDialogPreview } from './AuthDialogPreview';
import { GuidesSection, QUICK_START_SLUG, QuickStartSection } from './Guides';
import { useGuide, useGuides, useOpenApiDocument } from './queries';
import { AiIntegrationSection, EmailSection, SdkSection } from './Sections';

/** The page's own sections, in order; the landing page links to some of them (#getting-started, #sdks). */
export const SECTIONS: readonly { id: string; title: MessageKey }[] = [
  { id: QUICK_START_SLUG, title: 'docs.section.quickStart' },
  { id: 'assistant', title: 'docs.section.assistant' },
  { id: 'auth-dialog', title: 'docs.section.authDialog' },
  { id: 'api-reference', title: 'docs.section.apiReference' },
  { id: 'sdks', title: 'docs.section.sdks' },
  { id: 'email-system', title: 'docs.section.email' },
  { id: 'ai-integration', title: 'docs.section.ai' },
  { id: 'guides', title: 'docs.section.guides' },
];

const PAGE_SECTIONS = new Set<string>(SECTIONS.map((section) => section.id));

function added(set: Set<string>, value: string): Set<string> {
  return set.has(value) ? set : new Set(set).add(value);
}

function without(set: Set<string>, value: string): Set<string> {
  const next = new Set(set);
  next.delete(value);
  return next;
}

/**
 * Follows the URL's #anchor: `#op-…` opens that operation, `#<guide>` and `#<guide>--<heading>`
 * open that guide; once the target is on the page it is scrolled into view. Guides and
 * operations load after the page, so the target is looked for again whenever something rendered.
 */
function useAnchors(settled: boolean) {
  const initial = decodeURIComponent(location.hash.slice(1));
  const [openOperations, setOpenOperations] = useState<Set<string>>(() =>
    initial.startsWith('op-') ? new Set([initial]) : new Set(),
  );
  const [openGuides, setOpenGuides] = useState<Set<string>>(() => {
    const guide = initial.split('--')[0]!;
    return initial && !initial.startsWith('op-') && !PAGE_SECTIONS.has(guide) ? new Set([guide]) : new Set();
  });
  const pending = useRef<string | null>(initial || null);

  // Content above the target (the endpoint reference, the guides) may arrive after it: scroll to it
  // again each time something rendered, until everything that shapes the page is there.
  const settledRef = useRef(settled);
  useEffect(() => {
    settledRef.current = settled;
  }, [settled]);
  const reveal = useCallback(() => {
    const id = pending.current;
    if (!id) return;
    const target = document.getElementById(id);
    // A guide's heading exists only once the guide is loaded: wait for it rather than stop at the guide.
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    if (settledRef.current) pending.current = null;
  }, []);

  useEffect(() => {
    const follow = () => {
      const id = decodeURIComponent(location.hash.slice(1));
      if (!id) return;
      pending.current = id;
      if (id.startsWith('op-')) setOpenOperations((open) => added(open, id));
      else {
        const guide = id.split('--')[0]!;
        if (!PAGE_SECTIONS.has(guide)) setOpenGuides((open) => added(open, guide));
      }
      requestAnimationFrame(reveal);
    };
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [reveal]);

  // Operations render as soon as the OpenAPI document is there; look again after every render.
  useEffect(() => {
    requestAnimationFrame(reveal);
  });

  return {
    openOperations,
    openGuides,
    reveal,
    toggleOperation: (anchor: string, open: boolean) =>
      setOpenOperations((current) => (open ? added(current, anchor) : without(current, anchor))),
    toggleGuide: (slug: string, open: boolean) =>
      setOpenGuides((current) => (open ? added(current, slug) : without(current, slug))),
  };
}

/**
 * /docs and /api-docs (SPEC §2 "API documentation"): public, in the dashboard's language (issue #36);
 * the guides and endpoint descriptions it shows are English documents and say so (`lang="en"`).
 */
export default function Docs() {
  const t = useT();
  const locale = useUiStore((state) => state.locale);
  const signedIn = useSessionStore((state) => state.status === 'signedIn');
  const guides = useGuides();
  const document = useOpenApiDocument();
  const quickStart = useGuide(QUICK_START_SLUG);
  const anchors = useAnchors(!guides.isPending && !document.isPending && !quickStart.isPending);
  useEffect(() => {
    window.document.title = t('docs.pageTitle');
  }, [t]);

  return (
    <Page lang={locale}>
      <Top>
        <Link to={signedIn ? '/dashboard' : '/'}>
          <ArrowLeft aria-hidden="true" size={16} />{' '}
          {t(signedIn ? 'docs.backToDashboard' : 'docs.backToHome')}
        </Link>
        <h1>{t('docs.title')}</h1>
        <p>
          {t('docs.lead')} {locale === 'en' ? null : t('docs.contentNote')}
        </p>
      </Top>
      <Layout>
        <Toc aria-label={t('docs.onThisPage')}>
          <h2>{t('docs.onThisPage')}</h2>
          <ol>
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{t(section.title)}</a>
              </li>
            ))}
          </ol>
          {guides.data?.length ? (
            <>
              <h2>{t('docs.section.guides')}</h2>
              <ul>
                {guides.data
                  .filter((guide) => guide.slug !== QUICK_START_SLUG)
                  .map((guide) => (
                    <li key={guide.slug}>
                      <a href={`#${guide.slug}`} lang="en">
                        {guide.title}
                      </a>
                    </li>
                  ))}
              </ul>
            </>
          ) : null}
        </Toc>
        <Content>
          <QuickStartSection onRendered={anchors.reveal} />
          <AssistantSection />
          <AuthDialogPreview />
          <ApiReference open={anchors.openOperations} onToggle={anchors.toggleOperation} />
          <SdkSection />
          <EmailSection />
          <AiIntegrationSection />
          <GuidesSection
            open={anchors.openGuides}
            onToggle={anchors.toggleGuide}
            onRendered={anchors.reveal}
          />
        </Content>
      </Layout>
    </Page>
  );
}

const Page = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  min-width: 0;
`;

const Top = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  > a {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    width: fit-content;
  }
  h1 {
    margin: 0;
    font-size: clamp(1.75rem, 5vw, 2.25rem);
  }
  p {
    margin: 0;
    max-width: 760px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  min-width: 0;
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: 220px minmax(0, 1fr);
    align-items: start;
  }
`;

const Toc = styled.nav`
  min-width: 0;
  font-size: 0.9rem;
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: 0.8rem;
    text-transform: uppercase;
    letter-spacing: 0.05em;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  ol,
  ul {
    margin: 0 0 ${({ theme }) => theme.space(4)};
    padding: 0;
    list-style: none;
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
  }
  a {
    text-decoration: none;
    &:hover {
      text-decoration: underline;
    }
  }
  @media (max-width: calc(${({ theme }) => theme.breakpoints.lg} - 1px)) {
    ul {
      display: none;
    }
    h2:nth-of-type(2) {
      display: none;
    }
    ol {
      display: flex;
      flex-wrap: wrap;
      gap: ${({ theme }) => `${theme.space(1)} ${theme.space(4)}`};
    }
  }
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    position: sticky;
    top: ${({ theme }) => theme.space(4)};
    max-height: calc(100vh - 32px);
    overflow-y: auto;
  }
`;

const Content = styled.div`
  min-width: 0;
`;
