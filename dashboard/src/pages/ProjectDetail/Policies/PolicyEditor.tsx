import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { ApiError } from '../../../api/client';
import { describeError } from '../../../api/errors';
import { FieldHint, FieldRow, FormActions, FormStack } from '../../../components/tenancy/FormLayout';
import { useT } from '../../../i18n/useT';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';
import { SelectField } from '../../../ui/Select';
import { TextareaField } from '../../../ui/Textarea';
import { useToast } from '../../../ui/useToast';
import {
  emptyForm,
  fieldOfServerPath,
  fromPolicy,
  problemsOf,
  toBody,
  WEEKDAYS,
  type FieldProblems,
  type Policy,
  type PolicyField,
  type PolicyFormState,
} from './policyForm';
import { createPolicy, policyKeys, updatePolicy, type PolicyOwner } from './queries';

const Section = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  min-width: 0;
  legend {
    padding: 0 ${({ theme }) => theme.space(1)};
    font-weight: 600;
  }
`;

const Problem = styled.p`
  margin: calc(-1 * ${({ theme }) => theme.space(2)}) 0 0;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.danger};
  overflow-wrap: anywhere;
`;

const Days = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  label {
    display: inline-flex;
    gap: 4px;
    align-items: center;
  }
`;

const Check = styled.label`
  display: inline-flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
`;

/** A field with its hint and, after a failed check or save, its problem (linked for screen readers). */
function Described({
  problem,
  hint,
  children,
}: {
  problem?: string;
  hint?: string;
  children: (aria: { 'aria-invalid'?: boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const hintId = useId();
  const problemId = useId();
  const ids = [hint ? hintId : null, problem ? problemId : null].filter(Boolean).join(' ');
  return (
    <div style={{ display: 'grid', gap: 8, minWidth: 0 }}>
      {children({
        ...(problem ? { 'aria-invalid': true } : {}),
        ...(ids ? { 'aria-describedby': ids } : {}),
      })}
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {problem ? (
        <Problem id={problemId} role="alert">
          {problem}
        </Problem>
      ) : null}
    </div>
  );
}

/** Creates a policy or edits one: effect, actions and the conditions, checked before and by the server. */
export function PolicyDialog({
  owner,
  policy,
  open,
  onClose,
}: {
  owner: PolicyOwner;
  /** null: a new policy. */
  policy: Policy | null;
  open: boolean;
  onClose(): void;
}) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={
        policy ? t('policies.editor.editTitle', { name: policy.name }) : t('policies.editor.createTitle')
      }
      description={t('policies.editor.text')}
      closeLabel={t('common.close')}
      width={720}
    >
      {open ? <PolicyForm key={policy?.id ?? 'new'} owner={owner} policy={policy} onDone={onClose} /> : null}
    </Dialog>
  );
}

export function PolicyForm({
  owner,
  policy,
  onDone,
}: {
  owner: PolicyOwner;
  policy: Policy | null;
  onDone(): void;
}) {
  const t = useT();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<PolicyFormState>(() => (policy ? fromPolicy(policy) : emptyForm()));
  const [problems, setProblems] = useState<FieldProblems>({});
  const set = <K extends PolicyField>(field: K, value: PolicyFormState[K]) =>
    setForm((current) => ({ ...current, [field]: value }));

  const save = useMutation({
    mutationFn: () =>
      policy ? updatePolicy(owner, policy.id, toBody(form)) : createPolicy(owner, toBody(form)),
    onSuccess: async (saved) => {
      toast({
        title: t(policy ? 'policies.saved' : 'policies.created'),
        description: saved.name,
        variant: 'success',
      });
      await queryClient.invalidateQueries({ queryKey: policyKeys.list(owner) });
      onDone();
    },
    onError: (failure) => {
      // The server's invalid_policy names each problem's path: show it at its field.
      const next: FieldProblems = {};
      if (failure instanceof ApiError && failure.details?.length)
        for (const detail of failure.details) {
          const field = fieldOfServerPath(detail.path);
          next[field] ??= detail.message;
        }
      next.form = describeError(failure, t);
      setProblems(next);
    },
  });

  const submit = () => {
    const found = problemsOf(form);
    const next: FieldProblems = {};
    for (const [field, problem] of Object.entries(found))
      next[field as PolicyField] = t(problem.key, { value: problem.value ?? '' });
    setProblems(next);
    if (Object.keys(next).length === 0) save.mutate();
  };

  const text = (field: PolicyField, label: string, extra: { hint?: string; placeholder?: string } = {}) => (
    <Described problem={problems[field]} hint={extra.hint}>
      {(aria) => (
        <TextField
          label={label}
          name={field}
          autoComplete="off"
          spellCheck={false}
          placeholder={extra.placeholder}
          value={form[field] as string}
          onChange={(event) => set(field, event.target.value as never)}
          {...aria}
        />
      )}
    </Described>
  );
  const area = (field: PolicyField, label: string, hint: string) => (
    <Described problem={problems[field]} hint={hint}>
      {(aria) => (
        <TextareaField
          label={label}
          name={field}
          spellCheck={false}
          value={form[field] as string}
          onChange={(event) => set(field, event.target.value as never)}
          {...aria}
        />
      )}
    </Described>
  );

  return (
    <FormStack
      noValidate
      aria-label={
        policy ? t('policies.editor.editTitle', { name: policy.name }) : t('policies.editor.createTitle')
      }
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {problems.form ? <Alert tone="error">{problems.form}</Alert> : null}
      <FieldRow>
        {text('name', t('policies.field.name'))}
        <SelectField
          label={t('policies.field.effect')}
          name="effect"
          value={form.effect}
          onChange={(event) => set('effect', event.target.value as 'allow' | 'deny')}
          options={[
            { value: 'allow', label: t('policies.allow') },
            { value: 'deny', label: t('policies.deny') },
          ]}
        />
      </FieldRow>
      {text('description', t('policies.field.description'))}
      {text('actions', t('policies.field.actions'), {
        hint: t('policies.field.actionsHint'),
        placeholder: 'invoice:read, invoice:approve',
      })}
      <Check>
        <input
          type="checkbox"
          checked={form.enabled}
          onChange={(event) => set('enabled', event.target.checked)}
        />
        {t('policies.field.enabled')}
      </Check>

      <Section>
        <legend>{t('policies.section.subject')}</legend>
        <FieldRow>
          {text('rolesAny', t('policies.field.rolesAny'), { placeholder: 'accountant, admin' })}
          {text('rolesAll', t('policies.field.rolesAll'))}
        </FieldRow>
        {text('skills', t('policies.field.skills'), { hint: t('policies.field.skillsHint') })}
        {text('emailDomains', t('policies.field.emailDomains'), { placeholder: 'example.com' })}
        <FieldRow>
          <SelectField
            label={t('policies.field.secondFactor')}
            name="secondFactor"
            value={form.secondFactor}
            onChange={(event) => set('secondFactor', event.target.value as PolicyFormState['secondFactor'])}
            options={[
              { value: '', label: t('policies.field.secondFactorAny') },
              { value: 'yes', label: t('policies.field.secondFactorYes') },
              { value: 'no', label: t('policies.field.secondFactorNo') },
            ]}
          />
          <SelectField
            label={t('policies.field.pool')}
            name="pool"
            value={form.pool}
            onChange={(event) => set('pool', event.target.value as PolicyFormState['pool'])}
            options={[
              { value: '', label: t('policies.field.poolAny') },
              { value: 'project', label: t('policies.field.poolProject') },
              { value: 'platform', label: t('policies.field.poolPlatform') },
            ]}
          />
        </FieldRow>
      </Section>

      <Section>
        <legend>{t('policies.section.resource')}</legend>
        <Check>
          <input
            type="checkbox"
            checked={form.ownerIsSubject}
            onChange={(event) => set('ownerIsSubject', event.target.checked)}
          />
          {t('policies.field.ownerIsSubject')}
        </Check>
        <FieldRow>
          {text('resourceOrganization', t('policies.field.resourceOrganization'))}
          {text('resourceProject', t('policies.field.resourceProject'))}
        </FieldRow>
        {area('attributes', t('policies.field.attributes'), t('policies.field.attributesHint'))}
      </Section>

      <Section>
        <legend>{t('policies.section.context')}</legend>
        {text('timeZone', t('policies.field.timeZone'), {
          hint: t('policies.field.timeZoneHint'),
          placeholder: 'Europe/Berlin',
        })}
        <Described problem={problems.weekdays}>
          {() => (
            <Days role="group" aria-label={t('policies.field.weekdays')}>
              {WEEKDAYS.map((day) => (
                <label key={day}>
                  <input
                    type="checkbox"
                    checked={form.weekdays.includes(day)}
                    onChange={(event) =>
                      set(
                        'weekdays',
                        event.target.checked
                          ? [...form.weekdays, day]
                          : form.weekdays.filter((d) => d !== day),
                      )
                    }
                  />
                  {t(`policies.weekday.${day}`)}
                </label>
              ))}
            </Days>
          )}
        </Described>
        <FieldRow>
          {text('from', t('policies.field.from'), { placeholder: '08:00' })}
          {text('to', t('policies.field.to'), { placeholder: '18:00' })}
        </FieldRow>
        {area('sourceIps', t('policies.field.sourceIps'), t('policies.field.sourceIpsHint'))}
      </Section>

      <FormActions>
        <Button type="button" $variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('policies.saving') : t('policies.save')}
        </Button>
      </FormActions>
    </FormStack>
  );
}
