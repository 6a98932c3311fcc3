/**
 * The visitor's flight form opens on what is saved (pwa/features/visitor/flight-form-model.ts): saved
 * flights open as "Yes, I need transportation" with their rows, so a submit without changes keeps them.
 */
import { describe, expect, it } from 'vitest';
import { flightsToSubmit, initialFlightForm } from '../../pwa/features/visitor/flight-form-model';

const saved = {
  id: 7,
  flight_type: 'arrival' as const,
  flight_date: '2025-11-27',
  flight_time: '14:30',
  airline: 'Delta Air Lines',
  flight_number: 'DL1',
  airport: 'IAH',
  airport_name: 'George Bush Intercontinental',
  adults_count: 2,
  children_count: 0,
  child_seats_needed: 0,
  special_instructions: null,
};

describe('the flight form opened on a registration', () => {
  it('with saved flights and no transportation needed opens on No, the rows kept behind Yes', () => {
    // opened on Yes, changing a time would have asked greeters to meet a family that hired a car
    const state = initialFlightForm([saved], false);
    expect(state.needsTransportation).toBe(false);
    expect(flightsToSubmit(state)).toEqual([]);
    expect(flightsToSubmit({ ...state, needsTransportation: true }).map((f) => [f.id, f.flightNumber])).toEqual([[7, 'DL1']]);
    expect(initialFlightForm([saved], true).needsTransportation).toBe(true);
  });

  it('without flights opens on what the registration says', () => {
    expect(initialFlightForm([], false).needsTransportation).toBe(false);
    expect(initialFlightForm([], true).needsTransportation).toBe(true);
  });
});
