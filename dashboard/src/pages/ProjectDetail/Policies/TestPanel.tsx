import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { describeError } from '../../../api/errors';
import { FieldRow, FormActions, FormStack } from '../../../components/tenancy/FormLayout';
import { Muted } from '../../../components/tenancy/PageParts';
import { useT } from '../../../i18n/useT';
import { Alert } from '../../../ui/Alert';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { TextareaField } from '../../../ui/Textarea';
import { PanelCard, PanelHead } from './parts';
import { testRequest, type Decision, type PolicyOwner } from './queries';

const Result = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.background};
  p,
  ul {
    margin: 0;
  }
`;

function attributesOf(text: string): Record<string, string | number | boolean> {
  const entries = text
    .split('\n')
    .map((line) => /^([^=\s]+)\s*=\s*(.+)$/.exec(line.trim()))
    .filter((match) => match !== null)
    .map(([, key, raw]): [string, string | number | boolean] => {
      const value = raw!.trim();
      if (value === 'true' || value === 'false') return [key!, value === 'true'];
      return [key!, /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value];
    });
  return Object.fromEntries(entries);
}

/**
 * "Diese Anfrage testen": one check through POST /api/v1/authorize — a user (or the caller), an
 * action, a resource and its attributes, a source address and a time — answered with the
 * decision, its reason and the policies that matched.
 */
export function TestPanel({ owner }: { owner: PolicyOwner }) {
  const t = useT();
  const [form, setForm] = useState({
    subject: '',
    action: '',
    type: '',
    id: '',
    owner: '',
    attributes: '',
    ip: '',
    time: '',
  });
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  const test = useMutation<Decision>({
    mutationFn: () => {
      const attributes = attributesOf(form.attributes);
      return testRequest(owner, {
        ...(form.subject.trim() ? { subject: { user_id: form.subject.trim() } } : {}),
        action: form.action.trim(),
        resource: {
          ...(form.type.trim() ? { type: form.type.trim() } : {}),
          ...(form.id.trim() ? { id: form.id.trim() } : {}),
          ...(form.owner.trim() ? { owner_id: form.owner.trim() } : {}),
          ...(Object.keys(attributes).length ? { attributes } : {}),
        },
        ...(form.ip.trim() || form.time
          ? {
              context: {
                ...(form.ip.trim() ? { ip: form.ip.trim() } : {}),
                ...(form.time ? { time: new Date(form.time).toISOString() } : {}),
              },
            }
          : {}),
      });
    },
  });
  const decision = test.data;

  return (
    <PanelCard aria-labelledby="policy-test-title">
      <PanelHead>
        <div>
          <h3 id="policy-test-title">{t('policies.test.title')}</h3>
          <p>{t('policies.test.text')}</p>
        </div>
      </PanelHead>
      <FormStack
        noValidate
        aria-label={t('policies.test.title')}
        onSubmit={(event) => {
          event.preventDefault();
          test.mutate();
        }}
      >
        <FieldRow>
          <TextField
            label={t('policies.test.subject')}
            name="subject"
            autoComplete="off"
            value={form.subject}
            onChange={set('subject')}
          />
          <TextField
            label={t('policies.test.action')}
            name="action"
            autoComplete="off"
            required
            placeholder="invoice:approve"
            value={form.action}
            onChange={set('action')}
          />
        </FieldRow>
        <FieldRow>
          <TextField
            label={t('policies.test.resourceType')}
            name="type"
            value={form.type}
            onChange={set('type')}
          />
          <TextField label={t('policies.test.resourceId')} name="id" value={form.id} onChange={set('id')} />
        </FieldRow>
        <TextField
          label={t('policies.test.ownerId')}
          name="owner"
          value={form.owner}
          onChange={set('owner')}
        />
        <TextareaField
          label={t('policies.test.attributes')}
          name="attributes"
          placeholder="status = draft"
          value={form.attributes}
          onChange={set('attributes')}
        />
        <FieldRow>
          <TextField
            label={t('policies.test.ip')}
            name="ip"
            placeholder="10.0.0.1"
            value={form.ip}
            onChange={set('ip')}
          />
          <TextField
            label={t('policies.test.time')}
            name="time"
            type="datetime-local"
            value={form.time}
            onChange={set('time')}
          />
        </FieldRow>
        <FormActions>
          <Button type="submit" disabled={test.isPending || !form.action.trim()}>
            {test.isPending ? t('policies.test.running') : t('policies.test.submit')}
          </Button>
        </FormActions>
      </FormStack>
      {test.isError ? <Alert tone="error">{describeError(test.error, t)}</Alert> : null}
      {decision ? (
        <Result aria-live="polite" aria-label={t('policies.test.title')} data-testid="policy-decision">
          <p>
            <Badge $tone={decision.allowed ? 'success' : 'warning'}>
              {decision.allowed ? t('policies.test.allowed') : t('policies.test.denied')}
            </Badge>{' '}
            {t(`policies.reason.${decision.reason}`)}
          </p>
          {decision.matched_policies.length === 0 ? (
            <Muted as="p">{t('policies.test.noneMatched')}</Muted>
          ) : (
            <>
              <strong>{t('policies.test.matched')}</strong>
              <ul>
                {decision.matched_policies.map((policy) => (
                  <li key={policy.id}>
                    {policy.name} ({policy.effect === 'deny' ? t('policies.deny') : t('policies.allow')},{' '}
                    {t(`policies.scope.${policy.scope}`)})
                  </li>
                ))}
              </ul>
            </>
          )}
        </Result>
      ) : null}
    </PanelCard>
  );
}
