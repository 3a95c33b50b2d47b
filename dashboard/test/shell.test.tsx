import { existsSync } from 'node:fs';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { Route, Routes } from 'react-router';
import DashboardLayout from '../src/layout/DashboardLayout';
import Landing from '../src/pages/Landing';
import { STORAGE_KEY, useSessionStore, type SessionUser } from '../src/stores/session';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json } from './fetch-stub';
import { renderWithProviders } from './render';

const user: SessionUser = {
  id: 'u1',
  email: 'ada@example.com',
  display_name: 'Ada',
  is_verified: true,
  created_at: '2024-01-01T00:00:00.000Z',
  last_login_at: null,
  is_admin: false,
};

function signInAs(profile: SessionUser) {
  const session = {
    accessToken: 'a',
    refreshToken: 'r',
    expiresAt: Math.floor(Date.now() / 1000) + 900,
    user: profile,
  };
  localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  act(() => useSessionStore.setState({ status: 'signedIn', session, signedOutByUser: false }));
}

describe('dashboard shell and landing page', () => {
  let stub: FetchStub;

  beforeEach(() => {
    act(() => {
      void useUiStore.getState().setLocale('de');
      useToastStore.setState({ toasts: [] });
    });
    stub = new FetchStub().install();
  });

  afterEach(() => {
    cleanup();
    stub.restore();
  });

  it("shows the user's e-mail and the navigation, without Admin for a normal user", () => {
    signInAs(user);
    renderWithProviders(<DashboardLayout />, { route: '/dashboard' });
    expect(screen.getByTestId('user-email').textContent).to.equal('ada@example.com');
    // jsdom is narrower than the desktop breakpoint, so the wide-screen bar counts as hidden.
    const nav = document.querySelector('nav[aria-label="Hauptnavigation"]')!;
    expect([...nav.querySelectorAll('a')].map((link) => link.textContent)).to.deep.equal([
      'Dashboard',
      'Organisationen',
      'Projekte',
      'API Tokens',
    ]);
  });

  it('shows the Admin link to admins', () => {
    signInAs({ ...user, is_admin: true });
    renderWithProviders(<DashboardLayout />, { route: '/dashboard' });
    expect(screen.getByRole('link', { name: 'Admin', hidden: true }).getAttribute('href')).to.equal('/admin');
  });

  it('opens the small-screen menu as a disclosure and closes it on Escape', async () => {
    signInAs(user);
    renderWithProviders(<DashboardLayout />, { route: '/dashboard' });
    const toggle = screen.getByRole('button', { name: 'Menü' });
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    expect(document.getElementById('dashboard-menu')?.textContent).to.contain('ada@example.com');
    // The wide-screen bar has no room for it; the menu has.
    expect(
      within(document.getElementById('dashboard-menu')!)
        .getByRole('link', { name: 'E-Mail Templates' })
        .getAttribute('href'),
    ).to.equal('/email-templates');
    await userEvent.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    expect(document.getElementById('dashboard-menu')).to.equal(null);
  });

  it('signs out on the server, forgets the session and says goodbye', async () => {
    stub.on('POST', '/api/v1/auth/logout', () => json(200, { success: true }));
    signInAs(user);
    renderWithProviders(
      <Routes>
        <Route path="/dashboard" element={<DashboardLayout />} />
      </Routes>,
      { route: '/dashboard' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Menü' }));
    await userEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
    await screen.findByText('Erfolgreich abgemeldet', { exact: true });
    expect(screen.getByText('Bis bald!', { exact: true })).to.exist;
    await waitFor(() => expect(stub.calls('POST', '/api/v1/auth/logout')).to.have.length(1));
    expect(localStorage.getItem(STORAGE_KEY)).to.equal(null);
    expect(useSessionStore.getState().status).to.equal('signedOut');
  });

  it('has a keyboard-operable mobile menu on the landing page', async () => {
    stub.on('GET', '/api/v1/health', () =>
      json(200, { status: 'ok', version: '0.1.0', uptime_s: 1, db: { status: 'up' } }),
    );
    renderWithProviders(<Landing />, { route: '/' });
    const toggle = screen.getByRole('button', { name: 'Menü öffnen' });
    expect(toggle.getAttribute('aria-controls')).to.equal('landing-menu');
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Menü schließen' }).getAttribute('aria-expanded')).to.equal(
      'true',
    );
    await userEvent.keyboard('{Escape}');
    expect(document.getElementById('landing-menu')).to.equal(null);
    expect(document.activeElement).to.equal(screen.getByRole('button', { name: 'Menü öffnen' }));
    expect((await screen.findByTestId('api-status')).textContent).to.match(/Betriebsbereit|Wird geprüft/);
  });

  it('links every landing-page button to sign-in or the API docs, never to a dead end', async () => {
    stub.on('GET', '/api/v1/health', () =>
      json(200, { status: 'ok', version: '0.1.0', uptime_s: 1, db: { status: 'up' } }),
    );
    stub.on('GET', '/api/v1/guides', () =>
      json(200, {
        data: [
          {
            slug: 'webhooks',
            title: 'Webhooks',
            description: 'Signed deliveries',
            source: 'docs/webhooks.md',
          },
        ],
        next_cursor: null,
      }),
    );
    renderWithProviders(<Landing />, { route: '/' });
    // The footer links to the docs page's sections, #webhooks once the docs have that guide.
    await screen.findByRole('link', { name: 'Webhooks' });
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).to.include.members(['/docs', '/docs#getting-started', '/docs#sdks', '/docs#webhooks']);
    for (const href of hrefs) {
      expect(href).to.match(
        /^(\/|\/auth(\?tab=register)?|#main|#features|#architecture|#pricing|\/status|\/docs(#(getting-started|sdks|webhooks|two-factor|privacy|analytics|tracking|concepts|self-hosting|security|assistant))?|\/api\/v1\/openapi\.json)$/,
      );
      // In-page anchors must have their target on the page.
      if (href?.startsWith('#')) expect(document.getElementById(href.slice(1)), href).to.exist;
    }
    expect(screen.getByRole('link', { name: 'Jetzt starten' }).getAttribute('href')).to.equal(
      '/auth?tab=register',
    );
    expect(screen.getByRole('link', { name: 'Live Demo ansehen' }).getAttribute('href')).to.equal('/auth');
    // The security and platform claims lead to the guides that say how they are kept.
    const claims = {
      'Zwei-Faktor-Login: zur Dokumentation': 'two-factor',
      'DSGVO-konformes Logging: zur Dokumentation': 'privacy',
      'Analytics Dashboard: zur Dokumentation': 'analytics',
      'Monitoring SDK: zur Dokumentation': 'tracking',
    };
    for (const [name, guide] of Object.entries(claims)) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).to.equal(`/docs#${guide}`);
      expect(existsSync(new URL(`../../docs/${guide}.md`, import.meta.url)), `docs/${guide}.md`).to.equal(
        true,
      );
    }
  });
});
