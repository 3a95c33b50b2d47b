import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { Route, Routes } from 'react-router';
import Tokens from '../src/pages/Tokens';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json } from './fetch-stub';
import { renderWithProviders } from './render';

function token(overrides: Record<string, unknown>) {
  return {
    id: 't1',
    name: 'Produktion',
    prefix: 'cs_1a2b3',
    scopes: ['read', 'write'],
    is_active: true,
    status: 'active',
    expires_at: null,
    last_used_at: null,
    revoked_at: null,
    application_id: 'a1',
    created_at: '2026-03-05T09:07:00.000Z',
    ...overrides,
  };
}

const active = token({ last_used_at: '2026-04-01T12:00:00.000Z', expires_at: '2027-01-31T23:00:00.000Z' });
const revoked = token({ id: 't2', name: 'Alt', prefix: 'cs_9f8e7', status: 'revoked', is_active: false });
const expired = token({
  id: 't3',
  name: 'Abgelaufen',
  prefix: 'cs_55555',
  status: 'expired',
  scopes: ['admin'],
});

function renderTokens(route = '/tokens') {
  return renderWithProviders(
    <Routes>
      <Route path="/tokens" element={<Tokens />} />
      <Route path="/dashboard" element={<p>Dashboard-Seite</p>} />
    </Routes>,
    { route },
  );
}

describe('tokens screen', () => {
  let stub: FetchStub;
  let tokens: ReturnType<typeof token>[];

  beforeEach(() => {
    act(() => {
      void useUiStore.getState().setLocale('de');
      useToastStore.setState({ toasts: [] });
    });
    tokens = [active, revoked, expired];
    stub = new FetchStub()
      .on('GET', '/api/v1/tokens', () => json(200, { data: tokens, next_cursor: null }))
      // The caller's organizations: answered, so their query cannot fail mid-test on a slow run.
      .on('GET', '/api/v1/organizations', () =>
        json(200, { data: [{ id: 'o1', name: 'Acme', role: 'admin', is_active: true }], next_cursor: null }),
      )
      .on('GET', '/api/v1/applications', () =>
        json(200, { data: [{ id: 'a1', name: 'Shop Web', project_id: 'p1' }], next_cursor: null }),
      )
      .install();
  });

  afterEach(() => {
    cleanup();
    stub.restore();
    document.body.style.pointerEvents = '';
  });

  function item(name: string): HTMLElement {
    const heading = screen.getByRole('heading', { name, level: 2 });
    return heading.closest('li')!;
  }

  it("lists the user's tokens with prefix, scopes, status and German dates", async () => {
    renderTokens();
    await screen.findByRole('heading', { name: 'Produktion', level: 2 });
    expect(screen.getByRole('heading', { name: 'API Tokens', level: 1 })).to.exist;
    const first = item('Produktion');
    expect(first.textContent).to.include('cs_1a2b3…');
    expect(first.textContent).to.include('Aktiv');
    expect(within(first).getByRole('list', { name: 'Scopes' }).textContent).to.equal('readwrite');
    expect(first.textContent).to.include('Shop Web');
    // German format, in the browser's time zone.
    const created = new Intl.DateTimeFormat('de-DE', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(active.created_at));
    expect(first.textContent).to.include(created);
    expect(created).to.match(/^\d\d\.\d\d\.2026, \d\d:\d\d$/);
    expect(item('Alt').textContent).to.include('Gesperrt');
    expect(item('Alt').textContent).to.include('Nie');
    expect(item('Alt').textContent).to.include('Kein Ablauf');
    expect(item('Abgelaufen').textContent).to.include('Abgelaufen');
  });

  it('offers revoking only for active tokens', async () => {
    renderTokens();
    await screen.findByRole('heading', { name: 'Produktion', level: 2 });
    expect(within(item('Produktion')).getByRole('button', { name: 'Token Produktion sperren' })).to.exist;
    expect(within(item('Alt')).queryByRole('button')).to.equal(null);
    expect(within(item('Abgelaufen')).queryByRole('button')).to.equal(null);
  });

  it('revokes only after a confirmation that says it cannot be undone', async () => {
    stub.on('POST', '/api/v1/tokens/t1/revoke', () => {
      const done = { ...active, status: 'revoked', is_active: false };
      tokens = [done, revoked, expired];
      return json(200, done);
    });
    const user = userEvent.setup();
    renderTokens();
    await screen.findByRole('heading', { name: 'Produktion', level: 2 });

    await user.click(screen.getByRole('button', { name: 'Token Produktion sperren' }));
    let dialog = await screen.findByRole('dialog', { name: 'Token sperren?' });
    expect(dialog.textContent).to.include('Diese Aktion kann nicht rückgängig gemacht werden.');
    expect(dialog.textContent).to.include('„Produktion“ (cs_1a2b3…)');
    // Cancel is focused first so that Enter never revokes by accident; Escape cancels.
    expect(document.activeElement?.textContent).to.equal('Abbrechen');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
    expect(stub.calls('POST', '/api/v1/tokens/t1/revoke')).to.have.length(0);

    await user.click(screen.getByRole('button', { name: 'Token Produktion sperren' }));
    dialog = await screen.findByRole('dialog', { name: 'Token sperren?' });
    await user.click(within(dialog).getByRole('button', { name: 'Endgültig sperren' }));
    await screen.findByText('Token gesperrt', { exact: true });
    expect(stub.calls('POST', '/api/v1/tokens/t1/revoke')).to.have.length(1);
    await waitFor(() => expect(item('Produktion').textContent).to.include('Gesperrt'));
    expect(within(item('Produktion')).queryByRole('button')).to.equal(null);
  });

  it('shows a failed revocation as "Fehler"', async () => {
    stub.on('POST', '/api/v1/tokens/t1/revoke', () =>
      json(404, { error: 'API token not found.', code: 'token_not_found' }),
    );
    const user = userEvent.setup();
    renderTokens();
    await user.click(await screen.findByRole('button', { name: 'Token Produktion sperren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Token sperren?' });
    await user.click(within(dialog).getByRole('button', { name: 'Endgültig sperren' }));
    await screen.findByText('Fehler', { exact: true });
    expect(screen.getByText('Fehler beim Sperren: API Token nicht gefunden.')).to.exist;
  });

  it('reports a failed load with "Fehler beim Laden der Tokens"', async () => {
    stub.on('GET', '/api/v1/tokens', () => json(500, { error: 'Database down', code: 'internal' }));
    renderTokens();
    await screen.findByText('Fehler beim Laden der Tokens', { exact: true }, { timeout: 5000 });
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).to.exist;
  });

  it('has an empty state that leads to creating a token', async () => {
    tokens = [];
    stub.on('GET', '/api/v1/organizations', () => json(200, { data: [], next_cursor: null }));
    stub.on('GET', '/api/v1/projects', () => json(200, { data: [], next_cursor: null }));
    const user = userEvent.setup();
    renderTokens();
    await screen.findByRole('heading', { name: 'Noch keine API Tokens' });
    const buttons = screen.getAllByRole('button', { name: 'Neuer Token' });
    expect(buttons).to.have.length(2);
    await user.click(buttons[1]!);
    await screen.findByRole('dialog', { name: 'Neuen API Token erstellen' });
  });

  it('lists only the tokens of ?applicationId= and preselects it for a new token', async () => {
    stub.on('GET', '/api/v1/applications/a1', () =>
      json(200, { id: 'a1', name: 'Shop Web', project_id: 'p1', organization_id: 'o1' }),
    );
    stub.on('GET', '/api/v1/organizations', () =>
      json(200, { data: [{ id: 'o1', name: 'Acme' }], next_cursor: null }),
    );
    stub.on('GET', '/api/v1/projects', () =>
      json(200, { data: [{ id: 'p1', name: 'Shop', organization_id: 'o1' }], next_cursor: null }),
    );
    const urls: string[] = [];
    const inner = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      urls.push(request.url);
      return inner(request);
    }) as typeof fetch;
    const user = userEvent.setup();
    renderTokens('/tokens?applicationId=a1');
    await screen.findByText('Tokens der Anwendung Shop Web');
    expect(urls.some((url) => url.includes('/api/v1/tokens?') && url.includes('application_id=a1'))).to.equal(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Neuer Token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neuen API Token erstellen' });
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Anwendung') as HTMLSelectElement).value).to.equal('a1'),
    );
  });

  it('links back to the dashboard', async () => {
    const user = userEvent.setup();
    renderTokens();
    await user.click(screen.getByRole('link', { name: 'Zurück zum Dashboard' }));
    await screen.findByText('Dashboard-Seite');
  });
});
