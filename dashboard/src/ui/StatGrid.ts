import { css, type DefaultTheme } from 'styled-components';

/**
 * The styles the figure cards share (analytics, log screens, home page): a grid of two columns
 * on phones and `columns` from the breakpoint `from` on, and the card surface inside it.
 */
export const statGridStyle = (columns: number, from: keyof DefaultTheme['breakpoints']) => css`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  @media (min-width: ${({ theme }) => theme.breakpoints[from]}) {
    grid-template-columns: repeat(${columns}, minmax(0, 1fr));
  }
`;

/** One card of such a grid; `padding` steps (4 px each) on phones, one more from 640 px. */
export const statCardStyle = (padding: number) => css`
  padding: ${({ theme }) => theme.space(padding)};
  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => theme.space(padding + 1)};
  }
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadow};
`;
