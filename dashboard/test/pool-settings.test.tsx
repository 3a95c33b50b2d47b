import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { Route, Routes } from 'react-router';
import { StepUpHost } from '../src/components/auth/StepUpDialog';
import ProjectDetail from '../src/pages/ProjectDetail';
import type { PoolSettings } from '../src/pages/ProjectDetail/PoolSettings/queries';
import {
  durationOf,
  formValuesOf,
  patchOf,
  secondsOf,
} from '../src/pages/ProjectDetail/PoolSettings/settingsForm';
import { useSessionStore } from '../src/stores/session';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json, type RecordedRequest } from './fetch-stub';
import { renderWithProviders } from './render';
import { list, organization, project, user } from './tenancy-fixtures';

const PROJECT_ID = 'p00000000000000000000001';
const POOL = `/api/v1/projects/${PROJECT_ID}/pool`;

function settings(overrides: Partial<PoolSettings> = {}): PoolSettings {
  return {
    project_id: PROJECT_ID,
    signup: 'open',
    methods: ['password', 'passkey', 'email_code'],
    password_min_length: 6,
    second_factor: 'optional',
    session_lifetime_seconds: 900,
    refresh_lifetime_seconds: 30 * 86_400,
    google: null,
    branding: {
      display_name: 'Webshop',
      logo_url: null,
      primary_color: '#4f46e5',
      locale: 'de',
      support_email: null,
    },
    redirect_urls: [],
    updated_at: null,
    ...overrides,
  };
}

/** What the server answers to a PATCH: the stored settings with the changes applied. */
function applied(current: PoolSettings, request: RecordedRequest): PoolSettings {
  const body = request.body as Partial<PoolSettings> & { google?: { client_id: string } | null };
  const { google, branding, ...rest } = body;
  return {
    ...current,
    ...rest,
    branding: { ...current.branding, ...branding },
    ...(google === undefined
      ? {}
      : { google: google && { client_id: google.client_id, client_secret_set: true } }),
  };
}

describe('project → "Benutzer & Anmeldung" (pool settings)', () => {
  let stub: FetchStub;
  let stored: PoolSettings;

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
    stored = settings();
    stub = new FetchStub()
      .on('GET', '/api/v1/organizations', () => json(200, list([organization()])))
      .on('GET', `/api/v1/projects/${PROJECT_ID}`, () => json(200, project()))
      .on('GET', POOL, () => json(200, stored))
      .on('PATCH', POOL, (request) => {
        stored = applied(stored, request);
        return json(200, stored);
      })
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
          <Route path="/projects/:projectId" element={<ProjectDetail />} />
        </Routes>
        <StepUpHost />
      </>,
      { route: `/projects/${PROJECT_ID}?tab=sign-in` },
    );

  const form = () => screen.getByRole('form', { name: 'Einstellungen für Benutzer und Anmeldung' });
  // The first render of the long form can take a while on a busy machine.
  const formLoaded = () =>
    screen.findByRole('form', { name: 'Einstellungen für Benutzer und Anmeldung' }, { timeout: 10_000 });
  const save = () => userEvent.click(within(form()).getByRole('button', { name: 'Einstellungen speichern' }));

  it('shows the pool’s settings and the hosted sign-in page, and saves only what changed', async () => {
    let answer: (response: Response) => void = () => {};
    stub.on('GET', POOL, () => new Promise<Response>((resolve) => (answer = resolve)));
    renderTab();
    expect(await screen.findAllByTestId('skeleton')).to.have.length(4);
    answer(json(200, stored));
    await formLoaded();
    expect(screen.getByRole('tab', { name: 'Benutzer & Anmeldung', selected: true })).to.exist;

    // The hosted page's address, to open in a new tab.
    const open = screen.getByRole('link', { name: 'Anmeldeseite öffnen' });
    expect(open.getAttribute('href')).to.equal(`/p/${PROJECT_ID}/sign-in`);
    expect(open.getAttribute('target')).to.equal('_blank');
    expect(screen.getByText(`http://localhost:3000/p/${PROJECT_ID}/sign-in`)).to.exist;

    expect((screen.getByRole('radio', { name: /Offen/ }) as HTMLInputElement).checked).to.equal(true);
    expect((screen.getByRole('checkbox', { name: /Passwort/ }) as HTMLInputElement).checked).to.equal(true);
    expect((screen.getByRole('checkbox', { name: /Google/ }) as HTMLInputElement).checked).to.equal(false);
    // 900 s and 30 days, in the units a person thinks in.
    expect((screen.getByLabelText('Gültigkeit einer Sitzung') as HTMLInputElement).value).to.equal('15');
    expect((screen.getByLabelText('Einheit: Gültigkeit einer Sitzung') as HTMLSelectElement).value).to.equal(
      'minutes',
    );
    expect((screen.getByLabelText('Angemeldet bleiben') as HTMLInputElement).value).to.equal('30');
    expect(screen.queryByText('Ungespeicherte Änderungen')).to.equal(null);

    // Branding only: the sign-in settings are not sent (they would ask for a fresh proof).
    await userEvent.clear(screen.getByLabelText('Anzeigename'));
    await userEvent.type(screen.getByLabelText('Anzeigename'), 'Mein Shop');
    const hex = screen.getByLabelText('Primärfarbe');
    await userEvent.clear(hex);
    await userEvent.type(hex, '#0F766E');
    await userEvent.selectOptions(screen.getByLabelText('Standardsprache'), 'en');
    expect(screen.getByText('Ungespeicherte Änderungen')).to.exist;
    // The preview follows what is typed.
    const preview = screen.getByRole('figure');
    expect(within(preview).getByText('Mein Shop')).to.exist;
    await save();

    expect(await screen.findByText('Einstellungen gespeichert')).to.exist;
    expect(stub.calls('PATCH', POOL).map((call) => call.body)).to.deep.equal([
      {
        branding: {
          display_name: 'Mein Shop',
          logo_url: null,
          primary_color: '#0f766e',
          locale: 'en',
          support_email: null,
        },
      },
    ]);
    // The form starts again from what the server kept: nothing left unsaved.
    await waitFor(() => expect(screen.queryByText('Ungespeicherte Änderungen')).to.equal(null));
    expect((screen.getByLabelText('Primärfarbe') as HTMLInputElement).value).to.equal('#0f766e');
  });

  it('sends sign-up, methods, password length, second factor, lifetimes and redirect URLs', async () => {
    renderTab();
    await formLoaded();
    await userEvent.click(screen.getByRole('radio', { name: /Nur auf Einladung/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Passkeys/ }));
    await userEvent.clear(screen.getByLabelText('Mindestlänge des Passworts'));
    await userEvent.type(screen.getByLabelText('Mindestlänge des Passworts'), '10');
    await userEvent.selectOptions(screen.getByLabelText('Zweiter Faktor'), 'required');
    await userEvent.clear(screen.getByLabelText('Gültigkeit einer Sitzung'));
    await userEvent.type(screen.getByLabelText('Gültigkeit einer Sitzung'), '2');
    await userEvent.selectOptions(screen.getByLabelText('Einheit: Gültigkeit einer Sitzung'), 'hours');
    await userEvent.type(
      screen.getByLabelText('Neue Weiterleitungsadresse'),
      'https://shop.example/cb{Enter}',
    );
    expect(screen.getByRole('button', { name: 'https://shop.example/cb entfernen' })).to.exist;
    // Typed but not added: saved with the form too.
    await userEvent.type(screen.getByLabelText('Neue Weiterleitungsadresse'), 'http://localhost:5173/cb');
    await save();
    expect(await screen.findByText('Einstellungen gespeichert')).to.exist;
    expect(stub.calls('PATCH', POOL)[0]!.body).to.deep.equal({
      signup: 'invite',
      methods: ['password', 'email_code'],
      password_min_length: 10,
      second_factor: 'required',
      session_lifetime_seconds: 7200,
      redirect_urls: ['https://shop.example/cb', 'http://localhost:5173/cb'],
    });
  });

  it('asks for the Google client when Google sign-in is ticked, and keeps a stored secret', async () => {
    renderTab();
    await formLoaded();
    expect(screen.queryByLabelText('Google Client-ID')).to.equal(null);
    await userEvent.click(screen.getByRole('checkbox', { name: /Google/ }));
    await save();
    const clientId = screen.getByLabelText('Google Client-ID');
    expect(clientId.getAttribute('aria-invalid')).to.equal('true');
    expect(screen.getByText('Bitte geben Sie die Client-ID Ihres Google-OAuth-Clients ein.')).to.exist;
    expect(screen.getByText('Bitte geben Sie das Client-Secret Ihres Google-OAuth-Clients ein.')).to.exist;
    expect(stub.calls('PATCH', POOL)).to.have.length(0);

    await userEvent.type(clientId, '1234-abc.apps.googleusercontent.com');
    await userEvent.type(screen.getByLabelText('Google Client-Secret'), 'geheim');
    await save();
    expect(await screen.findByText('Einstellungen gespeichert')).to.exist;
    expect(stub.calls('PATCH', POOL)[0]!.body).to.deep.equal({
      methods: ['password', 'google', 'passkey', 'email_code'],
      google: { client_id: '1234-abc.apps.googleusercontent.com', client_secret: 'geheim' },
    });
    // Stored now: the secret field is empty and says that leaving it empty keeps it.
    await screen.findByText(/Ein Secret ist gespeichert/);
    expect((screen.getByLabelText('Google Client-Secret') as HTMLInputElement).value).to.equal('');
  });

  it('shows the server’s objections at the fields they concern', async () => {
    stub.on('PATCH', POOL, () =>
      json(400, {
        error: 'The logo URL must be an absolute https URL, e.g. https://shop.example.com/logo.svg.',
        code: 'validation_failed',
        details: [
          {
            path: 'body.branding.logo_url',
            message: 'The logo URL must be an absolute https URL, e.g. https://shop.example.com/logo.svg.',
          },
          { path: 'body.redirect_urls.0', message: '"ftp://x" must use https.' },
          { path: 'body.refresh_lifetime_seconds', message: 'refresh_lifetime_seconds must be …' },
        ],
      }),
    );
    renderTab();
    await formLoaded();
    await userEvent.type(screen.getByLabelText('Logo-URL (optional)'), 'http://shop.example/logo.png');
    await userEvent.type(screen.getByLabelText('Neue Weiterleitungsadresse'), 'ftp://x{Enter}');
    await save();

    const logo = screen.getByLabelText('Logo-URL (optional)');
    await waitFor(() => expect(logo.getAttribute('aria-invalid')).to.equal('true'));
    const described = (logo.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).to.include('Bitte eine vollständige https://-Adresse angeben.');
    const entry = screen.getByText('ftp://x').closest('li')!;
    expect(entry.textContent).to.contain('Keine erlaubte Adresse');
    expect(screen.getByText('Bitte eine Dauer von 1 Stunde bis 365 Tage.')).to.exist;
    expect(screen.getByRole('alert').textContent).to.equal('Bitte prüfen Sie die markierten Felder.');
    expect(await screen.findByText('Fehler beim Speichern')).to.exist;
  });

  it('asks for a fresh proof when the server wants one, then saves', async () => {
    let proved = false;
    stub
      .on('PATCH', POOL, (request) => {
        if (!proved)
          return json(403, {
            error: 'Please confirm your identity to continue.',
            code: 'reauthentication_required',
            methods: ['password'],
            max_age_seconds: 600,
          });
        stored = applied(stored, request);
        return json(200, stored);
      })
      .on('POST', '/api/v1/auth/reauthenticate', () => {
        proved = true;
        return json(200, {
          auth_time: '2026-05-01T10:00:00.000Z',
          reauthenticate_before: '2026-05-01T10:10:00.000Z',
        });
      });
    renderTab();
    await formLoaded();
    await userEvent.selectOptions(screen.getByLabelText('Zweiter Faktor'), 'off');
    await save();
    const dialog = await screen.findByRole('dialog', { name: 'Bitte bestätigen Sie Ihre Identität' });
    await userEvent.type(within(dialog).getByLabelText('Passwort'), 'richtig{Enter}');
    expect(await screen.findByText('Einstellungen gespeichert')).to.exist;
    expect(stub.calls('PATCH', POOL).map((call) => call.body)).to.deep.equal([
      { second_factor: 'off' },
      { second_factor: 'off' },
    ]);
    expect(stored.second_factor).to.equal('off');
  });

  it('says so when a cancelled proof leaves the settings unchanged', async () => {
    stub.on('PATCH', POOL, () =>
      json(403, {
        error: 'Please confirm your identity to continue.',
        code: 'reauthentication_required',
        methods: ['password'],
        max_age_seconds: 600,
      }),
    );
    renderTab();
    await formLoaded();
    await userEvent.selectOptions(screen.getByLabelText('Zweiter Faktor'), 'off');
    await save();
    await screen.findByRole('dialog', { name: 'Bitte bestätigen Sie Ihre Identität' });
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByText('Fehler beim Speichern')).to.exist;
    expect(screen.getByRole('alert').textContent).to.match(/Nichts wurde geändert/);
    // The choice stays in the form, ready for another try.
    expect((screen.getByLabelText('Zweiter Faktor') as HTMLSelectElement).value).to.equal('off');
  });

  it('lets members read but not change the settings', async () => {
    stub.on('GET', '/api/v1/organizations', () => json(200, list([organization({ role: 'member' })])));
    renderTab();
    await formLoaded();
    // The note names the permission the member's role lacks (issue #33).
    expect(await screen.findByText(/Ihrer Rolle fehlt die Berechtigung .*pool:update/)).to.exist;
    // A disabled fieldset disables every control in it.
    expect(screen.getByLabelText('Anzeigename').matches(':disabled')).to.equal(true);
    expect(screen.queryByRole('button', { name: 'Einstellungen speichern' })).to.equal(null);
    expect(screen.getByRole('link', { name: 'Anmeldeseite öffnen' })).to.exist;
  });

  it('turns lifetimes into the largest whole unit and back', () => {
    expect(durationOf(900)).to.deep.equal({ amount: '15', unit: 'minutes' });
    expect(durationOf(7200)).to.deep.equal({ amount: '2', unit: 'hours' });
    expect(durationOf(30 * 86_400)).to.deep.equal({ amount: '30', unit: 'days' });
    expect(durationOf(90)).to.deep.equal({ amount: '1.5', unit: 'minutes' });
    expect(secondsOf({ amount: '1,5', unit: 'minutes' })).to.equal(90);
    expect(secondsOf({ amount: '', unit: 'days' })).to.be.NaN;
    // Unchanged settings make an empty PATCH.
    const saved = settings({ session_lifetime_seconds: 90 });
    expect(patchOf(formValuesOf(saved), saved)).to.deep.equal({});
  });
});
