import styled from 'styled-components';
import { HEADER_HEIGHT } from './LandingHeader';

/** A full-width landing section; anchors land below the fixed header. */
export const Section = styled.section`
  max-width: 1200px;
  margin: 0 auto;
  display: grid;
  gap: ${({ theme }) => theme.space(8)};
  padding: ${({ theme }) => `${theme.space(16)} ${theme.space(4)}`};
  scroll-margin-top: ${HEADER_HEIGHT};
`;

export const SectionIntro = styled.div`
  text-align: center;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  h2 {
    margin: 0;
    font-size: clamp(1.6rem, 4vw, 2.25rem);
  }
  p {
    margin: 0 auto;
    max-width: 640px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
