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

export const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
`;
