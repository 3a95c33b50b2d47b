import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { composeStories } from '@storybook/react-vite';
import { act, cleanup, fireEvent, render, waitFor, within } from '@testing-library/react';
import { expect } from 'chai';
import * as hostedStories from '../src/HostedMode.stories';
import { defineAuthDialogElement, type IamAuthDialogElement } from '../src/element';
import { browser, createPkce, hostedPageUrl, returnUri } from '../src/hosted';

const APP = '65f0000000000000000000bb';
const PROJECT = '65f0000000000000000000cc';
const USER = { id: '65f000000000000000000001', email: 'ada@example.com', display_name: 'Ada' };
const S256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** The embedding API's /hosted/token over real HTTP: a code is good once, with its verifier. */
function hostedApi() {
  const received: { path: string; body: Record<string, string>; headers: Record<string, unknown> }[] = [];
  const codes = new Map<string, { challenge: string; redirect_uri: string }>();
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk));
    req.on('end', () => {
      const body = text ? (JSON.parse(text) as Record<string, string>) : {};
      received.push({ path: req.url ?? '', body, headers: req.headers });
      const issued = codes.get(body.code ?? '');
      const good =
        req.url === '/api/auth/hosted/token' &&
        issued &&
        issued.redirect_uri === body.redirect_uri &&
        issued.challenge === S256(body.code_verifier ?? '');
      if (good) codes.delete(body.code!);
      const [status, answer] = good
        ? [
            200,
            {
              token: 'a.b.c',
              refresh_token: 'r1',
              expires_at: Math.floor(Date.now() / 1000) + 900,
              user: USER,
            },
          ]
        : [400, { error: 'The sign-in code is unknown, expired or already used.', code: 'invalid_grant' }];
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  return {
    received,
    codes,
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('hosted mode', () => {
  const api = hostedApi();
  const events: { type: string; detail: unknown }[] = [];
  const record = (event: Event) => events.push({ type: event.type, detail: (event as CustomEvent).detail });
  const TYPES = ['iam-auth-ready', 'iam-auth-success', 'iam-auth-error', 'iam-auth-signout'];
  const visited: string[] = [];
  const assign = browser.assign;
  let element: IamAuthDialogElement | undefined;

  before(async () => {
    await api.start();
    defineAuthDialogElement();
    for (const type of TYPES) document.addEventListener(type, record);
    browser.assign = (url) => void visited.push(url);
  });
  after(async () => {
    browser.assign = assign;
    for (const type of TYPES) document.removeEventListener(type, record);
    await api.stop();
  });
  beforeEach(() => {
    events.length = 0;
    visited.length = 0;
    api.received.length = 0;
    localStorage.clear();
    sessionStorage.clear();
    history.replaceState(null, '', '/shop/account?tab=orders');
  });
  afterEach(async () => {
    await act(async () => element?.remove());
    element = undefined;
  });

  const mount = async (attributes: Record<string, string>) => {
    element = document.createElement('iam-auth-dialog') as IamAuthDialogElement;
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    await act(async () => document.body.append(element!));
    return within(element.shadowRoot!.querySelector('div')!);
  };
  const hosted = () => ({ 'application-id': APP, 'api-url': api.url(), hosted: '', 'project-id': PROJECT });

  /** Clicks a button and waits for the page to be sent away. */
  const go = async (view: ReturnType<typeof within>, name: string) => {
    await act(async () => fireEvent.click(view.getByRole('button', { name })));
    await waitFor(() => expect(visited).to.have.length(1));
    return new URL(visited[0]!);
  };

  /** What the hosted page does after the sign-in: a code bound to the challenge, back to redirect_uri. */
  const comeBack = (to: URL, code = 'the-code') => {
    const redirect = to.searchParams.get('redirect_uri')!;
    api.codes.set(code, { challenge: to.searchParams.get('code_challenge')!, redirect_uri: redirect });
    const back = new URL(redirect);
    back.searchParams.set('code', code);
    back.searchParams.set('state', to.searchParams.get('state')!);
    history.replaceState(null, '', `${back.pathname}${back.search}`);
  };

  it('makes S256 PKCE pairs and the hosted page’s address', async () => {
    const { verifier, challenge } = await createPkce();
    expect(verifier).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(challenge).to.equal(S256(verifier));
    expect((await createPkce()).verifier).to.not.equal(verifier);
    expect(returnUri('https://shop.example/a?x=1&code=c&state=s#top')).to.equal('https://shop.example/a?x=1');
    const url = new URL(
      hostedPageUrl({
        apiUrl: 'https://iam.example.com',
        projectId: PROJECT,
        applicationId: APP,
        redirectUri: 'https://shop.example/a?x=1',
        state: 'st',
        challenge,
        mode: 'register',
      }),
    );
    expect(`${url.origin}${url.pathname}`).to.equal(`https://iam.example.com/p/${PROJECT}/sign-up`);
    expect(Object.fromEntries(url.searchParams)).to.deep.equal({
      client_id: APP,
      redirect_uri: 'https://shop.example/a?x=1',
      state: 'st',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
  });

  it('shows Sign in / Sign up buttons (no dialog) that go to the hosted sign-in and sign-up pages', async () => {
    const view = await mount({ ...hosted(), locale: 'en' });
    expect(element!.shadowRoot!.querySelector('[part=dialog]')).to.equal(null);
    const to = await go(view, 'Sign in');
    expect(`${to.origin}${to.pathname}`).to.equal(`${api.url()}/p/${PROJECT}/sign-in`);
    expect(to.searchParams.get('client_id')).to.equal(APP);
    expect(to.searchParams.get('redirect_uri')).to.equal('http://localhost:3000/shop/account?tab=orders');
    expect(to.searchParams.get('code_challenge_method')).to.equal('S256');
    // Verifier and state stay in this tab only; the challenge is the verifier's S256.
    const pending = JSON.parse(sessionStorage.getItem(`iam_hosted_${APP}`)!);
    expect(pending.state).to.equal(to.searchParams.get('state'));
    expect(S256(pending.verifier)).to.equal(to.searchParams.get('code_challenge'));
    expect(localStorage.length).to.equal(0);

    visited.length = 0;
    const signUp = await go(view, 'Sign up');
    expect(signUp.pathname).to.equal(`/p/${PROJECT}/sign-up`);
    // A new attempt, a new pair.
    expect(signUp.searchParams.get('state')).to.not.equal(to.searchParams.get('state'));
    expect(api.received).to.deep.equal([]);
  });

  it('takes mode="hosted" too, and open() goes to the hosted page', async () => {
    await mount({ 'application-id': APP, 'api-url': api.url(), mode: 'hosted', 'project-id': PROJECT });
    await act(async () => element!.open('register'));
    await waitFor(() => expect(visited).to.have.length(1));
    expect(new URL(visited[0]!).pathname).to.equal(`/p/${PROJECT}/sign-up`);
  });

  it('comes back, trades the code, reports iam-auth-success like the dialog, stores the session and cleans the address', async () => {
    const to = await go(await mount({ ...hosted(), locale: 'en' }), 'Sign in');
    await act(async () => element!.remove());
    comeBack(to);
    events.length = 0;

    // The page loads again with ?code=&state=: a new element finishes the sign-in.
    const view = await mount({ ...hosted(), locale: 'en' });
    await waitFor(() => expect(view.getByText('Signed in as ada@example.com')).to.exist);
    expect(location.pathname + location.search).to.equal('/shop/account?tab=orders');
    const [exchange] = api.received;
    expect(exchange!.path).to.equal('/api/auth/hosted/token');
    expect(exchange!.headers['x-application-id']).to.equal(APP);
    expect(exchange!.body).to.include({
      code: 'the-code',
      redirect_uri: 'http://localhost:3000/shop/account?tab=orders',
    });
    expect(events.map((event) => event.type)).to.deep.equal(['iam-auth-ready', 'iam-auth-success']);
    expect(events[1]!.detail).to.deep.include({ token: 'a.b.c', refresh_token: 'r1', mode: 'login' });
    expect(Object.keys(events[1]!.detail as object).sort()).to.deep.equal(
      ['expires_at', 'mode', 'refresh_token', 'token', 'user'].sort(),
    );
    // Stored where the dialog and the SDK keep it; the verifier is gone.
    expect(element!.getSession()?.user.email).to.equal('ada@example.com');
    expect(JSON.parse(localStorage.getItem(`iam_auth_${APP}`)!).token).to.equal('a.b.c');
    expect(sessionStorage.getItem(`iam_hosted_${APP}`)).to.equal(null);

    // A reload of the cleaned page sends nothing more; sign-out shows the buttons again.
    await act(async () => element!.remove());
    const again = await mount({ ...hosted(), locale: 'en' });
    expect(api.received).to.have.length(1);
    await act(async () => fireEvent.click(again.getByRole('button', { name: 'Sign out' })));
    expect(events.at(-1)!.type).to.equal('iam-auth-signout');
    expect(again.getByRole('button', { name: 'Sign in' })).to.exist;
  });

  it('reports mode "register" for a sign-up, and goes to redirect-url afterwards', async () => {
    const to = await go(await mount(hosted()), 'Sign up');
    await act(async () => element!.remove());
    comeBack(to);
    await mount({ ...hosted(), 'redirect-url': '#welcome' });
    await waitFor(() => expect(location.hash).to.equal('#welcome'));
    expect(events.find((event) => event.type === 'iam-auth-success')!.detail).to.include({
      mode: 'register',
    });
  });

  it('leaves a code of another flow alone (no state of this tab)', async () => {
    history.replaceState(null, '', '/shop?code=theirs&state=not-ours');
    sessionStorage.setItem(
      `iam_hosted_${APP}`,
      JSON.stringify({ state: 'ours', verifier: 'v', redirect_uri: 'x', mode: 'login' }),
    );
    await mount(hosted());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.received).to.deep.equal([]);
    expect(location.search).to.equal('?code=theirs&state=not-ours');
    expect(sessionStorage.getItem(`iam_hosted_${APP}`)).to.not.equal(null);
  });

  it('reports a refused code as iam-auth-error, shows it, and still cleans the address', async () => {
    const to = await go(await mount({ ...hosted(), locale: 'de' }), 'Anmelden');
    await act(async () => element!.remove());
    comeBack(to);
    api.codes.clear(); // expired, or already used
    const view = await mount({ ...hosted(), locale: 'de' });
    const alert = await view.findByRole('alert');
    expect(alert.textContent).to.equal(
      'Die Anmeldung ist abgelaufen oder wurde bereits abgeschlossen. Bitte melden Sie sich erneut an.',
    );
    expect(events.at(-1)).to.deep.equal({
      type: 'iam-auth-error',
      detail: { code: 'invalid_grant', message: alert.textContent },
    });
    expect(location.search).to.equal('?tab=orders');
    expect(element!.getSession()).to.equal(null);
    expect(view.getByRole('button', { name: 'Anmelden' })).to.exist;
  });

  it('refuses to start without project-id (iam-auth-error, nothing stored, no navigation)', async () => {
    const view = await mount({ 'application-id': APP, 'api-url': api.url(), hosted: '', locale: 'en' });
    await act(async () => fireEvent.click(view.getByRole('button', { name: 'Sign in' })));
    await waitFor(() => expect(events.at(-1)!.type).to.equal('iam-auth-error'));
    expect((events.at(-1)!.detail as { code: string }).code).to.equal('project_id_required');
    expect(visited).to.deep.equal([]);
    expect(sessionStorage.length).to.equal(0);
    expect((await view.findByRole('alert')).textContent).to.contain('project-id');
  });
});

describe('hosted mode stories (play functions)', () => {
  afterEach(cleanup);
  beforeEach(() => sessionStorage.clear());
  for (const [name, Story] of Object.entries(composeStories(hostedStories))) {
    it(name, async () => {
      const { container } = render(<Story />);
      await Story.play?.({ canvasElement: container } as never);
      expect(container.querySelector('iam-auth-dialog')).to.exist;
    });
  }
});
