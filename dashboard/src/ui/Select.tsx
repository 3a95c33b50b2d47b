import * as Label from '@radix-ui/react-label';
import { ChevronDown } from 'lucide-react';
import { useId, type SelectHTMLAttributes } from 'react';
import styled from 'styled-components';

const Wrapper = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  min-width: 0;
  label {
    font-weight: 600;
    font-size: 0.9rem;
  }
`;

const Control = styled.div`
  position: relative;
  display: flex;
  svg {
    position: absolute;
    right: 10px;
    top: 50%;
    transform: translateY(-50%);
    pointer-events: none;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const NativeSelect = styled.select`
  width: 100%;
  min-width: 0;
  appearance: none;
  padding: ${({ theme }) => `${theme.space(2)} 36px ${theme.space(2)} ${theme.space(3)}`};
  border: 1px solid #94a3b8;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-overflow: ellipsis;
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
`;

export interface SelectOption {
  value: string;
  label: string;
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> & {
  label: string;
  options: SelectOption[];
  /** A first option with an empty value ("Bitte wählen", "Alle …"). */
  placeholder?: string;
};

/** A labelled native select: keyboard, screen readers and mobile pickers work as the platform does. */
export function SelectField({ label, options, placeholder, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <Wrapper>
      <Label.Root htmlFor={id}>{label}</Label.Root>
      <Control>
        <NativeSelect id={id} {...select}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
        <ChevronDown aria-hidden="true" size={16} />
      </Control>
    </Wrapper>
  );
}
