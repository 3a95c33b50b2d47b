import type { ReactNode } from 'react';
import { useT } from '../../i18n/useT';
import { SelectField } from '../../ui/Select';
import { DescriptionField, NameField, SlugField, UrlField } from './CommonFields';
import { FieldRow } from './FormLayout';
import { ENVIRONMENTS, type Environment } from './queries';

/** What the project fields edit; the form holds them (see useFieldValues). */
export interface ProjectFieldValues {
  name: string;
  environment: Environment;
  repositoryUrl: string;
  description: string;
}

/** Which project form the fields are in, and what that form adds. */
export type ProjectFieldsForm =
  /**
   * "Neues Projekt": name and slug stacked, the organization choice beside the environment with an
   * optional notice below, and an example repository URL as placeholder.
   */
  | {
      kind: 'create';
      /** The slug shown and sent (derived from the name until typed over, see useDerivedSlug). */
      slug: string;
      onSlugChange(slug: string): void;
      organizationField: ReactNode;
      notice?: ReactNode;
    }
  /** The project's Einstellungen tab: name beside the environment. */
  | { kind: 'settings' };

/**
 * The project fields shared by "Neues Projekt" (CreateProjectDialog) and the project's
 * Einstellungen tab (ProjectSettings): name, environment, repository URL and description as
 * controlled inputs. `onChange` receives the fields that changed.
 */
export function ProjectFields({
  values,
  onChange,
  form,
}: {
  values: ProjectFieldValues;
  onChange(change: Partial<ProjectFieldValues>): void;
  form: ProjectFieldsForm;
}) {
  const t = useT();
  const nameField = (
    <NameField
      label={t('projects.field.name')}
      value={values.name}
      onValueChange={(name) => onChange({ name })}
    />
  );
  const environmentField = (
    <SelectField
      label={t('projects.field.environment')}
      name="environment"
      value={values.environment}
      onChange={(event) => onChange({ environment: event.target.value as Environment })}
      options={ENVIRONMENTS.map((value) => ({ value, label: t(`projects.environment.${value}`) }))}
    />
  );
  return (
    <>
      {form.kind === 'create' ? (
        <>
          {nameField}
          <SlugField label={t('projects.field.slug')} value={form.slug} onValueChange={form.onSlugChange} />
          <FieldRow>
            {form.organizationField}
            {environmentField}
          </FieldRow>
          {form.notice}
        </>
      ) : (
        <FieldRow>
          {nameField}
          {environmentField}
        </FieldRow>
      )}
      <UrlField
        label={t('projects.field.repositoryUrl')}
        name="repository_url"
        placeholder={form.kind === 'create' ? 'https://github.com/acme/app' : undefined}
        value={values.repositoryUrl}
        onValueChange={(repositoryUrl) => onChange({ repositoryUrl })}
      />
      <DescriptionField
        label={t('projects.field.description')}
        value={values.description}
        onValueChange={(description) => onChange({ description })}
      />
    </>
  );
}
