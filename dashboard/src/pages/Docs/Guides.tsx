import { useEffect } from 'react';
import styled from 'styled-components';
import { useT } from '../../i18n/useT';
import { Markdown } from './Markdown';
import { useGuide, useGuides, type GuideSummary } from './queries';
import { DocsSection, Muted } from './styles';

/** The guide the quick start section shows (docs/getting-started.md). */
export const QUICK_START_SLUG = 'getting-started';
/** What the quick start's commands name as the server; the page shows its own origin instead. */
const DEFAULT_ORIGIN = 'http://localhost:3000';

/** A guide's Markdown, rendered with its heading anchors; `onRendered` (stable) runs once it is on the page. */
function GuideBody({ slug, onRendered }: { slug: string; onRendered?: () => void }) {
  const t = useT();
  const guide = useGuide(slug);
  useEffect(() => {
    if (guide.data) onRendered?.();
  }, [guide.data, onRendered]);
  if (guide.isPending) return <Muted>{t('docs.loading')}</Muted>;
  if (guide.isError) return <Muted role="alert">{t('docs.guideFailed')}</Muted>;
  const source =
    slug === QUICK_START_SLUG
      ? guide.data.markdown.replaceAll(DEFAULT_ORIGIN, location.origin)
      : guide.data.markdown;
  return <Markdown lang="en" source={source} anchorPrefix={slug} dropTitle headingOffset={1} />;
}

export function QuickStartSection({ onRendered }: { onRendered: () => void }) {
  const t = useT();
  return (
    <DocsSection id={QUICK_START_SLUG} aria-labelledby="quick-start-title">
      <h2 id="quick-start-title">{t('docs.section.quickStart')}</h2>
      <GuideBody slug={QUICK_START_SLUG} onRendered={onRendered} />
    </DocsSection>
  );
}

/**
 * Every guide of docs/ (the server lists them in the order of docs/README.md), collapsed; a guide
 * loads when opened. `open` holds the opened slugs, so a link to `#webhooks` or `#sdk--options`
 * can open its guide.
 */
export function GuidesSection(props: {
  open: Set<string>;
  onToggle(slug: string, open: boolean): void;
  onRendered(): void;
}) {
  const t = useT();
  const guides = useGuides();
  const list = (guides.data ?? []).filter((guide) => guide.slug !== QUICK_START_SLUG);
  return (
    <DocsSection id="guides" aria-labelledby="guides-title">
      <h2 id="guides-title">{t('docs.section.guides')}</h2>
      <p>{t('docs.guidesLead')}</p>
      {guides.isPending ? <Muted>{t('docs.guidesLoading')}</Muted> : null}
      {guides.isError ? <Muted role="alert">{t('docs.guidesFailed')}</Muted> : null}
      <List>
        {list.map((guide: GuideSummary) => {
          const isOpen = props.open.has(guide.slug);
          return (
            <Guide
              key={guide.slug}
              id={guide.slug}
              open={isOpen}
              onToggle={(event) => {
                const now = (event.currentTarget as HTMLDetailsElement).open;
                if (now !== isOpen) props.onToggle(guide.slug, now);
              }}
            >
              <summary lang="en">
                <strong>{guide.title}</strong>
                <span>{guide.description}</span>
              </summary>
              {isOpen ? <GuideBody slug={guide.slug} onRendered={props.onRendered} /> : null}
            </Guide>
          );
        })}
      </List>
    </DocsSection>
  );
}

const List = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

const Guide = styled.details`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  scroll-margin-top: ${({ theme }) => theme.space(4)};
  min-width: 0;
  > summary {
    display: grid;
    gap: 2px;
    padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
    cursor: pointer;
    span {
      color: ${({ theme }) => theme.colors.textMuted};
      font-size: 0.9rem;
    }
  }
  > div {
    padding: ${({ theme }) => `0 ${theme.space(4)} ${theme.space(4)}`};
  }
`;
