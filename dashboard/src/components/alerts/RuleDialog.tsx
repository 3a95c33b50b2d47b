import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { ApiError } from '../../api/client';
import { describeError } from '../../api/errors';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { DialogActions, DialogForm } from '../../ui/DialogForm';
import { TextField } from '../../ui/Field';
import { SelectField } from '../../ui/Select';
import { useToast } from '../../ui/useToast';
import { useApplications, useMembers, useProjects } from '../tenancy/queries';
import { COMPARATORS, COMPARATOR_SIGNS, METRICS, useAlertMutations, type AlertRule } from './queries';
import {
  draftOf,
  fieldOfDetail,
  validate,
  WINDOW_UNITS,
  type RuleDraft,
  type RuleErrors,
  type WindowUnit,
} from './ruleFormState';

const Row = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 150px), 1fr));
  align-items: start;
`;

const Problem = styled.p`
  margin: 4px 0 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.85rem;
`;

const Group = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  min-width: 0;
  legend {
    padding: 0 4px;
    font-weight: 600;
    font-size: 0.9rem;
  }
  label {
    display: flex;
    gap: ${({ theme }) => theme.space(2)};
    align-items: center;
    overflow-wrap: anywhere;
  }
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.85rem;
`;

/** A field with its problem below it, announced with the field (aria-describedby). */
function Checked({
  error,
  children,
}: {
  error?: string;
  children(props: { 'aria-invalid': boolean; 'aria-describedby'?: string }): ReactNode;
}) {
  const id = useId();
  return (
    <div>
      {children({ 'aria-invalid': Boolean(error), 'aria-describedby': error ? id : undefined })}
      {error ? <Problem id={id}>{error}</Problem> : null}
    </div>
  );
}

const UNIT_OPTIONS = (t: (key: MessageKey) => string) =>
  (Object.keys(WINDOW_UNITS) as WindowUnit[]).map((unit) => ({
    value: unit,
    label: t(`alerts.form.unit.${unit}` as MessageKey),
  }));

/**
 * Create or edit an alert rule: scope (new rules only), metric with its event or steps,
 * condition, window, minimum samples, cooldown and channels (members' addresses, webhooks).
 */
export function RuleDialog({
  open,
  onOpenChange,
  rule,
  scope,
  onSaved,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  rule?: AlertRule;
  scope: { projectId: string; applicationId: string };
  onSaved?(rule: AlertRule): void;
}) {
  const t = useT();
  const toast = useToast();
  const { create, update } = useAlertMutations();
  const [draft, setDraft] = useState<RuleDraft>(() => draftOf(rule, scope));
  const [errors, setErrors] = useState<RuleErrors>({});
  const projects = useProjects();
  const applications = useApplications();
  const project = projects.data?.find((entry) => entry.id === draft.projectId);
  const members = useMembers(project?.organization_id ?? '', { enabled: Boolean(project) });
  const activeMembers = (members.data ?? []).filter((member) => member.status === 'active');
  const change = (patch: Partial<RuleDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    // A field's problem goes once it is being corrected; the next submit checks again.
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof RuleErrors];
      return next;
    });
  };
  const pending = create.isPending || update.isPending;

  const submit = async () => {
    const { body, errors: found } = validate(draft, t);
    setErrors(found);
    if (!body) return;
    try {
      const { application_id, project_id, ...changes } = body;
      void application_id;
      void project_id;
      const saved = rule
        ? await update.mutateAsync({ id: rule.id, body: changes })
        : await create.mutateAsync(body);
      toast({ title: t(rule ? 'alerts.form.updated' : 'alerts.form.created'), variant: 'success' });
      onOpenChange(false);
      onSaved?.(saved);
    } catch (error) {
      if (error instanceof ApiError && error.details?.length) {
        const fromServer: RuleErrors = {};
        for (const detail of error.details) {
          const field = fieldOfDetail(detail.path);
          if (field) fromServer[field] = detail.message;
        }
        setErrors(fromServer);
      }
      toast({ title: t('alerts.form.failed'), description: describeError(error, t), variant: 'destructive' });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={t(rule ? 'alerts.form.editTitle' : 'alerts.form.createTitle')}
      closeLabel={t('common.close')}
      width={600}
    >
      <DialogForm
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Checked error={errors.name}>
          {(aria) => (
            <TextField
              label={t('alerts.form.name')}
              name="name"
              value={draft.name}
              maxLength={200}
              required
              onChange={(event) => change({ name: event.target.value })}
              {...aria}
            />
          )}
        </Checked>
        {rule ? null : (
          <Row>
            <Checked error={errors.projectId}>
              {(aria) => (
                <SelectField
                  label={t('analytics.project')}
                  name="project"
                  value={draft.projectId}
                  placeholder={t('alerts.form.chooseProject')}
                  options={(projects.data ?? []).map((entry) => ({ value: entry.id, label: entry.name }))}
                  onChange={(event) =>
                    change({ projectId: event.target.value, applicationId: '', emails: [] })
                  }
                  {...aria}
                />
              )}
            </Checked>
            <SelectField
              label={t('analytics.application')}
              name="application"
              value={draft.applicationId}
              placeholder={t('alerts.form.wholeProject')}
              options={(applications.data ?? [])
                .filter((entry) => entry.project_id === draft.projectId)
                .map((entry) => ({ value: entry.id, label: entry.name }))}
              onChange={(event) => change({ applicationId: event.target.value })}
            />
          </Row>
        )}
        <SelectField
          label={t('alerts.form.metric')}
          name="metric"
          value={draft.metric}
          options={METRICS.map((metric) => ({
            value: metric,
            label: t(`alerts.metric.${metric}` as MessageKey),
          }))}
          onChange={(event) => change({ metric: event.target.value as RuleDraft['metric'] })}
        />
        <Hint>{t(`alerts.metric.${draft.metric}.hint` as MessageKey)}</Hint>
        {draft.metric === 'event_count' ? (
          <Checked error={errors.event}>
            {(aria) => (
              <TextField
                label={t('alerts.form.event')}
                name="event"
                value={draft.event}
                maxLength={200}
                onChange={(event) => change({ event: event.target.value })}
                {...aria}
              />
            )}
          </Checked>
        ) : null}
        {draft.metric === 'funnel_conversion' ? (
          <Checked error={errors.steps}>
            {(aria) => (
              <TextField
                label={t('alerts.form.steps')}
                name="steps"
                value={draft.steps}
                placeholder="signup, confirmed, login"
                onChange={(event) => change({ steps: event.target.value })}
                {...aria}
              />
            )}
          </Checked>
        ) : null}
        <Row>
          <SelectField
            label={t('alerts.form.comparator')}
            name="comparator"
            value={draft.comparator}
            options={COMPARATORS.map((comparator) => ({
              value: comparator,
              label: `${COMPARATOR_SIGNS[comparator]} ${t(`alerts.comparator.${comparator}` as MessageKey)}`,
            }))}
            onChange={(event) => change({ comparator: event.target.value as RuleDraft['comparator'] })}
          />
          <Checked error={errors.threshold}>
            {(aria) => (
              <TextField
                label={t('alerts.form.threshold')}
                name="threshold"
                inputMode="decimal"
                value={draft.threshold}
                onChange={(event) => change({ threshold: event.target.value })}
                {...aria}
              />
            )}
          </Checked>
        </Row>
        <Row>
          <Checked error={errors.window}>
            {(aria) => (
              <TextField
                label={t('alerts.form.window')}
                name="window"
                inputMode="numeric"
                value={draft.window}
                onChange={(event) => change({ window: event.target.value })}
                {...aria}
              />
            )}
          </Checked>
          <SelectField
            label={t('alerts.form.windowUnit')}
            name="windowUnit"
            value={draft.windowUnit}
            options={UNIT_OPTIONS(t)}
            onChange={(event) => change({ windowUnit: event.target.value as WindowUnit })}
          />
        </Row>
        <Row>
          <Checked error={errors.minSamples}>
            {(aria) => (
              <TextField
                label={t('alerts.form.minSamples')}
                name="minSamples"
                inputMode="numeric"
                value={draft.minSamples}
                onChange={(event) => change({ minSamples: event.target.value })}
                {...aria}
              />
            )}
          </Checked>
          <Checked error={errors.cooldown}>
            {(aria) => (
              <TextField
                label={t('alerts.form.cooldown')}
                name="cooldown"
                inputMode="numeric"
                value={draft.cooldown}
                onChange={(event) => change({ cooldown: event.target.value })}
                {...aria}
              />
            )}
          </Checked>
          <SelectField
            label={t('alerts.form.cooldownUnit')}
            name="cooldownUnit"
            value={draft.cooldownUnit}
            options={UNIT_OPTIONS(t)}
            onChange={(event) => change({ cooldownUnit: event.target.value as WindowUnit })}
          />
        </Row>
        <Group>
          <legend>{t('alerts.form.channels')}</legend>
          {activeMembers.length === 0 ? <Hint>{t('alerts.form.noMembers')}</Hint> : null}
          {activeMembers.map((member) => (
            <label key={member.id}>
              <input
                type="checkbox"
                name="emails"
                value={member.user.email}
                checked={draft.emails.includes(member.user.email)}
                onChange={(event) =>
                  change({
                    emails: event.target.checked
                      ? [...draft.emails, member.user.email]
                      : draft.emails.filter((email) => email !== member.user.email),
                  })
                }
              />
              {t('alerts.form.mailTo', { email: member.user.email })}
            </label>
          ))}
          <label>
            <input
              type="checkbox"
              name="webhook"
              checked={draft.webhook}
              onChange={(event) => change({ webhook: event.target.checked })}
            />
            {t('alerts.form.webhook')}
          </label>
          {errors.channels ? <Problem role="alert">{errors.channels}</Problem> : null}
        </Group>
        <DialogActions>
          <Button type="button" $variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {t(rule ? 'alerts.form.save' : 'alerts.form.create')}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
