import styled from 'styled-components';
import { Card } from '../../../ui/Card';

/** A card of the policies panel: heading and text, then content, stacked. */
export const PanelCard = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => theme.space(4)};
  }
`;

export const PanelHead = styled.div`
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
