import { useId, useState, type FormEvent } from 'react';
import { messages, validateAuthForm, type AuthFormValues, type AuthMode } from './validation';

export interface AuthDialogProps {
  /** The embedding application's id, sent as `X-Application-ID`. */
  applicationId: string;
  /** Base URL of the embedding API, e.g. `https://iam.example.com/api/auth`. */
  apiEndpoint: string;
  initialMode?: AuthMode;
  onSuccess?: (result: { mode: AuthMode; token?: string; user: unknown }) => void;
  onError?: (message: string) => void;
}

const emptyValues: AuthFormValues = { email: '', password: '', confirmPassword: '', displayName: '' };

/** The embeddable sign-in / sign-up dialog (SPEC.md §2 "Auth dialog and demo"). */
export function AuthDialog({
  applicationId,
  apiEndpoint,
  initialMode = 'login',
  onSuccess,
  onError,
}: AuthDialogProps) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [values, setValues] = useState<AuthFormValues>(emptyValues);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const id = useId();

  const switchMode = (next: AuthMode) => {
    // SPEC §4: switching between login and register clears the fields.
    setMode(next);
    setValues(emptyValues);
    setError(null);
  };

  const update = (field: keyof AuthFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateAuthForm(mode, values);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const body =
        mode === 'login'
          ? { email: values.email.trim(), password: values.password }
          : {
              email: values.email.trim(),
              password: values.password,
              ...(values.displayName.trim() ? { display_name: values.displayName.trim() } : {}),
            };
      const response = await fetch(`${apiEndpoint.replace(/\/+$/, '')}/${mode}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-application-id': applicationId },
        body: JSON.stringify(body),
      });
      const data = (await response.json().catch(() => ({}))) as {
        error?: string;
        token?: string;
        user?: unknown;
      };
      if (!response.ok)
        throw new Error(
          data.error ?? (mode === 'login' ? messages.loginFailed : messages.registrationFailed),
        );
      onSuccess?.({ mode, token: data.token, user: data.user });
    } catch (caught) {
      // Network failures are shown as they are (SPEC §8).
      const message = caught instanceof Error ? caught.message : String(caught);
      setError(message);
      onError?.(message);
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: keyof AuthFormValues, label: string, type: string, autoComplete: string) => (
    <div className="iam-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={update(name)}
      />
    </div>
  );

  return (
    <div className="iam-dialog" role="dialog" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{mode === 'login' ? 'Sign in' : 'Create account'}</h2>
      <div className="iam-tabs" role="tablist" aria-label="Authentication mode">
        {(['login', 'register'] as const).map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            className="iam-tab"
            aria-selected={mode === tab}
            onClick={() => switchMode(tab)}
          >
            {tab === 'login' ? 'Login' : 'Register'}
          </button>
        ))}
      </div>
      <form onSubmit={submit} noValidate>
        {error ? (
          <div className="iam-alert" role="alert">
            {error}
          </div>
        ) : null}
        {mode === 'register' ? field('displayName', 'Display name (optional)', 'text', 'nickname') : null}
        {field('email', 'Email', 'email', 'email')}
        {field('password', 'Password', 'password', mode === 'login' ? 'current-password' : 'new-password')}
        {mode === 'register'
          ? field('confirmPassword', 'Confirm password', 'password', 'new-password')
          : null}
        <button className="iam-submit" type="submit" disabled={submitting}>
          {mode === 'login' ? 'Sign in' : 'Sign up'}
        </button>
      </form>
    </div>
  );
}
