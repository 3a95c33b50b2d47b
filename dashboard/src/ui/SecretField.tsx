import * as Label from '@radix-ui/react-label';
import { Check, Copy, Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button } from './Button';
import { Input } from './Field';
import { useCopyToClipboard } from './useCopyToClipboard';

const Wrapper = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  label {
    font-weight: 600;
    font-size: 0.9rem;
  }
`;

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  ${Input} {
    flex: 1;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.85rem;
  }
`;

const IconButton = styled(Button)`
  flex: none;
  padding: ${({ theme }) => theme.space(2)};
`;

interface SecretFieldProps {
  label: string;
  value: string;
  revealLabel: string;
  copyLabel: string;
  /** Toast titles after copying ("Kopiert") or when the clipboard refused ("Failed to copy"). */
  copiedMessage: string;
  copyFailedMessage: string;
}

/**
 * A secret shown once: masked until the reveal toggle (a pressed button) is on, read-only, with
 * a copy button that reports the result as a toast.
 */
export function SecretField({
  label,
  value,
  revealLabel,
  copyLabel,
  copiedMessage,
  copyFailedMessage,
}: SecretFieldProps) {
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const { copy, copied } = useCopyToClipboard({ copied: copiedMessage, failed: copyFailedMessage });

  return (
    <Wrapper>
      <Label.Root htmlFor={id}>{label}</Label.Root>
      <Row>
        <Input
          id={id}
          type={revealed ? 'text' : 'password'}
          value={value}
          readOnly
          autoComplete="off"
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
        />
        <IconButton
          type="button"
          $variant="secondary"
          aria-label={revealLabel}
          aria-pressed={revealed}
          aria-controls={id}
          onClick={() => setRevealed((shown) => !shown)}
        >
          {revealed ? <EyeOff aria-hidden="true" size={18} /> : <Eye aria-hidden="true" size={18} />}
        </IconButton>
        <IconButton
          type="button"
          $variant="secondary"
          aria-label={copyLabel}
          onClick={() => void copy(value)}
        >
          {copied ? <Check aria-hidden="true" size={18} /> : <Copy aria-hidden="true" size={18} />}
        </IconButton>
      </Row>
    </Wrapper>
  );
}
