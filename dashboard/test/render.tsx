import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, type InitialEntry } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { createQueryClient } from '../src/App';
import { theme } from '../src/theme/theme';
import Toaster from '../src/ui/Toast';

// jsdom's dispatchEvent accepts only its own event classes, but the shared jsdom setup keeps
// Node's global Event and CustomEvent (chai needs Node's Event while it loads, so they are
// swapped here, after it); Radix dispatches CustomEvents.
const globals = globalThis as unknown as Record<string, unknown>;
globals.Event = window.Event;
globals.CustomEvent = window.CustomEvent;

// findBy*/waitFor wait like a user would: the CI machine is shared and a screen that renders in
// 100 ms alone can take over a second under load (the default of 1 s made suites flaky). What the
// tests assert is unchanged; only how long they wait for it.
configure({ asyncUtilTimeout: 5000 });

/**
 * Renders a screen with the providers it expects from App (toasts included), at the given URL
 * (or location with navigation state, e.g. `{ pathname: '/email-confirmation', state: {…} }`).
 */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: InitialEntry } = {}) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={[route]}>
          {ui}
          <Toaster />
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}
