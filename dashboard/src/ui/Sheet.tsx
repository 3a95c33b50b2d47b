import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';

const slideIn = keyframes`
  from { transform: translateX(24px); opacity: 0; }
  to { transform: none; opacity: 1; }
`;

const Overlay = styled(RadixDialog.Overlay)`
  position: fixed;
  inset: 0;
  background: rgba(15, 23, 42, 0.4);
  z-index: 50;
`;

const Content = styled(RadixDialog.Content)<{ $width: number }>`
  position: fixed;
  z-index: 51;
  top: 0;
  right: 0;
  bottom: 0;
  width: min(${({ $width }) => $width}px, 100vw);
  overflow-y: auto;
  overscroll-behavior: contain;
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(6)};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: -12px 0 40px rgba(15, 23, 42, 0.25);
  animation: ${slideIn} 160ms ease-out;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => theme.space(4)};
  }
`;

const Header = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  padding-right: ${({ theme }) => theme.space(10)};
  min-width: 0;
`;

const Title = styled(RadixDialog.Title)`
  margin: 0;
  font-size: 1.25rem;
  overflow-wrap: anywhere;
`;

const Description = styled(RadixDialog.Description)`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Close = styled(RadixDialog.Close)`
  position: absolute;
  top: ${({ theme }) => theme.space(4)};
  right: ${({ theme }) => theme.space(4)};
  display: inline-flex;
  padding: 6px;
  border: 0;
  background: none;
  cursor: pointer;
  border-radius: ${({ theme }) => theme.radii.sm};
`;

/**
 * A panel that slides in from the right edge (full width on phones) for the details of one entry
 * of a list: modal like Dialog (focus trapped, Escape and the overlay close it), and focus goes
 * back to the entry that opened it.
 */
export function Sheet({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  width = 560,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  closeLabel: string;
  width?: number;
  children: ReactNode;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <Overlay />
        <Content
          $width={width}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const target = opener.current?.isConnected ? opener.current : document.getElementById('main');
            target?.focus();
          }}
        >
          <Header>
            <Title>{title}</Title>
            {description ? <Description>{description}</Description> : null}
          </Header>
          {children}
          <Close aria-label={closeLabel}>
            <X aria-hidden="true" size={18} />
          </Close>
        </Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
