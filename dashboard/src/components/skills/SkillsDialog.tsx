import { useMutation } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { describeError } from '../../api/errors';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { DialogActions, DialogForm } from '../../ui/DialogForm';
import { Input } from '../../ui/Field';
import { NativeSelect, SelectField } from '../../ui/Select';
import { useToast } from '../../ui/useToast';
import { useFailureToast } from '../tenancy/useErrorToast';
import { MAX_LEVEL, type SkillValue } from './SkillChips';

/** What the API takes (core/skills.ts on the server): checked here first so mistakes show at once. */
export const MAX_SKILLS = 50;
export const MAX_NAME_LENGTH = 50;

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
  max-height: 40vh;
  overflow: auto;
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(7.5rem, auto) auto;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  > span {
    overflow-wrap: anywhere;
    font-weight: 600;
  }
`;

const IconButton = styled(Button).attrs({ type: 'button', $variant: 'ghost' })`
  padding: 6px;
`;

const AddRow = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(2)};
  align-items: end;
  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: minmax(0, 1fr) minmax(7.5rem, auto) auto;
  }
`;

/** The name field: a label and the input the dialog focuses after adding or removing. */
const NameField = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  label {
    font-weight: 600;
    font-size: 0.9rem;
  }
`;

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  h3 {
    margin: 0;
    font-size: 1rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9rem;
  }
`;

const key = (name: string) => name.trim().toLowerCase();

/** The level options of a select: none, then 1–5. */
function useLevelOptions() {
  const t = useT();
  return [
    { value: '', label: t('skills.dialog.noLevel') },
    ...Array.from({ length: MAX_LEVEL }, (_, i) => ({
      value: String(i + 1),
      label: t('skills.dialog.levelOption', { level: String(i + 1) }),
    })),
  ];
}

/**
 * "Skills bearbeiten": a member's or a user's skills — each a name and an optional level 1–5 —
 * changed in a draft (add, change the level, remove) and saved as a whole (the API replaces the
 * list). Checks what the API would refuse (empty or long names, duplicates ignoring case, more
 * than 50) before sending. Everything works with the keyboard: Enter in the name field adds.
 */
export function SkillsDialog({
  open,
  onOpenChange,
  name,
  skills,
  save,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Whose skills (display name or address). */
  name: string;
  skills: readonly SkillValue[] | undefined;
  /** Sends the new list (PUT …/skills); the caller refreshes its lists once it resolves. */
  save(skills: SkillValue[]): Promise<unknown>;
}) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('skills.dialog.title', { name })}
      description={t('skills.dialog.text')}
      closeLabel={t('common.close')}
      width={560}
    >
      {open ? (
        <SkillsForm name={name} initial={skills ?? []} save={save} onDone={() => onOpenChange(false)} />
      ) : null}
    </Dialog>
  );
}

function SkillsForm({
  name,
  initial,
  save,
  onDone,
}: {
  name: string;
  initial: readonly SkillValue[];
  save(skills: SkillValue[]): Promise<unknown>;
  onDone(): void;
}) {
  const t = useT();
  const toast = useToast();
  const fail = useFailureToast();
  const levelOptions = useLevelOptions();
  const [draft, setDraft] = useState<SkillValue[]>(() => initial.map((skill) => ({ ...skill })));
  const [newName, setNewName] = useState('');
  const [newLevel, setNewLevel] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const problemId = useId();

  const mutation = useMutation({
    mutationFn: (skills: SkillValue[]) => save(skills),
    onSuccess: () => {
      toast({ title: t('skills.saved'), description: name, variant: 'success' });
      onDone();
    },
    onError: (error) => {
      setSaveError(describeError(error, t));
      fail('skills.saveFailed', error);
    },
  });

  /** The list with the typed skill added, or null (and the reason shown) when it cannot be. */
  function withTyped(list: SkillValue[]): SkillValue[] | null {
    const trimmed = newName.trim();
    let reason: string | null = null;
    if (!trimmed) reason = t('skills.error.nameRequired');
    else if (trimmed.length > MAX_NAME_LENGTH) reason = t('skills.error.nameTooLong');
    else if (list.some((skill) => key(skill.name) === key(trimmed)))
      reason = t('skills.error.duplicate', { name: trimmed });
    else if (list.length >= MAX_SKILLS) reason = t('skills.error.tooMany');
    setProblem(reason);
    if (reason) {
      nameInput.current?.focus();
      return null;
    }
    return [...list, { name: trimmed, level: newLevel ? Number(newLevel) : null }];
  }

  function add() {
    const next = withTyped(draft);
    if (!next) return;
    setDraft(next);
    setNewName('');
    setNewLevel('');
    nameInput.current?.focus();
  }

  function onNameKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the skill; saving is the button's (or Enter elsewhere in the form).
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  }

  return (
    <DialogForm
      noValidate
      aria-label={t('skills.dialog.title', { name })}
      onSubmit={(event) => {
        event.preventDefault();
        setSaveError(null);
        // A name typed but not added yet is meant to be saved too.
        const list = newName.trim() ? withTyped(draft) : draft;
        if (!list) return;
        setProblem(null);
        mutation.mutate(list);
      }}
    >
      {saveError ? <Alert tone="error">{saveError}</Alert> : null}
      <Section aria-labelledby={`${problemId}-current`}>
        <h3 id={`${problemId}-current`}>{t('skills.dialog.current')}</h3>
        {draft.length === 0 ? (
          <p>{t('skills.dialog.empty')}</p>
        ) : (
          <List aria-label={t('skills.listOf', { name })}>
            {draft.map((skill, index) => (
              <Row key={key(skill.name)} data-testid="skill-row">
                <span>{skill.name}</span>
                <NativeSelect
                  aria-label={t('skills.dialog.levelOf', { name: skill.name })}
                  value={skill.level ? String(skill.level) : ''}
                  onChange={(event) => {
                    const level = event.target.value ? Number(event.target.value) : null;
                    setDraft((list) => list.map((item, i) => (i === index ? { ...item, level } : item)));
                  }}
                >
                  {levelOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect>
                <IconButton
                  aria-label={t('skills.dialog.remove', { name: skill.name })}
                  onClick={() => {
                    setDraft((list) => list.filter((_, i) => i !== index));
                    nameInput.current?.focus();
                  }}
                >
                  <X aria-hidden="true" size={16} />
                </IconButton>
              </Row>
            ))}
          </List>
        )}
        <p aria-live="polite">{t('skills.dialog.count', { count: String(draft.length) })}</p>
      </Section>

      <AddRow>
        <NameField>
          <label htmlFor={`${problemId}-name`}>{t('skills.dialog.name')}</label>
          <Input
            ref={nameInput}
            id={`${problemId}-name`}
            placeholder={t('skills.dialog.namePlaceholder')}
            autoComplete="off"
            maxLength={MAX_NAME_LENGTH + 20}
            value={newName}
            aria-invalid={Boolean(problem)}
            aria-describedby={problem ? problemId : undefined}
            onChange={(event) => {
              setNewName(event.target.value);
              if (problem) setProblem(null);
            }}
            onKeyDown={onNameKeyDown}
          />
        </NameField>
        <SelectField
          label={t('skills.dialog.newLevel')}
          options={levelOptions}
          value={newLevel}
          onChange={(event) => setNewLevel(event.target.value)}
        />
        <Button type="button" $variant="secondary" onClick={add}>
          <Plus aria-hidden="true" size={16} />
          {t('skills.dialog.add')}
        </Button>
      </AddRow>
      {problem ? (
        <div id={problemId}>
          <Alert tone="error">{problem}</Alert>
        </div>
      ) : null}

      <DialogActions>
        <Button type="button" $variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending}>
          {mutation.isPending ? t('skills.dialog.saving') : t('skills.dialog.save')}
        </Button>
      </DialogActions>
    </DialogForm>
  );
}
