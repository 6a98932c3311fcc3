/**
 * What the visitor typed in the flight form survives a reload. Visitors switch to their mail or airline
 * app to copy a flight number, and the phone may reload the browser's tab meanwhile; opening on the
 * saved flights again would lose every row typed. So this tab keeps the form per registration
 * (sessionStorage: this tab only, gone with it), together with the saved flights it started from: when
 * those have changed since (the form was sent, or changed on another device), the draft is dropped.
 * The saved flights' text is shared/schemas/flight.ts flightsBase, which the server checks a submit against too.
 */
import type { FlightFormState } from './flight-form-model';

const keyOf = (registrationNumber: string) => `flight_draft_${registrationNumber}`;

/** The form kept for this registration, if it started from `base`; else null (and the stale one is dropped). */
export function readFlightDraft<T extends FlightFormState>(registrationNumber: string, base: string): T | null {
  try {
    const raw = sessionStorage.getItem(keyOf(registrationNumber));
    if (!raw) return null;
    const kept = JSON.parse(raw) as { base?: unknown; values?: T };
    const v = kept.values;
    if (kept.base === base && v && typeof v.needsTransportation === 'boolean' && Array.isArray(v.rows) && v.rows.length) return v;
    sessionStorage.removeItem(keyOf(registrationNumber));
    return null;
  } catch {
    return null;
  }
}

/** Drops the kept form: it was sent. */
export function forgetFlightDraft(registrationNumber: string): void {
  try {
    sessionStorage.removeItem(keyOf(registrationNumber));
  } catch {
    /* storage unavailable: nothing kept */
  }
}

export function saveFlightDraft(registrationNumber: string, base: string, values: FlightFormState): void {
  try {
    sessionStorage.setItem(keyOf(registrationNumber), JSON.stringify({ base, values }));
  } catch {
    /* storage unavailable or full: a reload opens on the saved flights */
  }
}
