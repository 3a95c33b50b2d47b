import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import Dashboard from '../src/pages/Dashboard';
import { formatUptime } from '../src/pages/Dashboard/SystemStatus';
import { useSessionStore } from '../src/stores/session';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json } from './fetch-stub';
import { renderWithProviders } from './render';

const user = {
  id: 'u1',
  email: 'ada@example.com',
  display_name: 'Ada',
  is_verified: true,
  created_at: '2026-01-01T00:00:00.000Z',
  last_login_at: null,
};

function list(data: unknown[], next_cursor: string | null = null) {
  return json(200, { data, next_cursor });
}

const organizations = [
  { id: 'o1', name: 'Acme', role: 'admin', is_active: true },
  { id: 'o2', name: 'Globex', role: 'member', is_active: true },
];

function activity(action: string, resource_type: string, created_at: string) {
  return { id: `${action}-${created_at}`, action, resource_type, created_at, metadata: {} };
}

const NBSP = '\u00a0';

const noTotals = {
  requests: 0,
  errors: 0,
  error_rate: 0,
  events: 0,
  active_users: 0,
  registered_users: 0,
  anonymous_users: 0,
  installations: 0,
  active_installations: 0,
  tokens_active: 0,
};

const usage = {
  ...noTotals,
  requests: 45_623,
  errors: 91,
  error_rate: 0.2,
  active_users: 892,
  installations: 1_247,
};

/** The analytics summary of the last 24 hours with the given totals. */
function summary(totals: typeof noTotals) {
  return {
    period: '24h',
    from: '2026-11-19T15:00:00.000Z',
    to: '2026-11-20T15:00:00.000Z',
    totals,
    compare: noTotals,
    timeseries: [],
    top_endpoints: [],
    top_events: [],
    latency_ms: { p50: null, p95: null, p99: null },
  };
}

describe('dashboard home', () => {
  let stub: FetchStub;

  beforeEach(() => {
    act(() => {
      void useUiStore.getState().setLocale('de');
      useToastStore.setState({ toasts: [] });
      useSessionStore.setState({
        status: 'signedIn',
        session: { accessToken: 'a', refreshToken: 'r', expiresAt: Date.now() / 1000 + 900, user },
      });
    });
    stub = new FetchStub()
      .on('GET', '/api/v1/organizations', () => list(organizations))
      .on('GET', '/api/v1/projects', () => list([{ id: 'p1' }, { id: 'p2' }, { id: 'p3' }]))
      .on('GET', '/api/v1/applications', () => list([{ id: 'a1', name: 'Shop', project_id: 'p1' }]))
      .on('GET', '/api/v1/tokens', () =>
        list([
          { id: 't1', status: 'active' },
          { id: 't2', status: 'revoked' },
          { id: 't3', status: 'active' },
          { id: 't4', status: 'expired' },
        ]),
      )
      .on('GET', '/api/v1/activity-logs', () =>
        list([
          activity('token.created', 'token', '2026-11-20T15:04:00.000Z'),
          activity('organization.created', 'organization', '2026-11-19T08:00:00.000Z'),
          activity('something.new', 'other', '2026-11-18T08:00:00.000Z'),
          // The person's own dashboard call (an API row without an application) is left out.
          {
            ...activity('api.request', 'api', '2026-11-18T07:00:00.000Z'),
            method: 'GET',
            endpoint: '/api/v1/organizations',
            status_code: 200,
            application_id: null,
          },
        ]),
      )
      .on('GET', '/api/v1/health', () =>
        json(200, { status: 'ok', version: '1.4.2', uptime_s: 7_500, db: { status: 'up' } }),
      )
      .on('GET', '/api/v1/analytics/summary', () => json(200, summary(usage)))
      .on('GET', '/api/v1/analytics/health', () =>
        json(200, {
          period: '24h',
          uptime_percent: 99.5,
          avg_response_ms: 37.4,
          samples: 288,
          last_checked_at: '2026-11-20T15:00:00.000Z',
        }),
      )
      .install();
  });

  afterEach(() => {
    cleanup();
    stub.restore();
    document.body.style.pointerEvents = '';
  });

  async function stat(name: string): Promise<string> {
    const card = await screen.findByTestId(`stat-${name}`);
    await waitFor(() => expect(card.getAttribute('aria-busy')).to.equal('false'));
    return card.textContent ?? '';
  }

  it('welcomes the user and counts what the API returns, nothing invented', async () => {
    renderWithProviders(<Dashboard />);
    expect(screen.getByRole('heading', { name: 'Willkommen zurück, Ada!', level: 1 })).to.exist;
    expect(await stat('organizations')).to.equal('Organisationen2');
    expect(await stat('projects')).to.equal('Projekte3');
    expect(await stat('applications')).to.equal('Anwendungen1');
    expect(await stat('activeTokens')).to.equal('Aktive API Tokens2');
    expect(screen.getByRole('link', { name: /Aktive API Tokens/ }).getAttribute('href')).to.equal('/tokens');
    expect(screen.getByRole('link', { name: /Organisationen/ }).getAttribute('href')).to.equal(
      '/organizations',
    );
  });

  it('says "n+" when not every token was counted, and "Nicht verfügbar" when a count failed', async () => {
    stub.on('GET', '/api/v1/tokens', () => list([{ id: 't1', status: 'active' }], 'next'));
    stub.on('GET', '/api/v1/projects', () => json(500, { error: 'boom', code: 'internal' }));
    renderWithProviders(<Dashboard />);
    expect(await stat('activeTokens')).to.equal('Aktive API Tokens1+');
    await waitFor(
      () => expect(screen.getByTestId('stat-projects').textContent).to.equal('ProjekteNicht verfügbar'),
      {
        timeout: 5000,
      },
    );
  });

  it('shows the last 24 hours from the analytics summary, each card leading to /analytics', async () => {
    renderWithProviders(<Dashboard />);
    expect(await screen.findByRole('heading', { name: 'Letzte 24 Stunden', level: 2 })).to.exist;
    expect(await stat('installations')).to.equal('Installationen1.247');
    expect(await stat('activeUsers')).to.equal('Aktive Nutzer892');
    expect(await stat('apiCalls')).to.equal('API-Aufrufe45.623');
    expect(await stat('errorRate')).to.equal(`Fehlerrate0,2${NBSP}%`);
    expect(screen.getByTestId('stat-apiCalls').getAttribute('href')).to.equal('/analytics');
    expect(stub.calls('GET', '/api/v1/analytics/summary').map((call) => call.query)).to.deep.equal([
      { period: '24h' },
    ]);
  });

  it('says "Nicht verfügbar" on the usage cards when the summary cannot be loaded', async () => {
    stub.on('GET', '/api/v1/analytics/summary', () => json(500, { error: 'boom', code: 'internal' }));
    renderWithProviders(<Dashboard />);
    await waitFor(
      () => expect(screen.getByTestId('stat-apiCalls').textContent).to.equal('API-AufrufeNicht verfügbar'),
      { timeout: 5000 },
    );
  });

  it('shows the newest activity with action, resource and German date and time', async () => {
    renderWithProviders(<Dashboard />);
    const entries = within(await screen.findByTestId('recent-activity')).getAllByRole('listitem');
    expect(entries).to.have.length(3);
    const [newest, second, oldest] = entries as [HTMLElement, HTMLElement, HTMLElement];
    expect(newest.textContent).to.include('Token erstellt');
    expect(newest.textContent).to.include('API Token');
    const time = newest.querySelector('time')!;
    expect(time.getAttribute('datetime')).to.equal('2026-11-20T15:04:00.000Z');
    expect(time.textContent).to.match(/^\d\d\.11\.2026, \d\d:04$/);
    expect(second.textContent).to.include('Organisation erstellt');
    // An action the catalog does not know is shown as the server names it.
    expect(oldest.textContent).to.include('something.new');
  });

  it('shows the live system status', async () => {
    renderWithProviders(<Dashboard />);
    const status = await screen.findByTestId('system-status');
    await waitFor(() => expect(status.textContent).to.include('Betriebsbereit'));
    expect(status.textContent).to.include('1.4.2');
    expect(status.textContent).to.include('Verbunden');
    expect(status.textContent).to.include(formatUptime(7_500, 'de'));
    expect(formatUptime(7_500, 'de')).to.match(/^2 Std\.? 5 Min\.?$/);
    // The sampled history: real availability and average response time, not SPEC's 99.9 % / 145 ms.
    await waitFor(() => expect(status.textContent).to.include(`Verfügbarkeit (24 h)99,5${NBSP}%`));
    expect(status.textContent).to.include('Ø Antwortzeit (24 h)37 ms');
  });

  it('says that there are no measurements yet instead of inventing an availability', async () => {
    stub.on('GET', '/api/v1/analytics/health', () =>
      json(200, {
        period: '24h',
        uptime_percent: null,
        avg_response_ms: null,
        samples: 0,
        last_checked_at: null,
      }),
    );
    renderWithProviders(<Dashboard />);
    const status = await screen.findByTestId('system-status');
    await waitFor(() => expect(status.textContent).to.include('Verfügbarkeit (24 h)Noch keine Messwerte'));
    expect(status.textContent).not.to.include('Ø Antwortzeit');
  });

  it('shows an unreachable API as such', async () => {
    stub.on('GET', '/api/v1/health', () =>
      json(503, { status: 'degraded', version: '1.4.2', uptime_s: 10, db: { status: 'down' } }),
    );
    renderWithProviders(<Dashboard />);
    const status = await screen.findByTestId('system-status');
    await waitFor(() => expect(status.textContent).to.include('Nicht erreichbar'), { timeout: 5000 });
  });

  it('offers a first step, and honest zeros for the usage, when there is nothing yet', async () => {
    stub.on('GET', '/api/v1/organizations', () => list([]));
    stub.on('GET', '/api/v1/activity-logs', () => list([]));
    stub.on('GET', '/api/v1/analytics/summary', () => json(200, summary(noTotals)));
    const clicker = userEvent.setup();
    renderWithProviders(<Dashboard />);
    await screen.findByRole('heading', { name: 'Los geht’s' });
    expect(screen.queryByTestId('stat-organizations')).to.equal(null);
    expect(await stat('installations')).to.equal('Installationen0');
    expect(await stat('apiCalls')).to.equal('API-Aufrufe0');
    expect(await stat('errorRate')).to.equal(`Fehlerrate0${NBSP}%`);
    expect(screen.queryByRole('heading', { name: 'Schnellaktionen' })).to.equal(null);
    await screen.findByText('Noch keine Aktivitäten.');
    await clicker.click(screen.getByRole('button', { name: 'Erste Organisation erstellen' }));
    await screen.findByRole('dialog', { name: 'Neue Organisation' });
  });

  it('opens the real dialogs from the quick actions', async () => {
    const clicker = userEvent.setup();
    renderWithProviders(<Dashboard />);
    const actions = (await screen.findByRole('heading', { name: 'Schnellaktionen' })).parentElement!;
    const cases: [string, string][] = [
      ['Neue Organisation', 'Neue Organisation'],
      ['Projekt hinzufügen', 'Neues Projekt'],
      ['Benutzer einladen', 'Mitglied einladen'],
      ['API Token', 'Neuen API Token erstellen'],
    ];
    for (const [button, title] of cases) {
      await clicker.click(within(actions).getByRole('button', { name: button }));
      await screen.findByRole('dialog', { name: title });
      await clicker.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
    }
  });
});
