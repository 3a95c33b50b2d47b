import styled, { css } from 'styled-components';

export type BadgeTone = 'neutral' | 'success' | 'muted' | 'info' | 'warning';

const tones = {
  neutral: css`
    background: #e2e8f0;
    color: #0f172a;
  `,
  success: css`
    background: #dcfce7;
    color: #14532d;
  `,
  muted: css`
    background: #f1f5f9;
    color: #475569;
  `,
  info: css`
    background: #e0e7ff;
    color: #3730a3;
  `,
  warning: css`
    background: #fef3c7;
    color: #78350f;
  `,
};

/** A small status or category label (Aktiv/Inaktiv, version, environment). */
export const Badge = styled.span<{ $tone?: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  padding: 2px ${({ theme }) => theme.space(2)};
  border-radius: 999px;
  font-size: 0.75rem;
  font-weight: 600;
  line-height: 1.5;
  white-space: nowrap;
  ${({ $tone = 'neutral' }) => tones[$tone]}
`;
