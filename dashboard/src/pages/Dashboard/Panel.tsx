import styled from 'styled-components';
import { Card } from '../../ui/Card';

/** A titled block of the home page (quick actions, recent activity, system status). */
export const Panel = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  align-content: start;
  min-width: 0;
  h2 {
    margin: 0;
    font-size: 1.125rem;
  }
`;
