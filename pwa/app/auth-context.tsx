/**
 * Who is signed in (docs/product.md#roles-and-access): 'loading' until the stored token is checked with GET /api/auth/me,
 * then 'authenticated' (token and user both present) or 'unauthenticated'. Login stores the token
 * (localStorage 'token'); logout revokes it on the server, forgets it and goes to /login.
 *
 * Offline (docs/decisions.md "Shell and sign-in"): the last user is kept in localStorage 'auth_user';
 * when /auth/me gets no answer at start-up the cached user stands in and is re-checked once the browser
 * is back online. Only a real refusal (401) signs the user out.
 *
 * A returning user (token and cached user both stored) starts 'authenticated' as the cached user while
 * /auth/me confirms it in the background, so the staff screens draw at once instead of after a round
 * trip (Lighthouse; docs/decisions.md). 'loading' is left for a token with no cached user. A
 * 401 from that check signs out and protected routes send the user to /login, as before.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, clearToken, configureApiClient, getToken, lastRefusalWasExpiry, setSessionEnd, setToken } from '../lib/api-client';
import type { Role } from '../../shared/constants';
import type { User } from '../../shared/schemas/auth';
import { loginRequest, meRequest, type LoginBody } from '../features/auth/api/auth-api';
import { endPendingSessions, rememberSignOut } from '../features/auth/pending-sign-out';
import { useDiscardQuestion } from './discard-changes-dialog';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  isAdmin: boolean;
  /**
   * The page (path and query) the user was on when they chose 'Sign out', until the next sign-in: /login
   * then starts fresh instead of returning to it. Any other protected page still asks to come back.
   */
  signedOutFrom: string | null;
  /** signs in and returns the user; throws ApiError with the server's sentence on refusal */
  login: (body: LoginBody) => Promise<User>;
  /** revokes the session, forgets the token and goes to /login */
  logout: () => Promise<void>;
  /** re-reads the user from the server */
  refresh: () => Promise<void>;
}

const USER_KEY = 'auth_user';
/** How long a sign-out waits for the server to end its session before leaving (it is ended later if not). */
const SIGN_OUT_WAIT_MS = 3_000;
const ENDED_KEY = 'session_ended';

function markSessionEnded() {
  try {
    sessionStorage.setItem(ENDED_KEY, '1');
  } catch {
    /* storage unavailable: the sign-in page just does not say why */
  }
}

/** Whether the last session of this tab was refused by the server (the sign-in page says so once, then forgets it). */
export function sessionEnded(forget = false): boolean {
  try {
    const ended = sessionStorage.getItem(ENDED_KEY) === '1';
    if (forget) sessionStorage.removeItem(ENDED_KEY);
    return ended;
  } catch {
    return false;
  }
}

const AuthContext = createContext<AuthContextValue | null>(null);

function cachedUser(): User | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as User) : null;
  } catch {
    return null;
  }
}

function rememberUser(user: User | null) {
  try {
    if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(USER_KEY);
  } catch {
    /* storage unavailable */
  }
}

/**
 * Sign-out wipes this device's offline cache (docs/architecture.md#offline-layer), after a last attempt to send unsent changes;
 * with changes still unsent it asks first (`ask`: the discard dialog). False: the user chose to stay
 * signed in. The offline runtime is imported on demand so visitors' pages never load Dexie.
 */
async function clearOfflineData(ask: (unsent: number, message: string, note: string) => Promise<boolean>): Promise<boolean> {
  const offline = await import('../offline/runtime');
  await Promise.race([offline.syncNow().catch(() => undefined), new Promise((r) => setTimeout(r, 5000))]);
  const result = await offline.clearLocalData();
  if (result.cleared) return true;
  if (!(await ask(result.unsent, result.message, result.note))) return false;
  return (await offline.clearLocalData({ force: true })).cleared;
}

/** Sign-ins accepted in this tab, and the last wipe after a refusal: a sign-in waits for it (a few seconds at most) before claiming the copy. */
let signInsStarted = 0;
let pendingWipe: Promise<unknown> = Promise.resolve();
const WIPE_WAIT_MS = 5000;

/**
 * The server refused the session as revoked (signed out elsewhere, the account disabled, as for a lost
 * phone): the families' data this device keeps is wiped as a sign-out wipes it, unless changes wait to be
 * sent (they are kept, and the sign-in that follows sends them). A session that simply reached its end
 * keeps the copy: its owner signs in again, often where the signal is poor (docs/decisions.md "Arrivals
 * and hotel screens"). Only staff sessions are refused here, on devices that load the offline runtime
 * anyway; a visitor's page never gets to it.
 */
function wipeAfterRefusal(): void {
  const at = signInsStarted;
  // given up once a sign-in starts, or when the refused token was an old one (the client keeps a newer sign-in's)
  const stillWanted = () => signInsStarted === at && !getToken();
  pendingWipe = import('../offline/runtime')
    .then((offline) => offline.wipeAfterRefusal(stillWanted))
    .catch((e: unknown) => console.error('offline copy: wipe after the session was refused failed', e));
}

/**
 * At sign-in, before the staff screens show: this device's offline copy becomes the user's
 * (pwa/offline/owner.ts: a different user's cached data is removed; their unsent changes are kept and
 * still sent). A failure here does not stop the sign-in: starting the sync checks again, and until it
 * has, the screens show nothing cached.
 */
async function claimOfflineData(user: User): Promise<void> {
  try {
    const offline = await import('../offline/runtime');
    await offline.claimForSignIn({ id: user.id, firstName: user.first_name, lastName: user.last_name, role: user.role });
  } catch (e) {
    console.error('offline copy: owner check at sign-in failed', e);
  }
}

/** Where a user lands after sign-in when no page was asked for: admins the Overview, greeters arrivals, check-in staff the desk. */
export function homePathFor(user: Pick<User, 'role'> | null): string {
  return user?.role === 'greeter' ? '/admin/flight-arrivals' : user?.role === 'checkin' ? '/admin/check-in' : '/admin';
}

/** The roles that may open a page; admins may open everything. */
export function hasRole(user: Pick<User, 'role'> | null, roles: readonly Role[]): boolean {
  return !!user && (user.role === 'admin' || roles.includes(user.role));
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ status: AuthStatus; user: User | null }>(() => {
    if (!getToken()) return { status: 'unauthenticated', user: null };
    const user = cachedUser();
    return user ? { status: 'authenticated', user } : { status: 'loading', user: null };
  });
  const [signedOutFrom, setSignedOutFrom] = useState<string | null>(null);
  const discard = useDiscardQuestion();
  const askToDiscard = discard.ask;
  const signingOut = useRef(false);
  // signed out another way (a 401, another tab) while asking: the question is moot
  const { dismiss } = discard;
  useEffect(() => {
    if (state.status !== 'authenticated') dismiss();
  }, [state.status, dismiss]);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  /**
   * `ended`: the server refused the session (it expired, or was revoked or disabled before): the sign-in
   * page says so; `expired`: it had reached its end, and the device keeps its copy
   */
  const signedOut = useCallback(
    (ended = false, expired = false) => {
      if (ended) markSessionEnded();
      if (ended && !expired) void wipeAfterRefusal();
      rememberUser(null);
      setState({ status: 'unauthenticated', user: null });
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'config' && q.queryKey[0] !== 'health' });
    },
    [queryClient],
  );

  /** To the sign-in page, keeping where the user was (it goes back there after signing in). */
  const toLogin = useCallback(() => {
    const { pathname, search, hash } = window.location;
    if (pathname !== '/login') navigateRef.current('/login', { replace: true, state: { from: { pathname, search, hash } } });
  }, []);

  const check = useCallback(async () => {
    const token = getToken();
    if (!token) {
      signedOut();
      return;
    }
    try {
      const { user, expiresAt } = await meRequest();
      // a newer sign-in stored its own token meanwhile: this answer is about the old one
      if (getToken() !== token) return;
      rememberUser(user);
      if (expiresAt) setSessionEnd(expiresAt);
      // the usual answer confirms the cached user: keep the same state, so nothing redraws
      setState((prev) =>
        prev.status === 'authenticated' && JSON.stringify(prev.user) === JSON.stringify(user) ? prev : { status: 'authenticated', user },
      );
    } catch (e) {
      if (getToken() !== token) return;
      if (e instanceof ApiError && (e.status === 401 || e.status === 403)) {
        clearToken();
        signedOut(true, e.status === 401 && lastRefusalWasExpiry());
        // a token the server refuses sends the browser to /login, on a public page too (docs/product.md#messages)
        toLogin();
        return;
      }
      // no answer (offline) or a server fault: keep the session with the last known user
      const user = cachedUser();
      setState(user ? { status: 'authenticated', user } : { status: 'unauthenticated', user: null });
    }
  }, [signedOut, toLogin]);

  useEffect(() => {
    if (getToken()) void check();
    void endPendingSessions();
    const online = () => {
      void endPendingSessions();
      if (getToken()) void check();
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [check]);

  // any 401 on a staff call: the client removed the token; we forget the user and go to /login
  useEffect(() => {
    configureApiClient({
      onUnauthorized: ({ expired }) => {
        signedOut(true, expired);
        toLogin();
      },
    });
  }, [signedOut, toLogin]);

  // another tab signed in or out
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === 'token' || e.key === null) void check();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [check]);

  const login = useCallback(async (body: LoginBody) => {
    const res = await loginRequest(body);
    signInsStarted += 1;
    await Promise.race([pendingWipe, new Promise((resolve) => setTimeout(resolve, WIPE_WAIT_MS))]);
    await claimOfflineData(res.user);
    setToken(res.token, res.expiresAt);
    sessionEnded(true); // a refusal of the old session that came meanwhile is not news after this sign-in
    rememberUser(res.user);
    setSignedOutFrom(null);
    setState({ status: 'authenticated', user: res.user });
    return res.user;
  }, []);

  const logout = useCallback(async () => {
    if (signingOut.current) return; // a second tap while the first is still asking or sending
    signingOut.current = true;
    try {
      if (!(await clearOfflineData(askToDiscard))) return;
      // the session is ended on the server before the page leaves when it answers within a few seconds;
      // else later (pending-sign-out.ts). Forgetting the token signs this device out either way.
      const token = getToken();
      if (token) {
        rememberSignOut(token);
        await Promise.race([endPendingSessions(), new Promise((resolve) => setTimeout(resolve, SIGN_OUT_WAIT_MS))]);
      }
      clearToken();
      setSignedOutFrom(window.location.pathname + window.location.search);
      signedOut();
      navigateRef.current('/login', { replace: true });
    } finally {
      signingOut.current = false;
    }
  }, [signedOut, askToDiscard]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      user: state.user,
      isAdmin: state.user?.role === 'admin',
      signedOutFrom,
      login,
      logout,
      refresh: check,
    }),
    [state, signedOutFrom, login, logout, check],
  );

  return (
    <AuthContext.Provider value={value}>
      {children}
      {discard.dialog}
    </AuthContext.Provider>
  );
}

/** The auth state and actions; must be used under <AuthProvider>. */
export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}
