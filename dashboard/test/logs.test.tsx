import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { Route, Routes } from 'react-router';
import ApplicationLogs from '../src/pages/ApplicationLogs';
import SystemLogs from '../src/pages/Logs';
import {
  applicationStatusVariant,
  exportQuery,
  listQuery,
  successRateVariant,
  systemStatusVariant,
} from '../src/pages/Logs/logFilters';
import ProjectDetail from '../src/pages/ProjectDetail';
import { useSessionStore } from '../src/stores/session';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json, type RecordedRequest } from './fetch-stub';
import { renderWithProviders } from './render';
import { application, list, project, user } from './tenancy-fixtures';

const PROJECT_ID = 'p00000000000000000000001';
const APP_ID = 'b00000000000000000000001';
const OTHER_APP_ID = 'b00000000000000000000002';

function log(overrides: Record<string, unknown> = {}) {
  return {
    id: 'l1',
    created_at: '2026-11-20T09:15:00.000Z',
    action: 'GET /api/v1/projects',
    resource_type: 'api',
    resource_id: null,
    metadata: {},
    endpoint: '/api/v1/projects',
    method: 'GET',
    status_code: 200,
    response_time_ms: 12,
    ip_address: '203.0.113.7',
    sdk_version: null,
    user_agent: 'curl/8.5',
    user_id: null,
    anonymous_user_id: null,
    installation_id: null,
    organization_id: 'a00000000000000000000001',
    project_id: PROJECT_ID,
    application_id: APP_ID,
    source: 'platform',
    ...overrides,
  };
}

const rows = [
  log(),
  log({
    id: 'l2',
    status_code: 302,
    endpoint: '/api/v1/old',
    action: 'GET /api/v1/old',
    response_time_ms: 3,
  }),
  log({
    id: 'l3',
    status_code: 404,
    endpoint: '/api/v1/projects/:id',
    action: 'GET /api/v1/projects/:id',
    user_id: 'u1',
  }),
  log({
    id: 'l4',
    action: 'page_view',
    resource_type: 'component',
    endpoint: null,
    method: null,
    status_code: null,
    response_time_ms: null,
    ip_address: '198.51.100.4',
    sdk_version: '0.1.0',
    user_agent: 'Mozilla/5.0 Chrome',
    installation_id: 'inst_aaaaaaaa',
    anonymous_user_id: 'anon_bbbbbbbb',
    metadata: { path: '/shop/cart', referrer: 'https://example.com' },
    source: 'sdk',
  }),
];

function totals(overrides: Record<string, number> = {}) {
  return {
    requests: 120,
    errors: 7,
    error_rate: 5.8,
    events: 40,
    active_users: 9,
    registered_users: 4,
    anonymous_users: 11,
    installations: 23,
    active_installations: 5,
    tokens_active: 2,
    ...overrides,
  };
}

function summary(period: string, overrides: Record<string, number> = {}) {
  return {
    period,
    from: '2026-11-13T09:00:00.000Z',
    to: '2026-11-20T09:00:00.000Z',
    totals: totals(overrides),
    timeseries: [],
    top_endpoints: [],
    top_events: [],
    latency_ms: { p50: 10, p95: 40, p99: 90 },
    compare: totals(),
  };
}

function functionStatistics() {
  return {
    period: '7d',
    cards: { total_requests: 1234, unique_functions: 3, resource_types: 2, avg_response_ms: 42.4 },
    functions: [
      {
        rank: 1,
        function: 'GET /api/v1/projects',
        resource_type: 'api',
        count: 1000,
        avg_response_ms: 12,
        success_rate: 99.5,
      },
      {
        rank: 2,
        function: 'POST /api/v1/tokens',
        resource_type: 'api',
        count: 200,
        avg_response_ms: 80,
        success_rate: 92,
      },
      {
        rank: 3,
        function: 'GET /api/v1/projects/:id',
        resource_type: 'api',
        count: 34,
        avg_response_ms: 9,
        success_rate: 50,
      },
    ],
  };
}

function installation(index: number) {
  const id = `inst_${String(index).padStart(8, '0')}`;
  return {
    id: `i${index}`,
    installation_id: id,
    application_id: APP_ID,
    project_id: PROJECT_ID,
    organization_id: 'a00000000000000000000001',
    device_info: {
      platform: 'MacIntel',
      user_agent: 'Mozilla/5.0 Chrome',
      language: 'de-DE',
      timezone: 'Europe/Berlin',
      screen_resolution: '1920x1080',
      color_depth: 24,
      device_memory: 8,
      hardware_concurrency: 8,
    },
    environment_info: { url: null, referrer: null, timestamp: null, session_id: null },
    is_anonymous: true,
    is_active: index % 2 === 0,
    anonymous_id: null,
    user_id: null,
    reported_user_id: null,
    linked_at: null,
    session_count: 2,
    total_events: 5,
    sdk_version: '0.1.0',
    first_seen_at: '2026-11-01T09:00:00.000Z',
    // Newest first: a higher index was seen earlier.
    last_seen_at: new Date(Date.UTC(2026, 10, 20, 9, 0) - index * 60_000).toISOString(),
  };
}

function lastList(stub: FetchStub): RecordedRequest {
  const calls = stub.calls('GET', '/api/v1/activity-logs');
  return calls[calls.length - 1]!;
}

function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/logs" element={<SystemLogs />} />
      <Route path="/projects/:projectId" element={<ProjectDetail />} />
      <Route path="/projects/:projectId/logs" element={<ApplicationLogs />} />
    </Routes>,
    { route },
  );
}

describe('log screens', () => {
  describe('rules (SPEC §9)', () => {
    it('colours status badges by the thresholds of each screen', () => {
      expect([200, 299, 300, 399, 400, 500].map(applicationStatusVariant)).to.deep.equal([
        'default',
        'default',
        'secondary',
        'secondary',
        'destructive',
        'destructive',
      ]);
      expect([200, 204, 302, 404, 500].map(systemStatusVariant)).to.deep.equal([
        'default',
        'default',
        'secondary',
        'destructive',
        'destructive',
      ]);
      expect([100, 95, 94.9, 90, 89.9, 0].map(successRateVariant)).to.deep.equal([
        'default',
        'default',
        'secondary',
        'secondary',
        'destructive',
        'destructive',
      ]);
    });

    it('sends only the chosen filters, the newest 500 and a request for the total', () => {
      expect(listQuery({ period: '7d', applicationId: APP_ID, search: '  ' })).to.deep.equal({
        application_id: APP_ID,
        period: '7d',
        limit: 500,
        include_total: 'true',
      });
      expect(
        exportQuery({
          period: 'all',
          projectId: PROJECT_ID,
          search: ' login ',
          userType: 'anonymous',
          installationId: 'inst_aaaaaaaa',
          resourceType: 'component',
          action: 'page_view',
        }),
      ).to.deep.equal({
        search: 'login',
        action: 'page_view',
        resource_type: 'component',
        user_type: 'anonymous',
        installation_id: 'inst_aaaaaaaa',
        project_id: PROJECT_ID,
        format: 'csv',
      });
    });
  });

  describe('screens', () => {
    let stub: FetchStub;

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
      stub = new FetchStub()
        .on('GET', `/api/v1/projects/${PROJECT_ID}`, () => json(200, project()))
        // The caller's organizations (their role gates actions): answered, so no query fails mid-test.
        .on('GET', '/api/v1/organizations', () =>
          json(200, list([{ id: 'a00000000000000000000001', name: 'Acme', role: 'admin', is_active: true }])),
        )
        .on('GET', '/api/v1/applications', () =>
          json(200, list([application(), application({ id: OTHER_APP_ID, name: 'Shop Admin' })])),
        )
        .on('GET', '/api/v1/activity-logs', () => json(200, { data: rows, next_cursor: 'c', total: 120 }))
        .on('GET', '/api/v1/analytics/summary', (request) =>
          json(
            200,
            summary(request.query.period!, request.query.period === '24h' ? { active_users: 3 } : {}),
          ),
        )
        .on('GET', '/api/v1/analytics/functions', () => json(200, functionStatistics()))
        .on('GET', '/api/v1/installations', () =>
          json(200, list(Array.from({ length: 12 }, (_, index) => installation(index)))),
        )
        .on('GET', '/api/v1/anonymous-users', () => json(200, list([])))
        .install();
    });

    afterEach(() => {
      cleanup();
      stub.restore();
      document.body.style.pointerEvents = '';
    });

    describe('application logs', () => {
      it('shows the eight cards, the rows with SPEC badges and "X von Y"', async () => {
        renderAt(`/projects/${PROJECT_ID}/logs?app=${APP_ID}`);
        expect(await screen.findByText('4 von 120 Logs angezeigt')).to.exist;
        const cards = screen.getByTestId('stat-grid');
        await waitFor(() =>
          expect(within(cards).getByText('Ø Antwortzeit').nextSibling!.textContent).to.equal('42 ms'),
        );
        const figure = (label: string) => within(cards).getByText(label).nextSibling!.textContent;
        expect(figure('Aktive Nutzer (24h)')).to.equal('3');
        expect(figure('Registriert')).to.equal('4');
        expect(figure('Anonym')).to.equal('11');
        expect(figure('Installationen gesamt')).to.equal('23');
        expect(figure('API-Aufrufe gesamt')).to.equal('120');
        expect(figure('Erfolgreich')).to.equal('113');
        expect(figure('Fehlgeschlagen')).to.equal('7');

        const table = screen.getByRole('region', { name: 'Alle Aktivitäten' });
        const badges = within(table)
          .getAllByTestId('log-row')
          .map((row) => row.querySelector('[data-variant]'));
        expect(
          badges.map((badge) => badge && [badge.textContent, badge.getAttribute('data-variant')]),
        ).to.deep.equal([['200', 'default'], ['302', 'secondary'], ['404', 'destructive'], null]);
        expect(
          within(table)
            .getAllByRole('columnheader')
            .map((th) => th.textContent),
        ).to.deep.equal([
          'Zeitpunkt',
          'Aktion',
          'Ressource',
          'Benutzer',
          'Status',
          'Antwortzeit',
          'Methode',
          'Endpoint',
        ]);

        expect(lastList(stub).query).to.deep.equal({
          application_id: APP_ID,
          period: '7d',
          limit: '500',
          include_total: 'true',
        });
        const scopes = stub.calls('GET', '/api/v1/analytics/summary').map((call) => call.query);
        expect(scopes).to.deep.include({ period: '7d', application_id: APP_ID });
        expect(scopes).to.deep.include({ period: '24h', application_id: APP_ID });
        expect(stub.calls('GET', '/api/v1/analytics/functions')[0]!.query).to.deep.equal({
          period: '7d',
          application_id: APP_ID,
        });
      });

      it('without ?app= shows the whole project', async () => {
        renderAt(`/projects/${PROJECT_ID}/logs`);
        await screen.findByText('4 von 120 Logs angezeigt');
        expect(lastList(stub).query.project_id).to.equal(PROJECT_ID);
        expect(lastList(stub).query).not.to.have.property('application_id');
        expect((screen.getByLabelText('Anwendung') as HTMLSelectElement).value).to.equal('');
      });

      it('turns every filter into the list request, the API Calls tab into resource_type=api', async () => {
        const user = userEvent.setup();
        renderAt(`/projects/${PROJECT_ID}/logs?app=${APP_ID}`);
        await screen.findByText('4 von 120 Logs angezeigt');

        await user.type(screen.getByLabelText('Suche'), 'projects');
        await waitFor(() => expect(lastList(stub).query.search).to.equal('projects'));
        // One request for the word, not one per key.
        expect(stub.calls('GET', '/api/v1/activity-logs').filter((call) => call.query.search)).to.have.length(
          1,
        );

        await user.selectOptions(screen.getByLabelText('Benutzertyp'), 'Anonym');
        await waitFor(() => expect(lastList(stub).query.user_type).to.equal('anonymous'));

        const installationFilter = screen.getByLabelText('Installation') as HTMLSelectElement;
        await waitFor(() => expect(installationFilter.options).to.have.length(11));
        // SPEC §9: the first 10 installations only (of 12), after "Alle Installationen".
        expect(installationFilter.options[0]!.textContent).to.equal('Alle Installationen');
        expect(installationFilter.options[10]!.value).to.equal('inst_00000009');
        await user.selectOptions(installationFilter, 'inst_00000003');
        await waitFor(() => expect(lastList(stub).query.installation_id).to.equal('inst_00000003'));

        const types = screen.getByLabelText('Ressourcentyp') as HTMLSelectElement;
        expect([...types.options].map((option) => option.value)).to.deep.equal([
          '',
          'api',
          'application',
          'component',
        ]);
        await user.selectOptions(types, 'component');
        await waitFor(() => expect(lastList(stub).query.resource_type).to.equal('component'));

        await user.selectOptions(screen.getByLabelText('Zeitraum'), 'Letzte 30 Tage');
        await waitFor(() => expect(lastList(stub).query.period).to.equal('30d'));
        await user.selectOptions(screen.getByLabelText('Zeitraum'), 'Alle');
        await waitFor(() => expect(lastList(stub).query).not.to.have.property('period'));
        // The cards follow: "all" is the summary's longest window.
        await waitFor(() =>
          expect(stub.calls('GET', '/api/v1/analytics/summary').map((call) => call.query.period)).to.include(
            '90d',
          ),
        );

        await user.click(screen.getByRole('tab', { name: 'API-Aufrufe' }));
        await waitFor(() => expect(lastList(stub).query.resource_type).to.equal('api'));
        expect(screen.queryByLabelText('Ressourcentyp')).to.equal(null);
        expect(lastList(stub).query).to.deep.include({
          search: 'projects',
          user_type: 'anonymous',
          installation_id: 'inst_00000003',
        });
      });

      it("opens a row's details from the keyboard, with its metadata", async () => {
        const user = userEvent.setup();
        renderAt(`/projects/${PROJECT_ID}/logs?app=${APP_ID}`);
        const opener = await screen.findByRole('button', { name: /^Details: page_view am/ });
        opener.focus();
        await user.keyboard('{Enter}');
        const dialog = await screen.findByRole('dialog', { name: 'Log-Details' });
        const details = within(dialog).getByTestId('log-details');
        expect(details.textContent).to.include('inst_aaaaaaaa');
        expect(details.textContent).to.include('anon_bbbbbbbb');
        expect(details.textContent).to.include('Mozilla/5.0 Chrome');
        expect(within(dialog).getByText(/"path": "\/shop\/cart"/)).to.exist;
        await user.keyboard('{Escape}');
        await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
        expect(document.activeElement).to.equal(opener);
      });

      it('shows what an SDK sent as text, never as markup', async () => {
        const payload = '<img src=x onerror="window.__pwned=1">';
        stub.on('GET', '/api/v1/activity-logs', () =>
          json(200, {
            data: [log({ action: payload, user_agent: payload, metadata: { note: payload } })],
            next_cursor: null,
            total: 1,
          }),
        );
        const user = userEvent.setup();
        renderAt(`/projects/${PROJECT_ID}/logs?app=${APP_ID}`);
        await user.click(await screen.findByRole('button', { name: /^Details: <img/ }));
        const dialog = await screen.findByRole('dialog', { name: 'Log-Details' });
        expect(within(dialog).getAllByText(payload).length).to.be.greaterThan(0);
        expect(document.querySelector('img')).to.equal(null);
        expect((window as unknown as { __pwned?: number }).__pwned).to.equal(undefined);
      });

      it('opens a row on a click anywhere in it', async () => {
        renderAt(`/projects/${PROJECT_ID}/logs?app=${APP_ID}`);
        await screen.findByText('4 von 120 Logs angezeigt');
        fireEvent.click(screen.getByText('/api/v1/old'));
        const dialog = await screen.findByRole('dialog', { name: 'Log-Details' });
        expect(within(dialog).getByText('302').getAttribute('data-variant')).to.equal('secondary');
      });

      it('shows skeletons while loading, the error with a retry, and an empty state that names the filters', async () => {
        let answer: (response: Response) => void = () => {};
        stub.on('GET', '/api/v1/activity-logs', () => new Promise<Response>((resolve) => (answer = resolve)));
        renderAt(`/projects/${PROJECT_ID}/logs?app=${APP_ID}&q=nothing`);
        await screen.findByRole('heading', { name: 'Anwendungs-Logs', level: 1 });
        expect(screen.getAllByTestId('skeleton').length).to.be.greaterThan(0);

        // The screen's client tries once more after a second; that attempt fails too.
        const failure = () => json(500, { error: 'Datenbank nicht erreichbar', code: 'internal_error' });
        stub.on('GET', '/api/v1/activity-logs', failure);
        answer(failure());
        expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).to.include(
          'Die Logs konnten nicht geladen werden',
        );
        stub.on('GET', '/api/v1/activity-logs', () => json(200, { data: [], next_cursor: null, total: 0 }));
        await userEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
        expect(await screen.findByRole('heading', { name: 'Keine Logs gefunden' })).to.exist;
        expect(screen.getByText(/Keine Einträge entsprechen den Filtern/)).to.exist;
      });

      it('says "X Logs angezeigt" when the API gives no total', async () => {
        stub.on('GET', '/api/v1/activity-logs', () =>
          json(200, { data: rows.slice(0, 2), next_cursor: null }),
        );
        renderAt(`/projects/${PROJECT_ID}/logs?app=${APP_ID}`);
        expect(await screen.findByText('2 Logs angezeigt')).to.exist;
      });

      it('lists installations and anonymous users in their tabs', async () => {
        const user = userEvent.setup();
        renderAt(`/projects/${PROJECT_ID}/logs?app=${APP_ID}`);
        await screen.findByText('4 von 120 Logs angezeigt');
        await user.click(screen.getByRole('tab', { name: 'Installationen' }));
        expect(await screen.findAllByTestId('installation-row')).to.have.length(12);
        expect(stub.calls('GET', '/api/v1/installations')[0]!.query).to.deep.equal({
          application_id: APP_ID,
          limit: '100',
        });
        await user.click(screen.getByRole('tab', { name: 'Anonyme Nutzer' }));
        expect(await screen.findByRole('heading', { name: 'Noch keine anonymen Nutzer' })).to.exist;
      });

      it('downloads the CSV export with the filters on screen', async () => {
        stub.on(
          'GET',
          '/api/v1/activity-logs/export',
          () =>
            new Response('id,action\nl1,page_view\n', {
              status: 200,
              headers: {
                'Content-Type': 'text/csv',
                'Content-Disposition': 'attachment; filename="activity-logs-2026-11-20.csv"',
              },
            }),
        );
        const saved: { name: string; href: string }[] = [];
        const originalClick = HTMLAnchorElement.prototype.click;
        const urls = URL as unknown as {
          createObjectURL?: (blob: Blob) => string;
          revokeObjectURL?: () => void;
        };
        const original = { create: urls.createObjectURL, revoke: urls.revokeObjectURL };
        let blob: Blob | undefined;
        urls.createObjectURL = (value: Blob) => {
          blob = value;
          return 'blob:export';
        };
        urls.revokeObjectURL = () => {};
        HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
          saved.push({ name: this.download, href: this.href });
        };
        try {
          renderAt(`/projects/${PROJECT_ID}/logs?app=${APP_ID}&q=page&user=anonymous&period=30d`);
          await screen.findByText('4 von 120 Logs angezeigt');
          await userEvent.click(screen.getByRole('button', { name: 'CSV exportieren' }));
          await waitFor(() =>
            expect(saved).to.deep.equal([{ name: 'activity-logs-2026-11-20.csv', href: 'blob:export' }]),
          );
          expect(await blob!.text()).to.equal('id,action\nl1,page_view\n');
          const request = stub.calls('GET', '/api/v1/activity-logs/export')[0]!;
          expect(request.query).to.deep.equal({
            search: 'page',
            user_type: 'anonymous',
            application_id: APP_ID,
            period: '30d',
            format: 'csv',
          });
          expect(request.authorization).to.equal('Bearer a');
        } finally {
          HTMLAnchorElement.prototype.click = originalClick;
          urls.createObjectURL = original.create;
          urls.revokeObjectURL = original.revoke;
        }
      });

      it('an application of another project is not found', async () => {
        renderAt(`/projects/${PROJECT_ID}/logs?app=b0000000000000000000000f`);
        expect(await screen.findByRole('heading', { name: 'Anwendung nicht gefunden' })).to.exist;
      });
    });

    describe('system logs', () => {
      it("shows SPEC's columns with the system badge colours and a way back to the dashboard", async () => {
        renderAt('/logs');
        expect(await screen.findByText('4 von 120 Logs angezeigt')).to.exist;
        expect(screen.getByRole('link', { name: 'Zurück zum Dashboard' }).getAttribute('href')).to.equal(
          '/dashboard',
        );
        const table = screen.getByRole('region', { name: 'Aktivitäts-Logs' });
        expect(
          within(table)
            .getAllByRole('columnheader')
            .map((th) => th.textContent),
        ).to.deep.equal([
          'Zeitpunkt',
          'Aktion',
          'Ressource',
          'Status',
          'Antwortzeit',
          'Installation',
          'IP-Adresse',
          'Methode',
          'Endpoint',
        ]);
        const [first, second, third, fourth] = within(table).getAllByTestId('log-row');
        expect(first!.querySelector('[data-variant]')!.getAttribute('data-variant')).to.equal('default');
        expect(second!.querySelector('[data-variant]')!.getAttribute('data-variant')).to.equal('secondary');
        expect(third!.querySelector('[data-variant]')!.getAttribute('data-variant')).to.equal('destructive');
        expect(fourth!.textContent).to.include('SDK 0.1.0');
        expect(fourth!.textContent).to.include('Mozilla/5.0 Chrome');
        expect(fourth!.textContent).to.include('198.51.100.4');
        expect(lastList(stub).query).to.deep.equal({ period: '7d', limit: '500', include_total: 'true' });
      });

      it('filters by search, action, resource type and period', async () => {
        const user = userEvent.setup();
        renderAt('/logs');
        await screen.findByText('4 von 120 Logs angezeigt');
        await user.type(screen.getByLabelText('Aktion'), 'page_view');
        await waitFor(() => expect(lastList(stub).query.action).to.equal('page_view'));
        await user.selectOptions(screen.getByLabelText('Ressourcentyp'), 'Mitglied');
        await waitFor(() => expect(lastList(stub).query.resource_type).to.equal('member'));
        await user.selectOptions(screen.getByLabelText('Zeitraum'), 'Letzter Tag');
        await user.type(screen.getByLabelText('Suche'), 'login');
        await waitFor(() =>
          expect(lastList(stub).query).to.deep.equal({
            search: 'login',
            action: 'page_view',
            resource_type: 'member',
            period: '1d',
            limit: '500',
            include_total: 'true',
          }),
        );
      });

      it('marks what an SDK sent (badge, details) and filters by source (issue #37 item 13)', async () => {
        const user = userEvent.setup();
        renderAt('/logs');
        await screen.findByText('4 von 120 Logs angezeigt');
        const badges = screen.getAllByTestId('sdk-badge');
        expect(badges).to.have.length(1, 'only the SDK row (page_view) is marked');
        expect(badges[0]!.textContent).to.equal('SDK');
        expect(badges[0]!.getAttribute('title')).to.match(/öffentliche Anwendungs-ID/);
        expect(badges[0]!.closest('tr')!.textContent).to.include('page_view');

        await user.click(screen.getByRole('button', { name: /^Details: page_view am/ }));
        const dialog = await screen.findByRole('dialog', { name: 'Log-Details' });
        expect(within(dialog).getByTestId('log-details').textContent).to.include('SDK (nicht geprüft)');
        await user.keyboard('{Escape}');

        const sources = screen.getByLabelText('Quelle') as HTMLSelectElement;
        expect([...sources.options].map((option) => option.textContent)).to.deep.equal([
          'Alle Quellen',
          'Plattform (Audit, API)',
          'SDK (nicht geprüft)',
          'Dashboard-Anfragen',
        ]);
        await user.selectOptions(sources, 'SDK (nicht geprüft)');
        await waitFor(() => expect(lastList(stub).query.source).to.equal('sdk'));
        expect(lastList(stub).query.include_dashboard).to.equal(undefined);
        await user.selectOptions(sources, 'Plattform (Audit, API)');
        await waitFor(() => expect(lastList(stub).query.source).to.equal('platform'));
        // Team members' own dashboard requests are hidden by the API unless asked for.
        await user.selectOptions(sources, 'Dashboard-Anfragen');
        await waitFor(() => expect(lastList(stub).query.source).to.equal('dashboard'));
        expect(lastList(stub).query.include_dashboard).to.equal('true');

        act(() => void useUiStore.getState().setLocale('en'));
        await waitFor(() =>
          expect(screen.getAllByTestId('sdk-badge')[0]!.getAttribute('title')).to.match(
            /public application id/,
          ),
        );
      });

      it('function statistics: the cards, the ranked table with success-rate badges and a way to the logs', async () => {
        const user = userEvent.setup();
        renderAt('/logs?tab=functions&period=30d');
        const table = await screen.findByRole('region', { name: 'Funktionsstatistik' });
        expect(stub.calls('GET', '/api/v1/analytics/functions')[0]!.query).to.deep.equal({ period: '30d' });
        const cards = screen.getByTestId('stat-grid');
        expect(cards.textContent).to.include('Anfragen gesamt1.234');
        expect(cards.textContent).to.include('Verschiedene Funktionen3');
        expect(cards.textContent).to.include('Ressourcentypen2');
        expect(cards.textContent).to.include('Ø Antwortzeit42 ms');
        const functionRows = within(table).getAllByTestId('function-row');
        expect(
          functionRows.map((row) => [
            row.querySelector('td')!.textContent,
            row.querySelector('[data-variant]')!.textContent,
            row.querySelector('[data-variant]')!.getAttribute('data-variant'),
          ]),
        ).to.deep.equal([
          ['1', '99,5 %', 'default'],
          ['2', '92 %', 'secondary'],
          ['3', '50 %', 'destructive'],
        ]);
        await user.click(
          within(table).getByRole('link', { name: 'Logs von GET /api/v1/projects/:id anzeigen' }),
        );
        await waitFor(() => expect(lastList(stub).query.search).to.equal('/api/v1/projects/:id'));
        expect(lastList(stub).query.period).to.equal('30d');
        expect((screen.getByLabelText('Suche') as HTMLInputElement).value).to.equal('/api/v1/projects/:id');
        expect(screen.getByRole('tab', { name: 'Aktivitäts-Logs' }).getAttribute('aria-selected')).to.equal(
          'true',
        );
      });
    });

    describe("the project's Logs tab", () => {
      it('shows the live cards and newest rows of the project, and links onward', async () => {
        renderAt(`/projects/${PROJECT_ID}?tab=logs`);
        expect(await screen.findByText('4 von 120 Logs angezeigt')).to.exist;
        expect(lastList(stub).query).to.deep.equal({
          project_id: PROJECT_ID,
          period: '7d',
          limit: '5',
          include_total: 'true',
        });
        await waitFor(() =>
          expect(screen.getByTestId('stat-grid').textContent).to.include('API-Aufrufe gesamt120'),
        );
        expect(screen.getByRole('link', { name: /^Logs öffnen/ }).getAttribute('href')).to.equal(
          `/projects/${PROJECT_ID}/logs`,
        );
        expect(screen.getByRole('link', { name: /Logs für Shop Admin/ }).getAttribute('href')).to.equal(
          `/projects/${PROJECT_ID}/logs?app=${OTHER_APP_ID}`,
        );
      });
    });
  });
});
