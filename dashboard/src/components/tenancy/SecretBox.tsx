import styled from 'styled-components';

/** A one-time secret (project API key) in a monospace box that wraps instead of overflowing. */
export const SecretBox = styled.code`
  display: block;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: #f1f5f9;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: 0.85rem;
  overflow-wrap: anywhere;
  word-break: break-all;
`;
