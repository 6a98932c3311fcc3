/**
 * Starts the offline layer's sync engine (pwa/offline/runtime.ts) for signed-in staff: at start with a
 * stored session (also offline, with the cached user) and after each sign-in; signing in again resumes
 * a paused engine with the same outbox (docs/architecture.md#offline-layer).
 *
 * A 401 during a background sync never redirects by itself while changes wait on the device
 * (docs/decisions.md "Arrivals and hotel screens": the UI decides): the engine pauses with its outbox
 * kept, and this shows a notice whose 'Sign in again' re-checks the session, which sends the user to
 * /login and back. With no change waiting the session is re-checked at once; a feed refused with 403
 * (the role changed) re-reads the user too, so the new role's screens replace the old ones.
 *
 * Before syncing, startSync checks whose data this device holds (pwa/offline/owner.ts): another user's
 * cached data goes, their unsent changes stay; the screens show nothing cached until that check ran.
 *
 * The runtime is imported on demand, so visitors' pages never load Dexie.
 */
import { useEffect, useRef, useState } from 'react';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { useAuth } from './auth-context';
import { getToken } from '../lib/api-client';
import { preloadDiscardQuestion } from './discard-changes-dialog';

/** Network-read screens that show other devices' changes: refetched (when on screen) after a live change. */
const LIVE_KEYS = new Set(['registrations', 'stats', 'users']);
const showsSharedData = (q: Query) => LIVE_KEYS.has(String(q.queryKey[0]));

/** At most one automatic session re-check a minute. */
const RECHECK_MS = 60_000;

export function OfflineSync() {
  const { status, user, refresh } = useAuth();
  const queryClient = useQueryClient();
  const [authRequired, setAuthRequired] = useState(false);
  /** starts (or resumes) the engine for the signed-in user; set once the runtime is loaded */
  const restart = useRef<(() => void) | null>(null);
  const signInAgainRef = useRef<() => Promise<void>>(async () => {});
  const lastAutoCheck = useRef(0);
  const id = user?.id;
  const role = user?.role;
  const firstName = user?.first_name;
  const lastName = user?.last_name;

  useEffect(() => {
    if (status !== 'authenticated' || id === undefined || (role !== 'admin' && role !== 'greeter' && role !== 'checkin')) return;
    let cancelled = false;
    // a new session: its first refusal is checked at once, whatever the last session's check
    lastAutoCheck.current = 0;
    /** a re-check asked for within the minute: made when the minute ends, not dropped (the engine reports a 401 once) */
    let later: ReturnType<typeof setTimeout> | undefined;
    /**
     * The session re-checked (at most once a minute: one the server still accepts is not checked in a
     * loop), when `wanted` still says so at that moment (a change queued meanwhile keeps the screen).
     */
    const recheck = (wanted: () => Promise<boolean> = async () => true) => {
      if (cancelled) return;
      const wait = lastAutoCheck.current + RECHECK_MS - Date.now();
      if (wait > 0) {
        later ??= setTimeout(() => {
          later = undefined;
          recheck(wanted);
        }, wait);
        return;
      }
      lastAutoCheck.current = Date.now();
      void wanted()
        .then((go) => {
          if (go && !cancelled) void signInAgainRef.current();
        })
        .catch(() => undefined);
    };
    let unsubscribe: (() => void) | undefined;
    let unsubscribeLive: (() => void) | undefined;
    // the field screen (the arrivals board, the desk for check-in staff): its code ready before the first tap;
    // and the sign-out question, asked when changes wait, often with no signal
    void (role === 'checkin' ? import('../features/check-in/check-in-page') : import('../features/arrivals/flight-arrivals-page')).catch(
      () => undefined,
    );
    preloadDiscardQuestion();
    void import('../offline/runtime').then(({ startSync, subscribeSync, getSyncState, subscribeLiveChanges, unsentChanges }) => {
      if (cancelled) return;
      // the arrivals, hotel and cached screens read Dexie, which the sync fills; these read the network
      unsubscribeLive = subscribeLiveChanges(
        () => void queryClient.invalidateQueries({ predicate: showsSharedData, refetchType: 'active' }),
      );
      restart.current = () =>
        void startSync({
          getToken,
          // with changes waiting the engine's state says it (read below) and the screen stays; with none,
          // nothing is lost by going: the session is re-checked, and a refused one (signed out
          // elsewhere, the account disabled) goes to /login rather than showing the device's copy
          onAuthRequired: () => recheck(async () => (await unsentChanges()) === 0),
          // a feed refused: the role changed since sign-in; re-reading the user applies the new one now
          onForbidden: () => recheck(),
          user: { id, firstName: firstName ?? '', lastName: lastName ?? '', role },
        });
      restart.current();
      const update = () => setAuthRequired(getSyncState().authRequired);
      unsubscribe = subscribeSync(update);
      update();
    });
    return () => {
      cancelled = true;
      clearTimeout(later);
      restart.current = null;
      unsubscribe?.();
      unsubscribeLive?.();
    };
  }, [status, id, role, firstName, lastName, queryClient]);

  // a refused session sends the user to /login (and the next sign-in resumes); an accepted one resumes now
  const signInAgain = async () => {
    await refresh();
    restart.current?.();
  };
  signInAgainRef.current = signInAgain;

  if (!authRequired || status !== 'authenticated') return null;
  return (
    <div className="alert alert-error session-banner" role="alert">
      <span>Your session has ended. Sign in again to send the changes kept on this device.</span>
      <button type="button" className="btn btn-primary btn-small" onClick={() => void signInAgain()}>
        Sign in again
      </button>
    </div>
  );
}
