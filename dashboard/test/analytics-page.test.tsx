import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { Route, Routes, useLocation } from 'react-router';
import Analytics from '../src/pages/Analytics';
import {
  describeChange,
  describePointChange,
  formatBucket,
  formatMs,
  formatPercent,
} from '../src/pages/Analytics/format';
import ApplicationDetail from '../src/pages/ApplicationDetail';
import ProjectDetail from '../src/pages/ProjectDetail';
import { useSessionStore } from '../src/stores/session';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json } from './fetch-stub';
import { renderWithProviders } from './render';
import { application, list, organization, project, user } from './tenancy-fixtures';

const ORG_A = 'a00000000000000000000001';
const ORG_B = 'a00000000000000000000002';
const PROJECT_A = 'p00000000000000000000001';
const PROJECT_B = 'p00000000000000000000002';
const APP_A = 'b00000000000000000000001';
const APP_B = 'b00000000000000000000002';
const NBSP = '\u00a0';

const zeroTotals = {
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

function summary(overrides: Record<string, unknown> = {}) {
  return {
    period: '24h',
    from: '2026-11-19T15:00:00.000Z',
    to: '2026-11-20T15:00:00.000Z',
    totals: {
      requests: 1250,
      errors: 25,
      error_rate: 2,
      events: 40,
      active_users: 12,
      registered_users: 9,
      anonymous_users: 3,
      installations: 7,
      active_installations: 4,
      tokens_active: 2,
    },
    compare: {
      ...zeroTotals,
      requests: 1000,
      errors: 10,
      error_rate: 1,
      active_users: 12,
      installations: 7,
      tokens_active: 2,
    },
    timeseries: [
      { t: '2026-11-20T13:00:00.000Z', requests: 250, errors: 5, events: 10, active_users: 4 },
      { t: '2026-11-20T14:00:00.000Z', requests: 1000, errors: 20, events: 30, active_users: 10 },
    ],
    top_endpoints: [
      { endpoint: '/api/v1/verify', method: 'POST', count: 1000, error_rate: 2.5, p95_ms: 48 },
      { endpoint: '/api/v1/projects/:id', method: 'GET', count: 250, error_rate: 0, p95_ms: null },
    ],
    top_events: [
      { event: 'page_view', count: 30 },
      { event: 'added_to_cart', count: 10 },
    ],
    latency_ms: { p50: 12, p95: 48, p99: 120 },
    ...overrides,
  };
}

const emptySummary = () =>
  summary({
    totals: zeroTotals,
    compare: zeroTotals,
    timeseries: [],
    top_endpoints: [],
    top_events: [],
    latency_ms: { p50: null, p95: null, p99: null },
  });

const health = {
  period: '24h',
  uptime_percent: 99.95,
  avg_response_ms: 145,
  samples: 1440,
  last_checked_at: '2026-11-20T14:59:00.000Z',
};

function activity(action: string, extra: Record<string, unknown> = {}) {
  return {
    id: `${action}-1`,
    action,
    resource_type: 'api',
    created_at: '2026-11-20T14:30:00.000Z',
    metadata: {},
    endpoint: null,
    method: null,
    status_code: null,
    ...extra,
  };
}

/** Shows where the page put the filters, as a user sees it in the address bar. */
function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderAt(route: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/analytics" element={<Analytics />} />
        <Route path="/projects/:projectId" element={<ProjectDetail />} />
        <Route path="/projects/:projectId/applications/:applicationId" element={<ApplicationDetail />} />
      </Routes>
      <Location />
    </>,
    { route },
  );
}

describe('analytics screen', () => {
  let stub: FetchStub;

  beforeEach(() => {
    act(() => {
      void useUiStore.getState().setLocale('de');
      useToastStore.setState({ toasts: [] });
      useSessionStore.setState({
        status: 'signedIn',
        session: { accessToken: 'a', refreshToken: 'r', expiresAt: 9_999_999_999, user },
        signedOutByUser: false,
      });
    });
    stub = new FetchStub()
      .on('GET', '/api/v1/organizations', () =>
        json(200, list([organization(), organization({ id: ORG_B, name: 'Globex', slug: 'globex' })])),
      )
      .on('GET', '/api/v1/projects', () =>
        json(200, list([project(), project({ id: PROJECT_B, name: 'Intranet', organization_id: ORG_B })])),
      )
      .on('GET', '/api/v1/applications', () =>
        json(
          200,
          list([
            application(),
            application({ id: APP_B, name: 'Portal', project_id: PROJECT_B, organization_id: ORG_B }),
          ]),
        ),
      )
      .on('GET', '/api/v1/analytics/summary', () => json(200, summary()))
      .on('GET', '/api/v1/analytics/health', () => json(200, health))
      .on('GET', '/api/v1/activity-logs', () =>
        json(
          200,
          list([
            activity('api.request', {
              endpoint: '/api/v1/verify',
              method: 'POST',
              status_code: 401,
              application_id: APP_A,
            }),
            // The signed-in person's own dashboard call: no application, not shown.
            activity('api.request', {
              id: 'own-1',
              endpoint: '/api/v1/organizations',
              method: 'GET',
              status_code: 200,
              application_id: null,
            }),
            activity('token.created', { id: 't-1', resource_type: 'token', application_id: null }),
          ]),
        ),
      )
      .install();
  });

  afterEach(() => {
    cleanup();
    stub.restore();
    document.body.style.pointerEvents = '';
  });

  const card = async (id: string) => (await screen.findByTestId(`analytics-${id}`)).textContent;

  it('shows the period’s figures with their change against the period before', async () => {
    renderAt('/analytics');
    expect(await screen.findByRole('heading', { name: 'Analytics', level: 1 })).to.exist;
    expect(await card('requests')).to.equal(`API-Aufrufe1.25025 fehlgeschlagen+25${NBSP}% ggü. Vorzeitraum`);
    expect(await card('errorRate')).to.equal(`Fehlerrate2${NBSP}%+1 Pp. ggü. Vorzeitraum`);
    expect(await card('activeUsers')).to.equal(
      `Aktive Nutzer129 registriert · 3 anonym±0${NBSP}% ggü. Vorzeitraum`,
    );
    // Nothing to compare with is said as such, not as an infinite rise.
    expect(await card('events')).to.equal('Ereignisse40Vorzeitraum ohne Daten');
    expect(await card('installations')).to.include('4 in den letzten 24 h aktiv');
    expect(await card('tokens')).to.include('Aktive API Tokens2');
    const [query] = stub.calls('GET', '/api/v1/analytics/summary').map((call) => call.query);
    expect(query).to.deep.equal({ period: '24h' });
  });

  it('lists top endpoints, top events, latency percentiles, the health history and the newest activity', async () => {
    renderAt('/analytics');
    const endpoints = await screen.findAllByTestId('top-endpoint');
    expect(
      endpoints.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)),
    ).to.deep.equal([
      ['/api/v1/verify', 'POST', '1.000', `2,5${NBSP}%`, '48 ms'],
      ['/api/v1/projects/:id', 'GET', '250', `0${NBSP}%`, '–'],
    ]);
    expect(screen.getAllByTestId('top-event').map((row) => row.textContent)).to.deep.equal([
      'page_view30',
      'added_to_cart10',
    ]);
    expect(screen.getByTestId('latency').textContent).to.equal(
      'Median (p50)12 ms95. Perzentil (p95)48 ms99. Perzentil (p99)120 ms',
    );
    const healthCard = await screen.findByTestId('health');
    expect(healthCard.textContent).to.include(`Verfügbarkeit99,95${NBSP}%`);
    expect(healthCard.textContent).to.include('Ø Antwortzeit145 ms');
    const rows = within(await screen.findByTestId('recent-activity')).getAllByRole('listitem');
    expect(rows[0]!.textContent).to.include('API-Aufruf');
    expect(rows[0]!.textContent).to.include('POST /api/v1/verify');
    expect(rows[0]!.textContent).to.include('401');
    expect(rows[1]!.textContent).to.include('Token erstellt');
    const [activityQuery] = stub.calls('GET', '/api/v1/activity-logs').map((call) => call.query);
    // Ten are shown; more are read so that the caller's own dashboard calls can be left out.
    expect(rows).to.have.length(2);
    expect(activityQuery!.limit).to.equal('100');
    // The same period as the figures: entries since 24 hours ago.
    expect(Date.now() - Date.parse(activityQuery!.since!)).to.be.within(86_000_000, 86_500_000);
  });

  it('gives each chart a text alternative with its values', async () => {
    renderAt('/analytics');
    const traffic = await screen.findByRole('figure', { name: 'Anfragen und Fehler' });
    expect(traffic.getAttribute('aria-describedby')).to.be.a('string');
    const description = document.getElementById(traffic.getAttribute('aria-describedby')!)!;
    // Hours in the viewer's time zone.
    const hour = (iso: string) => formatBucket(iso, true, 'de');
    const [first, second] = ['2026-11-20T13:00:00.000Z', '2026-11-20T14:00:00.000Z'].map(hour);
    expect(description.textContent).to.equal(
      `Diagramm von ${hour('2026-11-19T15:00:00.000Z')} bis ${hour('2026-11-20T15:00:00.000Z')}: ` +
        `1.250 Anfragen, davon 25 Fehler; am meisten 1.000 Anfragen ab ${second}.`,
    );
    expect(second).to.match(/^20\.11\., \d\d:00$/);
    const table = within(traffic).getByRole('table', { name: 'Werte des Diagramms „Anfragen und Fehler“' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).to.deep.equal(['ZeitpunktAnfragenFehler', `${first}2505`, `${second}100020`]);
    const users = screen.getByRole('figure', { name: 'Aktive Nutzer' });
    expect(within(users).getAllByRole('row').at(-1)!.textContent).to.equal(`${second}10`);
  });

  it('preselects the application of ?app= with its project and organization, and asks for its figures only', async () => {
    renderAt(`/analytics?app=${APP_B}`);
    const applicationSelect = (await screen.findByLabelText('Anwendung')) as HTMLSelectElement;
    await waitFor(() => expect(applicationSelect.value).to.equal(APP_B));
    expect((screen.getByLabelText('Projekt') as HTMLSelectElement).value).to.equal(PROJECT_B);
    expect((screen.getByLabelText('Organisation') as HTMLSelectElement).value).to.equal(ORG_B);
    await screen.findByTestId('analytics-requests');
    expect(stub.calls('GET', '/api/v1/analytics/summary').map((call) => call.query)).to.deep.equal([
      { period: '24h', application_id: APP_B },
    ]);
    expect(stub.calls('GET', '/api/v1/activity-logs')[0]!.query.application_id).to.equal(APP_B);
  });

  it('changes period and cascading filters, in the figures and in the address', async () => {
    const clicker = userEvent.setup();
    renderAt(`/analytics?app=${APP_A}`);
    await screen.findByTestId('analytics-requests');
    await waitFor(() =>
      expect((screen.getByLabelText('Organisation') as HTMLSelectElement).value).to.equal(ORG_A),
    );
    await clicker.selectOptions(screen.getByLabelText('Zeitraum'), '7d');
    await waitFor(() =>
      expect(stub.calls('GET', '/api/v1/analytics/summary').at(-1)!.query).to.deep.equal({
        period: '7d',
        application_id: APP_A,
      }),
    );
    expect(screen.getByTestId('location').textContent).to.equal(`?period=7d&app=${APP_A}`);

    // Another organization clears project and application and lists only its own projects.
    await clicker.selectOptions(screen.getByLabelText('Organisation'), ORG_B);
    await waitFor(() =>
      expect(stub.calls('GET', '/api/v1/analytics/summary').at(-1)!.query).to.deep.equal({
        period: '7d',
        organization_id: ORG_B,
      }),
    );
    const projectSelect = screen.getByLabelText('Projekt') as HTMLSelectElement;
    expect(projectSelect.value).to.equal('');
    expect([...projectSelect.options].map((option) => option.textContent)).to.deep.equal([
      'Alle Projekte',
      'Intranet',
    ]);
    await clicker.selectOptions(projectSelect, PROJECT_B);
    await waitFor(() =>
      expect(stub.calls('GET', '/api/v1/analytics/summary').at(-1)!.query).to.deep.equal({
        period: '7d',
        project_id: PROJECT_B,
      }),
    );
    expect(screen.getByTestId('location').textContent).to.equal(`?period=7d&project=${PROJECT_B}`);
  });

  it('refreshes on request', async () => {
    const clicker = userEvent.setup();
    renderAt('/analytics');
    await screen.findByTestId('analytics-requests');
    const before = stub.calls('GET', '/api/v1/analytics/summary').length;
    stub.on('GET', '/api/v1/analytics/summary', () =>
      json(200, summary({ totals: { ...summary().totals, requests: 1300 } })),
    );
    await clicker.click(screen.getByRole('button', { name: 'Aktualisieren' }));
    await waitFor(() => expect(screen.getByTestId('analytics-requests').textContent).to.include('1.300'));
    expect(stub.calls('GET', '/api/v1/analytics/summary').length).to.equal(before + 1);
  });

  it('shows skeletons while loading, then an error with a retry that recovers', async () => {
    const clicker = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    stub.on('GET', '/api/v1/analytics/summary', () => new Promise<Response>((resolve) => (answer = resolve)));
    renderAt('/analytics');
    await waitFor(() => expect(screen.getAllByTestId('skeleton').length).to.be.at.least(3));
    // A server error is retried once; that answer fails too.
    stub.on('GET', '/api/v1/analytics/summary', () => json(500, { error: 'boom', code: 'internal' }));
    answer(json(500, { error: 'Datenbank nicht erreichbar', code: 'internal' }));
    await waitFor(
      () =>
        expect(screen.getByRole('alert').textContent).to.equal('Die Analytics konnten nicht geladen werden.'),
      {
        timeout: 5000,
      },
    );
    stub.on('GET', '/api/v1/analytics/summary', () => json(200, summary()));
    await clicker.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await card('requests')).to.include('1.250');
    expect(screen.queryByRole('alert')).to.equal(null);
  });

  it('says so when a filter points at something the caller may not see, and offers to reset', async () => {
    const clicker = userEvent.setup();
    stub.on('GET', '/api/v1/analytics/summary', (request) =>
      request.query.application_id
        ? json(404, { error: 'Application not found', code: 'application_not_found' })
        : json(200, summary()),
    );
    renderAt('/analytics?app=b000000000000000000000ff');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).to.equal(
        'Diese Auswahl gibt es nicht, oder Sie haben keinen Zugriff darauf.',
      ),
    );
    await clicker.click(screen.getByRole('button', { name: 'Filter zurücksetzen' }));
    expect(await card('requests')).to.include('1.250');
    expect(screen.getByTestId('location').textContent).to.equal('');
  });

  it('shows honest zeros and empty states for an account without data', async () => {
    stub.on('GET', '/api/v1/analytics/summary', () => json(200, emptySummary()));
    stub.on('GET', '/api/v1/analytics/health', () =>
      json(200, {
        period: '24h',
        uptime_percent: null,
        avg_response_ms: null,
        samples: 0,
        last_checked_at: null,
      }),
    );
    stub.on('GET', '/api/v1/activity-logs', () => json(200, list([])));
    renderAt('/analytics');
    expect(await card('requests')).to.equal(`API-Aufrufe00 fehlgeschlagen±0${NBSP}% ggü. Vorzeitraum`);
    expect(await card('errorRate')).to.include(`0${NBSP}%`);
    expect(await screen.findByRole('heading', { name: 'Noch keine Daten in diesem Zeitraum' })).to.exist;
    expect(screen.queryByRole('figure')).to.equal(null);
    expect((await screen.findByTestId('health')).textContent).to.equal(
      'Noch keine Messwerte – die erste Prüfung folgt in Kürze.',
    );
    expect(await screen.findByText('Keine Aktivitäten in diesem Zeitraum.')).to.exist;
  });

  it('shows a live excerpt in the project’s Analytics tab, with the way on', async () => {
    stub.on('GET', `/api/v1/projects/${PROJECT_A}`, () => json(200, project()));
    stub.on('GET', '/api/v1/applications', () => json(200, list([application()])));
    renderAt(`/projects/${PROJECT_A}?tab=analytics`);
    const figures = await screen.findByTestId('analytics-excerpt', {}, { timeout: 5000 });
    expect(figures.textContent).to.equal(`API-Aufrufe1.250Fehlerrate2${NBSP}%Aktive Nutzer12Ereignisse40`);
    expect(stub.calls('GET', '/api/v1/analytics/summary')[0]!.query).to.deep.equal({
      period: '7d',
      project_id: PROJECT_A,
    });
    expect(screen.getByRole('figure', { name: 'Anfragen und Fehler' })).to.exist;
    expect(
      (await screen.findAllByRole('listitem')).some((row) => row.textContent?.includes('Token erstellt')),
    ).to.equal(true);
    expect(stub.calls('GET', '/api/v1/activity-logs')[0]!.query).to.include({
      project_id: PROJECT_A,
      limit: '50',
    });
    expect(screen.getByRole('link', { name: /Zu den Analytics/ }).getAttribute('href')).to.equal(
      `/analytics?project=${PROJECT_A}`,
    );
    expect(screen.getByRole('link', { name: /Analytics für Shop Frontend/ }).getAttribute('href')).to.equal(
      `/analytics?app=${APP_A}`,
    );
  });

  it('shows a live excerpt in the application’s Analytics tab', async () => {
    stub.on('GET', `/api/v1/applications/${APP_A}`, () => json(200, application()));
    stub.on('GET', `/api/v1/projects/${PROJECT_A}`, () => json(200, project()));
    stub.on('GET', '/api/v1/analytics/summary', () => json(200, emptySummary()));
    renderAt(`/projects/${PROJECT_A}/applications/${APP_A}`);
    const figures = await screen.findByTestId('analytics-excerpt', {}, { timeout: 5000 });
    expect(figures.textContent).to.equal(`API-Aufrufe0Fehlerrate0${NBSP}%Aktive Nutzer0Ereignisse0`);
    expect(stub.calls('GET', '/api/v1/analytics/summary')[0]!.query).to.deep.equal({
      period: '7d',
      application_id: APP_A,
    });
    expect(screen.getByRole('link', { name: /Zu den Analytics/ }).getAttribute('href')).to.equal(
      `/analytics?app=${APP_A}`,
    );
  });
});

describe('analytics formatting', () => {
  it('describes changes against the previous period in German', () => {
    expect(describeChange(125, 100, 'de')).to.deep.equal({ trend: 'up', text: `+25${NBSP}%` });
    expect(describeChange(90, 120, 'de')).to.deep.equal({ trend: 'down', text: `−25${NBSP}%` });
    expect(describeChange(5, 0, 'de')).to.deep.equal({ trend: 'new', text: '' });
    expect(describeChange(0, 0, 'de').trend).to.equal('same');
    expect(describePointChange(2.5, 1, 'de', 'Pp.')).to.deep.equal({ trend: 'up', text: '+1,5 Pp.' });
  });

  it('formats percentages, milliseconds and missing measurements', () => {
    expect(formatPercent(0.2, 'de')).to.equal(`0,2${NBSP}%`);
    expect(formatPercent(99.95, 'de', 2)).to.equal(`99,95${NBSP}%`);
    expect(formatPercent(12.5, 'en')).to.equal('12.5%');
    expect(formatMs(1450, 'de')).to.equal('1.450 ms');
    expect(formatMs(null, 'de')).to.equal('–');
  });
});
