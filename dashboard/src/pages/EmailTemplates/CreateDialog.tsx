import { useState } from 'react';
import { EntityForm, useFormError } from '../../components/tenancy/EntityForm';
import { useT } from '../../i18n/useT';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { SelectField } from '../../ui/Select';
import { TextareaField } from '../../ui/Textarea';
import { useToast } from '../../ui/useToast';
import { CodeArea } from './EditDialog';
import { useCreateTemplate, type EmailTemplate } from './queries';

type Locale = EmailTemplate['locale'];

function CreateForm({ applicationId, onDone }: { applicationId: string; onDone(): void }) {
  const t = useT();
  const toast = useToast();
  const [name, setName] = useState('');
  const [subject, setSubject] = useState('');
  const [html, setHtml] = useState('');
  // Empty: the application's default locale (its e-mail settings) decides.
  const [locale, setLocale] = useState<Locale | ''>('');
  const { error, setError, onFailure } = useFormError('emailTemplates.createFailed');
  const create = useCreateTemplate();

  const submit = () => {
    // SPEC §5: name and subject are required.
    if (!name.trim() || !subject.trim()) {
      setError(t('emailTemplates.required'));
      return;
    }
    if (!html.trim()) {
      setError(t('emailTemplates.htmlRequired'));
      return;
    }
    setError(null);
    create.mutate(
      {
        application_id: applicationId,
        name: name.trim(),
        subject: subject.trim(),
        html_content: html,
        ...(locale ? { locale } : {}),
      },
      {
        onSuccess: (created) => {
          toast({ title: t('emailTemplates.created'), description: created.name, variant: 'success' });
          onDone();
        },
        onError: onFailure,
      },
    );
  };

  return (
    <EntityForm
      label={t('emailTemplates.create.title')}
      error={error}
      onSubmit={submit}
      onCancel={onDone}
      action={{ idle: t('emailTemplates.create'), pending: t('emailTemplates.creating') }}
      pending={create.isPending}
    >
      <TextField
        label={t('emailTemplates.field.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        autoComplete="off"
      />
      <TextField
        label={t('emailTemplates.field.subject')}
        value={subject}
        onChange={(event) => setSubject(event.target.value)}
        required
        autoComplete="off"
      />
      <SelectField
        label={t('emailTemplates.field.locale')}
        value={locale}
        onChange={(event) => setLocale(event.target.value as Locale | '')}
        placeholder={t('tenancy.choose')}
        options={[
          { value: 'de', label: t('emailTemplates.locale.de') },
          { value: 'en', label: t('emailTemplates.locale.en') },
        ]}
      />
      <CodeArea>
        <TextareaField
          label={t('emailTemplates.field.html')}
          value={html}
          onChange={(event) => setHtml(event.target.value)}
          placeholder={t('emailTemplates.field.htmlPlaceholder')}
          rows={8}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
        />
      </CodeArea>
    </EntityForm>
  );
}

/** "New Template": a custom template of one application. */
export function CreateDialog({
  applicationId,
  open,
  onOpenChange,
}: {
  applicationId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('emailTemplates.create.title')}
      description={t('emailTemplates.create.description')}
      closeLabel={t('common.close')}
      width={640}
    >
      <CreateForm applicationId={applicationId} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}
