import { useRef, type MouseEvent } from 'react';
import styled from 'styled-components';
import { useT } from '../../i18n/useT';
import { renderMarkdown, type RenderOptions } from './markdown';

export const Prose = styled.div`
  min-width: 0;
  overflow-wrap: anywhere;
  h2,
  h3,
  h4,
  h5,
  h6 {
    margin: ${({ theme }) => `${theme.space(6)} 0 ${theme.space(2)}`};
    line-height: 1.3;
    scroll-margin-top: ${({ theme }) => theme.space(4)};
  }
  h3 {
    font-size: 1.15rem;
  }
  h4,
  h5,
  h6 {
    font-size: 1rem;
  }
  p,
  ul,
  ol {
    margin: ${({ theme }) => `0 0 ${theme.space(3)}`};
  }
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.875em;
    background: #f1f5f9;
    padding: 1px 4px;
    border-radius: 4px;
  }
  .code-block {
    position: relative;
    margin: ${({ theme }) => `0 0 ${theme.space(4)}`};
  }
  pre {
    margin: 0;
    padding: ${({ theme }) => `${theme.space(4)} ${theme.space(4)}`};
    padding-top: ${({ theme }) => theme.space(9)};
    overflow-x: auto;
    background: #0f172a;
    color: #e2e8f0;
    border-radius: ${({ theme }) => theme.radii.sm};
    font-size: 0.85rem;
    line-height: 1.5;
    overflow-wrap: normal;
    code {
      background: none;
      padding: 0;
      color: inherit;
      font-size: inherit;
    }
  }
  .copy-code {
    position: absolute;
    top: ${({ theme }) => theme.space(2)};
    right: ${({ theme }) => theme.space(2)};
    padding: 2px 10px;
    border: 1px solid #64748b;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: #1e293b;
    color: #f8fafc;
    font: inherit;
    font-size: 0.8rem;
    cursor: pointer;
  }
  .table-scroll {
    overflow-x: auto;
    margin: ${({ theme }) => `0 0 ${theme.space(4)}`};
  }
  table {
    border-collapse: collapse;
    font-size: 0.875rem;
    overflow-wrap: normal;
  }
  th,
  td {
    border: 1px solid ${({ theme }) => theme.colors.border};
    padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
    text-align: left;
    vertical-align: top;
  }
  blockquote {
    margin: ${({ theme }) => `0 0 ${theme.space(3)}`};
    padding-left: ${({ theme }) => theme.space(3)};
    border-left: 3px solid ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * Rendered Markdown (see markdown.ts for why inserting it is safe). One click handler serves the
 * copy buttons of all its code blocks.
 */
export function Markdown({
  source,
  lang,
  ...options
}: RenderOptions & { source: string; /** The text's language when it is not the page's. */ lang?: string }) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const onClick = async (event: MouseEvent<HTMLDivElement>) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button.copy-code');
    const code = button?.parentElement?.querySelector('pre')?.textContent;
    if (!button || code == null) return;
    try {
      await navigator.clipboard.writeText(code.replace(/\n$/, ''));
      button.textContent = t('docs.copied');
    } catch {
      button.textContent = t('docs.copyFailed');
    }
    setTimeout(() => (button.textContent = t('docs.copy')), 2000);
  };
  return (
    <Prose
      ref={ref}
      onClick={onClick}
      lang={lang}
      // The copy buttons speak the page's language even inside an English guide.
      dangerouslySetInnerHTML={{
        __html: renderMarkdown(source, options).replaceAll(
          '<button type="button" class="copy-code">Copy</button>',
          `<button type="button" class="copy-code" lang="${document.documentElement.lang || 'de'}">${t('docs.copy')}</button>`,
        ),
      }}
    />
  );
}
