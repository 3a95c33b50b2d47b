import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'chai';
import { AuthDialog } from '../src/AuthDialog';
import { defineAuthDialogElement, redirectTarget, type IamAuthDialogElement } from '../src/element';
import { fakeApi } from '../src/stories/fake-api';

const APP = '65f0000000000000000000aa';
const USER = { id: '65f000000000000000000001', email: 'ada@example.com', display_name: 'Ada' };

/** A stand-in for the embedding API over real HTTP; `answers` says what each path answers. */
function embeddingApi() {
  const received: { path: string; body: Record<string, unknown>; headers: Record<string, unknown> }[] = [];
  const answers: Record<string, { status: number; body: object }> = {};
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk));
    req.on('end', () => {
      const path = (req.url ?? '').replace('/api/auth/', '');
      received.push({ path, body: text ? JSON.parse(text) : {}, headers: req.headers });
      const answer = answers[path] ?? {
        status: 200,
        body: {
          token: 'a.b.c',
          refresh_token: 'r1',
          expires_at: Math.floor(Date.now() / 1000) + 900,
          user: USER,
        },
      };
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  return {
    received,
    answers,
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('AuthDialog (React component)', () => {
  afterEach(cleanup);

  const type = (label: RegExp | string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('asks for e-mail and password before sending anything', async () => {
    const api = fakeApi();
    render(<AuthDialog applicationId={APP} client={api.client} locale="en" />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).to.equal('Email and password are required');
    expect(api.calls).to.deep.equal([]);
  });

  it('speaks German with locale="de" (SPEC §5 texts) and follows the browser with auto', async () => {
    render(<AuthDialog applicationId={APP} client={fakeApi().client} locale="de" initialMode="register" />);
    type('E-Mail', 'ada@example.com');
    type('Passwort', '12345');
    type('Passwort bestätigen', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Registrieren' }));
    expect((await screen.findByRole('alert')).textContent).to.equal(
      'Passwort muss mindestens 6 Zeichen lang sein',
    );
    cleanup();
    render(<AuthDialog applicationId={APP} client={fakeApi().client} locale="auto" />);
    // jsdom's navigator.language is en-US.
    expect(screen.getByRole('heading').textContent).to.equal('Sign in');
  });

  it('sends what was typed with the application id, and reports the session', async () => {
    const api = fakeApi({ register: { status: 201, body: { user: USER, confirmation_required: false } } });
    const successes: unknown[] = [];
    render(
      <AuthDialog
        applicationId={APP}
        client={api.client}
        initialMode="register"
        locale="en"
        onSuccess={(detail) => successes.push(detail)}
      />,
    );
    type('Display name (optional)', ' Ada ');
    type('Email', ' ada@example.com ');
    type(/^Password/, 'correct horse');
    type('Confirm password', 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await screen.findByText('Signed in as ada@example.com');
    expect(api.calls.map((call) => call.path)).to.deep.equal(['register', 'login']);
    expect(api.calls[0]!.body).to.deep.equal({
      email: 'ada@example.com',
      password: 'correct horse',
      display_name: 'Ada',
    });
    expect(successes).to.have.length(1);
    expect(successes[0]).to.include.keys('user', 'token', 'refresh_token', 'expires_at');
    expect(successes[0]).to.include({ mode: 'register' });
  });
});

describe('<iam-auth-dialog>', () => {
  const api = embeddingApi();
  let element: IamAuthDialogElement;
  const events: { type: string; detail: unknown }[] = [];
  const record = (event: Event) => events.push({ type: event.type, detail: (event as CustomEvent).detail });
  const TYPES = ['iam-auth-ready', 'iam-auth-success', 'iam-auth-error', 'iam-auth-signout'];

  before(async () => {
    await api.start();
    defineAuthDialogElement();
    defineAuthDialogElement(); // a second call must not throw
    for (const type of TYPES) document.addEventListener(type, record);
  });
  after(async () => {
    for (const type of TYPES) document.removeEventListener(type, record);
    await api.stop();
  });
  beforeEach(() => {
    events.length = 0;
    api.received.length = 0;
    localStorage.clear();
  });
  afterEach(async () => {
    await act(async () => element?.remove());
  });

  const mount = async (attributes: Record<string, string>) => {
    element = document.createElement('iam-auth-dialog') as IamAuthDialogElement;
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    await act(async () => document.body.append(element));
    return within(element.shadowRoot!.querySelector('div')!);
  };
  const signIn = async (view: ReturnType<typeof within>) => {
    fireEvent.change(view.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(view.getByLabelText('Password'), { target: { value: 'correct horse' } });
    await act(async () => fireEvent.click(view.getByRole('button', { name: 'Sign in' })));
  };

  it('keeps its styles inside the shadow root and takes the theme attribute', async () => {
    await mount({ 'application-id': APP, 'api-url': api.url(), mode: 'register', theme: 'dark' });
    const shadow = element.shadowRoot!;
    expect(shadow.querySelector('style')!.textContent).to.contain('--iam-color-primary');
    expect(document.head.querySelector('style')).to.equal(null);
    expect(shadow.querySelector('h2')!.textContent).to.equal('Create account');
    expect(shadow.querySelector('.iam-root')!.getAttribute('data-theme')).to.equal('dark');
    expect(shadow.querySelector('[part=dialog] [part=input]')).to.exist;
  });

  it('signs in against api-url, fires ready → success (bubbling, composed), keeps the session over a reload, signs out', async () => {
    const view = await mount({ 'application-id': APP, 'api-url': `${api.url()}/` });
    expect(events.map((event) => event.type)).to.deep.equal(['iam-auth-ready']);
    await signIn(view);
    await waitFor(() => expect(view.getByText('Signed in as ada@example.com')).to.exist);
    expect(api.received[0]!.path).to.equal('login');
    expect(api.received[0]!.headers['x-application-id']).to.equal(APP);
    const success = events.find((event) => event.type === 'iam-auth-success')!.detail as Record<
      string,
      unknown
    >;
    expect(success).to.include({ token: 'a.b.c', refresh_token: 'r1' });
    expect((success.user as { email: string }).email).to.equal('ada@example.com');
    expect(element.getSession()?.user.email).to.equal('ada@example.com');

    // A reload: a new element finds the stored session and shows the signed-in state.
    await act(async () => element.remove());
    const again = await mount({ 'application-id': APP, 'api-url': api.url() });
    expect(again.getByText('Signed in as ada@example.com')).to.exist;
    expect((events.at(-1)!.detail as { user: { email: string } }).user.email).to.equal('ada@example.com');

    await act(async () => element.signOut());
    expect(element.getSession()).to.equal(null);
    expect(events.at(-1)!.type).to.equal('iam-auth-signout');
    expect(again.getByRole('heading').textContent).to.equal('Sign in');
    await waitFor(() => expect(api.received.at(-1)!.path).to.equal('logout'));
  });

  it('goes to redirect-url after sign-in, but never to a javascript: or data: URL', async () => {
    for (const refused of [
      'javascript:alert(document.domain)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>',
      'http://[',
    ])
      expect(redirectTarget(refused, 'https://shop.example/'), refused).to.equal(null);
    expect(String(redirectTarget('/account', 'https://shop.example/cart'))).to.equal(
      'https://shop.example/account',
    );
    expect(String(redirectTarget('https://other.example/', 'https://shop.example/'))).to.equal(
      'https://other.example/',
    );
    const again = await mount({ 'application-id': APP, 'api-url': api.url(), 'redirect-url': '#signed-in' });
    await signIn(again);
    await waitFor(() => expect(location.hash).to.equal('#signed-in'));
    history.replaceState(null, '', '/');
  });

  it('shows the sign-in form when the stored session has expired and cannot be refreshed', async () => {
    localStorage.setItem(
      `iam_auth_${APP}`,
      JSON.stringify({ token: 'old', refresh_token: 'spent', expires_at: 1, user: USER }),
    );
    api.answers.refresh = {
      status: 401,
      body: { error: 'The refresh token is invalid', code: 'invalid_refresh_token' },
    };
    const view = await mount({ 'application-id': APP, 'api-url': api.url() });
    await waitFor(() => expect(view.getByRole('heading').textContent).to.equal('Sign in'));
    expect(element.getSession()).to.equal(null);
    delete api.answers.refresh;
  });

  it('reports failures as iam-auth-error {code, message} and shows them', async () => {
    api.answers.login = {
      status: 401,
      body: { error: 'Invalid e-mail or password.', code: 'invalid_credentials' },
    };
    const view = await mount({ 'application-id': APP, 'api-endpoint': `${api.url()}/api/auth` });
    await signIn(view);
    const alert = await view.findByRole('alert');
    expect(alert.textContent).to.equal('Invalid e-mail or password.');
    expect(events.at(-1)).to.deep.equal({
      type: 'iam-auth-error',
      detail: { code: 'invalid_credentials', message: 'Invalid e-mail or password.' },
    });
    delete api.answers.login;
  });

  it("says in the page's language why the application's user pool refused a sign-in", async () => {
    api.answers.login = {
      status: 403,
      body: { error: 'This account has been blocked by the operator.', code: 'account_blocked' },
    };
    const view = await mount({
      'application-id': APP,
      'api-endpoint': `${api.url()}/api/auth`,
      locale: 'de',
    });
    fireEvent.change(view.getByLabelText('E-Mail'), { target: { value: 'ada@example.com' } });
    fireEvent.change(view.getByLabelText('Passwort'), { target: { value: 'correct horse' } });
    await act(async () => fireEvent.click(view.getByRole('button', { name: 'Anmelden' })));
    const alert = await view.findByRole('alert');
    expect(alert.textContent).to.match(/^Dieses Konto wurde vom Betreiber der Anwendung gesperrt/);
    expect(events.at(-1)).to.deep.include({ type: 'iam-auth-error' });
    delete api.answers.login;
  });

  it('with trigger: Sign In / Sign Up buttons open the dialog; open(), close() and the close button', async () => {
    const view = await mount({ 'application-id': APP, 'api-url': api.url(), trigger: '', locale: 'de' });
    expect(view.queryByRole('heading')).to.equal(null);
    await act(async () => fireEvent.click(view.getByRole('button', { name: 'Registrieren' })));
    expect(view.getByRole('heading').textContent).to.equal('Konto erstellen');
    await act(async () => fireEvent.click(view.getByRole('button', { name: 'Schließen' })));
    expect(view.queryByRole('heading')).to.equal(null);
    await act(async () => element.open('login'));
    expect(view.getByRole('heading').textContent).to.equal('Anmelden');
    await act(async () => element.close());
    expect(view.queryByRole('heading')).to.equal(null);
  });
});
