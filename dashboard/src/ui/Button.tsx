import { Link } from 'react-router';
import styled, { css } from 'styled-components';

type Variant = 'primary' | 'secondary' | 'ghost';

const variants = {
  primary: css`
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primaryText};
    border-color: transparent;
    &:hover {
      background: ${({ theme }) => theme.colors.primaryHover};
    }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    border-color: ${({ theme }) => theme.colors.border};
    &:hover {
      background: ${({ theme }) => theme.colors.background};
    }
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    border-color: transparent;
    &:hover {
      background: ${({ theme }) => theme.colors.border};
    }
  `,
};

const buttonStyles = css<{ $variant?: Variant; $block?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  border: 1px solid;
  border-radius: ${({ theme }) => theme.radii.sm};
  font: inherit;
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
  ${({ $block }) => ($block ? 'width: 100%;' : '')}
  ${({ $variant = 'primary' }) => variants[$variant]}
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

export const Button = styled.button<{ $variant?: Variant; $block?: boolean }>`
  ${buttonStyles}
`;

/** A link that looks like a button (navigation, not an action), for pages outside the app. */
export const ButtonLink = styled.a<{ $variant?: Variant; $block?: boolean }>`
  ${buttonStyles}
`;

/** A client-side route link that looks like a button. */
export const ButtonRouterLink = styled(Link)<{ $variant?: Variant; $block?: boolean }>`
  ${buttonStyles}
`;

/** The one button of a screen or dialog that destroys something for good. */
export const DangerButton = styled(Button)`
  background: ${({ theme }) => theme.colors.danger};
  color: #fff;
  border-color: transparent;
  &:hover:not(:disabled) {
    background: #991b1b;
  }
`;
