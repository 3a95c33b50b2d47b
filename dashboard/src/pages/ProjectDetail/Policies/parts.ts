import styled from 'styled-components';

// The same cards as the roles tab: one look for both of a project's access tabs.
export { CardHead as PanelHead, TabCard as PanelCard } from '../../../components/permissions/cards';

/** A policy of the list: what it says on the left, its buttons on the right (below on phones). */
export const PolicyEntry = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  > div:first-child {
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
    flex: 1 1 240px;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
  }
`;

export const EntryButtons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

export const PanelStack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
`;
