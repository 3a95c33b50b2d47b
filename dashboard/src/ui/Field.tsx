import * as Label from '@radix-ui/react-label';
import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type InputHTMLAttributes } from 'react';
import styled from 'styled-components';

const Wrapper = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  label {
    font-weight: 600;
    font-size: 0.9rem;
  }
`;

export const Input = styled.input`
  width: 100%;
  min-width: 0;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border: 1px solid #94a3b8;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
`;

const InputRow = styled.div`
  position: relative;
  display: flex;
  ${Input} {
    padding-right: 44px;
  }
`;

const Toggle = styled.button`
  position: absolute;
  right: 4px;
  top: 50%;
  transform: translateY(-50%);
  display: inline-flex;
  padding: 6px;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  border-radius: ${({ theme }) => theme.radii.sm};
`;

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { label: string };

/** A labelled text input. */
export function TextField({ label, ...input }: FieldProps) {
  const id = useId();
  return (
    <Wrapper>
      <Label.Root htmlFor={id}>{label}</Label.Root>
      <Input id={id} {...input} />
    </Wrapper>
  );
}

/** A labelled password input with a show/hide toggle (a pressed toggle button). */
export function PasswordField({
  label,
  toggleLabel,
  ...input
}: Omit<FieldProps, 'type'> & { toggleLabel: string }) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <Wrapper>
      <Label.Root htmlFor={id}>{label}</Label.Root>
      <InputRow>
        <Input id={id} type={visible ? 'text' : 'password'} {...input} />
        <Toggle
          type="button"
          aria-label={toggleLabel}
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOff aria-hidden="true" size={18} /> : <Eye aria-hidden="true" size={18} />}
        </Toggle>
      </InputRow>
    </Wrapper>
  );
}
