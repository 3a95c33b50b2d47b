import type { InputHTMLAttributes } from 'react';
import { TextField } from '../../ui/Field';
import { TextareaField } from '../../ui/Textarea';

/**
 * The plain fields that the organization, project and application forms share (see
 * OrganizationFields, ProjectFields and ApplicationFields): each is a controlled input with the
 * form's label, the `name` the form posts under, and a change handler that receives the new text.
 */
interface CommonFieldProps {
  label: string;
  value: string;
  onValueChange(value: string): void;
}

/** What a form may add to a single-line field: autocomplete, aria-invalid, aria-describedby … */
type InputExtras = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'autoComplete' | 'aria-invalid' | 'aria-describedby' | 'placeholder'
>;

/** The required name field. */
export function NameField({ label, value, onValueChange, ...extras }: CommonFieldProps & InputExtras) {
  return (
    <TextField
      label={label}
      name="name"
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      required
      {...extras}
    />
  );
}

/** The required slug field, without spell checking. */
export function SlugField({ label, value, onValueChange, ...extras }: CommonFieldProps & InputExtras) {
  return (
    <TextField
      label={label}
      name="slug"
      value={value}
      spellCheck={false}
      onChange={(event) => onValueChange(event.target.value)}
      required
      {...extras}
    />
  );
}

/** An optional URL field (website, repository URL, API endpoint), with an example as placeholder if given. */
export function UrlField({
  label,
  name,
  value,
  onValueChange,
  ...extras
}: CommonFieldProps & InputExtras & { name: string }) {
  return (
    <TextField
      label={label}
      name={name}
      type="url"
      inputMode="url"
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      {...extras}
    />
  );
}

/** The optional multi-line description field. */
export function DescriptionField({ label, value, onValueChange }: CommonFieldProps) {
  return (
    <TextareaField
      label={label}
      name="description"
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
}
