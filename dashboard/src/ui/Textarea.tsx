import * as Label from '@radix-ui/react-label';
import { useId, type TextareaHTMLAttributes } from 'react';
import styled from 'styled-components';

const Wrapper = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  label {
    font-weight: 600;
    font-size: 0.9rem;
  }
`;

const Area = styled.textarea`
  width: 100%;
  min-width: 0;
  min-height: 80px;
  resize: vertical;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border: 1px solid #94a3b8;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
`;

/** A labelled multi-line text input. */
export function TextareaField({
  label,
  ...area
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { label: string }) {
  const id = useId();
  return (
    <Wrapper>
      <Label.Root htmlFor={id}>{label}</Label.Root>
      <Area id={id} rows={3} {...area} />
    </Wrapper>
  );
}
