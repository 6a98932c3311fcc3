import { describe, expect, it } from 'vitest';
import {
  calendarDate,
  flightListSchema,
  flightSchema,
  flightRules,
  formRowsFromExisting,
  hhmmTime,
  newFlightRow,
  submitVerifiedSchema,
} from '../../shared/schemas/flight';
import { DEFAULT_EVENT } from '../../shared/event';
import { canonicalAirline, flightKey } from '../../shared/airlines';

const window = flightRules(DEFAULT_EVENT);
const row = (o: Record<string, unknown> = {}) => ({
  flightType: 'arrival',
  airline: 'Delta Air Lines',
  flightNumber: 'DL 1',
  flightDate: '2025-11-27',
  flightTime: '10:00',
  airport: 'IAH',
  adultsCount: 1,
  ...o,
});
const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('flight dates', () => {
  it('keep the calendar date an ISO timestamp was written with', () => {
    expect(calendarDate('2025-11-27T00:00:00.000Z')).toBe('2025-11-27');
    expect(calendarDate('2025-11-27T23:30:00-06:00')).toBe('2025-11-27');
    expect(calendarDate('2025-11-27T00:30:00+14:00')).toBe('2025-11-27');
    expect(calendarDate('2025-11-27')).toBe('2025-11-27');
  });

  it('refuse what is not a real date', () => {
    for (const v of ['2025-02-30', '2025-13-01', '27/11/2025', 'tomorrow', '2025-11-27Tnoon']) expect(calendarDate(v)).toBeNull();
  });

  it('must fall within the configured window, inclusive', () => {
    const s = flightSchema(window);
    expect(s.safeParse(row({ flightDate: '2025-11-25' })).success).toBe(true);
    expect(s.safeParse(row({ flightDate: '2025-12-02T22:00:00-06:00' })).success).toBe(true);
    expect(messages(s.safeParse(row({ flightDate: '2025-12-03' })))).toEqual({
      flightDate: 'Flight date must be between Nov 25, 2025 and Dec 02, 2025',
    });
    // next year's event: the window comes from configuration
    const next = flightSchema({ min: '2026-07-01', max: '2026-07-10', airports: DEFAULT_EVENT.airports });
    expect(next.safeParse(row({ flightDate: '2025-11-27' })).success).toBe(false);
    expect(next.safeParse(row({ flightDate: '2026-07-04' })).success).toBe(true);
  });
});

describe('flight rows', () => {
  it('trim times to HH:MM and parse numeric strings', () => {
    expect(hhmmTime('14:30:00')).toBe('14:30');
    expect(hhmmTime('9:05')).toBe('09:05');
    expect(hhmmTime('24:00')).toBeNull();
    const r = flightSchema(window).parse(row({ flightTime: '23:59:59', adultsCount: '3', childrenCount: '2', childSeatsNeeded: '' }));
    expect(r).toMatchObject({ flightTime: '23:59', adultsCount: 3, childrenCount: 2, childSeatsNeeded: 0, specialInstructions: null });
  });

  it('carry the spec sentences', () => {
    expect(messages(flightSchema(window, { form: true }).safeParse({}))).toEqual({
      airline: 'Airline is required',
      flightNumber: 'Flight number is required',
      flightDate: 'Flight date is required',
      flightTime: 'Flight time is required',
      adultsCount: 'Number of adults is required',
    });
    expect(messages(flightSchema(window).safeParse(row({ adultsCount: -1, childrenCount: -1, childSeatsNeeded: -3 })))).toEqual({
      adultsCount: 'Cannot be negative',
      childrenCount: 'Cannot be negative',
      childSeatsNeeded: 'Cannot be negative',
    });
    expect(messages(flightSchema(window, { requireType: true }).safeParse(row({ flightType: '' })))).toEqual({
      flightType: 'Flight type is required',
    });
    // a flight number of punctuation alone names no plane: every such flight of an airline would be one card
    expect(messages(flightSchema(window).safeParse(row({ flightNumber: '!!! ???' })))).toEqual({
      flightNumber: 'Flight number must have letters or digits, like 1234 or UA 1234',
    });
    expect(flightSchema(window).parse(row({ flightNumber: 'ua-0378' })).flightNumber).toBe('UA-0378');
    // the verified form defaults a missing type to arrival
    expect(flightSchema(window).parse(row({ flightType: undefined })).flightType).toBe('arrival');
  });

  it('accept the listed airlines and Other, by name in any case', () => {
    expect(canonicalAirline('american airlines')).toBe('American Airlines');
    expect(canonicalAirline('Delta')).toBe('Delta Air Lines');
    expect(canonicalAirline('other')).toBe('Other');
    expect(canonicalAirline('Pan Am')).toBeNull();
  });

  it('keep the airline as written; "other" is Other, which the forms (not the API) ask a name for', () => {
    expect(flightSchema(window).parse(row({ airline: 'Pan Am' })).airline).toBe('Pan Am');
    expect(flightSchema(window).parse(row({ airline: 'Delta' })).airline).toBe('Delta');
    expect(flightSchema(window).parse(row({ airline: '  united ' })).airline).toBe('united');
    expect(messages(flightSchema(window).safeParse(row({ airline: 'x'.repeat(101) })))).toEqual({
      airline: 'Airline name must be at most 100 characters',
    });
    expect(messages(flightSchema(window, { form: true }).safeParse(row({ airline: 'other', airport: 'IAH' })))).toEqual({
      airlineName: 'Please type the name of the airline',
    });
    expect(flightSchema(window).parse(row({ airline: 'other' })).airline).toBe('Other');
    expect(flightSchema(window).parse(row({ airline: 'other', airlineName: 'Pan Am' })).airline).toBe('Pan Am');
  });

  it('one key per flight, however the airline and number were written', () => {
    expect(flightKey({ airline: 'Delta', flightNumber: 'dl 7' })).toBe(flightKey({ airline: 'Delta Air Lines', flightNumber: 'DL7' }));
    expect(flightKey({ airline: 'united airlines', flightNumber: 'UA 1' })).toBe(flightKey({ airline: 'United', flightNumber: 'UA1' }));
    expect(flightKey({ airline: 'Pan Am', flightNumber: 'PA 1' })).toBe(flightKey({ airline: 'pan am', flightNumber: 'pa1' }));
    expect(flightKey({ airline: 'Delta', flightNumber: 'DL 7' })).not.toBe(flightKey({ airline: 'United', flightNumber: 'DL 7' }));
    // the airline's own code typed or not, dots, dashes and leading zeros: one plane
    const united378 = flightKey({ airline: 'United', flightNumber: '378' });
    for (const n of ['UA378', 'ua 378', 'UA 0378', 'UA-378', 'UA.378', '0378'])
      expect(flightKey({ airline: 'United', flightNumber: n }), n).toBe(united378);
    expect(flightKey({ airline: 'JetBlue', flightNumber: 'B6 123' })).toBe(flightKey({ airline: 'JetBlue', flightNumber: '123' }));
    expect(flightKey({ airline: 'Frontier', flightNumber: 'F9 1021' })).toBe(flightKey({ airline: 'Frontier', flightNumber: '1021' }));
    // a different number, another airline's code, a typo or any code under an unlisted airline: another flight
    expect(flightKey({ airline: 'United', flightNumber: 'UA 3780' })).not.toBe(united378);
    expect(flightKey({ airline: 'United', flightNumber: '37' })).not.toBe(united378);
    expect(flightKey({ airline: 'Delta', flightNumber: 'UA 378' })).not.toBe(flightKey({ airline: 'Delta', flightNumber: 'DL 378' }));
    expect(flightKey({ airline: 'United', flightNumber: 'U1234' })).not.toBe(flightKey({ airline: 'United', flightNumber: 'UA 234' }));
    expect(flightKey({ airline: 'Other', flightNumber: 'CM 100' })).not.toBe(flightKey({ airline: 'Other', flightNumber: 'AV 100' }));
    expect(flightKey({ airline: 'Other', flightNumber: 'CM 0100' })).toBe(flightKey({ airline: 'Other', flightNumber: 'CM100' }));
    // an airline not listed, named: its own code typed or not, one plane; its name tells it from another
    const ethiopian = flightKey({ airline: 'Ethiopian Airlines', flightNumber: '508' });
    for (const n of ['ET 508', 'ET0508', 'et-508'])
      expect(flightKey({ airline: 'Ethiopian Airlines', flightNumber: n }), n).toBe(ethiopian);
    expect(flightKey({ airline: 'Copa', flightNumber: 'CM 100' })).not.toBe(flightKey({ airline: 'Avianca', flightNumber: 'AV 100' }));
    expect(flightKey({ airline: '大韩航空', flightNumber: '123' })).not.toBe(flightKey({ airline: '中国国际航空', flightNumber: '123' }));
  });

  it("drop 'N/A' placeholders before validating", () => {
    const list = flightListSchema(window).parse([{ airline: 'N/A' }, row(), { airline: 'n/a', flightNumber: '' }]);
    expect(list).toHaveLength(1);
    expect(
      messages(submitVerifiedSchema(window).safeParse({ registrationId: 1, needsTransportation: true, flights: [{ airline: 'N/A' }] })),
    ).toEqual({
      flights: 'Please add at least one flight if you need transportation',
    });
    expect(submitVerifiedSchema(window).parse({ registrationId: 1, needsTransportation: false }).flights).toEqual([]);
  });

  it("asks for an Other airline's or airport's name along with the row's other mistakes, not one submit later", () => {
    const r = flightSchema(window, { form: true }).safeParse(row({ airline: 'Other', airport: 'Other', flightNumber: '' }));
    expect(messages(r)).toEqual({
      flightNumber: 'Flight number is required',
      airlineName: 'Please type the name of the airline',
      airportName: 'Airport name is required',
    });
    // a count that is not whole is one more mistake of the row, not the end of its checking
    expect(messages(flightSchema(window, { form: true }).safeParse(row({ airline: 'Other', adultsCount: 1.5 })))).toEqual({
      adultsCount: 'Must be a whole number',
      airlineName: 'Please type the name of the airline',
    });
  });

  it("refuses 'N/A' typed as an Other airline's name: it would store the flight as a placeholder", () => {
    for (const opts of [{}, { form: true }]) {
      expect(messages(flightSchema(window, opts).safeParse(row({ airline: 'Other', airlineName: ' n/a ' })))).toEqual({
        airlineName: 'Please type the name of the airline',
      });
    }
  });
});

describe('the flight form', () => {
  it('starts with an arrival row; rows added after it default to departure', () => {
    expect(newFlightRow(0)).toMatchObject({ flightType: 'arrival', adultsCount: 1, childrenCount: 0, childSeatsNeeded: 0 });
    expect(newFlightRow(1).flightType).toBe('departure');
    expect(newFlightRow(2).flightType).toBe('departure');
  });

  it("loads existing flights, skipping 'N/A' placeholders", () => {
    const base = {
      flight_type: 'arrival' as const,
      flight_date: '2025-11-27',
      flight_time: '14:30',
      airport: 'HOU',
      airport_name: 'William P. Hobby',
      adults_count: 2,
      children_count: 0,
      child_seats_needed: 0,
      special_instructions: null,
    };
    const rows = formRowsFromExisting([
      { ...base, id: 1, airline: 'N/A', flight_number: '' },
      { ...base, id: 2, airline: 'Delta Air Lines', flight_number: 'DL1' },
    ]);
    expect(rows).toEqual([
      {
        id: 2,
        flightType: 'arrival',
        airline: 'Delta Air Lines',
        flightNumber: 'DL1',
        flightDate: '2025-11-27',
        flightTime: '14:30',
        airport: 'HOU',
        airportName: '',
        airlineName: '',
        adultsCount: 2,
        childrenCount: 0,
        childSeatsNeeded: 0,
        specialInstructions: '',
      },
    ]);
  });
});

describe('the airport of a flight', () => {
  const s = flightSchema(window, { form: true });
  it('is asked for but not required, by the forms or the API: a flight without one has none', () => {
    for (const schema of [flightSchema(window), s]) {
      for (const flightType of ['arrival', 'departure']) {
        expect(schema.parse(row({ flightType, airport: undefined }))).toMatchObject({ airport: null, airportName: null });
        expect(schema.parse(row({ flightType, airport: '' }))).toMatchObject({ airport: null, airportName: null });
      }
    }
  });

  it("is one of the event's airports (any case) and carries its name", () => {
    expect(s.parse(row({ airport: 'iah' }))).toMatchObject({ airport: 'IAH', airportName: 'George Bush Intercontinental' });
    expect(s.parse(row({ airport: 'HOU', airportName: 'ignored' }))).toMatchObject({ airport: 'HOU', airportName: 'William P. Hobby' });
    expect(messages(s.safeParse(row({ airport: 'DFW' })))).toEqual({ airport: 'Please choose an airport from the list (or Other)' });
  });

  it('or Other with the name the visitor typed', () => {
    expect(s.parse(row({ airport: 'OTHER', airportName: ' Austin-Bergstrom ' }))).toMatchObject({
      airport: 'OTHER',
      airportName: 'Austin-Bergstrom',
    });
    expect(messages(s.safeParse(row({ airport: 'OTHER' })))).toEqual({ airportName: 'Airport name is required' });
    expect(messages(s.safeParse(row({ airport: 'OTHER', airportName: '  ' })))).toEqual({ airportName: 'Airport name is required' });
  });

  it("follows the event's configured airports", () => {
    const dallas = flightSchema({ ...window, airports: [{ code: 'DFW', name: 'Dallas/Fort Worth' }] });
    expect(dallas.parse(row({ airport: 'DFW' })).airportName).toBe('Dallas/Fort Worth');
    expect(dallas.safeParse(row({ airport: 'IAH' })).success).toBe(false);
  });
});
