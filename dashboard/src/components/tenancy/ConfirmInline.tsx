import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useT } from '../../i18n/useT';
import { Button, DangerButton } from '../../ui/Button';

const Box = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid #fca5a5;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: #fef2f2;
  p {
    margin: 0;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/** A button for an irreversible or disruptive action. */
/** Kept here for the screens that import it from the tenancy components; it lives in ui/Button. */
export { DangerButton };

/**
 * A confirmation step shown in place (inside a dialog or a settings panel): the question, then
 * "Bestätigen" and "Abbrechen". Focus moves to "Abbrechen" so Enter never destroys by accident.
 */
export function ConfirmInline({
  question,
  confirmLabel,
  pending,
  onConfirm,
  onCancel,
}: {
  question: string;
  confirmLabel?: string;
  pending?: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const t = useT();
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), []);
  return (
    <Box role="group" aria-label={question}>
      <p>{question}</p>
      <Row>
        <DangerButton type="button" onClick={onConfirm} disabled={pending}>
          {confirmLabel ?? t('tenancy.confirm')}
        </DangerButton>
        <Button ref={cancelRef} type="button" $variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </Row>
    </Box>
  );
}

/**
 * A destructive action reserved to organization admins: others read `notAllowedText`; admins get
 * the button, then the inline confirmation before `onConfirm` runs.
 */
export function DangerAction({
  allowed,
  notAllowedText,
  label,
  question,
  pending,
  onConfirm,
}: {
  allowed: boolean;
  notAllowedText: string;
  label: string;
  question: string;
  pending: boolean;
  onConfirm(): void;
}) {
  const [confirming, setConfirming] = useState(false);
  if (!allowed) return <Note role="note">{notAllowedText}</Note>;
  if (confirming)
    return (
      <ConfirmInline
        question={question}
        confirmLabel={label}
        pending={pending}
        onConfirm={onConfirm}
        onCancel={() => setConfirming(false)}
      />
    );
  return (
    <DangerButton type="button" onClick={() => setConfirming(true)}>
      {label}
    </DangerButton>
  );
}

const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
`;
