import { ApiError } from '../../../api/client';
import type {
  PoolLocale,
  PoolSettings,
  PoolSettingsPatch,
  SecondFactorMode,
  SignInMethod,
  SignupMode,
} from './queries';

export const DURATION_UNITS = ['minutes', 'hours', 'days'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];
const UNIT_SECONDS: Record<DurationUnit, number> = { minutes: 60, hours: 3600, days: 86_400 };

/** A lifetime as a person types it: an amount (text, as typed) of a unit. */
export interface Duration {
  amount: string;
  unit: DurationUnit;
}

/** The largest unit that divides the seconds evenly, so that saving unchanged changes nothing. */
export function durationOf(seconds: number): Duration {
  const unit = [...DURATION_UNITS].reverse().find((candidate) => seconds % UNIT_SECONDS[candidate] === 0);
  if (!unit) return { amount: String(Math.round((seconds / 60) * 100) / 100), unit: 'minutes' };
  return { amount: String(seconds / UNIT_SECONDS[unit]), unit };
}

/** Seconds of a typed duration; NaN when the amount is not a number (the server says so). */
export function secondsOf(duration: Duration): number {
  const amount = Number(duration.amount.trim().replace(',', '.'));
  return duration.amount.trim() === '' ? Number.NaN : Math.round(amount * UNIT_SECONDS[duration.unit]);
}

/** The settings form's state: every field as the person edits it. */
export interface PoolFormValues {
  signup: SignupMode;
  methods: SignInMethod[];
  googleClientId: string;
  /** Empty: keep the stored secret. */
  googleClientSecret: string;
  passwordMinLength: string;
  secondFactor: SecondFactorMode;
  sessionLifetime: Duration;
  refreshLifetime: Duration;
  displayName: string;
  logoUrl: string;
  primaryColor: string;
  locale: PoolLocale;
  supportEmail: string;
  redirectUrls: string[];
}

export function formValuesOf(settings: PoolSettings): PoolFormValues {
  return {
    signup: settings.signup,
    methods: settings.methods,
    googleClientId: settings.google?.client_id ?? '',
    googleClientSecret: '',
    passwordMinLength: String(settings.password_min_length),
    secondFactor: settings.second_factor,
    sessionLifetime: durationOf(settings.session_lifetime_seconds),
    refreshLifetime: durationOf(settings.refresh_lifetime_seconds),
    displayName: settings.branding.display_name,
    logoUrl: settings.branding.logo_url ?? '',
    primaryColor: settings.branding.primary_color,
    locale: settings.branding.locale,
    supportEmail: settings.branding.support_email ?? '',
    redirectUrls: settings.redirect_urls,
  };
}

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((entry, index) => entry === b[index]);

/**
 * The PATCH body: only what differs from the saved settings. Changing how users sign in (methods,
 * second factor, Google, redirect URLs, password length, lifetimes) asks the owner for a fresh
 * proof of identity, so a change of the logo alone must not send those. The Google client is sent
 * while Google sign-in is ticked and its ID or secret changed (the secret only when typed anew);
 * unticking Google keeps the stored client for later.
 */
export function patchOf(values: PoolFormValues, saved: PoolSettings): PoolSettingsPatch {
  const patch: PoolSettingsPatch = {};
  if (values.signup !== saved.signup) patch.signup = values.signup;
  if (!sameList([...values.methods].sort(), [...saved.methods].sort())) patch.methods = values.methods;
  const minLength = numberOf(values.passwordMinLength);
  if (minLength !== saved.password_min_length) patch.password_min_length = minLength;
  if (values.secondFactor !== saved.second_factor) patch.second_factor = values.secondFactor;
  const session = secondsOf(values.sessionLifetime);
  if (session !== saved.session_lifetime_seconds) patch.session_lifetime_seconds = session;
  const refresh = secondsOf(values.refreshLifetime);
  if (refresh !== saved.refresh_lifetime_seconds) patch.refresh_lifetime_seconds = refresh;
  const secret = values.googleClientSecret.trim();
  const clientId = values.googleClientId.trim();
  if (values.methods.includes('google') && (secret || clientId !== (saved.google?.client_id ?? '')))
    patch.google = { client_id: clientId, ...(secret ? { client_secret: secret } : {}) };
  const branding = {
    display_name: values.displayName.trim(),
    logo_url: values.logoUrl.trim() || null,
    primary_color: normalizedHex(values.primaryColor) ?? values.primaryColor.trim(),
    locale: values.locale,
    support_email: values.supportEmail.trim() || null,
  };
  if (
    (Object.keys(branding) as (keyof typeof branding)[]).some((key) => branding[key] !== saved.branding[key])
  )
    patch.branding = branding;
  if (!sameList(values.redirectUrls, saved.redirect_urls)) patch.redirect_urls = values.redirectUrls;
  return patch;
}

/** "#4f46e5", or a short "#abc" spelled out; null when it is no colour a colour input takes. */
export function normalizedHex(text: string): string | null {
  const value = text.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(value)) return value;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(value);
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : null;
}

/**
 * The server's objections to a save, by field (`branding.logo_url`, `redirect_urls.2`, …): the
 * `details` of a 400 validation_failed, without the `body.` prefix.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.code !== 'validation_failed') return {};
  const errors: Record<string, string> = {};
  for (const detail of error.details ?? []) {
    const path = detail.path.replace(/^body\.?/, '');
    errors[path] ??= detail.message;
  }
  return errors;
}
