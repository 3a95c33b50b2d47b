import { Code2 } from 'lucide-react';
import { useState } from 'react';
import styled from 'styled-components';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';
import { useUiStore } from '../../stores/ui';
import { Alert } from '../../ui/Alert';
import { ScrollingTabList } from '../../ui/ScrollingTabList';
import { Tab, TabPanel, Tabs } from '../../ui/Tabs';
import { CopyButton } from '../tenancy/CopyButton';
import { useIntegrationSnippets, type IntegrationSnippet } from './queries';

const KIND_LABEL: Record<IntegrationSnippet['kind'], MessageKey> = {
  widget: 'snippets.kind.widget',
  sdk: 'snippets.kind.sdk',
  python: 'snippets.kind.python',
  'token-check': 'snippets.kind.token-check',
  oidc: 'snippets.kind.oidc',
};

/**
 * "Integrationscode" (issue #36): the server's ready-to-paste snippets for one application — one
 * tab per kind, each with its explanation, the code (scrollable and focusable), a copy button and
 * the guide it follows. Used on the application's page and by the assistant on /docs.
 */
export function IntegrationSnippets({
  applicationId,
  headingLevel = 2,
  docsHref = (url: string) => url,
}: {
  applicationId: string;
  headingLevel?: 2 | 3;
  /** Where a guide link goes (the docs page links its own sections in place). */
  docsHref?: (url: string) => string;
}) {
  const t = useT();
  const locale = useUiStore((state) => state.locale);
  const snippets = useIntegrationSnippets(applicationId, locale);
  const [kind, setKind] = useState<string>('widget');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `integration-code-${applicationId}`;

  return (
    <Card aria-labelledby={headingId} data-testid="integration-snippets">
      <Heading id={headingId}>
        <Code2 aria-hidden="true" size={18} /> {t('snippets.title')}
      </Heading>
      <p>{t('snippets.intro')}</p>
      {snippets.isPending ? <p role="status">{t('snippets.loading')}</p> : null}
      {snippets.isError ? <Alert tone="error">{t('snippets.loadFailed')}</Alert> : null}
      {snippets.data ? (
        <Tabs value={kind} onValueChange={setKind}>
          <ScrollingTabList aria-label={t('snippets.tabs')}>
            {snippets.data.data.map((snippet) => (
              <Tab key={snippet.kind} value={snippet.kind}>
                {t(KIND_LABEL[snippet.kind])}
              </Tab>
            ))}
          </ScrollingTabList>
          {snippets.data.data.map((snippet) => (
            <TabPanel key={snippet.kind} value={snippet.kind}>
              <SnippetBody snippet={snippet} docsHref={docsHref} />
            </TabPanel>
          ))}
        </Tabs>
      ) : null}
    </Card>
  );
}

function SnippetBody({
  snippet,
  docsHref,
}: {
  snippet: IntegrationSnippet;
  docsHref: (url: string) => string;
}) {
  const t = useT();
  return (
    <Body>
      {snippet.explanation.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <Caption>
        <span>{t('snippets.saveAs', { filename: snippet.filename })}</span>
        <CopyButton value={snippet.code} label={t('snippets.copy', { title: snippet.title })} />
      </Caption>
      {/* Scrollable, so it must be reachable by keyboard. */}
      <pre
        tabIndex={0}
        aria-label={t('snippets.codeLabel', { title: snippet.title })}
        data-testid={`snippet-${snippet.kind}`}
      >
        <code>{snippet.code}</code>
      </pre>
      <p>
        <a href={docsHref(snippet.source.url)}>{t('snippets.source', { title: snippet.source.title })}</a>
      </p>
    </Body>
  );
}

const Card = styled.section`
  display: grid;
  /* Long code lines scroll inside their block instead of widening the page. */
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
  margin-bottom: ${({ theme }) => theme.space(6)};
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  h2,
  h3 {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    margin: 0;
    font-size: 1.05rem;
  }
  p {
    margin: 0;
  }
`;

const Body = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
  pre {
    margin: 0;
    padding: ${({ theme }) => theme.space(4)};
    overflow-x: auto;
    border-radius: ${({ theme }) => theme.radii.md};
    background: #0f172a;
    color: #e2e8f0;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.85rem;
    line-height: 1.5;
  }
  pre:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  a {
    overflow-wrap: anywhere;
  }
`;

const Caption = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-weight: 600;
  overflow-wrap: anywhere;
`;
