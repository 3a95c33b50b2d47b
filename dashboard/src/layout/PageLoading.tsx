import { LoaderCircle } from 'lucide-react';
import styled, { keyframes } from 'styled-components';
import { useT } from '../i18n/useT';
import type { MessageKey } from '../i18n/messages';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Wrapper = styled.div`
  min-height: 50vh;
  display: grid;
  place-content: center;
  justify-items: center;
  gap: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.textMuted};
  svg {
    animation: ${spin} 1s linear infinite;
  }
  @media (prefers-reduced-motion: reduce) {
    svg {
      animation: none;
    }
  }
`;

/** Shown while a screen's code loads or the stored session is being verified. */
export function PageLoading({ message = 'common.loading' }: { message?: MessageKey }) {
  const t = useT();
  return (
    <Wrapper role="status">
      <LoaderCircle aria-hidden="true" size={28} />
      <span>{t(message)}</span>
    </Wrapper>
  );
}
