import { Check, Copy } from 'lucide-react';
import { useId } from 'react';
import styled from 'styled-components';
import { Button } from '../../ui/Button';
import { useCopyToClipboard } from '../../ui/useCopyToClipboard';
import { useT } from '../../i18n/useT';

const Block = styled.figure`
  margin: ${({ theme }) => theme.space(4)} 0 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  figcaption {
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    font-weight: 600;
  }
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
`;

/** A titled code sample with a copy button (the copy is what the page shows, ID included). */
export function Snippet({ title, code }: { title: string; code: string }) {
  const id = useId();
  const t = useT();
  const { copy, copied } = useCopyToClipboard({
    copied: t('authDemo.copied'),
    failed: t('authDemo.copyFailed'),
  });
  return (
    <Block aria-labelledby={id}>
      <figcaption>
        <span id={id}>{title}</span>
        <Button
          type="button"
          $variant="secondary"
          onClick={() => void copy(code)}
          aria-label={`${t('authDemo.copy')}: ${title}`}
        >
          {copied ? <Check aria-hidden="true" size={16} /> : <Copy aria-hidden="true" size={16} />}
          {t('authDemo.copy')}
        </Button>
      </figcaption>
      {/* Scrollable, so it must be reachable by keyboard. */}
      <pre tabIndex={0}>
        <code>{code}</code>
      </pre>
    </Block>
  );
}
