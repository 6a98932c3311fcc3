/**
 * Registers the service worker and, when a new version is waiting, shows "Update available — Reload"
 * (docs/architecture.md: never a silent reload mid-task; registerType 'prompt'). The app checks for a new version
 * every hour while open.
 */
import { useRegisterSW } from 'virtual:pwa-register/react';

const CHECK_EVERY_MS = 60 * 60 * 1000;

export function UpdateBanner() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update().catch(() => {}), CHECK_EVERY_MS);
    },
    onRegisterError(error) {
      console.warn('Service worker registration failed; the app will not work offline.', error);
    },
  });

  if (!needRefresh) return null;
  return (
    <div className="update-banner" role="status">
      <span>Update available — </span>
      <button type="button" className="btn btn-primary" onClick={() => void updateServiceWorker(true)}>
        Reload
      </button>
      <button type="button" className="btn btn-ghost" onClick={() => setNeedRefresh(false)} aria-label="Dismiss update notice">
        Later
      </button>
    </div>
  );
}
