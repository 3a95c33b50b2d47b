import { useState } from 'react';
import { ApiError } from '../../api/client';
import { describeError } from '../../api/errors';
import type { Translate } from '../../i18n/useT';
import { EntityForm } from '../../components/tenancy/EntityForm';
import { useT } from '../../i18n/useT';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { SelectField } from '../../ui/Select';
import { TextareaField } from '../../ui/Textarea';
import { useToast } from '../../ui/useToast';
import { CodeArea } from './EditDialog';
import { filledValues, VariableInputs } from './PreviewDialog';
import { useSendEmail, type EmailTemplate, type SendEmailBody } from './queries';

// The browser's own rule for type="email" (HTML standard), so the check matches what the field says.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** The failure text, with the SMTP server's own answer when delivery failed (502): whoever tests a mail needs it. */
function describeSendError(failure: unknown, t: Translate): string {
  const text = describeError(failure, t);
  const smtp =
    failure instanceof ApiError
      ? failure.details?.find((detail) => detail.path === 'smtp')?.message
      : undefined;
  return smtp ? `${text} (SMTP: ${smtp})` : text;
}

function SendForm({
  applicationId,
  fixedTemplate,
  templates,
  onDone,
}: {
  applicationId: string;
  fixedTemplate?: EmailTemplate;
  templates: EmailTemplate[];
  onDone(): void;
}) {
  const t = useT();
  const toast = useToast();
  const send = useSendEmail();
  const [to, setTo] = useState('');
  const [chosenId, setChosenId] = useState('');
  const [subject, setSubject] = useState('');
  const [html, setHtml] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const template = fixedTemplate ?? templates.find((candidate) => candidate.id === chosenId);

  const submit = () => {
    // SPEC §5: recipient (an e-mail address) and subject are required; a template brings its subject.
    if (!to.trim() || (!template && !subject.trim())) {
      setError(t('emailTemplates.send.required'));
      return;
    }
    if (!EMAIL_PATTERN.test(to.trim())) {
      setError(t('emailTemplates.send.invalidTo'));
      return;
    }
    if (!template && !html.trim()) {
      setError(t('emailTemplates.send.needHtml'));
      return;
    }
    setError(null);
    const body: SendEmailBody = template
      ? {
          to: to.trim(),
          applicationId,
          template: template.name,
          templateData: filledValues(values),
          locale: template.locale,
        }
      : { to: to.trim(), applicationId, subject: subject.trim(), html };
    send.mutate(body, {
      onSuccess: () => {
        toast({
          title: t('emailTemplates.sent'),
          description: t('emailTemplates.sentText', { to: to.trim() }),
          variant: 'success',
        });
        onDone();
      },
      onError: (failure) => {
        const message = t('emailTemplates.sendFailed', { message: describeSendError(failure, t) });
        setError(message);
        toast({ title: t('emailTemplates.sendFailedTitle'), description: message, variant: 'destructive' });
      },
    });
  };

  return (
    <EntityForm
      label={t('emailTemplates.sendDialog.title')}
      error={error}
      onSubmit={submit}
      onCancel={onDone}
      action={{ idle: t('emailTemplates.send.submit'), pending: t('emailTemplates.send.pending') }}
      pending={send.isPending}
    >
      <TextField
        label={t('emailTemplates.send.to')}
        type="email"
        value={to}
        onChange={(event) => setTo(event.target.value)}
        required
        autoComplete="email"
      />
      {fixedTemplate ? null : (
        <SelectField
          label={t('emailTemplates.send.template')}
          value={chosenId}
          onChange={(event) => {
            setChosenId(event.target.value);
            setValues({});
          }}
          placeholder={t('emailTemplates.send.noTemplate')}
          options={templates.map((candidate) => ({
            value: candidate.id,
            label: `${candidate.name} (${candidate.locale})`,
          }))}
        />
      )}
      {template ? (
        <VariableInputs names={template.variables} values={values} onChange={setValues} />
      ) : (
        <>
          <TextField
            label={t('emailTemplates.send.subject')}
            value={subject}
            onChange={(event) => setSubject(event.target.value)}
            required
          />
          <CodeArea>
            <TextareaField
              label={t('emailTemplates.send.html')}
              value={html}
              onChange={(event) => setHtml(event.target.value)}
              rows={6}
              spellCheck={false}
            />
          </CodeArea>
        </>
      )}
    </EntityForm>
  );
}

/**
 * "Send Email" (any template of the application, or subject and HTML) and the per-template
 * "Test senden" (`template` fixed).
 */
export function SendDialog({
  applicationId,
  open,
  onOpenChange,
  template,
  templates = [],
}: {
  applicationId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  template?: EmailTemplate;
  templates?: EmailTemplate[];
}) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={
        template
          ? t('emailTemplates.send.title', { name: template.name })
          : t('emailTemplates.sendDialog.title')
      }
      description={
        template ? t('emailTemplates.send.description') : t('emailTemplates.sendDialog.description')
      }
      closeLabel={t('common.close')}
      width={560}
    >
      <SendForm
        applicationId={applicationId}
        fixedTemplate={template}
        templates={templates}
        onDone={() => onOpenChange(false)}
      />
    </Dialog>
  );
}
