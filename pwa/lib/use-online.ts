/**
 * Whether the browser says it is online: the app's one hook for it (the sync line adds whether the
 * server answers). Editing forms need the network: offline they are disabled with a reason instead of
 * failing on submit. Free of the offline layer's Dexie runtime so visitors' pages stay light.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** While `waiting` (a screen that could not reach the server), runs `retry` when the browser is back online. */
export function useRetryWhenOnline(waiting: boolean, retry: () => void): void {
  const latest = useRef(retry);
  latest.current = retry;
  useEffect(() => {
    if (!waiting) return;
    const again = () => latest.current();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [waiting]);
}

/** The sentence shown beside a form that is disabled offline. */
export const OFFLINE_REASON = 'You are offline. Changes need a connection; this form is available again once you are back online.';

/** A submit button's props while offline: off, with the reason as its tooltip (a request already sending stays busy, not off). */
export const offlineSubmit = (online: boolean, busy: boolean) => ({
  disabled: !online && !busy,
  title: online ? undefined : OFFLINE_REASON,
});
