import { AlertCircle, CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import styled from 'styled-components';

const Box = styled.div<{ $tone: 'error' | 'success' }>`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px solid ${({ $tone }) => ($tone === 'error' ? '#fca5a5' : '#86efac')};
  background: ${({ $tone }) => ($tone === 'error' ? '#fef2f2' : '#f0fdf4')};
  color: ${({ $tone, theme }) => ($tone === 'error' ? theme.colors.danger : theme.colors.success)};
  overflow-wrap: anywhere;
  svg {
    flex: none;
    margin-top: 2px;
  }
`;

/** An inline message on a form: errors are announced at once, success notices politely. */
export function Alert({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  return (
    <Box $tone={tone} role={tone === 'error' ? 'alert' : 'status'}>
      {tone === 'error' ? (
        <AlertCircle aria-hidden="true" size={18} />
      ) : (
        <CheckCircle2 aria-hidden="true" size={18} />
      )}
      <div>{children}</div>
    </Box>
  );
}
