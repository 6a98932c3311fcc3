/**
 * Registers the service worker and, when a new version is waiting, shows "Update available — Reload"
 * (docs/architecture.md: never a silent reload mid-task; registerType 'prompt'). The app checks for a new version
 * every hour while open.
 *
 * Reload reloads this tab only, once the new version controls it. The new version then controls every
 * tab of the app, and the plugin's default would reload the others too, losing what they had half
 * typed: a tab that did not ask shows "A new version is ready — Reload" instead and reloads when its
 * user says so. Both are told by the page's own `controllerchange`, which a tab opened on the first
 * visit hears as well (the plugin's `onNeedReload` is not called there).
 */
import { useEffect, useRef, useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

const CHECK_EVERY_MS = 60 * 60 * 1000;

export function UpdateBanner() {
  const asked = useRef(false);
  const [takenElsewhere, setTakenElsewhere] = useState(false);
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
    // given, so the plugin does not reload this tab itself: the controllerchange below decides
    onNeedReload() {},
  });

  useEffect(() => {
    const sw = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!sw) return;
    // the first visit's worker taking control of this tab is no new version
    let controlled = sw.controller !== null;
    const onChange = () => {
      if (!controlled) {
        controlled = true;
        return;
      }
      if (asked.current) {
        window.location.reload();
        return;
      }
      setTakenElsewhere(true);
    };
    sw.addEventListener('controllerchange', onChange);
    return () => sw.removeEventListener('controllerchange', onChange);
  }, []);

  if (!needRefresh && !takenElsewhere) return null;
  const reload = () => {
    if (takenElsewhere) {
      window.location.reload();
      return;
    }
    asked.current = true;
    void updateServiceWorker(true);
  };
  return (
    <>
      {/* room under the page's last control, so the notice never covers it (a form's Submit at the bottom) */}
      <div className="update-banner-room" aria-hidden="true" />
      <div className="update-banner" role="status">
        <span>{takenElsewhere ? 'A new version is ready — ' : 'Update available — '}</span>
        <button type="button" className="btn btn-primary" onClick={reload}>
          Reload
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            setNeedRefresh(false);
            setTakenElsewhere(false);
          }}
        >
          Later
        </button>
      </div>
    </>
  );
}
