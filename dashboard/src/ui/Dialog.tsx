import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import {
  useRef,
  type FocusEvent as ReactFocusEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import styled from 'styled-components';

const Overlay = styled(RadixDialog.Overlay)`
  position: fixed;
  inset: 0;
  background: rgba(15, 23, 42, 0.5);
  z-index: 50;
`;

const Content = styled(RadixDialog.Content)<{ $width: number }>`
  position: fixed;
  z-index: 51;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  width: min(${({ $width }) => $width}px, calc(100vw - 32px));
  max-height: calc(100vh - 32px);
  overflow: auto;
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(6)};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: 0 20px 50px rgba(15, 23, 42, 0.3);
`;

/** Keeps clear of the close button in the corner, however long the title (issue #36). */
const Title = styled(RadixDialog.Title)`
  margin: 0;
  padding-right: ${({ theme }) => theme.space(6)};
  font-size: 1.25rem;
  overflow-wrap: anywhere;
`;

const Description = styled(RadixDialog.Description)`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Close = styled(RadixDialog.Close)`
  position: absolute;
  top: ${({ theme }) => theme.space(3)};
  right: ${({ theme }) => theme.space(3)};
  display: inline-flex;
  padding: 4px;
  border: 0;
  background: none;
  cursor: pointer;
  border-radius: ${({ theme }) => theme.radii.sm};
`;

interface DialogProps {
  /**
   * The button that opens the dialog. Without one (a dialog opened from state) focus returns
   * to whatever was focused when it opened.
   */
  trigger?: ReactNode;
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  closeLabel: string;
  /** Widest width in px (default 440); wide content such as a mail preview asks for more. */
  width?: number;
  children: ReactNode;
}

/** What the Tab key stops at inside a dialog. */
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** A modal dialog: traps focus, closes on Escape and on the overlay, returns focus on close. */
export function Dialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  width = 440,
  children,
}: DialogProps) {
  // Radix returns focus only to its own Trigger; most dialogs here are opened from state, so
  // remember the opener (still focused while the dialog mounts) and go back to it on close — or
  // to the main content if the opener is gone (say, the revoke button of a revoked token).
  const opener = useRef<HTMLElement | null>(null);
  const rememberOpener = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const returnFocus = (event: Event) => {
    if (trigger) return;
    event.preventDefault();
    const target = opener.current?.isConnected ? opener.current : document.getElementById('main');
    target?.focus();
  };
  // The content is portalled to <body>, but React still bubbles its events along the component
  // tree: a dialog opened from inside a form (say "Passwort vergessen?" in the sign-in form) would
  // submit that form too when its own form is submitted. A dialog's submit ends at the dialog.
  const keepSubmitInside = (event: FormEvent) => event.stopPropagation();
  // Radix closes on Escape only while the dialog is the topmost layer; a toast raised from inside
  // it (say "Einladung gesendet") is a layer of its own and took the key instead. Escape pressed
  // inside the dialog closes it unless a layer above already handled it (and prevented it).
  // A control that becomes disabled while focused (a submit button while sending) drops focus to
  // <body>, outside the dialog, and Radix's focus trap does not bring it back. Take it back to
  // the dialog so Tab and Escape keep working.
  const keepFocusInside = (event: ReactFocusEvent<HTMLDivElement>) => {
    if (event.relatedTarget) return;
    const content = event.currentTarget;
    requestAnimationFrame(() => {
      // Not while closing: then focus goes back to the opener (returnFocus).
      const stillOpen = content.isConnected && content.dataset.state === 'open';
      if (stillOpen && document.activeElement === document.body) content.focus();
    });
  };
  // Focus taken back to the dialog itself (above) sits before its first control: Tab moves on,
  // but Shift+Tab left the dialog and Radix's trap put focus back on it, again and again — a
  // keyboard trap. From the dialog itself Shift+Tab goes to its last control instead.
  const wrapShiftTab = (event: KeyboardEvent<HTMLDivElement>) => {
    const content = event.currentTarget;
    if (event.key !== 'Tab' || !event.shiftKey || document.activeElement !== content) return;
    const controls = [...content.querySelectorAll<HTMLElement>(TABBABLE)].filter(
      (control) => control.tabIndex >= 0 && control.getClientRects().length > 0,
    );
    const last = controls[controls.length - 1];
    if (!last) return;
    event.preventDefault();
    last.focus();
  };
  const closeOnEscape = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    onOpenChange(false);
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <Overlay />
        <Content
          $width={width}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={rememberOpener}
          onCloseAutoFocus={returnFocus}
          onSubmit={keepSubmitInside}
          onKeyDown={(event) => {
            wrapShiftTab(event);
            closeOnEscape(event);
          }}
          onBlur={keepFocusInside}
        >
          <Title>{title}</Title>
          {description ? <Description>{description}</Description> : null}
          {children}
          <Close aria-label={closeLabel}>
            <X aria-hidden="true" size={18} />
          </Close>
        </Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
