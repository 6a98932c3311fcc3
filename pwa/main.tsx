/** The PWA's entry: styles, providers, the router; then a one-time request for persistent storage. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { requestPersistentStorage } from './app/persist-storage';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { getToken } from './lib/api-client';
import './styles.css';

// A staff member opening their field screen with a stored session: fetch its code (and Dexie) while the
// session is checked, not after, one round trip fewer on a slow connection (Lighthouse run).
if (getToken() && location.pathname.startsWith('/admin/flight-arrivals')) {
  void import('./features/arrivals/flight-arrivals-page').catch(() => undefined);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);

void requestPersistentStorage();
// keeping keyboard focus (pwa/app/keep-keyboard-focus.ts) is not in a field screen's first visit
// (docs/quality.md, first-visit budget): it loads once the page is idle, or with the first key if sooner
let focusKept: Promise<unknown> | undefined;
const keepFocus = (pressed: boolean) =>
  (focusKept ??= import('./app/keep-keyboard-focus')
    .then((m) => m.keepKeyboardFocus(document, pressed))
    // not loaded (the signal dropped on a first visit): the next key asks again, where the browser tries again
    .catch(() => {
      focusKept = undefined;
      document.addEventListener('keydown', () => void keepFocus(true), { capture: true, once: true });
    }));
document.addEventListener('keydown', () => void keepFocus(true), { capture: true, once: true });
(window.requestIdleCallback ?? setTimeout)(() => void keepFocus(false));
