import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'chai';
import { AuthDialog, type AuthErrorDetail, type AuthSuccessDetail } from '../src/AuthDialog';
import { defineAuthDialogElement, type IamAuthDialogElement } from '../src/element';
import { fakeApi, mfaRequired, WRONG_MFA_CODE, type Scenario } from '../src/stories/fake-api';

const APP = '65f0000000000000000000aa';

/** What the browser's passkey prompt answers, for the length of one test. */
function fakePasskeys(answer: () => Promise<unknown>) {
  const saved = {
    credential: Object.getOwnPropertyDescriptor(globalThis, 'PublicKeyCredential'),
    credentials: Object.getOwnPropertyDescriptor(navigator, 'credentials'),
  };
  const requests: CredentialRequestOptions[] = [];
  Object.defineProperty(globalThis, 'PublicKeyCredential', { value: function () {}, configurable: true });
  Object.defineProperty(navigator, 'credentials', {
    configurable: true,
    value: {
      get: (options: CredentialRequestOptions) => {
        requests.push(options);
        return answer();
      },
    },
  });
  return {
    requests,
    restore() {
      for (const [target, key, descriptor] of [
        [globalThis, 'PublicKeyCredential', saved.credential],
        [navigator, 'credentials', saved.credentials],
      ] as const) {
        if (descriptor) Object.defineProperty(target, key, descriptor);
        else delete (target as unknown as Record<string, unknown>)[key];
      }
    },
  };
}

const bytes = (text: string) => new TextEncoder().encode(text).buffer;

describe('AuthDialog: the second sign-in step (two-factor)', () => {
  afterEach(cleanup);

  const type = (label: RegExp | string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });

  function dialog(scenario: Scenario, locale: 'de' | 'en' = 'de') {
    const api = fakeApi(scenario);
    const successes: AuthSuccessDetail[] = [];
    const errors: AuthErrorDetail[] = [];
    render(
      <AuthDialog
        applicationId={APP}
        client={api.client}
        locale={locale}
        onSuccess={(detail) => successes.push(detail)}
        onError={(detail) => errors.push(detail)}
      />,
    );
    return { api, successes, errors };
  }

  async function passwordStep(locale: 'de' | 'en' = 'de') {
    type(locale === 'de' ? 'E-Mail' : 'Email', 'ada@example.com');
    type(locale === 'de' ? 'Passwort' : 'Password', 'correct horse');
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: locale === 'de' ? 'Anmelden' : 'Sign in' })),
    );
  }

  it('asks for the 6-digit code after the password, refuses a wrong one, and signs in with the right one', async () => {
    const scenario: Scenario = { login: mfaRequired(['totp']), 'mfa/challenge': WRONG_MFA_CODE };
    const { api, successes, errors } = dialog(scenario);
    await passwordStep();

    expect(screen.getByRole('heading').textContent).to.equal('Zwei-Faktor-Anmeldung');
    const field = screen.getByLabelText('Code') as HTMLInputElement;
    expect(document.activeElement).to.equal(field);
    expect(field.autocomplete).to.equal('one-time-code');
    expect(field.inputMode).to.equal('numeric');
    expect(screen.queryByLabelText('Passwort')).to.equal(null);
    expect(successes).to.deep.equal([]);

    // Too short: said before anything is sent; letters and spaces are not taken.
    type('Code', '12 3a');
    expect(field.value).to.equal('123');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Bestätigen' })));
    expect((await screen.findByRole('alert')).textContent).to.equal(
      'Bitte geben Sie den 6-stelligen Code ein.',
    );
    expect(api.calls.map((call) => call.path)).to.deep.equal(['login']);

    type('Code', '000000');
    await act(async () => fireEvent.submit(field.form!));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).to.equal(
        'Der Code ist falsch oder wurde bereits verwendet. Geben Sie den aktuellen Code aus Ihrer App ein.',
      ),
    );
    expect(errors.at(-1)!.code).to.equal('invalid_mfa_code');
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).to.equal('');
    expect(document.activeElement).to.equal(screen.getByLabelText('Code'));

    delete scenario['mfa/challenge'];
    type('Code', '123456');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Bestätigen' })));
    await screen.findByText('Angemeldet als ada@example.com');
    expect(api.calls.map((call) => call.path)).to.deep.equal(['login', 'mfa/challenge', 'mfa/challenge']);
    expect(api.calls.at(-1)!.body).to.deep.equal({ mfa_token: 'mfa-step-1', code: '123456' });
    expect(successes).to.have.length(1);
    expect(successes[0]).to.include({ mode: 'login', second_factor: 'totp' });
    expect(successes[0]!.token).to.be.a('string');
    expect(api.client.getSession()?.user.email).to.equal('ada@example.com');
  });

  it('switches to a recovery code and back', async () => {
    const { api, successes } = dialog({ login: mfaRequired(['totp']) });
    await passwordStep();
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Wiederherstellungscode verwenden' })),
    );
    const field = screen.getByLabelText('Wiederherstellungscode') as HTMLInputElement;
    expect(document.activeElement).to.equal(field);
    expect(field.autocomplete).to.equal('off');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Bestätigen' })));
    expect(screen.getByRole('alert').textContent).to.equal(
      'Bitte geben Sie einen Wiederherstellungscode ein.',
    );
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Code aus der App verwenden' })),
    );
    expect(screen.getByLabelText('Code')).to.exist;
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Wiederherstellungscode verwenden' })),
    );
    type('Wiederherstellungscode', ' k3m9p-x7q2w ');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Bestätigen' })));
    await screen.findByText('Angemeldet als ada@example.com');
    expect(api.calls.at(-1)!.body).to.deep.equal({ mfa_token: 'mfa-step-1', recovery_code: 'k3m9p-x7q2w' });
    expect(successes[0]).to.include({ second_factor: 'recovery_code' });
  });

  it('goes back to the password when the step has expired or was spent', async () => {
    const { errors } = dialog(
      {
        login: mfaRequired(['totp']),
        'mfa/challenge': {
          status: 401,
          body: { error: 'The sign-in step has expired.', code: 'invalid_mfa_token' },
        },
      },
      'en',
    );
    await passwordStep('en');
    type('Code', '123456');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Verify' })));
    await waitFor(() => expect(screen.getByRole('heading').textContent).to.equal('Sign in'));
    expect(screen.getByRole('alert').textContent).to.equal('The sign-in has expired. Please sign in again.');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).to.equal('ada@example.com');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).to.equal('');
    expect(errors.at(-1)!.code).to.equal('invalid_mfa_token');
  });

  it('offers "Passkey verwenden" when the account has one, and signs in with the browser’s assertion', async () => {
    const passkeys = fakePasskeys(async () => ({
      id: 'cGFzc2tleS0x',
      rawId: bytes('passkey-1'),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      getClientExtensionResults: () => ({}),
      response: {
        clientDataJSON: bytes('{"type":"webauthn.get"}'),
        authenticatorData: bytes('auth-data'),
        signature: bytes('signature'),
        userHandle: null,
      },
    }));
    try {
      const { api, successes } = dialog({ login: mfaRequired(['totp', 'webauthn']) });
      await passwordStep();
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Passkey verwenden' })));
      await screen.findByText('Angemeldet als ada@example.com');
      expect(api.calls.map((call) => call.path)).to.deep.equal([
        'login',
        'mfa/webauthn/options',
        'mfa/challenge',
      ]);
      expect(api.calls[1]!.body).to.deep.equal({ mfa_token: 'mfa-step-1' });
      // The options' base64url became bytes for the browser, and the answer base64url again.
      const publicKey = passkeys.requests[0]!.publicKey!;
      expect(new TextDecoder().decode(publicKey.challenge as ArrayBuffer)).to.equal('sign-in-challenge');
      expect(new TextDecoder().decode(publicKey.allowCredentials![0]!.id as ArrayBuffer)).to.equal(
        'passkey-1',
      );
      const answer = api.calls[2]!.body as { mfa_token: string; webauthn_response: Record<string, unknown> };
      expect(answer.mfa_token).to.equal('mfa-step-1');
      expect(answer.webauthn_response).to.deep.include({
        id: 'cGFzc2tleS0x',
        rawId: 'cGFzc2tleS0x',
        type: 'public-key',
      });
      expect(answer.webauthn_response.response).to.deep.equal({
        clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0',
        authenticatorData: 'YXV0aC1kYXRh',
        signature: 'c2lnbmF0dXJl',
      });
      expect(successes[0]).to.include({ second_factor: 'webauthn' });
    } finally {
      passkeys.restore();
    }
  });

  it('says so when the passkey prompt is cancelled or not possible on this site, and keeps the code', async () => {
    let refusal = new DOMException('cancelled', 'NotAllowedError');
    const passkeys = fakePasskeys(() => Promise.reject(refusal));
    try {
      const { errors } = dialog({ login: mfaRequired(['totp', 'webauthn']) });
      await passwordStep();
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Passkey verwenden' })));
      await waitFor(() =>
        expect(screen.getByRole('alert').textContent).to.equal(
          'Der Passkey wurde nicht bestätigt. Versuchen Sie es erneut oder geben Sie den Code ein.',
        ),
      );
      expect(errors.at(-1)!.code).to.equal('passkey_cancelled');
      refusal = new DOMException('RP ID not allowed here', 'SecurityError');
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Passkey verwenden' })));
      await waitFor(() => expect(errors.at(-1)!.code).to.equal('passkey_unavailable'));
      expect(screen.getByRole('alert').textContent).to.contain('kein Passkey');
      expect(screen.getByLabelText('Code')).to.exist;
    } finally {
      passkeys.restore();
    }
  });

  it('explains a passkey-only account on a site where passkeys cannot be used (403 second_factor_unavailable)', async () => {
    const { errors } = dialog({
      login: {
        status: 403,
        body: { error: 'This account confirms sign-ins with a passkey…', code: 'second_factor_unavailable' },
      },
    });
    await passwordStep();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).to.equal(
        'Ihr Konto bestätigt Anmeldungen mit einem Passkey, der auf dieser Website nicht verwendet werden kann. Richten Sie in Ihrem Konto zusätzlich eine Authenticator-App ein, um sich hier anzumelden.',
      ),
    );
    expect(errors.at(-1)!.code).to.equal('second_factor_unavailable');
    expect(screen.getByRole('heading').textContent).to.equal('Anmelden');
  });

  it('shows no passkey button where the browser has no WebAuthn, and only the passkey without TOTP', async () => {
    dialog({ login: mfaRequired(['totp', 'webauthn']) });
    await passwordStep();
    expect(screen.queryByRole('button', { name: 'Passkey verwenden' })).to.equal(null);
    cleanup();
    const passkeys = fakePasskeys(() => Promise.reject(new DOMException('x', 'NotAllowedError')));
    try {
      dialog({ login: mfaRequired(['webauthn']) });
      await passwordStep();
      expect(screen.queryByLabelText('Code')).to.equal(null);
      expect(screen.getByText('Bestätigen Sie die Anmeldung mit Ihrem Passkey.')).to.exist;
      expect(screen.getByRole('button', { name: 'Passkey verwenden' })).to.exist;
    } finally {
      passkeys.restore();
    }
  });
});

describe('<iam-auth-dialog>: the second step’s events', () => {
  const events: { type: string; detail: Record<string, unknown> }[] = [];
  const record = (event: Event) =>
    events.push({ type: event.type, detail: (event as CustomEvent).detail as Record<string, unknown> });
  const savedFetch = globalThis.fetch;
  let element: IamAuthDialogElement;

  before(() => {
    defineAuthDialogElement();
    for (const type of ['iam-auth-success', 'iam-auth-error']) document.addEventListener(type, record);
  });
  after(() => {
    globalThis.fetch = savedFetch;
    for (const type of ['iam-auth-success', 'iam-auth-error']) document.removeEventListener(type, record);
  });
  afterEach(async () => {
    await act(async () => element?.remove());
    localStorage.clear();
  });

  it('reports a wrong code as iam-auth-error and the finished sign-in as iam-auth-success with second_factor', async () => {
    const scenario: Scenario = { login: mfaRequired(['totp']), 'mfa/challenge': WRONG_MFA_CODE };
    globalThis.fetch = fakeApi(scenario).fetch as typeof fetch;
    element = document.createElement('iam-auth-dialog') as IamAuthDialogElement;
    element.setAttribute('application-id', APP);
    element.setAttribute('api-url', 'https://iam.example.com');
    element.setAttribute('locale', 'en');
    await act(async () => document.body.append(element));
    const view = within(element.shadowRoot!.querySelector('div')!);
    fireEvent.change(view.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(view.getByLabelText('Password'), { target: { value: 'correct horse' } });
    await act(async () => fireEvent.click(view.getByRole('button', { name: 'Sign in' })));
    await waitFor(() => expect(view.getByLabelText('Code')).to.exist);
    expect(events).to.deep.equal([]);

    fireEvent.change(view.getByLabelText('Code'), { target: { value: '000000' } });
    await act(async () => fireEvent.click(view.getByRole('button', { name: 'Verify' })));
    await waitFor(() => expect(events).to.have.length(1));
    expect(events[0]).to.deep.equal({
      type: 'iam-auth-error',
      detail: {
        code: 'invalid_mfa_code',
        message: 'The code is not correct or was already used. Enter the current code from your app.',
      },
    });

    delete scenario['mfa/challenge'];
    fireEvent.change(view.getByLabelText('Code'), { target: { value: '123456' } });
    await act(async () => fireEvent.click(view.getByRole('button', { name: 'Verify' })));
    await waitFor(() => expect(events).to.have.length(2));
    expect(events[1]!.type).to.equal('iam-auth-success');
    expect(events[1]!.detail).to.include({ mode: 'login', second_factor: 'totp' });
    expect(element.getSession()?.user.email).to.equal('ada@example.com');
  });
});
