import type { ReactNode } from 'react';
import { useT } from '../../i18n/useT';
import { TextField } from '../../ui/Field';
import { DescriptionField, NameField, SlugField, UrlField } from './CommonFields';
import { FieldRow } from './FormLayout';

/** What the application fields edit; the form holds them (see useFieldValues). */
export interface ApplicationFieldValues {
  name: string;
  apiEndpoint: string;
  version: string;
  description: string;
}

/** Which application form the fields are in, and what that form adds. */
export type ApplicationFieldsForm =
  /** "Neue Anwendung" on a project's page (SPEC §2): name, API endpoint and description only. */
  | { kind: 'compact' }
  /** "Neue Anwendung" elsewhere: the slug below the name, the project choice beside the version. */
  | {
      kind: 'create';
      /** The slug shown and sent (derived from the name until typed over, see useDerivedSlug). */
      slug: string;
      onSlugChange(slug: string): void;
      projectField: ReactNode;
    }
  /** "Anwendung bearbeiten": the API endpoint beside the version. */
  | { kind: 'edit' };

/**
 * The application fields shared by "Neue Anwendung" (CreateApplicationDialog) and "Anwendung
 * bearbeiten" (EditApplicationDialog): name, API endpoint, version and description as controlled
 * inputs. `onChange` receives the fields that changed. The create forms show an example endpoint
 * as placeholder.
 */
export function ApplicationFields({
  values,
  onChange,
  form,
}: {
  values: ApplicationFieldValues;
  onChange(change: Partial<ApplicationFieldValues>): void;
  form: ApplicationFieldsForm;
}) {
  const t = useT();
  const versionField = (
    <TextField
      label={t('applications.field.version')}
      name="version"
      value={values.version}
      spellCheck={false}
      onChange={(event) => onChange({ version: event.target.value })}
    />
  );
  const endpointField = (
    <UrlField
      label={t('applications.field.apiEndpoint')}
      name="api_endpoint"
      placeholder={form.kind === 'edit' ? undefined : 'https://api.example.com'}
      value={values.apiEndpoint}
      onValueChange={(apiEndpoint) => onChange({ apiEndpoint })}
    />
  );
  return (
    <>
      <NameField
        label={t('applications.field.name')}
        value={values.name}
        onValueChange={(name) => onChange({ name })}
      />
      {form.kind === 'create' ? (
        <>
          <SlugField
            label={t('applications.field.slug')}
            value={form.slug}
            onValueChange={form.onSlugChange}
          />
          <FieldRow>
            {form.projectField}
            {versionField}
          </FieldRow>
        </>
      ) : null}
      {form.kind === 'edit' ? (
        <FieldRow>
          {endpointField}
          {versionField}
        </FieldRow>
      ) : (
        endpointField
      )}
      <DescriptionField
        label={t('applications.field.description')}
        value={values.description}
        onValueChange={(description) => onChange({ description })}
      />
    </>
  );
}
