import styled from 'styled-components';

/** A plain list of bordered entries (members, webhooks, deliveries). */
export const BorderedList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** One entry of a BorderedList: its content stacked in a grid, long text allowed to shrink. */
export const BorderedListItem = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  min-width: 0;
`;
