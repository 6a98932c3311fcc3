/**
 * The visitor's registrant verification (docs/product.md#roles-and-access; docs/decisions.md "Shell and sign-in").
 * Stored in localStorage 'user_verification' as { email, registrationNumber, registrantToken, expiresAt,
 * verifiedAt (ms) } so it survives a reload and is shared across tabs. It lapses 24 hours after
 * verifiedAt or at the server's expiresAt, whichever is first: dropped on load and on every read once
 * expired. Clearing also removes sessionStorage 'registration_verified' and the flight-edit marker
 * (flight-edit-session.ts). The server trusts only the token (X-Registrant-Token, sent by
 * pwa/lib/api-client.ts); everything else here is a UI hint.
 */
import { useSyncExternalStore } from 'react';
import { REGISTRANT_TOKEN_HEADER, REGISTRANT_VERIFICATION_MS } from '../../../shared/constants';
import { clearFlightEditSession } from './flight-edit-session';
import { api } from '../../lib/api-client';

export const VERIFICATION_KEY = 'user_verification';
export const SESSION_VERIFIED_KEY = 'registration_verified';

export interface RegistrantVerification {
  email: string;
  registrationNumber: string;
  /** the X-Registrant-Token the server issued on verify-code */
  registrantToken: string;
  /** when the server stops accepting the token (ISO string or ms) */
  expiresAt: string | number;
  /** when the visitor verified, in ms */
  verifiedAt: number;
  /** the registration's numeric id (the flight form's ?registrationId= may carry it instead of the number) */
  registrationId?: number;
}

export type NewVerification = Omit<RegistrantVerification, 'verifiedAt'>;

const listeners = new Set<() => void>();
let snapshot: { raw: string | null; value: RegistrantVerification | null } = { raw: null, value: null };
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function expiryOf(v: RegistrantVerification): number {
  const serverExpiry = typeof v.expiresAt === 'number' ? v.expiresAt : Date.parse(v.expiresAt);
  const localExpiry = v.verifiedAt + REGISTRANT_VERIFICATION_MS;
  return Number.isFinite(serverExpiry) ? Math.min(serverExpiry, localExpiry) : localExpiry;
}

function parse(raw: string | null): RegistrantVerification | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as RegistrantVerification;
    if (!v || typeof v !== 'object' || typeof v.verifiedAt !== 'number' || !v.registrationNumber) return null;
    return v;
  } catch {
    return null;
  }
}

function notify() {
  for (const l of listeners) l();
}

function safeRead(): string | null {
  try {
    return localStorage.getItem(VERIFICATION_KEY);
  } catch {
    return null;
  }
}

/** The stored record if still valid, without side effects (stable between calls, for React). */
function peek(): RegistrantVerification | null {
  const raw = safeRead();
  if (raw !== snapshot.raw) snapshot = { raw, value: parse(raw) };
  const v = snapshot.value;
  return v && expiryOf(v) > Date.now() ? v : null;
}

/** The current verification, or null; an expired or unreadable record is removed on the way. */
export function readVerification(): RegistrantVerification | null {
  const v = peek();
  if (!v && safeRead() !== null) clearVerification();
  return v;
}

/** React's snapshot: pure; an expired record is removed just after the render. */
function snapshotForReact(): RegistrantVerification | null {
  const v = peek();
  if (!v && snapshot.raw !== null) queueMicrotask(() => readVerification());
  return v;
}

/** Marks the visitor verified now (stamps verifiedAt). */
export function setVerification(input: NewVerification): RegistrantVerification {
  const value: RegistrantVerification = { ...input, verifiedAt: Date.now() };
  localStorage.setItem(VERIFICATION_KEY, JSON.stringify(value));
  scheduleExpiry(value);
  notify();
  return value;
}

/** Records that this tab verified a registration (sessionStorage 'registration_verified', docs/product.md#api). */
export function markSessionVerified(): void {
  try {
    sessionStorage.setItem(SESSION_VERIFIED_KEY, 'true');
  } catch {
    /* storage unavailable: the localStorage record still works */
  }
}

/** Forgets the verification (and the session's 'registration_verified' marker). */
export function clearVerification(): void {
  try {
    localStorage.removeItem(VERIFICATION_KEY);
    sessionStorage.removeItem(SESSION_VERIFIED_KEY);
  } catch {
    /* storage unavailable */
  }
  // signing out of 'My Registration' also ends this tab's flight-edit session
  clearFlightEditSession();
  snapshot = { raw: null, value: null };
  if (expiryTimer) clearTimeout(expiryTimer);
  notify();
}

/** The registrant token for API calls, or null (used by pwa/app/providers.tsx to wire the api client). */
export const getRegistrantToken = (): string | null => readVerification()?.registrantToken ?? null;

/**
 * The visitor's Sign out: ends the token on the server too, so a copy of it (another tab, a shared
 * phone) stops working at once. Best effort: offline, the token still dies at its expiry.
 */
export function signOutVerification(): void {
  const token = getRegistrantToken();
  if (token) {
    void api
      .post('/registrations/sign-out', undefined, {
        auth: false,
        registrant: false,
        headers: { [REGISTRANT_TOKEN_HEADER]: token },
        on401: 'throw',
      })
      .catch(() => {});
  }
  clearVerification();
}

function scheduleExpiry(v: RegistrantVerification) {
  if (expiryTimer) clearTimeout(expiryTimer);
  const ms = expiryOf(v) - Date.now();
  // setTimeout overflows past ~24.8 days; verifications never live that long
  if (ms > 0 && ms < 2 ** 31 - 1) expiryTimer = setTimeout(() => readVerification() ?? notify(), ms + 50);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === VERIFICATION_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

// drop a stale record as soon as the app loads (docs/decisions.md "Shell and sign-in": dropped after 24 h)
if (typeof window !== 'undefined') {
  const v = readVerification();
  if (v) scheduleExpiry(v);
}

/** The verification state for components: re-renders on set, clear, expiry and changes in other tabs. */
export function useRegistrantVerification() {
  const verification = useSyncExternalStore(subscribe, snapshotForReact, () => null);
  return {
    verification,
    isVerified: verification !== null,
    set: setVerification,
    clear: clearVerification,
    signOut: signOutVerification,
  };
}
