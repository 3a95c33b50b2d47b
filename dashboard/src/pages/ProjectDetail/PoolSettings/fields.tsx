import * as Label from '@radix-ui/react-label';
import { X } from 'lucide-react';
import { useId, useState, type InputHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { useT } from '../../../i18n/useT';
import { Button } from '../../../ui/Button';
import { Input } from '../../../ui/Field';
import { NativeSelect } from '../../../ui/Select';
import { DURATION_UNITS, normalizedHex, type Duration, type DurationUnit } from './settingsForm';

const Wrapper = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  min-width: 0;
  > label {
    font-weight: 600;
    font-size: 0.9rem;
  }
`;

export const Hint = styled.p`
  margin: 0;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const ErrorText = styled.p`
  margin: 0;
  font-size: 0.85rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.danger};
  overflow-wrap: anywhere;
`;

/** What a control needs to be named and described by its field. */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/**
 * A labelled control with an optional hint and the server's objection below it (linked through
 * aria-describedby, so a screen reader reads it with the field).
 */
export function FormField({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Wrapper>
      <Label.Root htmlFor={id}>{label}</Label.Root>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      {error ? <ErrorText id={errorId}>{error}</ErrorText> : null}
    </Wrapper>
  );
}

/** A labelled single-line input (text, e-mail, URL, number) with hint and error. */
export function InputField({
  label,
  hint,
  error,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { label: string; hint?: ReactNode; error?: string }) {
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) => <Input {...input} {...control} />}
    </FormField>
  );
}

const Group = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space(1)};
    font-weight: 600;
    font-size: 0.9rem;
  }
`;

const Options = styled.div<{ $columns: number }>`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: repeat(${({ $columns }) => $columns}, minmax(0, 1fr));
  }
`;

const Choice = styled.label`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  cursor: pointer;
  min-width: 0;
  &:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.primary};
    background: #eef2ff;
  }
  input {
    flex: none;
    width: 18px;
    height: 18px;
    margin: 2px 0 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  span {
    display: grid;
    gap: 2px;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  strong {
    font-weight: 600;
  }
  small {
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export interface ChoiceOption<Value extends string> {
  value: Value;
  label: string;
  description?: string;
}

/**
 * Options as radio buttons (one Tab stop, arrow keys choose) or checkboxes, each with a short
 * explanation; side by side on wide screens.
 */
export function ChoiceGroup<Value extends string>({
  legend,
  type,
  options,
  selected,
  onChange,
  error,
}: {
  legend: string;
  type: 'radio' | 'checkbox';
  options: ChoiceOption<Value>[];
  selected: readonly Value[];
  onChange(selected: Value[]): void;
  error?: string;
}) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <Group aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      <Options $columns={options.length}>
        {options.map((option) => (
          <Choice key={option.value}>
            <input
              type={type}
              name={name}
              value={option.value}
              checked={selected.includes(option.value)}
              onChange={(event) => {
                if (type === 'radio') onChange([option.value]);
                else
                  onChange(
                    event.target.checked
                      ? options
                          .map((entry) => entry.value)
                          .filter((value) => value === option.value || selected.includes(value))
                      : selected.filter((value) => value !== option.value),
                  );
              }}
            />
            <span>
              <strong>{option.label}</strong>
              {option.description ? <small>{option.description}</small> : null}
            </span>
          </Choice>
        ))}
      </Options>
      {error ? <ErrorText id={errorId}>{error}</ErrorText> : null}
    </Group>
  );
}

const Pair = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  > input {
    flex: 1 1 0;
  }
  > div {
    flex: 1 1 0;
    position: relative;
    display: flex;
  }
`;

/** A lifetime: an amount and its unit (Minuten, Stunden, Tage). */
export function DurationField({
  label,
  hint,
  error,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  error?: string;
  value: Duration;
  onChange(value: Duration): void;
}) {
  const t = useT();
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) => (
        <Pair>
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            step="any"
            value={value.amount}
            onChange={(event) => onChange({ ...value, amount: event.target.value })}
          />
          <div>
            <NativeSelect
              aria-label={t('poolSettings.unitOf', { field: label })}
              value={value.unit}
              onChange={(event) => onChange({ ...value, unit: event.target.value as DurationUnit })}
            >
              {DURATION_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {t(`poolSettings.unit.${unit}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
        </Pair>
      )}
    </FormField>
  );
}

const Swatch = styled.input`
  flex: none;
  width: 48px;
  height: auto;
  min-height: 42px;
  padding: 2px;
  border: 1px solid #94a3b8;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  cursor: pointer;
`;

const ColorRow = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  ${Input} {
    flex: 1;
    font-family: ${({ theme }) => theme.fonts.mono};
  }
`;

/** The primary colour: a colour picker and the same value as a hex text field, kept in step. */
export function ColorField({
  label,
  hint,
  error,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  error?: string;
  value: string;
  onChange(value: string): void;
}) {
  const t = useT();
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) => (
        <ColorRow>
          <Swatch
            type="color"
            aria-label={t('poolSettings.colorPicker', { field: label })}
            value={normalizedHex(value) ?? '#000000'}
            onChange={(event) => onChange(event.target.value)}
          />
          <Input
            {...control}
            spellCheck={false}
            autoComplete="off"
            maxLength={7}
            placeholder="#4f46e5"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onBlur={() => onChange(normalizedHex(value) ?? value.trim())}
          />
        </ColorRow>
      )}
    </FormField>
  );
}

const UrlList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: grid;
    gap: 2px;
    padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: #f1f5f9;
    min-width: 0;
  }
  li[data-invalid='true'] {
    background: #fef2f2;
    outline: 1px solid #fca5a5;
  }
  li > div {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(2)};
    min-width: 0;
  }
  code {
    font-size: 0.85rem;
    overflow-wrap: anywhere;
    min-width: 0;
  }
`;

const RemoveButton = styled.button`
  flex: none;
  display: inline-flex;
  padding: 6px;
  border: 0;
  background: none;
  color: inherit;
  cursor: pointer;
  border-radius: ${({ theme }) => theme.radii.sm};
  &:hover {
    background: #e2e8f0;
  }
`;

const AddRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  ${Input} {
    flex: 1 1 220px;
  }
`;

/**
 * The redirect URLs: a list with a remove button per entry and a field that adds one (Enter adds
 * instead of submitting the form). The server's objection to an entry (`redirect_urls.2`) is
 * shown at that entry.
 */
export function RedirectUrlsEditor({
  legend,
  hint,
  urls,
  onChange,
  errors,
  pending,
  onPendingChange,
}: {
  legend: string;
  hint: string;
  urls: string[];
  onChange(urls: string[]): void;
  /** The server's objections: `redirect_urls` or `redirect_urls.<index>` → message. */
  errors: Record<string, string>;
  /** The URL typed but not yet added (saved with the form too). */
  pending: string;
  onPendingChange(value: string): void;
}) {
  const t = useT();
  const hintId = useId();
  const [duplicate, setDuplicate] = useState(false);
  const add = () => {
    const url = pending.trim();
    if (!url) return;
    if (urls.includes(url)) {
      setDuplicate(true);
      return;
    }
    onChange([...urls, url]);
    onPendingChange('');
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  const listError = errors['redirect_urls'];
  return (
    <Group>
      <legend>{legend}</legend>
      <Hint id={hintId}>{hint}</Hint>
      {urls.length > 0 ? (
        <UrlList aria-label={legend}>
          {urls.map((url, index) => {
            const error = errors[`redirect_urls.${index}`];
            return (
              <li key={url} data-invalid={Boolean(error)}>
                <div>
                  <code>{url}</code>
                  <RemoveButton
                    type="button"
                    aria-label={t('poolSettings.redirects.remove', { url })}
                    onClick={() => onChange(urls.filter((entry) => entry !== url))}
                  >
                    <X aria-hidden="true" size={16} />
                  </RemoveButton>
                </div>
                {error ? <ErrorText>{error}</ErrorText> : null}
              </li>
            );
          })}
        </UrlList>
      ) : (
        <Hint>{t('poolSettings.redirects.none')}</Hint>
      )}
      <AddRow>
        <Input
          aria-label={t('poolSettings.redirects.new')}
          aria-describedby={hintId}
          type="url"
          inputMode="url"
          placeholder="https://shop.example.com/callback"
          value={pending}
          onChange={(event) => {
            setDuplicate(false);
            onPendingChange(event.target.value);
          }}
          onKeyDown={onKey}
        />
        <Button type="button" $variant="secondary" onClick={add}>
          {t('poolSettings.redirects.add')}
        </Button>
      </AddRow>
      {duplicate ? <ErrorText role="status">{t('poolSettings.redirects.duplicate')}</ErrorText> : null}
      {listError ? <ErrorText>{listError}</ErrorText> : null}
    </Group>
  );
}
