import styled from 'styled-components';
import { useT } from '../i18n/useT';

const Link = styled.a`
  position: absolute;
  left: -9999px;
  &:focus {
    left: ${({ theme }) => theme.space(4)};
    top: ${({ theme }) => theme.space(4)};
    z-index: 60;
    background: ${({ theme }) => theme.colors.surface};
    padding: ${({ theme }) => theme.space(2)};
  }
`;

/**
 * "Zum Inhalt springen": the first Tab stop of every frame, hidden until focused, so keyboard
 * users can pass the header. Its target is the frame's `<main id="main" tabIndex={-1}>`.
 */
export function SkipLink() {
  const t = useT();
  return <Link href="#main">{t('nav.skipToContent')}</Link>;
}
