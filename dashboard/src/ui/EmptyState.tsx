import type { ReactNode } from 'react';
import styled from 'styled-components';

const Box = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(10)} ${theme.space(4)}`};
  border: 1px dashed #94a3b8;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  h1,
  h2,
  h3 {
    margin: 0;
    color: ${({ theme }) => theme.colors.text};
    font-size: 1.125rem;
  }
  p {
    margin: 0;
    max-width: 48ch;
  }
  svg {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

/**
 * What a list shows when it has nothing yet: an icon, a title, a hint and the action to start.
 * `headingLevel` 1 when the empty state is the whole screen (it then names the page).
 */
export function EmptyState({
  icon,
  title,
  text,
  action,
  headingLevel = 2,
}: {
  icon?: ReactNode;
  title: string;
  text?: string;
  action?: ReactNode;
  headingLevel?: 1 | 2 | 3;
}) {
  const Heading = (['h1', 'h2', 'h3'] as const)[headingLevel - 1]!;
  return (
    <Box>
      {icon}
      <Heading>{title}</Heading>
      {text ? <p>{text}</p> : null}
      {action}
    </Box>
  );
}
