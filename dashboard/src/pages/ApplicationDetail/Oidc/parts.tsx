/** The building blocks of the tab's form and cards. */
import { useId } from 'react';
import styled from 'styled-components';
import { Card } from '../../../ui/Card';
import { Hint } from '../../ProjectDetail/PoolSettings/fields';

export const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
`;

/** Every setting; disabled as a whole for members, who may read but not change them. */
export const Fields = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`;

/** Save (and, while setting up, cancel); it stays in reach at the bottom while changes are unsaved. */
export const SaveBar = styled.div<{ $floating: boolean }>`
  position: ${({ $floating }) => ($floating ? 'sticky' : 'static')};
  bottom: ${({ theme }) => theme.space(2)};
  z-index: 2;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ $floating }) => ($floating ? '0 4px 16px rgba(15, 23, 42, 0.18)' : 'none')};
  span {
    margin-right: auto;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9rem;
  }
`;

/** One card of the tab: a heading, a short explanation, then its fields. */
export const Section = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
  > p {
    margin: calc(-1 * ${({ theme }) => theme.space(2)}) 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => theme.space(4)};
  }
`;

/** Two fields side by side on wider screens, stacked on phones. */
export const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    align-items: start;
  }
`;

/** A note for people who may read but not change (members). */
export const Note = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid #c7d2fe;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: #eef2ff;
  color: #3730a3;
`;

const SwitchLabel = styled.label`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  cursor: pointer;
  min-width: 0;
  input {
    flex: none;
    appearance: none;
    position: relative;
    width: 40px;
    height: 24px;
    margin: 0;
    border-radius: 999px;
    background: #94a3b8;
    cursor: pointer;
    transition: background 0.15s;
  }
  input::after {
    content: '';
    position: absolute;
    top: 3px;
    left: 3px;
    width: 18px;
    height: 18px;
    border-radius: 50%;
    background: #ffffff;
    transition: transform 0.15s;
  }
  input:checked {
    background: ${({ theme }) => theme.colors.primary};
  }
  input:checked::after {
    transform: translateX(16px);
  }
  input:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
  span {
    display: grid;
    gap: 2px;
    min-width: 0;
  }
  strong {
    font-weight: 600;
    font-size: 0.9rem;
  }
  @media (prefers-reduced-motion: reduce) {
    input,
    input::after {
      transition: none;
    }
  }
`;

/** An on/off setting: a checkbox announced as a switch, its label and a hint beside it. */
export function SwitchField({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  const hintId = useId();
  return (
    <SwitchLabel>
      <input
        type="checkbox"
        role="switch"
        aria-describedby={hintId}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>
        <strong>{label}</strong>
        <Hint id={hintId}>{hint}</Hint>
      </span>
    </SwitchLabel>
  );
}
