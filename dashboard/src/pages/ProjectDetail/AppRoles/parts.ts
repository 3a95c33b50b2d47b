import styled from 'styled-components';
import { Card } from '../../../ui/Card';

/** One card of the tab: its heading and text, then its content, stacked. */
export const TabCard = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => theme.space(4)};
  }
`;

export const CardHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  > div:first-child {
    flex: 1 1 280px;
    min-width: 0;
  }
  h3 {
    margin: 0 0 ${({ theme }) => theme.space(1)};
    font-size: 1.15rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

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
