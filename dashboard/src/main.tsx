import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { routes } from './routes';
import { restoreSession } from './stores/session';

// Verify the stored login once per page load, before the first screen asks for it.
void restoreSession();

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');
createRoot(container).render(
  <StrictMode>
    <App routes={routes} />
  </StrictMode>,
);
