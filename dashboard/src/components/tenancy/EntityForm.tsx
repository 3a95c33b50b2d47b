import { useState, type FormEvent, type ReactNode } from 'react';
import { describeError } from '../../api/errors';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { FormActions, FormStack } from './FormLayout';
import { useFailureToast } from './useErrorToast';

/**
 * The error shown by an EntityForm, and the mutation's `onError` for it: a failure shows the
 * server's message in the form and raises the SPEC §8 toast titled `failedTitle`.
 */
export function useFormError(failedTitle: MessageKey) {
  const t = useT();
  const fail = useFailureToast();
  const [error, setError] = useState<string | null>(null);
  const onFailure = (failure: unknown) => {
    setError(describeError(failure, t));
    fail(failedTitle, failure);
  };
  return { error, setError, onFailure };
}

/**
 * The frame of the create/edit forms (projects, applications, invitations): a FormStack named `label` without
 * native validation, the form's error on top, the fields, then "Abbrechen" (with `onCancel`) and
 * the submit button ("Erstellen"/"Speichern", "Wird erstellt …"/"Wird gespeichert …" while
 * `pending`). `onSubmit` runs with the browser's submit already prevented.
 */
export function EntityForm({
  label,
  error,
  onSubmit,
  onCancel,
  action,
  pending,
  disabled = pending,
  children,
}: {
  label: string;
  error: string | null;
  onSubmit(): void;
  onCancel?(): void;
  /** "Erstellen"/"Speichern", or the form's own idle and pending submit labels. */
  action: 'create' | 'save' | { idle: string; pending: string };
  pending: boolean;
  /** Whether the submit button is disabled; by default while `pending`. */
  disabled?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const submitLabel =
    action === 'create'
      ? t(pending ? 'tenancy.creating' : 'tenancy.create')
      : action === 'save'
        ? t(pending ? 'tenancy.saving' : 'tenancy.save')
        : pending
          ? action.pending
          : action.idle;
  return (
    <FormStack onSubmit={submit} noValidate aria-label={label}>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {children}
      <FormActions>
        {onCancel ? (
          <Button type="button" $variant="secondary" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        ) : null}
        <Button type="submit" disabled={disabled}>
          {submitLabel}
        </Button>
      </FormActions>
    </FormStack>
  );
}
