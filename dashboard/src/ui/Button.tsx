import styled, { css } from 'styled-components';

type Variant = 'primary' | 'secondary';

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
};

const buttonStyles = css<{ $variant?: Variant }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  border: 1px solid;
  border-radius: ${({ theme }) => theme.radii.sm};
  font: inherit;
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
  ${({ $variant = 'primary' }) => variants[$variant]}
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

export const Button = styled.button<{ $variant?: Variant }>`
  ${buttonStyles}
`;

/** A link that looks like a button (navigation, not an action). */
export const ButtonLink = styled.a<{ $variant?: Variant }>`
  ${buttonStyles}
`;
