/**
 * Finding a family on the device with no signal (pwa/offline/local-search.ts): the desk and the
 * greeters type what they see or hear, which is rarely what was stored.
 */
import { describe, expect, it } from 'vitest';
import { matchesArrival, matchesQuery } from '../../pwa/offline/local-search';
import { registrationSearchText } from '../../pwa/offline/admin-downloads';
import { normalizeSearch } from '../../shared/search';
import { arrivalRow, registrationRow } from './fixtures';

const family = (o: Parameters<typeof registrationRow>[0]) => registrationSearchText(registrationRow(o));

describe('the desk finds a family by what is typed', () => {
  it('a phone number however it is written, on either side', () => {
    const text = family({ primary_phone: '(555) 123-4567' });
    for (const typed of ['555-123-4567', '+1 555 123 4567', '555.123.4567', '5551234567', '(555) 123-4567'])
      expect(matchesQuery(text, typed), typed).toBe(true);
    expect(matchesQuery(family({ primary_phone: '+1 555 123 4567' }), '(555) 123-4567')).toBe(true);
    expect(matchesQuery(text, '555-123-4568')).toBe(false);
  });

  it('a double surname with or without its hyphen, and an apostrophe typed curly', () => {
    expect(matchesQuery(family({ primary_first_name: 'Ana', primary_last_name: 'Garcia Lopez' }), 'garcia-lopez')).toBe(true);
    expect(matchesQuery(family({ primary_first_name: 'Ana', primary_last_name: 'Garcia-Lopez' }), 'Garcia Lopez')).toBe(true);
    expect(matchesQuery(family({ primary_first_name: 'Sean', primary_last_name: "O'Brien" }), 'O’Brien')).toBe(true);
    expect(matchesQuery(family({ primary_first_name: 'Sean', primary_last_name: "O'Brien" }), 'Sean Lopez')).toBe(false);
  });

  it("a name written 'Last, First', as hotel lists write them", () => {
    expect(matchesQuery(family({ primary_first_name: 'Matthew', primary_last_name: 'Reyes' }), 'Reyes, Matthew')).toBe(true);
    expect(matchesQuery(family({ primary_first_name: 'Matthew', primary_last_name: 'Reyes' }), 'Reyes,Matthew')).toBe(true);
    expect(matchesQuery(family({ primary_first_name: 'Matthew', primary_last_name: 'Reyes' }), 'Reyes, Ana')).toBe(false);
  });

  it('letters that accents do not cover, also in text saved before this rule', () => {
    expect(matchesQuery(family({ primary_first_name: 'Thu', primary_last_name: 'Đặng' }), 'dang')).toBe(true);
    expect(matchesQuery(family({ primary_first_name: 'Jens', primary_last_name: 'Strauß' }), 'strauss')).toBe(true);
    expect(matchesQuery(family({ primary_first_name: 'Lars', primary_last_name: 'Søren' }), 'soren')).toBe(true);
    // a row saved on the device before this rule keeps its 'đ': still found
    expect(matchesQuery(normalizeSearch('R25-ABC123 | Thu Đặng'), 'dang')).toBe(true);
  });

  it('a registration number without its hyphen, in any case', () => {
    const text = family({ registration_number: 'R25-7KQ2XM' });
    expect(matchesQuery(text, 'R257KQ2XM')).toBe(true);
    expect(matchesQuery(text, 'r25-7kq2xm')).toBe(true);
    expect(matchesQuery(text, 'R257KQ2XN')).toBe(false);
    expect(matchesQuery(family({ registration_number: 'R25-123456' }), '25-123456')).toBe(true);
  });
});

describe('greeters find an arrival as the airport screens show it', () => {
  it('by the airline code and number, together or apart', () => {
    const united = arrivalRow({ airline: 'United Airlines', flightNumber: '1234' });
    for (const typed of ['UA 1234', 'ua1234', 'United 1234', 'united airlines', 'Air', '1234'])
      expect(matchesArrival(united, typed), typed).toBe(true);
    expect(matchesArrival(united, 'DL 1234')).toBe(false);
    expect(matchesArrival(arrivalRow({ airline: 'Delta Air Lines', flightNumber: 'DL 456' }), 'dl456')).toBe(true);
  });

  it("an airline's name is found from the start of any of its words, run-together or after a mark", () => {
    const found = (airline: string, typed: string) => matchesArrival(arrivalRow({ airline, attendees: [] }), typed);
    for (const [airline, typed] of [
      ['JetBlue', 'blue'],
      ['WestJet', 'jet'],
      ['AirAsia', 'asia'],
      ['Delta/KLM', 'klm'],
      ['Air Canada (Rouge)', 'rouge'],
      ['Aeroméxico', 'aero'],
    ])
      expect(found(airline, typed), `${typed} in ${airline}`).toBe(true);
  });

  it("a piece of a name does not find every flight whose airline's name holds it", () => {
    const ines = arrivalRow({ airline: 'United Airlines', primaryContactName: 'Inés Yamamoto', attendees: [] });
    const other = arrivalRow({ airline: 'Southwest Airlines', primaryContactName: 'François Scott', attendees: [] });
    const lin = arrivalRow({ airline: 'American Airlines', primaryContactName: 'Lin Peña', attendees: [] });
    expect([ines, other, lin].filter((a) => matchesArrival(a, 'ines')).map((a) => a.primaryContactName)).toEqual(['Inés Yamamoto']);
    expect([ines, other, lin].filter((a) => matchesArrival(a, 'lin')).map((a) => a.primaryContactName)).toEqual(['Lin Peña']);
  });
});

describe('looser matching never opens the wrong family', () => {
  it('a hyphenated or apostrophe name is found whole, not by its pieces', () => {
    const mary = family({ primary_first_name: 'Mary', primary_last_name: 'Smith', attendees: [] });
    expect(matchesQuery(mary, 'Mary-Jo Smith')).toBe(false);
    expect(matchesQuery(family({ primary_first_name: 'Neil', primary_last_name: 'Burns', attendees: [] }), "O'Neil")).toBe(false);
  });

  it('a phone number is matched whole, not by its pieces found elsewhere', () => {
    const other = family({ registration_number: 'R25-555123', primary_phone: '+1 713 4567 000' });
    expect(matchesQuery(other, '555-123-4567')).toBe(false);
  });
});
