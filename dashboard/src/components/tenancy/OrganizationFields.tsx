import { normalizeWebsite } from '@iam-platform/common';
import { useCallback, useId } from 'react';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { TextField } from '../../ui/Field';
import { DescriptionField, NameField, SlugField, UrlField } from './CommonFields';
import { FieldHint } from './FormLayout';
import type { Organization } from './queries';
import { useDerivedSlug } from './slug';
import { useFieldValues } from './useFieldValues';

/** The values of an organization form, as typed. */
export interface OrganizationValues {
  name: string;
  slug: string;
  description: string;
  website: string;
  maxMembers: string;
}

export type OrganizationField = keyof OrganizationValues;

/**
 * The state of an organization form. Editing starts from `organization`; creating (no
 * organization) starts empty, and the slug follows the name until the user types one of their own.
 */
export function useOrganizationValues(
  organization?: Organization,
): [OrganizationValues, (field: OrganizationField, value: string) => void] {
  const [values, change] = useFieldValues<OrganizationValues>(() => ({
    name: organization?.name ?? '',
    slug: organization?.slug ?? '',
    description: organization?.description ?? '',
    website: organization?.website_url ?? '',
    maxMembers: organization ? String(organization.max_members) : '',
  }));
  const [derivedSlug, setOwnSlug] = useDerivedSlug(values.name);
  const creating = !organization;
  const setValue = useCallback(
    (field: OrganizationField, value: string) => {
      if (creating && field === 'slug') setOwnSlug(value);
      else change({ [field]: value });
    },
    [creating, setOwnSlug, change],
  );
  return [creating ? { ...values, slug: derivedSlug } : values, setValue];
}

/** The checks both organization forms make before sending: a name and a slug are required. */
export function missingOrganizationValues({ name, slug }: OrganizationValues): MessageKey[] {
  const problems: MessageKey[] = [];
  if (!name.trim()) problems.push('organizations.nameRequired');
  if (!slug.trim()) problems.push('organizations.slugRequired');
  return problems;
}

/** The problems of an organization form, one line each, above its fields. */
export function OrganizationErrors({ errors }: { errors: string[] }) {
  return errors.length > 0 ? (
    <Alert tone="error">
      {errors.map((error) => (
        <div key={error}>{error}</div>
      ))}
    </Alert>
  ) : null;
}

/**
 * The controlled field group of "Neue Organisation" and the organization settings: name, slug,
 * description, website (with a hint when it will be saved with https://) and, with
 * `withMaxMembers`, the member limit. `creating` adds the hints meant for a new organization
 * (autocomplete of the name, an example website).
 */
export function OrganizationFields({
  values,
  onChange,
  invalid,
  creating = false,
  withMaxMembers = false,
}: {
  values: OrganizationValues;
  onChange(field: OrganizationField, value: string): void;
  /** Marks the name or slug field as invalid (aria-invalid) after a failed check. */
  invalid?: Partial<Record<'name' | 'slug', boolean>>;
  creating?: boolean;
  withMaxMembers?: boolean;
}) {
  const t = useT();
  const websiteHintId = useId();
  const normalizedWebsite = normalizeWebsite(values.website);
  const showWebsiteHint = normalizedWebsite !== '' && normalizedWebsite !== values.website.trim();

  return (
    <>
      <NameField
        label={t('organizations.field.name')}
        autoComplete={creating ? 'organization' : undefined}
        value={values.name}
        onValueChange={(value) => onChange('name', value)}
        aria-invalid={invalid?.name}
      />
      <SlugField
        label={t('organizations.field.slug')}
        value={values.slug}
        onValueChange={(value) => onChange('slug', value)}
        aria-invalid={invalid?.slug}
      />
      <DescriptionField
        label={t('organizations.field.description')}
        value={values.description}
        onValueChange={(value) => onChange('description', value)}
      />
      <UrlField
        label={t('organizations.field.website')}
        name="website"
        placeholder={creating ? 'acme.example' : undefined}
        value={values.website}
        onValueChange={(value) => onChange('website', value)}
        aria-describedby={showWebsiteHint ? websiteHintId : undefined}
      />
      {showWebsiteHint ? (
        <FieldHint id={websiteHintId}>
          {t('organizations.websiteSavedAs', { url: normalizedWebsite })}
        </FieldHint>
      ) : null}
      {withMaxMembers ? (
        <TextField
          label={t('organizations.field.maxMembers')}
          name="max_members"
          type="number"
          min={1}
          max={10000}
          inputMode="numeric"
          value={values.maxMembers}
          onChange={(event) => onChange('maxMembers', event.target.value)}
        />
      ) : null}
    </>
  );
}
