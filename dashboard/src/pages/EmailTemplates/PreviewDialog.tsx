import { useState } from 'react';
import styled from 'styled-components';
import { useT } from '../../i18n/useT';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { PreviewPane } from './PreviewPane';
import { usePreview, type EmailTemplate } from './queries';

const Values = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 200px), 1fr));
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

/** Sample values for a template's {{variables}}, one labelled input each. */
export function VariableInputs({
  names,
  values,
  onChange,
}: {
  names: string[];
  values: Record<string, string>;
  onChange(values: Record<string, string>): void;
}) {
  const t = useT();
  if (names.length === 0) return null;
  return (
    <Values>
      <legend>{t('emailTemplates.preview.values')}</legend>
      {names.map((name) => (
        <TextField
          key={name}
          label={t('emailTemplates.preview.valueFor', { name })}
          value={values[name] ?? ''}
          onChange={(event) => onChange({ ...values, [name]: event.target.value })}
        />
      ))}
    </Values>
  );
}

/** Only the values actually entered: an empty one leaves its placeholder unresolved. */
export function filledValues(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
}

function PreviewBody({ template }: { template: EmailTemplate }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const preview = usePreview(template.id, filledValues(values));
  return (
    <>
      <VariableInputs names={template.variables} values={values} onChange={setValues} />
      <PreviewPane preview={preview.data} error={preview.error} loading={preview.isPending} />
    </>
  );
}

/** SPEC §2: the preview dialog — desktop and mobile widths, a warning about unprocessed {{variables}}. */
export function PreviewDialog({ template, onClose }: { template: EmailTemplate | null; onClose(): void }) {
  const t = useT();
  return (
    <Dialog
      open={template !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('emailTemplates.preview.title', { name: template?.name ?? '' })}
      description={t('emailTemplates.preview.description')}
      closeLabel={t('common.close')}
      width={760}
    >
      {template ? <PreviewBody template={template} /> : null}
    </Dialog>
  );
}
