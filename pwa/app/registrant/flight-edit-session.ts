/**
 * The flight-edit session marker (docs/decisions.md "Visitor screens": the 30-minute flight-edit marker).
 * Stored in sessionStorage 'flight_info_verification' as { registrationId, registrationNumber,
 * verifiedAt (ms) }: it lets a visitor who came from their registration page reopen the flight form in
 * the same tab without being asked for a code again. Like every client-side verification it is a UI
 * hint only: the server still needs the registrant token (docs/product.md#roles-and-access).
 */
import { FLIGHT_EDIT_SESSION_MS } from '../../../shared/constants';

export const FLIGHT_EDIT_SESSION_KEY = 'flight_info_verification';

interface FlightEditMarker {
  /** the numeric id, as text */
  registrationId: string;
  registrationNumber: string;
  verifiedAt: number;
}

/** What identifies a registration on the client: its numeric id and/or its number. */
export interface RegistrationRefs {
  registrationId?: number | string | null;
  registrationNumber?: string | null;
}

const norm = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim().toUpperCase());

/** True when `ref` (the ?registrationId= value: an id or a number) names the registration `refs` describes. */
export function sameRegistration(ref: string, refs: RegistrationRefs): boolean {
  const r = norm(ref);
  return r !== '' && (r === norm(refs.registrationId) || r === norm(refs.registrationNumber));
}

function readMarker(): FlightEditMarker | null {
  try {
    const raw = sessionStorage.getItem(FLIGHT_EDIT_SESSION_KEY);
    if (!raw) return null;
    const m = JSON.parse(raw) as FlightEditMarker;
    return m && typeof m.verifiedAt === 'number' ? m : null;
  } catch {
    return null;
  }
}

export function clearFlightEditSession(): void {
  try {
    sessionStorage.removeItem(FLIGHT_EDIT_SESSION_KEY);
  } catch {
    /* storage unavailable */
  }
}

/** Starts (or restarts) the 30-minute marker for this registration. */
export function markFlightEditSession(reg: { id: number; registrationNumber: string }): void {
  const marker: FlightEditMarker = { registrationId: String(reg.id), registrationNumber: reg.registrationNumber, verifiedAt: Date.now() };
  try {
    sessionStorage.setItem(FLIGHT_EDIT_SESSION_KEY, JSON.stringify(marker));
  } catch {
    /* storage unavailable: the visitor is asked for a code next time */
  }
}

/**
 * Verified (docs/decisions.md "Visitor screens") when the address says verified=true, or this tab's marker is for the same
 * registration and under 30 minutes old, or the stored verification names the same registration.
 * A stale marker, or one for another registration, is removed on the way.
 */
export function isFlightEditVerified(ref: string, addressVerified: boolean, verification: RegistrationRefs | null): boolean {
  const marker = readMarker();
  let markerValid = false;
  if (marker) {
    const fresh = Date.now() - marker.verifiedAt < FLIGHT_EDIT_SESSION_MS && marker.verifiedAt <= Date.now();
    markerValid = fresh && sameRegistration(ref, marker);
    if (!markerValid) clearFlightEditSession();
  }
  return addressVerified || markerValid || (verification !== null && sameRegistration(ref, verification));
}
