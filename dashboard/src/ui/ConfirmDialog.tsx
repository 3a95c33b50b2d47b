import styled from 'styled-components';
import { useT } from '../i18n/useT';
import { Button, DangerButton } from './Button';
import { Dialog } from './Dialog';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
`;

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  /** What will happen, including whether it can be undone. */
  description: string;
  confirmLabel: string;
  /** Shown on the confirm button while `pending`. */
  pendingLabel?: string;
  pending?: boolean;
  /** Destructive actions get a red confirm button. */
  destructive?: boolean;
  onConfirm(): void;
}

/**
 * Asks before an action: Cancel (focused first, so Enter never confirms by accident) or confirm.
 * Escape, the overlay and the close button all cancel.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending = false,
  destructive = false,
  onConfirm,
}: ConfirmDialogProps) {
  const t = useT();
  const Confirm = destructive ? DangerButton : Button;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
      title={title}
      description={description}
      closeLabel={t('common.close')}
    >
      <Actions>
        <Button
          type="button"
          $variant="secondary"
          autoFocus
          onClick={() => onOpenChange(false)}
          disabled={pending}
        >
          {t('common.cancel')}
        </Button>
        <Confirm type="button" onClick={onConfirm} disabled={pending} aria-busy={pending}>
          {pending && pendingLabel ? pendingLabel : confirmLabel}
        </Confirm>
      </Actions>
    </Dialog>
  );
}
