import { describe, expect, it } from 'vitest';
import { groupByFlight } from '../../pwa/features/arrivals/lib/arrival-summary';
import { arrivalRow } from './fixtures';

describe("the greeter's flight cards", () => {
  it('one card per flight landing; a card says the other times families gave for the same flight that day', () => {
    const flight = { airline: 'United Airlines', flightNumber: 'UA 1523', flightDate: '2026-11-27' };
    const groups = groupByFlight([
      arrivalRow({ id: 1, registrationId: 1, ...flight, flightTime: '11:05:00' }),
      arrivalRow({ id: 2, registrationId: 2, ...flight, flightTime: '11:05' }),
      // one family reported the delay
      arrivalRow({ id: 3, registrationId: 3, ...flight, flightNumber: 'ua1523', flightTime: '12:40' }),
      // the same number another day, and another flight the same day: other flights
      arrivalRow({ id: 4, registrationId: 4, ...flight, flightDate: '2026-11-28', flightTime: '09:00' }),
      arrivalRow({ id: 5, registrationId: 5, ...flight, flightNumber: 'UA 88', flightTime: '13:00' }),
    ]);
    expect(groups.map((g) => [g.flightNumber, g.flightTime, g.arrivals.map((a) => a.id), g.alsoAt])).toEqual([
      ['UA 1523', '11:05:00', [1, 2], ['12:40']],
      ['ua1523', '12:40', [3], ['11:05']],
      ['UA 1523', '09:00', [4], []],
      ['UA 88', '13:00', [5], []],
    ]);
  });

  it('a family that gave another airport, or none, for the same flight has a card of its own; an Other name in any case is one', () => {
    const flight = { airline: 'Delta Air Lines', flightNumber: 'DL 2791', flightDate: '2026-11-27', flightTime: '14:45' };
    const groups = groupByFlight([
      arrivalRow({ id: 1, registrationId: 1, ...flight, airport: 'IAH' }),
      arrivalRow({ id: 2, registrationId: 2, ...flight, airport: 'OTHER', airportName: 'Austin-Bergstrom' }),
      arrivalRow({ id: 3, registrationId: 3, ...flight, airport: null }),
      arrivalRow({ id: 4, registrationId: 4, ...flight, airport: 'IAH' }),
      arrivalRow({ id: 5, registrationId: 5, ...flight, airport: 'OTHER', airportName: 'austin-bergstrom ' }),
      // the same flight at HOU, later: no "also listed at" on the IAH card
      arrivalRow({ id: 6, registrationId: 6, ...flight, airport: 'HOU', flightTime: '15:10' }),
    ]);
    expect(groups.map((g) => [g.airport, g.arrivals.map((a) => a.id), g.alsoAt])).toEqual([
      ['IAH', [1, 4], []],
      ['Other: Austin-Bergstrom', [2, 5], []],
      ['airport not given', [3], []],
      ['HOU', [6], []],
    ]);
  });

  it('a party without a time is told the times the others gave', () => {
    const flight = { airline: 'Delta Air Lines', flightNumber: 'DL 5', flightDate: '2026-11-27' };
    const groups = groupByFlight([
      arrivalRow({ id: 1, registrationId: 1, ...flight, flightTime: null }),
      arrivalRow({ id: 2, registrationId: 2, ...flight, flightTime: '10:00' }),
    ]);
    expect(groups.map((g) => g.alsoAt)).toEqual([['10:00'], []]);
  });
});
