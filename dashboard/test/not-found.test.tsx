import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { expect } from 'chai';
import { AppLayout } from '../src/layout/AppLayout';
import NotFound from '../src/pages/NotFound';
import { useUiStore } from '../src/stores/ui';
import { renderWithProviders } from './render';

describe('NotFound page', () => {
  const originalError = console.error;
  let logged: unknown[][] = [];

  beforeEach(() => {
    logged = [];
    console.error = (...args: unknown[]) => logged.push(args);
    act(() => {
      void useUiStore.getState().setLocale('de');
    });
  });

  afterEach(() => {
    console.error = originalError;
    cleanup();
  });

  it('says the page was not found and links home in German', () => {
    renderWithProviders(<NotFound />, { route: '/nope' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal('404');
    expect(screen.getByText('Hoppla! Seite nicht gefunden')).to.exist;
    const link = screen.getByRole('link', { name: 'Zurück zur Startseite' });
    expect(link.getAttribute('href')).to.equal('/');
  });

  it('logs the unknown path to the console (SPEC §8)', () => {
    renderWithProviders(<NotFound />, { route: '/missing/page' });
    expect(logged.some((args) => args.includes('/missing/page'))).to.equal(true);
  });

  it('switches to English from the header, loading the English texts on demand', async () => {
    renderWithProviders(<AppLayout />, { route: '/' });
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('button', { name: 'Deutsch' })).to.exist;
    expect(useUiStore.getState().locale).to.equal('en');
    expect(screen.getByRole('link', { name: 'Skip to content' })).to.exist;
  });
});
