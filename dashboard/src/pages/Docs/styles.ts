import styled from 'styled-components';

/** One section of the docs page; anchors land with a little room above. */
export const DocsSection = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
  padding: ${({ theme }) => `${theme.space(6)} 0`};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  scroll-margin-top: ${({ theme }) => theme.space(4)};
  > h2 {
    margin: 0;
    font-size: 1.5rem;
  }
  > p {
    margin: 0;
  }
`;

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const LinkRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;
