import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { EntityForm, useFormError } from '../../components/tenancy/EntityForm';
import { useT } from '../../i18n/useT';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { TextareaField } from '../../ui/Textarea';
import { useToast } from '../../ui/useToast';
import { PreviewPane } from './PreviewPane';
import { usePreview, useUpdateTemplate, type EmailTemplate } from './queries';

/** Editor and live preview side by side on wide screens, one above the other on phones. */
const SideBySide = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    align-items: start;
  }
  h3 {
    margin: 0;
    font-size: 1rem;
  }
`;

/** The HTML field as a code editor: monospace, no spell checking, no autocorrection. */
export const CodeArea = styled.div`
  textarea {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.85rem;
    line-height: 1.5;
    tab-size: 2;
  }
`;

const PREVIEW_DELAY_MS = 400;

/** The value, once it has stopped changing for `delay` ms (the live preview asks the server). */
function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

function EditForm({ template, onDone }: { template: EmailTemplate; onDone(): void }) {
  const t = useT();
  const toast = useToast();
  const [subject, setSubject] = useState(template.subject);
  const [html, setHtml] = useState(template.html_content);
  const { error, setError, onFailure } = useFormError('emailTemplates.updateFailed');
  const update = useUpdateTemplate();
  const draftSubject = useSettled(subject, PREVIEW_DELAY_MS);
  const draftHtml = useSettled(html, PREVIEW_DELAY_MS);
  const preview = usePreview(template.id, {}, { subject: draftSubject, html_content: draftHtml });

  const submit = () => {
    if (!subject.trim()) {
      setError(t('emailTemplates.required'));
      return;
    }
    if (!html.trim()) {
      setError(t('emailTemplates.htmlRequired'));
      return;
    }
    setError(null);
    update.mutate(
      { id: template.id, subject: subject.trim(), html_content: html },
      {
        onSuccess: (saved) => {
          toast({ title: t('emailTemplates.updated'), description: saved.name, variant: 'success' });
          onDone();
        },
        onError: onFailure,
      },
    );
  };

  return (
    <SideBySide>
      <EntityForm
        label={t('emailTemplates.edit.title', { name: template.name })}
        error={error}
        onSubmit={submit}
        onCancel={onDone}
        action={{ idle: t('emailTemplates.save'), pending: t('emailTemplates.saving') }}
        pending={update.isPending}
      >
        <TextField
          label={t('emailTemplates.field.subject')}
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
          required
        />
        <CodeArea>
          <TextareaField
            label={t('emailTemplates.field.html')}
            value={html}
            onChange={(event) => setHtml(event.target.value)}
            rows={16}
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
          />
        </CodeArea>
      </EntityForm>
      <section aria-label={t('emailTemplates.edit.livePreview')}>
        <h3>{t('emailTemplates.edit.livePreview')}</h3>
        <PreviewPane preview={preview.data} error={preview.error} loading={preview.isPending} />
      </section>
    </SideBySide>
  );
}

/** SPEC §2: edit subject and HTML with a code editor and a live preview side by side. */
export function EditDialog({ template, onClose }: { template: EmailTemplate | null; onClose(): void }) {
  const t = useT();
  return (
    <Dialog
      open={template !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('emailTemplates.edit.title', { name: template?.name ?? '' })}
      description={t('emailTemplates.edit.description')}
      closeLabel={t('common.close')}
      width={1200}
    >
      {template ? <EditForm key={template.id} template={template} onDone={onClose} /> : null}
    </Dialog>
  );
}
