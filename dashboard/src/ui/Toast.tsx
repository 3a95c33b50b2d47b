import * as RadixToast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import styled, { css } from 'styled-components';
import { useT } from '../i18n/useT';
import { TOAST_DURATION_MS, useToastStore, type ToastVariant } from './useToast';

const Viewport = styled(RadixToast.Viewport)`
  position: fixed;
  bottom: 0;
  right: 0;
  z-index: 100;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  width: min(380px, 100vw);
  max-width: 100vw;
  margin: 0;
  padding: ${({ theme }) => theme.space(4)};
  list-style: none;
  outline: none;
`;

const Root = styled(RadixToast.Root)<{ $variant: ToastVariant }>`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: 0 10px 30px rgba(15, 23, 42, 0.18);
  ${({ $variant, theme }) =>
    $variant === 'destructive'
      ? css`
          background: ${theme.colors.danger};
          border-color: ${theme.colors.danger};
          color: #fff;
        `
      : $variant === 'success'
        ? css`
            border-left: 4px solid ${theme.colors.success};
          `
        : ''}
`;

const Title = styled(RadixToast.Title)`
  font-weight: 700;
`;

const Description = styled(RadixToast.Description)`
  grid-column: 1;
  font-size: 0.9rem;
`;

const Close = styled(RadixToast.Close)`
  grid-column: 2;
  grid-row: 1;
  background: none;
  border: 0;
  color: inherit;
  cursor: pointer;
  padding: 2px;
  border-radius: ${({ theme }) => theme.radii.sm};
`;

/** Mount once near the root (it is loaded lazily): renders queued toasts in a Radix viewport. */
export default function Toaster() {
  const t = useT();
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);
  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" label={t('toast.label')}>
      {toasts.map((toast) => (
        <Root
          key={toast.id}
          $variant={toast.variant ?? 'default'}
          type={toast.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismiss(toast.id);
          }}
        >
          <Title>{toast.title}</Title>
          {toast.description ? <Description>{toast.description}</Description> : null}
          <Close aria-label={t('common.close')}>
            <X aria-hidden="true" size={16} />
          </Close>
        </Root>
      ))}
      <Viewport hotkey={['F8']} label={t('toast.region')} />
    </RadixToast.Provider>
  );
}
