/**
 * The flight form survives a reload (pwa/features/visitor/flight-draft.ts): this tab keeps what was typed
 * per registration, and drops it once the saved flights it started from have changed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './fixtures';
import { readFlightDraft, saveFlightDraft } from '../../pwa/features/visitor/flight-draft';
import { flightsBase } from '../../shared/schemas/flight';
import { initialFlightForm, rekeyed } from '../../pwa/features/visitor/flight-form-model';
import type { ExistingFlight } from '../../shared/schemas/flight';

afterEach(() => vi.unstubAllGlobals());

describe("the flight form's draft", () => {
  it('comes back for the same registration while its saved flights are those it started from', () => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    const typed = initialFlightForm([], true);
    typed.rows[0].flightNumber = 'UA 1234';
    const base = flightsBase([], true);
    saveFlightDraft('R25-AAAAAA', base, typed);
    expect(readFlightDraft('R25-AAAAAA', base)?.rows[0].flightNumber).toBe('UA 1234');
    expect(readFlightDraft('R25-BBBBBB', base)).toBeNull();
    // the flights were sent (or changed elsewhere) meanwhile: the draft is stale, and gone
    const saved: ExistingFlight[] = [
      {
        id: 1,
        flight_type: 'arrival',
        airline: 'United Airlines',
        flight_number: 'UA1234',
        flight_date: '2025-11-27',
        flight_time: '14:30',
        airport: 'IAH',
        airport_name: null,
        adults_count: 1,
        children_count: 0,
        child_seats_needed: 0,
        special_instructions: null,
      },
    ];
    // a greeter's tick on a saved flight is not a change of what the form shows
    const ticked = saved.map((f) => ({ ...f, picked_up: true, picked_up_at: '2025-11-27T20:40:00Z' }));
    expect(flightsBase(ticked, true)).toBe(flightsBase(saved, true));
    expect(readFlightDraft('R25-AAAAAA', flightsBase(saved, true))).toBeNull();
    expect(readFlightDraft('R25-AAAAAA', base)).toBeNull();
  });

  it('ignores what it cannot read, and works without storage', () => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    sessionStorage.setItem('flight_draft_R25-AAAAAA', '{not json');
    expect(readFlightDraft('R25-AAAAAA', flightsBase([], true))).toBeNull();
    sessionStorage.setItem('flight_draft_R25-AAAAAA', JSON.stringify({ base: flightsBase([], true), values: { rows: [] } }));
    expect(readFlightDraft('R25-AAAAAA', flightsBase([], true))).toBeNull();
    vi.stubGlobal('sessionStorage', undefined);
    expect(() => saveFlightDraft('R25-AAAAAA', 'x', initialFlightForm())).not.toThrow();
    expect(readFlightDraft('R25-AAAAAA', 'x')).toBeNull();
  });

  it('a restored form gets fresh row keys', () => {
    const form = initialFlightForm();
    const again = rekeyed(form);
    expect(again.rows[0].key).not.toBe(form.rows[0].key);
    expect({ ...again.rows[0], key: '' }).toEqual({ ...form.rows[0], key: '' });
  });
});
