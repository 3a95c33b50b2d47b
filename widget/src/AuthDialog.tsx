import {
  AuthClient,
  IamError,
  isMfaRequired,
  type AuthSession,
  type AuthUser,
  type MfaAnswer,
} from '@iam-platform/sdk';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { catalogs, format, resolveLocale, type MessageKey, type Messages } from './i18n';
import { getPasskeyAssertion, passkeysSupported } from './passkey';
import { validateAuthForm, type AuthFormValues, type AuthMode } from './validation';
import { OriginNotice, useRefusedOrigin } from './origin-notice';

/** What `iam-auth-success` carries: the session, as the embedding API issued it. */
export interface AuthSuccessDetail {
  user: AuthUser;
  token: string;
  refresh_token: string;
  expires_at: number;
  mode: AuthMode;
  /** Set when the account has two-factor: how the second step was answered. */
  second_factor?: SecondFactor;
}

export type SecondFactor = 'totp' | 'recovery_code' | 'webauthn';

/** What `iam-auth-error` carries: the server's (or the dialog's) code and the text shown. */
export interface AuthErrorDetail {
  code: string;
  message: string;
}

export interface AuthDialogProps {
  /** The embedding application's id, sent as `X-Application-ID`. */
  applicationId: string;
  /** The IAM server's base URL (the embedding API is under `/api/auth`); default: this page's origin. */
  apiUrl?: string;
  /** @deprecated The embedding API's URL (`…/api/auth`); use apiUrl. */
  apiEndpoint?: string;
  /** An auth client to share (the element's, or the SDK's); one is made from the ids otherwise. */
  client?: AuthClient;
  initialMode?: AuthMode;
  /** `auto` follows the browser's language. */
  locale?: 'de' | 'en' | 'auto';
  /** `auto` follows prefers-color-scheme. */
  theme?: 'light' | 'dark' | 'auto';
  onSuccess?: (detail: AuthSuccessDetail) => void;
  onError?: (detail: AuthErrorDetail) => void;
  onSignOut?: () => void;
  /** Given: the dialog shows a close button that calls it. */
  onClose?: () => void;
}

type View = AuthMode | 'forgot' | 'pending' | 'success' | 'mfa';

/** The second sign-in step of an account with two-factor (docs/two-factor.md). */
interface MfaStep {
  token: string;
  methods: string[];
  email: string;
  mode: AuthMode;
  /** A recovery code instead of the app's code. */
  recovery: boolean;
}

interface Problem {
  text: string;
  /** The address whose confirmation mail may be sent again. */
  resendTo?: string;
}

const emptyValues: AuthFormValues = { email: '', password: '', confirmPassword: '', displayName: '' };

/** `https://iam.example.com/api/auth/` → `https://iam.example.com`. */
export function apiBase(apiUrl?: string | null, apiEndpoint?: string | null): string {
  const url = apiUrl || apiEndpoint?.replace(/\/+$/, '').replace(/\/api\/auth$/, '') || '';
  return url.replace(/\/+$/, '') || globalThis.location?.origin || '';
}

const wait = (seconds = 60) => (seconds < 60 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`);

/** The text a person can act on for a failed call (SPEC §8: the server's message, else `fallback`). */
export function describeFailure(error: unknown, t: Messages, fallback: MessageKey): AuthErrorDetail {
  if (!(error instanceof IamError)) return { code: 'network_error', message: t.network };
  const known: Record<string, string | undefined> = {
    origin_not_allowed: format(t.origin, globalThis.location?.origin),
    application_not_found: t.unknownApp,
    application_id_required: t.unknownApp,
    invalid_credentials: t.invalidCredentials,
    email_not_confirmed: t.notConfirmed,
    account_locked: format(t.locked, wait(error.retryAfter)),
    rate_limited: format(t.rateLimited, wait(error.retryAfter)),
    invalid_mfa_code: t.invalidCode,
    invalid_recovery_code: t.invalidRecovery,
    invalid_mfa_token: t.mfaExpired,
    passkey_not_accepted: t.passkeyRefused,
    passkey_not_found: t.passkeyUnavailable,
    second_factor_unavailable: t.passkeyOnlyElsewhere,
    // The hosted mode (hosted.ts).
    invalid_grant: t.hostedExpired,
    project_id_required: t.hostedNotConfigured,
    hosted_unavailable: t.hostedUnavailable,
    hosted_failed: t.hostedFailed,
    access_denied: t.hostedFailed,
    // The user pool's rules.
    account_blocked: t.blocked,
    signup_closed: t.signupClosed,
    sign_in_method_disabled: t.methodDisabled,
    password_too_common: t.passwordTooCommon,
    second_factor_enrollment_required: t.enrollmentRequired,
  };
  return { code: error.code, message: known[error.code] ?? (error.message || t[fallback]) };
}

/** The embeddable sign-in / sign-up dialog (SPEC.md §2 "Auth dialog and demo"). */
export function AuthDialog({
  applicationId,
  apiUrl,
  apiEndpoint,
  client: given,
  initialMode = 'login',
  locale,
  theme = 'auto',
  onSuccess,
  onError,
  onSignOut,
  onClose,
}: AuthDialogProps) {
  const base = apiBase(apiUrl, apiEndpoint);
  const client = useMemo(
    () => given ?? new AuthClient({ applicationId, apiUrl: base }),
    [given, applicationId, base],
  );
  const refusedOrigin = useRefusedOrigin(client);
  const [session, setSession] = useState<AuthSession | null>(() => client.getSession());
  const [view, setView] = useState<View>(session ? 'success' : initialMode);
  const [values, setValues] = useState<AuthFormValues>(emptyValues);
  const [problem, setProblem] = useState<Problem | null>(null);
  // A stored session may have expired while the page was closed: refreshed, or gone (signed out).
  useEffect(() => {
    if (!session) return;
    let current = true;
    client
      .getToken()
      .catch(() => null)
      .then((token) => {
        if (current && !token) {
          setSession(null);
          setView(initialMode);
        }
      });
    return () => {
      current = false;
    };
    // Once per client: later sign-ins and sign-outs happen here and are already known.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client]);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [mfa, setMfa] = useState<MfaStep | null>(null);
  const [code, setCode] = useState('');
  const codeField = useRef<HTMLInputElement>(null);
  // The second step replaces the form: the person goes on typing in its field (also after a wrong code).
  useEffect(() => {
    if (view === 'mfa') codeField.current?.focus();
  }, [view, mfa?.recovery, problem]);
  const id = useId();
  const lang = resolveLocale(locale);
  const t = catalogs[lang];

  const show = (next: View, keep?: string) => {
    // SPEC §4: switching between login and register clears the fields.
    setView(next);
    setValues({ ...emptyValues, email: keep ?? '' });
    setProblem(null);
    setNotice(null);
  };

  const fail = (error: unknown, fallback: MessageKey, email?: string) => {
    const detail = describeFailure(error, t, fallback);
    if (detail.code === 'invalid_mfa_token' && mfa) {
      // Expired, used or spent by wrong codes: only a new sign-in helps.
      setMfa(null);
      setView('login');
      setValues({ ...emptyValues, email: mfa.email });
    }
    setCode('');
    setProblem({ text: detail.message, resendTo: detail.code === 'email_not_confirmed' ? email : undefined });
    onError?.(detail);
  };

  const finish = (signedIn: AuthSession, mode: AuthMode, secondFactor?: SecondFactor) => {
    setSession(signedIn);
    setMfa(null);
    setCode('');
    show('success');
    onSuccess?.({ ...signedIn, mode, ...(secondFactor ? { second_factor: secondFactor } : {}) });
  };

  const answerMfa = (step: MfaStep, answer: MfaAnswer, how: SecondFactor) =>
    run(async () => finish(await client.completeMfa(step.token, answer), step.mode, how), 'loginFailed');

  const signInWithPasskey = (step: MfaStep) =>
    void run(async () => {
      const options = await client.passkeyOptions(step.token);
      let response: object;
      try {
        response = await getPasskeyAssertion(options);
      } catch (error) {
        // NotAllowedError: cancelled or timed out; SecurityError and others: not possible on this site.
        const cancelled = ['NotAllowedError', 'AbortError'].includes((error as DOMException)?.name);
        throw new IamError(
          0,
          cancelled ? 'passkey_cancelled' : 'passkey_unavailable',
          cancelled ? t.passkeyCancelled : t.passkeyUnavailable,
        );
      }
      finish(await client.completeMfa(step.token, { webauthn_response: response }), step.mode, 'webauthn');
    }, 'loginFailed');

  const run = async (work: () => Promise<void>, fallback: MessageKey, email?: string) => {
    setProblem(null);
    setNotice(null);
    setBusy(true);
    try {
      await work();
    } catch (error) {
      fail(error, fallback, email);
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const email = values.email.trim();
    if (view === 'mfa' && mfa) {
      if (mfa.recovery) {
        const recoveryCode = code.trim();
        if (!recoveryCode) return setProblem({ text: t.recoveryRequired });
        return void answerMfa(mfa, { recovery_code: recoveryCode }, 'recovery_code');
      }
      if (!/^\d{6}$/.test(code)) return setProblem({ text: t.codeRequired });
      return void answerMfa(mfa, { code }, 'totp');
    }
    if (view === 'forgot') {
      // SPEC §5: forgot-password without an e-mail.
      if (!email) return setProblem({ text: t.emailRequired });
      return void run(async () => {
        await client.requestPasswordReset(email);
        setNotice(format(t.resetSent, email));
      }, 'resetFailed');
    }
    const mode = view as AuthMode;
    const invalid = validateAuthForm(mode, values);
    if (invalid) return setProblem({ text: t[invalid] });
    void run(
      async () => {
        if (mode === 'register') {
          const result = await client.register(
            email,
            values.password,
            values.displayName.trim() || undefined,
          );
          if (result.confirmation_required) return show('pending', email);
        }
        const signedIn = await client.login(email, values.password);
        if (isMfaRequired(signedIn)) {
          // No session yet: the same dialog asks for the second factor; the password is let go.
          setMfa({ token: signedIn.mfa_token, methods: signedIn.methods, email, mode, recovery: false });
          setCode('');
          setValues({ ...emptyValues, email });
          setView('mfa');
          return;
        }
        finish(signedIn, mode);
      },
      mode === 'login' ? 'loginFailed' : 'registrationFailed',
      email,
    );
  };

  const resend = (email: string) =>
    void run(async () => {
      await client.resendConfirmation(email);
      setProblem(null);
      setNotice(t.resent);
    }, 'loginFailed');

  const signOut = () => {
    client.signOut();
    setSession(null);
    show('login');
    onSignOut?.();
  };

  const field = (name: keyof AuthFormValues, type: string, autoComplete: string, label: MessageKey) => (
    <div className="iam-field" part="field">
      <label htmlFor={`${id}-${name}`} part="label">
        {t[label]}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        part="input"
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      />
    </div>
  );

  const link = (label: string, onClick: () => void) => (
    <button type="button" className="iam-link" part="link" onClick={onClick}>
      {label}
    </button>
  );

  const email = values.email;
  const titles = {
    login: t.titleLogin,
    register: t.titleRegister,
    forgot: t.titleForgot,
    pending: t.titlePending,
    success: t.titleSuccess,
    mfa: t.titleMfa,
  };

  return (
    <div
      className="iam-root iam-dialog"
      data-theme={theme}
      part="dialog"
      lang={lang}
      aria-labelledby={`${id}-title`}
      role="group"
    >
      <div className="iam-head">
        <h2 id={`${id}-title`} part="title">
          {titles[view]}
        </h2>
        {onClose ? (
          <button type="button" className="iam-close" part="close" aria-label={t.close} onClick={onClose}>
            ×
          </button>
        ) : null}
      </div>
      {view === 'login' || view === 'register' ? (
        <div className="iam-tabs" part="tabs" role="tablist" aria-label={t.tabs}>
          {(['login', 'register'] as const).map((tab) => (
            <button
              key={tab}
              type="button"
              role="tab"
              className="iam-tab"
              part="tab"
              aria-selected={view === tab}
              onClick={() => show(tab)}
            >
              {tab === 'login' ? t.tabLogin : t.tabRegister}
            </button>
          ))}
        </div>
      ) : null}
      {refusedOrigin ? <OriginNotice origin={refusedOrigin} t={t} /> : null}
      <div aria-live="polite" className="iam-live">
        {problem ? (
          <div className="iam-alert" part="alert" role="alert">
            {problem.text}
            {problem.resendTo ? <div>{link(t.resend, () => resend(problem.resendTo!))}</div> : null}
          </div>
        ) : null}
        {notice ? (
          <p className="iam-notice" part="notice" role="status">
            {notice}
          </p>
        ) : null}
      </div>
      {view === 'success' && session ? (
        <div className="iam-form">
          <p className="iam-notice" part="notice">
            {format(t.signedInAs, session.user.email)}
          </p>
          <button type="button" className="iam-submit" part="button" onClick={signOut}>
            {t.signOut}
          </button>
        </div>
      ) : view === 'mfa' && mfa ? (
        <form className="iam-form" part="form" onSubmit={submit} noValidate aria-busy={busy}>
          {mfa.methods.includes('totp') ? (
            <>
              <p className="iam-hint" part="hint" id={`${id}-hint`}>
                {mfa.recovery ? t.recoveryIntro : t.mfaIntro}
              </p>
              <div className="iam-field" part="field">
                <label htmlFor={`${id}-code`} part="label">
                  {mfa.recovery ? t.recoveryCode : t.code}
                </label>
                <input
                  ref={codeField}
                  id={`${id}-code`}
                  name={mfa.recovery ? 'recovery_code' : 'code'}
                  type="text"
                  part="input"
                  className={mfa.recovery ? undefined : 'iam-code'}
                  inputMode={mfa.recovery ? 'text' : 'numeric'}
                  autoComplete={mfa.recovery ? 'off' : 'one-time-code'}
                  autoCapitalize="off"
                  spellCheck={false}
                  maxLength={mfa.recovery ? 64 : 6}
                  aria-describedby={`${id}-hint`}
                  value={code}
                  onChange={(event) =>
                    setCode(mfa.recovery ? event.target.value : event.target.value.replace(/\D/g, ''))
                  }
                />
              </div>
              <button className="iam-submit" part="button" type="submit" disabled={busy}>
                {t.verify}
              </button>
              {link(mfa.recovery ? t.useCode : t.useRecovery, () => {
                setMfa({ ...mfa, recovery: !mfa.recovery });
                setCode('');
                setProblem(null);
              })}
            </>
          ) : (
            <p className="iam-hint" part="hint">
              {t.passkeyIntro}
            </p>
          )}
          {mfa.methods.includes('webauthn') && passkeysSupported() ? (
            <button
              type="button"
              // The only way to answer when the account has no authenticator app: the main button.
              className={mfa.methods.includes('totp') ? 'iam-secondary' : 'iam-submit'}
              part="button"
              disabled={busy}
              onClick={() => signInWithPasskey(mfa)}
            >
              {t.usePasskey}
            </button>
          ) : null}
          {link(t.back, () => {
            setMfa(null);
            show('login', mfa.email);
          })}
        </form>
      ) : view === 'pending' ? (
        <div className="iam-form">
          <p className="iam-notice" part="notice">
            {format(t.pending, email)}
          </p>
          {link(t.resend, () => resend(email))}
          {link(t.back, () => show('login', email))}
        </div>
      ) : (
        <form className="iam-form" part="form" onSubmit={submit} noValidate aria-busy={busy}>
          {view === 'register' ? field('displayName', 'text', 'nickname', 'displayName') : null}
          {field('email', 'email', 'email', 'email')}
          {view === 'forgot'
            ? null
            : field(
                'password',
                'password',
                view === 'login' ? 'current-password' : 'new-password',
                'password',
              )}
          {view === 'register'
            ? field('confirmPassword', 'password', 'new-password', 'confirmPassword')
            : null}
          <button className="iam-submit" part="button" type="submit" disabled={busy}>
            {view === 'login' ? t.signIn : view === 'register' ? t.signUp : t.sendReset}
          </button>
          {view === 'login' ? link(t.forgot, () => show('forgot', email)) : null}
          {view === 'forgot' ? link(t.back, () => show('login', email)) : null}
        </form>
      )}
    </div>
  );
}
