import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { Route, Routes } from 'react-router';
import { StepUpHost } from '../src/components/auth/StepUpDialog';
import ApplicationDetail from '../src/pages/ApplicationDetail';
import {
  changedOidcOf,
  formValuesOf,
  identifierProblem,
  scopeProblem,
  uriProblem,
  withClientType,
} from '../src/pages/ApplicationDetail/Oidc/oidcForm';
import type { OidcSettings } from '../src/pages/ApplicationDetail/Oidc/queries';
import { useSessionStore } from '../src/stores/session';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json, type RecordedRequest } from './fetch-stub';
import { renderWithProviders } from './render';
import { application, list, organization, project, user } from './tenancy-fixtures';

const PROJECT_ID = 'p00000000000000000000001';
const APP_ID = 'b00000000000000000000001';
const APP = `/api/v1/applications/${APP_ID}`;
const ISSUER = `http://localhost:3000/oidc/${PROJECT_ID}`;
const DISCOVERY = `/oidc/${PROJECT_ID}/.well-known/openid-configuration`;

function oidcSettings(overrides: Partial<OidcSettings> = {}): OidcSettings {
  return {
    client_id: APP_ID,
    issuer: ISSUER,
    client_type: null,
    redirect_uris: [],
    post_logout_redirect_uris: [],
    grant_types: [],
    first_party: true,
    token_endpoint_auth_method: 'none',
    jwks_uri: null,
    backchannel_logout_uri: null,
    access_token_ttl_s: null,
    refresh_token_ttl_s: null,
    api_identifier: null,
    api_scopes: [],
    client_secret_set: false,
    client_secret_created_at: null,
    ...overrides,
  };
}

const webClient = (overrides: Partial<OidcSettings> = {}) =>
  oidcSettings({
    client_type: 'web',
    redirect_uris: ['https://shop.example/callback'],
    grant_types: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_method: 'client_secret_basic',
    ...overrides,
  });

const discoveryDocument = {
  issuer: ISSUER,
  authorization_endpoint: `${ISSUER}/auth`,
  token_endpoint: `${ISSUER}/token`,
  userinfo_endpoint: `${ISSUER}/me`,
  jwks_uri: `${ISSUER}/jwks`,
  end_session_endpoint: `${ISSUER}/session/end`,
  introspection_endpoint: `${ISSUER}/token/introspection`,
  revocation_endpoint: `${ISSUER}/token/revocation`,
};

describe('application → "OpenID Connect" tab', function () {
  // Long forms typed key by key: slow when the machine is busy.
  this.timeout(60_000);
  let stub: FetchStub;
  let stored: OidcSettings;

  /** What the server answers to a PATCH: the stored client with the sent fields applied. */
  const patched = (request: RecordedRequest) => {
    stored = { ...stored, ...(request.body as { oidc: Partial<OidcSettings> }).oidc };
    return json(200, application({ oidc: stored }));
  };

  beforeEach(() => {
    act(() => {
      void useUiStore.getState().setLocale('de');
      useSessionStore.setState({
        status: 'signedIn',
        session: { accessToken: 'a', refreshToken: 'r', expiresAt: 9_999_999_999, user },
        signedOutByUser: false,
      });
      useToastStore.setState({ toasts: [] });
    });
    stored = oidcSettings();
    stub = new FetchStub()
      .on('GET', '/api/v1/organizations', () => json(200, list([organization()])))
      .on('GET', `/api/v1/projects/${PROJECT_ID}`, () => json(200, project()))
      .on('GET', '/api/v1/applications', () => json(200, list([])))
      .on('GET', APP, () => json(200, application({ oidc: stored })))
      .on('PATCH', APP, patched)
      .on('GET', DISCOVERY, () => json(200, discoveryDocument))
      // The page's other cards: answered, so that no failure of theirs (shown once the query has
      // given up retrying, seconds later on a busy machine) adds a second alert to the screen.
      .on('GET', `${APP}/refused-origins`, () => json(200, { origins: [] }))
      .on('GET', `${APP}/snippets`, () =>
        json(200, {
          application_id: APP_ID,
          api_url: 'http://localhost:3000',
          allowed_origins: [],
          data: [],
        }),
      )
      .install();
  });

  afterEach(() => {
    cleanup();
    stub.restore();
    document.body.style.pointerEvents = '';
  });

  const renderTab = () =>
    renderWithProviders(
      <>
        <Routes>
          <Route path="/projects/:projectId/applications/:applicationId" element={<ApplicationDetail />} />
        </Routes>
        <StepUpHost />
      </>,
      { route: `/projects/${PROJECT_ID}/applications/${APP_ID}?tab=oidc` },
    );

  const form = () => screen.getByRole('form', { name: 'OpenID-Connect-Einstellungen' });
  const formLoaded = () =>
    screen.findByRole('form', { name: 'OpenID-Connect-Einstellungen' }, { timeout: 10_000 });
  const save = () => userEvent.click(within(form()).getByRole('button', { name: 'Einstellungen speichern' }));
  const addRedirect = async (uri: string) =>
    userEvent.type(screen.getByLabelText('Neue Redirect-URI'), `${uri}{Enter}`);

  it('starts from "not a client yet" and sets up a web server app with its redirect URIs', async () => {
    renderTab();
    expect(
      await screen.findByRole('heading', { name: 'Diese Anwendung ist noch kein OpenID-Connect-Client' }),
    ).to.exist;
    expect(screen.getByRole('tab', { name: 'OpenID Connect', selected: true })).to.exist;
    // Nothing to copy before the application is a client.
    expect(screen.queryByRole('heading', { name: 'Endpunkte' })).to.equal(null);
    await userEvent.click(screen.getByRole('button', { name: /Webserver-App/ }));
    await formLoaded();
    expect((screen.getByRole('radio', { name: /Webserver-App/ }) as HTMLInputElement).checked).to.equal(true);
    expect(screen.getByText('Ungespeicherte Änderungen')).to.exist;
    // The defaults of a web server app: code + refresh, a secret sent with HTTP Basic.
    expect(
      (screen.getByRole('checkbox', { name: /Authorization Code/ }) as HTMLInputElement).checked,
    ).to.equal(true);
    expect(
      (screen.getByRole('checkbox', { name: /Client Credentials/ }) as HTMLInputElement).checked,
    ).to.equal(false);
    expect(
      (screen.getByLabelText('Authentifizierung am Token-Endpunkt') as HTMLSelectElement).value,
    ).to.equal('client_secret_basic');

    await addRedirect('https://shop.example/callback');
    expect(screen.getByRole('button', { name: 'https://shop.example/callback entfernen' })).to.exist;
    // Typed but not added: saved with the form too.
    await userEvent.type(screen.getByLabelText('Neue Post-Logout-Redirect-URI'), 'http://localhost:5173/');
    await userEvent.click(screen.getByRole('switch', { name: /Erstanbieter-App/ }));
    await userEvent.type(screen.getByLabelText('Gültigkeit des Access Tokens'), '15');
    await save();

    expect(await screen.findByText('OpenID-Connect-Einstellungen gespeichert')).to.exist;
    expect(stub.calls('PATCH', APP).map((call) => call.body)).to.deep.equal([
      {
        oidc: {
          client_type: 'web',
          redirect_uris: ['https://shop.example/callback'],
          post_logout_redirect_uris: ['http://localhost:5173/'],
          grant_types: ['authorization_code', 'refresh_token'],
          first_party: false,
          token_endpoint_auth_method: 'client_secret_basic',
          jwks_uri: null,
          backchannel_logout_uri: null,
          access_token_ttl_s: 900,
          refresh_token_ttl_s: null,
          api_identifier: null,
          api_scopes: [],
        },
      },
    ]);
    // Saved: the secret can be created, and the endpoints come from the discovery document.
    expect(await screen.findByRole('button', { name: 'Secret erzeugen' })).to.exist;
    expect(await screen.findByText(`${ISSUER}/token/introspection`)).to.exist;
    await waitFor(() => expect(screen.queryByText('Ungespeicherte Änderungen')).to.equal(null));
  });

  it('shows the fields each client type has', async () => {
    stored = webClient();
    renderTab();
    await formLoaded();
    expect(screen.getByLabelText('Neue Redirect-URI')).to.exist;
    expect(screen.queryByLabelText('JWKS-URI')).to.equal(null);
    await userEvent.selectOptions(
      screen.getByLabelText('Authentifizierung am Token-Endpunkt'),
      'private_key_jwt',
    );
    expect(screen.getByLabelText('JWKS-URI')).to.exist;

    // Machine to machine: no redirects, no consent, client credentials only.
    await userEvent.click(screen.getByRole('radio', { name: /Maschine-zu-Maschine/ }));
    expect(screen.queryByLabelText('Neue Redirect-URI')).to.equal(null);
    expect(screen.queryByLabelText('Back-Channel-Logout-URI (optional)')).to.equal(null);
    expect(screen.queryByRole('switch')).to.equal(null);
    const grants = within(screen.getByRole('group', { name: 'Grant Types' })).getAllByRole('checkbox');
    expect(grants.map((box) => (box as HTMLInputElement).value)).to.deep.equal(['client_credentials']);
    expect((grants[0] as HTMLInputElement).checked).to.equal(true);
    expect(screen.getByLabelText('Authentifizierung am Token-Endpunkt')).to.exist;
    expect(screen.queryByLabelText('Gültigkeit des Refresh Tokens')).to.equal(null);

    // A single-page app is public: no authentication method, no JWKS.
    await userEvent.click(screen.getByRole('radio', { name: /Single-Page-App/ }));
    expect(screen.queryByLabelText('Authentifizierung am Token-Endpunkt')).to.equal(null);
    expect(screen.queryByLabelText('JWKS-URI')).to.equal(null);
    expect(screen.getByRole('switch', { name: /Erstanbieter-App/ })).to.exist;
    const spaGrants = within(screen.getByRole('group', { name: 'Grant Types' })).getAllByRole('checkbox');
    expect(spaGrants.map((box) => (box as HTMLInputElement).value)).to.deep.equal([
      'authorization_code',
      'refresh_token',
    ]);
    expect(screen.getByLabelText('Gültigkeit des Refresh Tokens')).to.exist;
    // The saved web client still has its secret card until the type change is saved.
    expect(screen.getByRole('heading', { name: 'Client-Secret' })).to.exist;
  });

  it('checks addresses as the server does before adding them', async () => {
    stored = webClient();
    renderTab();
    await formLoaded();
    const field = screen.getByLabelText('Neue Redirect-URI');

    await addRedirect('http://shop.example/callback');
    expect(field.getAttribute('aria-invalid')).to.equal('true');
    expect(screen.getByText('Nur https:// erlaubt – http:// nur für localhost, 127.0.0.1 oder [::1].')).to
      .exist;
    expect(screen.queryByRole('button', { name: 'http://shop.example/callback entfernen' })).to.equal(null);

    await userEvent.clear(field);
    expect(field.getAttribute('aria-invalid')).to.equal('false');
    await addRedirect('https://shop.example/callback#top');
    expect(screen.getByText('Die Adresse darf kein #-Fragment enthalten.')).to.exist;
    await userEvent.clear(field);
    await addRedirect('https://shop.example/callback');
    expect(screen.getByText('Steht schon in der Liste.')).to.exist;
    await userEvent.clear(field);
    await addRedirect('http://127.0.0.1:8080/callback');
    expect(screen.getByRole('button', { name: 'http://127.0.0.1:8080/callback entfernen' })).to.exist;
    // A custom scheme is for native apps only.
    await addRedirect('com.example.app:/callback');
    expect(field.getAttribute('aria-invalid')).to.equal('true');

    await userEvent.click(screen.getByRole('radio', { name: /Native App/ }));
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Redirect-URIs' })).getByRole('button', {
        name: 'Hinzufügen',
      }),
    );
    expect(screen.getByRole('button', { name: 'com.example.app:/callback entfernen' })).to.exist;
    await addRedirect('myapp:/callback');
    expect(screen.getByText(/Erlaubt sind ein eigenes Schema mit Punkt/)).to.exist;

    // Scopes: no spaces, and not the standard ones.
    const scope = screen.getByLabelText('Neuer Scope');
    await userEvent.type(scope, 'invoice read{Enter}');
    expect(screen.getByText(/Ein Scope besteht aus 1 bis 64 Kleinbuchstaben/)).to.exist;
    await userEvent.clear(scope);
    await userEvent.type(scope, 'openid{Enter}');
    expect(screen.getByText(/sind Standard-Scopes und hier nicht möglich/)).to.exist;
    await userEvent.clear(scope);
    await userEvent.type(scope, 'invoice:read{Enter}');
    expect(screen.getByRole('button', { name: 'invoice:read entfernen' })).to.exist;
    // Removing keeps the keyboard in the list's field.
    await userEvent.click(screen.getByRole('button', { name: 'invoice:read entfernen' }));
    expect(document.activeElement).to.equal(scope);
  });

  it('refuses to save what the server would refuse, and says where', async () => {
    stored = webClient({ redirect_uris: [] });
    renderTab();
    await formLoaded();
    await userEvent.type(screen.getByLabelText('Gültigkeit des Access Tokens'), '2');
    await userEvent.selectOptions(screen.getByLabelText('Einheit: Gültigkeit des Access Tokens'), 'days');
    await userEvent.click(screen.getByRole('checkbox', { name: /Authorization Code/ }));
    await save();
    expect(screen.getByText('Refresh Token gibt es nur zusammen mit Authorization Code.')).to.exist;
    expect(screen.getByText(/von 1 Minute bis 24 Stunden/)).to.exist;
    expect(screen.getByLabelText('Gültigkeit des Access Tokens').getAttribute('aria-invalid')).to.equal(
      'true',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: /Authorization Code/ }));
    await save();
    expect(screen.getByText('Für Authorization Code braucht es mindestens eine Redirect-URI.')).to.exist;
    expect(screen.getByRole('alert').textContent).to.equal('Bitte prüfen Sie die markierten Felder.');
    expect(stub.calls('PATCH', APP)).to.have.length(0);
  });

  it('shows the server’s objections at the fields they concern', async () => {
    stored = webClient();
    stub.on('PATCH', APP, () =>
      json(400, {
        error: 'The request is invalid.',
        code: 'validation_failed',
        details: [
          { path: 'body.oidc.redirect_uris.1', message: '"https://evil.example/cb" is not allowed here.' },
          {
            path: 'body.oidc.backchannel_logout_uri',
            message: 'The back-channel logout URI must use https.',
          },
        ],
      }),
    );
    renderTab();
    await formLoaded();
    await addRedirect('https://evil.example/cb');
    await userEvent.type(
      screen.getByLabelText('Back-Channel-Logout-URI (optional)'),
      'https://shop.example/logout',
    );
    await save();
    const entry = (await screen.findByText('https://evil.example/cb')).closest('li')!;
    await waitFor(() => expect(entry.textContent).to.contain('is not allowed here'));
    const backchannel = screen.getByLabelText('Back-Channel-Logout-URI (optional)');
    expect(backchannel.getAttribute('aria-invalid')).to.equal('true');
    expect(screen.getByText('The back-channel logout URI must use https.')).to.exist;
    expect(screen.getByRole('alert').textContent).to.equal('Bitte prüfen Sie die markierten Felder.');
    expect(await screen.findByText('Fehler beim Speichern')).to.exist;
  });

  it('shows an API identifier taken by another application at that field', async () => {
    stored = webClient();
    stub.on('PATCH', APP, () =>
      json(409, {
        error: 'This API identifier is already used by another application of this project.',
        code: 'api_identifier_taken',
      }),
    );
    renderTab();
    await formLoaded();
    await userEvent.type(screen.getByLabelText('API-Identifier (optional)'), 'https://api.shop.example');
    await save();
    const identifier = screen.getByLabelText('API-Identifier (optional)');
    await waitFor(() => expect(identifier.getAttribute('aria-invalid')).to.equal('true'));
    expect(screen.getAllByText(/Diesen API-Identifier verwendet schon eine andere Anwendung/)).to.not.be
      .empty;
  });

  it('asks for a fresh proof when the server wants one, then saves', async () => {
    stored = webClient();
    let proved = false;
    stub
      .on('PATCH', APP, (request) =>
        proved
          ? patched(request)
          : json(403, {
              error: 'Please confirm your identity to continue.',
              code: 'reauthentication_required',
              methods: ['password'],
              max_age_seconds: 600,
            }),
      )
      .on('POST', '/api/v1/auth/reauthenticate', () => {
        proved = true;
        return json(200, {
          auth_time: '2026-05-01T10:00:00.000Z',
          reauthenticate_before: '2026-05-01T10:10:00.000Z',
        });
      });
    renderTab();
    await formLoaded();
    await addRedirect('https://shop.example/second');
    await save();
    const dialog = await screen.findByRole('dialog', { name: 'Bitte bestätigen Sie Ihre Identität' });
    await userEvent.type(within(dialog).getByLabelText('Passwort'), 'richtig{Enter}');
    expect(await screen.findByText('OpenID-Connect-Einstellungen gespeichert')).to.exist;
    expect(stub.calls('PATCH', APP)).to.have.length(2);
    expect(stored.redirect_uris).to.deep.equal([
      'https://shop.example/callback',
      'https://shop.example/second',
    ]);
  });

  it('creates a secret, shows it once, and renews it with an overlap', async () => {
    stored = webClient();
    stub.on('POST', `${APP}/oidc/secret`, (request) => {
      const rotating = stored.client_secret_set;
      stored = { ...stored, client_secret_set: true, client_secret_created_at: '2026-05-01T10:00:00.000Z' };
      const overlap = (request.body as { overlap_seconds?: number }).overlap_seconds ?? 86_400;
      return json(201, {
        client_secret: rotating ? 'zweites-secret-43-zeichen' : 'erstes-secret-43-zeichen',
        created_at: '2026-05-01T10:00:00.000Z',
        previous_secret_expires_at: rotating ? new Date(Date.now() + overlap * 1000).toISOString() : null,
      });
    });
    renderTab();
    await formLoaded();
    expect(screen.getByText('Noch kein Secret erzeugt.')).to.exist;
    // The first secret has nothing to overlap with.
    expect(screen.queryByLabelText('Bisheriges Secret gilt noch')).to.equal(null);
    await userEvent.click(screen.getByRole('button', { name: 'Secret erzeugen' }));
    let dialog = await screen.findByRole('dialog', { name: 'Ihr neues Client-Secret' });
    expect(within(dialog).getByText(/Es wird nicht noch einmal angezeigt/)).to.exist;
    expect((within(dialog).getByLabelText('Client-Secret') as HTMLInputElement).value).to.equal(
      'erstes-secret-43-zeichen',
    );
    expect(within(dialog).getByRole('button', { name: 'Secret kopieren' })).to.exist;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ich habe das Secret gespeichert' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
    // Once: it is nowhere on the page any more.
    expect(document.body.innerHTML).not.to.contain('erstes-secret-43-zeichen');
    expect(await screen.findByText(/Aktuelles Secret erzeugt am 01\.05\.2026/)).to.exist;

    await userEvent.selectOptions(screen.getByLabelText('Bisheriges Secret gilt noch'), '604800');
    await userEvent.click(screen.getByRole('button', { name: 'Secret erneuern' }));
    dialog = await screen.findByRole('dialog', { name: 'Ihr neues Client-Secret' });
    expect(within(dialog).getByText(/Das bisherige Secret gilt noch bis/)).to.exist;
    expect(stub.calls('POST', `${APP}/oidc/secret`).map((call) => call.body)).to.deep.equal([
      { overlap_seconds: 86_400 },
      { overlap_seconds: 604_800 },
    ]);
  });

  it('lists the endpoints from the discovery document, and says when it cannot be loaded', async () => {
    stored = webClient();
    renderTab();
    const endpoints = await screen.findByRole('region', { name: 'Endpunkte' });
    await within(endpoints).findByText(`${ISSUER}/auth`);
    const rows = within(endpoints)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(rows).to.deep.equal([
      'Client-ID',
      'Issuer',
      'Discovery',
      'Authorization',
      'Token',
      'UserInfo',
      'JWKS',
      'End Session (Logout)',
      'Introspection',
      'Revocation',
    ]);
    expect(within(endpoints).getByText(`${ISSUER}/.well-known/openid-configuration`)).to.exist;
    expect(within(endpoints).getByRole('button', { name: 'Client-ID kopieren' })).to.exist;
    // Fetched without the dashboard session's token: a public document.
    expect(stub.calls('GET', DISCOVERY)[0]!.authorization).to.equal(null);
    cleanup();

    stub.on('GET', DISCOVERY, () => json(404, { error: 'Not found', code: 'not_found' }));
    renderTab();
    const failed = await screen.findByRole('region', { name: 'Endpunkte' });
    expect(await within(failed).findByText(/konnte nicht geladen werden/)).to.exist;
    expect(within(failed).getByText(APP_ID)).to.exist;
    expect(within(failed).getByRole('button', { name: 'Erneut versuchen' })).to.exist;
  });

  it('lets members read but not change the client', async () => {
    stub.on('GET', '/api/v1/organizations', () => json(200, list([organization({ role: 'member' })])));
    renderTab();
    expect(await screen.findByText('Nur Admins der Organisation können sie als Client einrichten.')).to.exist;
    expect(screen.queryByRole('button', { name: /Webserver-App/ })).to.equal(null);
    cleanup();

    stored = webClient();
    renderTab();
    await formLoaded();
    expect(await screen.findByText('Nur Admins der Organisation können diese Einstellungen ändern.')).to
      .exist;
    expect(screen.getByRole('radio', { name: /Webserver-App/ }).matches(':disabled')).to.equal(true);
    expect(screen.getByLabelText('Neue Redirect-URI').matches(':disabled')).to.equal(true);
    expect(screen.queryByRole('button', { name: 'Einstellungen speichern' })).to.equal(null);
    expect(screen.getByText('Nur Admins der Organisation können Secrets erzeugen.')).to.exist;
    expect(screen.queryByRole('button', { name: 'Secret erzeugen' })).to.equal(null);
    expect(await screen.findByText(`${ISSUER}/token`)).to.exist;
  });

  it('checks addresses and keeps what fits when the type changes', () => {
    expect(uriProblem('https://shop.example/cb')).to.equal(null);
    expect(uriProblem('http://localhost:3000/cb')).to.equal(null);
    expect(uriProblem('http://[::1]:3000/cb')).to.equal(null);
    expect(uriProblem('http://127.0.0.1/cb')).to.equal(null);
    expect(uriProblem('http://shop.example/cb')).to.equal('oidc.invalid.https');
    expect(uriProblem('/relative')).to.equal('oidc.invalid.url');
    expect(uriProblem('https://shop.example/a b')).to.equal('oidc.invalid.spaces');
    expect(uriProblem('https://user:pw@shop.example/cb')).to.equal('oidc.invalid.credentials');
    expect(uriProblem('com.example.app:/cb')).to.equal('oidc.invalid.https');
    // A native app: its own scheme with a dot, loopback http by address only, https of its domain.
    expect(uriProblem('com.example.app:/cb', 'native')).to.equal(null);
    expect(uriProblem('http://127.0.0.1:7000/cb', 'native')).to.equal(null);
    expect(uriProblem('https://app.example.com/cb', 'native')).to.equal(null);
    expect(uriProblem('myapp:/cb', 'native')).to.equal('oidc.invalid.nativeScheme');
    expect(uriProblem('http://localhost/cb', 'native')).to.equal('oidc.invalid.nativeScheme');
    expect(uriProblem('https://localhost/cb', 'native')).to.equal('oidc.invalid.nativeHttps');
    expect(uriProblem('http://localhost/jwks', 'jwks')).to.equal('oidc.invalid.jwksHttps');
    expect(identifierProblem('https://api.shop.example')).to.equal(null);
    expect(identifierProblem('urn:shop:invoices')).to.equal(null);
    expect(identifierProblem('http://api.shop.example')).to.equal('oidc.invalid.identifier');
    expect(scopeProblem('invoice:read')).to.equal(null);
    expect(scopeProblem('Invoice:Read')).to.equal('oidc.invalid.scope');
    expect(scopeProblem('email')).to.equal('oidc.invalid.scopeReserved');

    const web = formValuesOf(webClient({ grant_types: ['authorization_code', 'client_credentials'] }));
    const spa = withClientType(web, 'spa');
    expect(spa.grantTypes).to.deep.equal(['authorization_code']);
    expect(spa.authMethod).to.equal('none');
    const m2m = withClientType(spa, 'm2m');
    expect(m2m.grantTypes).to.deep.equal(['client_credentials']);
    expect(m2m.authMethod).to.equal('client_secret_basic');
    // Unchanged: nothing to send. A saved client's hidden fields do not count as changes.
    const saved = webClient({ jwks_uri: 'https://shop.example/jwks' });
    expect(changedOidcOf(formValuesOf(saved), saved)).to.equal(null);
  });
});
