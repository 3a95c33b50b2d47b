import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { FirstRunChecklist } from '../src/components/onboarding/FirstRunChecklist';
import { useSessionStore } from '../src/stores/session';
import { useUiStore } from '../src/stores/ui';
import { FetchStub, json } from './fetch-stub';
import { renderWithProviders } from './render';

const KEYS = ['organization', 'project', 'application', 'origin', 'snippet', 'event'] as const;

/** The server's checklist with the first `done` steps done. */
function checklist(done: number, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    steps: KEYS.map((key, index) => ({ key, done: index < done })),
    done,
    total: 6,
    complete: done === 6,
    dismissed: false,
    dismissed_at: null,
    next: done === 6 ? null : KEYS[done],
    context: {
      organization_id: done >= 1 ? 'o1' : null,
      project_id: done >= 2 ? 'p1' : null,
      application_id: done >= 3 ? 'a1' : null,
    },
    ...fields,
  };
}

describe('first-run checklist on the dashboard (issue #36)', () => {
  let stub: FetchStub;

  beforeEach(() => {
    act(() => {
      void useUiStore.getState().setLocale('de');
      useSessionStore.setState({
        status: 'signedIn',
        session: {
          accessToken: 'a',
          refreshToken: 'r',
          expiresAt: Date.now() / 1000 + 900,
          user: {
            id: 'u1',
            email: 'ada@example.com',
            display_name: 'Ada',
            is_verified: true,
            created_at: '2026-01-01T00:00:00.000Z',
            last_login_at: null,
          },
        },
      });
    });
  });
  afterEach(() => {
    cleanup();
    stub.restore();
  });

  it('shows the progress, ticks what the server says is done, and highlights the next step with its link', async () => {
    stub = new FetchStub().on('GET', '/api/v1/onboarding', () => json(200, checklist(3))).install();
    renderWithProviders(<FirstRunChecklist />, { route: '/dashboard' });
    const card = await screen.findByRole('region', { name: 'Erste Schritte' });
    expect(within(card).getByTestId('first-run-progress').textContent).to.equal('3 von 6 erledigt');
    const bar = card.querySelector('progress')!;
    expect([bar.value, bar.max]).to.deep.equal([3, 6]);

    const items = within(card).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-done'))).to.deep.equal([
      'true',
      'true',
      'true',
      'false',
      'false',
      'false',
    ]);
    const next = items[3]!;
    expect(next.getAttribute('aria-current')).to.equal('step');
    expect(within(next).getByRole('heading').textContent).to.equal(
      'Origin Ihrer Website erlauben: Nächster Schritt',
    );
    expect(within(next).getByRole('link', { name: 'Zur Anwendung' }).getAttribute('href')).to.equal(
      '/projects/p1/applications/a1',
    );
    // Done steps offer no link; open ones after the next do.
    expect(within(items[0]!).queryByRole('link')).to.equal(null);
    expect(within(items[5]!).getByRole('link', { name: 'Zu Analytics' }).getAttribute('href')).to.equal(
      '/analytics?app=a1',
    );
    // The snippet appears once pasting it is the next step.
    expect(within(card).queryByTestId('first-run-snippet')).to.equal(null);
  });

  it('offers the application’s snippet to paste and copy once it is the next step', async () => {
    stub = new FetchStub().on('GET', '/api/v1/onboarding', () => json(200, checklist(4))).install();
    renderWithProviders(<FirstRunChecklist />, { route: '/dashboard' });
    const card = await screen.findByRole('region', { name: 'Erste Schritte' });
    const next = within(card).getAllByRole('listitem')[4]!;
    expect(next.getAttribute('aria-current')).to.equal('step');
    const snippet = within(next).getByTestId('first-run-snippet').textContent ?? '';
    expect(snippet).to.include(`src="${location.origin}/cdn/sdk/iam-sdk.min.js" data-application-id="a1"`);
    expect(snippet).to.include("IamSdk.track('first_event')");
    expect(within(next).getByRole('button', { name: 'Snippet kopieren' })).to.exist;
    expect(
      within(next)
        .getByRole('link', { name: /Anleitung in den Docs/ })
        .getAttribute('href'),
    ).to.equal('/docs');
  });

  it('hides on "Ausblenden" for the account and offers the way back, moving the focus with it', async () => {
    const user = userEvent.setup();
    let state = checklist(1);
    stub = new FetchStub()
      .on('GET', '/api/v1/onboarding', () => json(200, state))
      .on('POST', '/api/v1/onboarding/dismissal', () => {
        state = { ...state, dismissed: true, dismissed_at: '2026-11-28T08:00:00.000Z' };
        return json(200, state);
      })
      .on('DELETE', '/api/v1/onboarding/dismissal', () => {
        state = { ...state, dismissed: false, dismissed_at: null };
        return json(200, state);
      })
      .install();
    renderWithProviders(<FirstRunChecklist />, { route: '/dashboard' });
    await user.click(await screen.findByRole('button', { name: 'Checkliste „Erste Schritte“ ausblenden' }));
    const restore = await screen.findByRole('button', { name: 'Erste Schritte anzeigen' });
    expect(screen.queryByRole('region', { name: 'Erste Schritte' })).to.equal(null);
    expect(screen.getByTestId('first-run-restore').textContent).to.include(
      'Erste Schritte: 1 von 6 erledigt.',
    );
    await waitFor(() => expect(document.activeElement).to.equal(restore));
    expect(stub.calls('POST', '/api/v1/onboarding/dismissal')).to.have.length(1);

    await user.keyboard('{Enter}');
    const card = await screen.findByRole('region', { name: 'Erste Schritte' });
    await waitFor(() =>
      expect(document.activeElement).to.equal(within(card).getByRole('heading', { level: 2 })),
    );
    expect(stub.calls('DELETE', '/api/v1/onboarding/dismissal')).to.have.length(1);
  });

  it('shows nothing once every step is done', async () => {
    stub = new FetchStub().on('GET', '/api/v1/onboarding', () => json(200, checklist(6))).install();
    const { container } = renderWithProviders(<FirstRunChecklist />, { route: '/dashboard' });
    await waitFor(() => expect(stub.calls('GET', '/api/v1/onboarding')).to.have.length(1));
    await waitFor(() => expect(screen.queryByRole('status')).to.equal(null));
    expect(container.textContent).to.equal('');
  });

  it('says when the checklist cannot be loaded, and loads it again on request', async () => {
    const user = userEvent.setup();
    let fail = true;
    stub = new FetchStub()
      .on('GET', '/api/v1/onboarding', () =>
        fail ? json(500, { error: 'boom', code: 'internal_error' }) : json(200, checklist(0)),
      )
      .install();
    renderWithProviders(<FirstRunChecklist />, { route: '/dashboard' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).to.include('Die Checkliste „Erste Schritte“ konnte nicht geladen werden.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    const card = await screen.findByRole('region', { name: 'Erste Schritte' });
    expect(within(card).getByTestId('first-run-progress').textContent).to.equal('0 von 6 erledigt');
    expect(within(card).getByRole('link', { name: 'Zu den Organisationen' }).getAttribute('href')).to.equal(
      '/organizations',
    );
  });

  it('speaks English when the dashboard does', async () => {
    stub = new FetchStub().on('GET', '/api/v1/onboarding', () => json(200, checklist(2))).install();
    await act(() => useUiStore.getState().setLocale('en'));
    renderWithProviders(<FirstRunChecklist />, { route: '/dashboard' });
    const card = await screen.findByRole('region', { name: 'Getting started' });
    expect(within(card).getByTestId('first-run-progress').textContent).to.equal('2 of 6 done');
    expect(within(card).getByRole('button', { name: 'Dismiss the “Getting started” checklist' })).to.exist;
    expect(within(card).getByRole('link', { name: 'Go to the project' }).getAttribute('href')).to.equal(
      '/projects/p1',
    );
  });
});
