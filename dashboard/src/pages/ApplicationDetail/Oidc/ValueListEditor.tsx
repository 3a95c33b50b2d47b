import { Plus, X } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import styled, { css } from 'styled-components';
import type { MessageKey } from '../../../i18n/messages';
import { useT } from '../../../i18n/useT';
import { Button } from '../../../ui/Button';
import { Input } from '../../../ui/Field';
import { Hint } from '../../ProjectDetail/PoolSettings/fields';

const Group = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space(1)};
    font-weight: 600;
    font-size: 0.9rem;
  }
`;

const rows = css`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  li {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: center;
    column-gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => `${theme.space(1)} ${theme.space(1)} ${theme.space(1)} ${theme.space(3)}`};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: #f1f5f9;
  }
`;

const chips = css`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  li {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 2px;
    max-width: 100%;
    padding: 2px 2px 2px ${({ theme }) => theme.space(3)};
    border: 1px solid #c7d2fe;
    border-radius: 999px;
    background: #eef2ff;
    color: #3730a3;
  }
`;

const Entries = styled.ul<{ $chips: boolean }>`
  margin: 0;
  padding: 0;
  list-style: none;
  min-width: 0;
  ${({ $chips }) => ($chips ? chips : rows)}
  li[data-invalid='true'] {
    background: #fef2f2;
    border-color: #fca5a5;
    color: ${({ theme }) => theme.colors.text};
  }
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.85rem;
    overflow-wrap: anywhere;
    min-width: 0;
  }
  li > p {
    grid-column: 1 / -1;
    flex-basis: 100%;
  }
`;

const Remove = styled.button`
  flex: none;
  display: inline-flex;
  padding: 6px;
  border: 0;
  border-radius: 999px;
  background: none;
  color: inherit;
  cursor: pointer;
  &:hover {
    background: #e2e8f0;
  }
  &:disabled {
    display: none;
  }
`;

const AddRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  ${Input} {
    flex: 1 1 220px;
    min-width: 0;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.9rem;
  }
`;

const ErrorText = styled.p`
  margin: 0;
  font-size: 0.85rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.danger};
  overflow-wrap: anywhere;
`;

/**
 * A list of addresses (rows) or scopes (chips) to add to and remove from. Enter in the field adds
 * (instead of submitting the form); what the field holds is checked first, and refused with the
 * reason below it. The server's objection to an entry (`<field>.<index>`) is shown at that entry.
 */
export function ValueListEditor({
  field,
  legend,
  hint,
  inputLabel,
  placeholder,
  emptyText,
  values,
  onChange,
  validate,
  errors,
  pending,
  onPendingChange,
  chipStyle = false,
}: {
  /** The field's name in the server's details (`redirect_uris`, `api_scopes`). */
  field: string;
  legend: string;
  hint: string;
  inputLabel: string;
  placeholder: string;
  emptyText: string;
  values: string[];
  onChange(values: string[]): void;
  validate(value: string): MessageKey | null;
  /** Objections by path: `<field>` or `<field>.<index>` → message. */
  errors: Record<string, string>;
  /** Typed but not yet added (the form saves it too). */
  pending: string;
  onPendingChange(value: string): void;
  chipStyle?: boolean;
}) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<MessageKey | null>(null);
  const add = () => {
    const value = pending.trim();
    if (!value) return;
    const refusal = values.includes(value) ? 'oidc.invalid.duplicate' : validate(value);
    setProblem(refusal);
    if (refusal) return;
    onChange([...values, value]);
    onPendingChange('');
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };
  const remove = (value: string) => {
    onChange(values.filter((entry) => entry !== value));
    // The button is gone with its entry: the field keeps the focus in the list's place.
    input.current?.focus();
  };
  const fieldError = problem ? t(problem) : errors[field];
  const describedBy = [`${id}-hint`, fieldError ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <Group>
      <legend>{legend}</legend>
      <Hint id={`${id}-hint`}>{hint}</Hint>
      {values.length > 0 ? (
        <Entries $chips={chipStyle} aria-label={legend}>
          {values.map((value, index) => {
            const error = errors[`${field}.${index}`];
            return (
              <li key={value} data-invalid={Boolean(error)}>
                <code>{value}</code>
                <Remove
                  type="button"
                  aria-label={t('oidc.list.remove', { value })}
                  onClick={() => remove(value)}
                >
                  <X aria-hidden="true" size={16} />
                </Remove>
                {error ? <ErrorText>{error}</ErrorText> : null}
              </li>
            );
          })}
        </Entries>
      ) : (
        <Hint>{emptyText}</Hint>
      )}
      <AddRow>
        <Input
          ref={input}
          aria-label={inputLabel}
          aria-describedby={describedBy}
          aria-invalid={Boolean(fieldError)}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          placeholder={placeholder}
          value={pending}
          onChange={(event) => {
            setProblem(null);
            onPendingChange(event.target.value);
          }}
          onKeyDown={onKey}
        />
        <Button type="button" $variant="secondary" onClick={add}>
          <Plus aria-hidden="true" size={16} />
          {t('oidc.list.add')}
        </Button>
      </AddRow>
      {fieldError ? <ErrorText id={`${id}-error`}>{fieldError}</ErrorText> : null}
    </Group>
  );
}
