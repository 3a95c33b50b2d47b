import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { useT } from '../../../i18n/useT';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';

const MAX_STEPS = 10;

const Box = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space(2)};
    font-weight: 600;
    font-size: 0.9rem;
  }
  ol {
    display: grid;
    gap: ${({ theme }) => theme.space(2)};
    margin: 0;
    padding: 0;
    list-style: none;
    counter-reset: step;
  }
  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    min-width: 0;
    padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
    counter-increment: step;
  }
  li::before {
    content: counter(step) '.';
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  li code {
    flex: 1;
    min-width: 0;
    overflow-wrap: anywhere;
    font-family: ${({ theme }) => theme.fonts.mono};
  }
`;

const IconButton = styled(Button).attrs({ type: 'button', $variant: 'ghost' })`
  padding: 6px;
`;

const AddRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: ${({ theme }) => theme.space(2)};
  > :first-child {
    flex: 1 1 200px;
  }
`;

/**
 * The funnel's steps in order: event names typed or picked from the application's most frequent
 * ones (a datalist), moved with buttons (no dragging needed), removed one by one.
 */
export function StepPicker({
  steps,
  known,
  onChange,
}: {
  steps: string[];
  known: string[];
  onChange(steps: string[]): void;
}) {
  const t = useT();
  const listId = useId();
  const [draft, setDraft] = useState('');
  const move = (index: number, by: number) => {
    const next = [...steps];
    const [step] = next.splice(index, 1);
    next.splice(index + by, 0, step!);
    onChange(next);
  };
  const add = () => {
    const name = draft.trim();
    if (!name || steps.length >= MAX_STEPS) return;
    onChange([...steps, name]);
    setDraft('');
  };
  return (
    <Box>
      <legend>{t('product.funnel.steps')}</legend>
      {steps.length > 0 ? (
        <ol data-testid="funnel-steps">
          {steps.map((step, index) => (
            <li key={`${step}-${index}`}>
              <code>{step}</code>
              <IconButton
                aria-label={t('product.funnel.up', { step })}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                <ArrowUp aria-hidden="true" size={16} />
              </IconButton>
              <IconButton
                aria-label={t('product.funnel.down', { step })}
                disabled={index === steps.length - 1}
                onClick={() => move(index, 1)}
              >
                <ArrowDown aria-hidden="true" size={16} />
              </IconButton>
              <IconButton
                aria-label={t('product.funnel.remove', { step })}
                onClick={() => onChange(steps.filter((_, position) => position !== index))}
              >
                <X aria-hidden="true" size={16} />
              </IconButton>
            </li>
          ))}
        </ol>
      ) : null}
      <AddRow>
        <TextField
          label={t('product.funnel.event')}
          name="step"
          list={listId}
          value={draft}
          maxLength={200}
          autoComplete="off"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <datalist id={listId}>
          {known.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <Button
          type="button"
          $variant="secondary"
          onClick={add}
          disabled={!draft.trim() || steps.length >= MAX_STEPS}
        >
          <Plus aria-hidden="true" size={16} />
          {t('product.funnel.add')}
        </Button>
      </AddRow>
    </Box>
  );
}
