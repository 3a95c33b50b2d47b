import styled from 'styled-components';

export { CardHead, TabCard } from '../../../components/permissions/cards';

/** Name, description and the add button in one row on wide screens, stacked on phones. */
export const AddRow = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  align-items: end;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1.4fr) auto;
  }
`;

/** An entry of a list: what it is on the left, its buttons on the right (below on phones). */
export const EntryRow = styled.div`
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
  code {
    font-weight: 600;
  }
`;

export const EntryActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

export const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
`;
