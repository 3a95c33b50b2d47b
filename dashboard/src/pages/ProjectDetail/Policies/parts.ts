import styled from 'styled-components';

// The same cards as the roles tab: one look for both of a project's access tabs.
export { CardHead as PanelHead, TabCard as PanelCard } from '../../../components/permissions/cards';

export const PanelStack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
`;
