import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AuthDialog } from './AuthDialog';
import {
  fakeApi,
  installFakePasskeys,
  mfaRequired,
  ORIGIN_REFUSED,
  WRONG_MFA_CODE,
  type Scenario,
} from './stories/fake-api';
import { authDialogCss } from './styles';

/** The dialog with its styles, scoped as in <iam-auth-dialog>'s shadow root. */
function Frame({ theme, children }: { theme: string; children: ReactNode }) {
  return (
    <div data-widget-host="">
      <style>{authDialogCss}</style>
      <div className="iam-root" data-theme={theme}>
        {children}
      </div>
    </div>
  );
}

interface StoryArgs {
  scenario: Scenario;
  initialMode: 'login' | 'register';
  locale: 'en' | 'de' | 'auto';
  theme: 'light' | 'dark' | 'auto';
  width?: number;
  /** The browser's passkey prompt, faked for the story: it answers, or is cancelled. */
  passkey?: 'ok' | 'cancelled';
}

function Demo({ scenario, initialMode, locale, theme, width, passkey }: StoryArgs) {
  const { client } = useMemo(() => fakeApi(scenario), [scenario]);
  // Installed before the dialog first renders (it asks whether WebAuthn is there), removed after.
  const [restorePasskeys] = useState(() => (passkey ? installFakePasskeys(passkey) : undefined));
  useEffect(() => () => restorePasskeys?.(), [restorePasskeys]);
  return (
    <div style={{ width: width ?? 420, maxWidth: '100%' }}>
      <Frame theme={theme}>
        <AuthDialog
          theme={theme}
          applicationId="65f0000000000000000000aa"
          client={client}
          initialMode={initialMode}
          locale={locale}
        />
      </Frame>
    </div>
  );
}

const meta: Meta<typeof Demo> = {
  title: 'Widget/AuthDialog',
  component: Demo,
  args: { scenario: {}, initialMode: 'login', locale: 'en', theme: 'light' },
  argTypes: {
    locale: { control: 'inline-radio', options: ['en', 'de', 'auto'] },
    theme: { control: 'inline-radio', options: ['light', 'dark', 'auto'] },
    initialMode: { control: 'inline-radio', options: ['login', 'register'] },
  },
};

export default meta;
type Story = StoryObj<typeof Demo>;

/** Where the play functions look: the widget. */
const widget = async (canvasElement: HTMLElement) => {
  const host = await waitFor(() => {
    const found = canvasElement.querySelector<HTMLElement>('[data-widget-host]');
    if (!found?.querySelector('h2')) throw new Error('widget not rendered yet');
    return found;
  });
  return within(host);
};

const signIn = async (canvasElement: HTMLElement, password = 'correct horse') => {
  const view = await widget(canvasElement);
  await userEvent.type(view.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(view.getByLabelText('Password'), password);
  await userEvent.click(view.getByRole('button', { name: 'Sign in' }));
  return view;
};

const alertSays = async (canvasElement: HTMLElement, text: string | RegExp) => {
  const view = await widget(canvasElement);
  const alert = await view.findByRole('alert');
  if (typeof text === 'string') await expect(alert.textContent).toContain(text);
  else await expect(alert.textContent).toMatch(text);
  return view;
};

export const Login: Story = {};

export const Register: Story = { args: { initialMode: 'register' } };

export const Loading: Story = {
  args: { scenario: { login: { status: 200, hang: true } } },
  play: async ({ canvasElement }) => {
    const view = await signIn(canvasElement);
    await waitFor(() => expect(view.getByRole('button', { name: 'Sign in' })).toBeDisabled());
    await expect(view.getByRole('button', { name: 'Sign in' }).closest('form')).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const WrongCredentials: Story = {
  args: {
    scenario: {
      login: { status: 401, body: { error: 'Invalid e-mail or password.', code: 'invalid_credentials' } },
    },
  },
  play: async ({ canvasElement }) => {
    await signIn(canvasElement, 'wrong password');
    await alertSays(canvasElement, 'Invalid e-mail or password.');
  },
};

export const UnconfirmedEmail: Story = {
  args: {
    scenario: {
      login: {
        status: 403,
        body: { error: 'Please confirm your e-mail address first.', code: 'email_not_confirmed' },
      },
    },
  },
  play: async ({ canvasElement }) => {
    await signIn(canvasElement);
    const view = await alertSays(canvasElement, 'Please confirm your e-mail address first.');
    await userEvent.click(view.getByRole('button', { name: 'Resend confirmation e-mail' }));
    await expect((await view.findByRole('status')).textContent).toBe('We have sent a new confirmation link.');
  },
};

export const LockedAccount: Story = {
  args: {
    scenario: {
      login: {
        status: 429,
        retryAfter: 900,
        body: { error: 'Too many failed sign-in attempts', code: 'account_locked' },
      },
    },
  },
  play: async ({ canvasElement }) => {
    await signIn(canvasElement);
    await alertSays(
      canvasElement,
      'Too many failed sign-in attempts. Try again in 15 min or reset your password.',
    );
  },
};

export const RateLimited: Story = {
  args: {
    scenario: {
      login: { status: 429, retryAfter: 42, body: { error: 'Too many requests', code: 'rate_limited' } },
    },
  },
  play: async ({ canvasElement }) => {
    await signIn(canvasElement);
    await alertSays(canvasElement, 'Too many attempts. Please try again in 42 s.');
  },
};

export const NetworkDown: Story = {
  args: { scenario: { offline: true } },
  play: async ({ canvasElement }) => {
    await signIn(canvasElement);
    await alertSays(canvasElement, 'The sign-in service cannot be reached.');
  },
};

export const OriginNotAllowed: Story = {
  args: { scenario: ORIGIN_REFUSED },
  play: async ({ canvasElement }) => {
    await signIn(canvasElement);
    await alertSays(
      canvasElement,
      `Add ${window.location.origin} to the allowed origins of the application in the IAM Platform dashboard.`,
    );
  },
};

export const UnknownApplication: Story = {
  args: {
    scenario: {
      login: { status: 404, body: { error: 'Application not found', code: 'application_not_found' } },
    },
  },
  play: async ({ canvasElement }) => {
    await signIn(canvasElement);
    await alertSays(canvasElement, 'No active application has this application ID.');
  },
};

export const ValidationErrors: Story = {
  args: { initialMode: 'register' },
  play: async ({ canvasElement }) => {
    const view = await widget(canvasElement);
    await userEvent.click(view.getByRole('button', { name: 'Sign up' }));
    await alertSays(canvasElement, 'Email and password are required');
    await userEvent.type(view.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(view.getByLabelText('Password'), '12345');
    await userEvent.type(view.getByLabelText('Confirm password'), '12345');
    await userEvent.click(view.getByRole('button', { name: 'Sign up' }));
    await alertSays(canvasElement, 'Password must be at least 6 characters long');
    await userEvent.type(view.getByLabelText('Password'), '6');
    await userEvent.click(view.getByRole('button', { name: 'Sign up' }));
    await alertSays(canvasElement, 'Passwords do not match');
  },
};

export const ConfirmationPending: Story = {
  args: { initialMode: 'register' },
  play: async ({ canvasElement }) => {
    const view = await widget(canvasElement);
    await userEvent.type(view.getByLabelText('Display name (optional)'), 'Ada');
    await userEvent.type(view.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(view.getByLabelText('Password'), 'correct horse');
    await userEvent.type(view.getByLabelText('Confirm password'), 'correct horse');
    await userEvent.click(view.getByRole('button', { name: 'Sign up' }));
    await view.findByRole('heading', { name: 'Confirm your e-mail' });
    await expect(view.getByText(/We have sent a confirmation link to ada@example.com/)).toBeTruthy();
    await userEvent.click(view.getByRole('button', { name: 'Resend confirmation e-mail' }));
    await expect((await view.findByRole('status')).textContent).toBe('We have sent a new confirmation link.');
  },
};

export const SignedIn: Story = {
  play: async ({ canvasElement }) => {
    const view = await signIn(canvasElement);
    await view.findByRole('heading', { name: 'Signed in' });
    await expect(view.getByText('Signed in as ada@example.com')).toBeTruthy();
    await userEvent.click(view.getByRole('button', { name: 'Sign out' }));
    await view.findByRole('heading', { name: 'Sign in' });
    await expect(view.getByLabelText('Email')).toHaveValue('');
  },
};

export const ForgotPassword: Story = {
  play: async ({ canvasElement }) => {
    const view = await widget(canvasElement);
    await userEvent.click(view.getByRole('button', { name: 'Forgot password?' }));
    await view.findByRole('heading', { name: 'Reset password' });
    await userEvent.click(view.getByRole('button', { name: 'Send reset link' }));
    await alertSays(canvasElement, 'Email required. Please enter your email address.');
    await userEvent.type(view.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(view.getByRole('button', { name: 'Send reset link' }));
    await expect((await view.findByRole('status')).textContent).toContain(
      'If an account exists for ada@example.com, we have sent a link',
    );
  },
};

export const SwitchingClearsFields: Story = {
  play: async ({ canvasElement }) => {
    const view = await widget(canvasElement);
    await userEvent.type(view.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(view.getByRole('tab', { name: 'Register' }));
    await expect(view.getByLabelText('Email')).toHaveValue('');
    await expect(view.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  },
};

export const Dark: Story = { args: { theme: 'dark' } };

export const DarkWithError: Story = {
  ...WrongCredentials,
  args: { ...WrongCredentials.args, theme: 'dark' },
};

export const German: Story = {
  args: { locale: 'de', initialMode: 'register' },
  play: async ({ canvasElement }) => {
    const view = await widget(canvasElement);
    await view.findByRole('heading', { name: 'Konto erstellen' });
    await userEvent.type(view.getByLabelText('E-Mail'), 'ada@example.com');
    await userEvent.type(view.getByLabelText('Passwort'), '123456');
    await userEvent.type(view.getByLabelText('Passwort bestätigen'), '1234567');
    await userEvent.click(view.getByRole('button', { name: 'Registrieren' }));
    await alertSays(canvasElement, 'Passwörter stimmen nicht überein');
  },
};

export const GermanOriginNotAllowed: Story = {
  args: { locale: 'de', scenario: ORIGIN_REFUSED },
  play: async ({ canvasElement }) => {
    const view = await widget(canvasElement);
    await userEvent.type(view.getByLabelText('E-Mail'), 'ada@example.com');
    await userEvent.type(view.getByLabelText('Passwort'), 'correct horse');
    await userEvent.click(view.getByRole('button', { name: 'Anmelden' }));
    await alertSays(canvasElement, `Tragen Sie ${window.location.origin} im IAM-Platform-Dashboard`);
  },
};

export const Mobile: Story = {
  args: { width: 343 },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
};

export const CustomTheme: Story = {
  decorators: [
    (Story) => (
      <div
        style={
          {
            '--iam-color-primary': '#0f766e',
            '--iam-radius': '2px',
            '--iam-font': 'Georgia, serif',
          } as CSSProperties
        }
      >
        <Story />
      </div>
    ),
  ],
};

/** The password was right; the account has two-factor: the dialog asks for the code (German). */
const secondStep = async (canvasElement: HTMLElement) => {
  const view = await widget(canvasElement);
  await userEvent.type(view.getByLabelText('E-Mail'), 'ada@example.com');
  await userEvent.type(view.getByLabelText('Passwort'), 'correct horse');
  await userEvent.click(view.getByRole('button', { name: 'Anmelden' }));
  await view.findByRole('heading', { name: 'Zwei-Faktor-Anmeldung' });
  return view;
};

export const TwoFactorCode: Story = {
  args: { locale: 'de', scenario: { login: mfaRequired(['totp']) } },
  play: async ({ canvasElement }) => {
    const view = await secondStep(canvasElement);
    const field = view.getByLabelText('Code');
    await waitFor(() => expect(field).toHaveFocus());
    await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(view.getByRole('button', { name: 'Wiederherstellungscode verwenden' })).toBeTruthy();
    await userEvent.type(field, '123456');
  },
};

export const TwoFactorWrongCode: Story = {
  args: { locale: 'de', scenario: { login: mfaRequired(['totp']), 'mfa/challenge': WRONG_MFA_CODE } },
  play: async ({ canvasElement }) => {
    const view = await secondStep(canvasElement);
    await userEvent.type(view.getByLabelText('Code'), '000000');
    await userEvent.click(view.getByRole('button', { name: 'Bestätigen' }));
    await alertSays(canvasElement, 'Der Code ist falsch oder wurde bereits verwendet.');
    await expect(view.getByLabelText('Code')).toHaveValue('');
  },
};

export const TwoFactorRecoveryCode: Story = {
  args: { locale: 'de', scenario: { login: mfaRequired(['totp']) } },
  play: async ({ canvasElement }) => {
    const view = await secondStep(canvasElement);
    await userEvent.click(view.getByRole('button', { name: 'Wiederherstellungscode verwenden' }));
    await userEvent.type(view.getByLabelText('Wiederherstellungscode'), 'k3m9p-x7q2w');
    await expect(view.getByRole('button', { name: 'Code aus der App verwenden' })).toBeTruthy();
  },
};

export const TwoFactorPasskey: Story = {
  args: { locale: 'de', passkey: 'ok', scenario: { login: mfaRequired(['totp', 'webauthn']) } },
  play: async ({ canvasElement }) => {
    const view = await secondStep(canvasElement);
    await expect(view.getByRole('button', { name: 'Passkey verwenden' })).toBeTruthy();
  },
};

export const TwoFactorPasskeySignedIn: Story = {
  args: TwoFactorPasskey.args,
  play: async ({ canvasElement }) => {
    const view = await secondStep(canvasElement);
    await userEvent.click(view.getByRole('button', { name: 'Passkey verwenden' }));
    await view.findByRole('heading', { name: 'Erfolgreich angemeldet' });
  },
};

export const TwoFactorPasskeyCancelled: Story = {
  args: { ...TwoFactorPasskey.args, passkey: 'cancelled' },
  play: async ({ canvasElement }) => {
    const view = await secondStep(canvasElement);
    await userEvent.click(view.getByRole('button', { name: 'Passkey verwenden' }));
    await alertSays(canvasElement, 'Der Passkey wurde nicht bestätigt.');
  },
};

export const TwoFactorMobile: Story = {
  ...TwoFactorWrongCode,
  args: { ...TwoFactorWrongCode.args, width: 343 },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
};
