import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { createTestApp } from '../helpers/app';
import { makeFlight, makeRegistration } from '../helpers/staff-fixtures';
import { ARRIVALS_CSV_COLUMNS, passengersByHour } from '../../shared/schemas/arrivals';

const t = await createTestApp();
const admin = await t.makeUser('admin');
const greeter = await t.makeUser('greeter');

const arrivals = async (date?: string, token = admin.token) => {
  const res = await t.api('GET', `/api/flight-info/admin/flight-arrivals${date ? `?date=${encodeURIComponent(date)}` : ''}`, { token });
  expect(res.status).toBe(200);
  return res.body.arrivals as any[];
};

describe('GET /api/flight-info/admin/flight-arrivals', () => {
  it('lists an arrival in the docs/product.md#api admin-view shape with the party names, primary first', async () => {
    const reg = await makeRegistration(t.db, { primaryFirstName: 'Rosa', primaryLastName: 'Mendes', primaryPhone: '+1 555 0101' }, [
      { firstName: 'Tiago', lastName: 'Mendes', ageCategory: 'child' },
      { firstName: 'Gone', lastName: 'Mendes', removed: true },
    ]);
    const f = await makeFlight(t.db, reg.id, {
      airline: 'Delta Air Lines',
      flightNumber: 'DL123',
      flightTime: '09:05:00',
      airport: 'IAH',
      adultsCount: 1,
      childrenCount: 1,
      childSeatsNeeded: 1,
      specialInstructions: 'Stroller',
    });
    const row = (await arrivals()).find((a) => a.id === f.id);
    expect(row).toMatchObject({
      id: f.id,
      registrationId: reg.id,
      registrationNumber: reg.registrationNumber,
      primaryContactName: 'Rosa Mendes',
      primaryContactPhone: '+1 555 0101',
      primaryContactEmail: reg.primaryEmail,
      airline: 'Delta Air Lines',
      flightNumber: 'DL123',
      flightDate: '2025-11-27',
      flightTime: '09:05',
      airport: 'IAH',
      adultsCount: 1,
      childrenCount: 1,
      childSeatsNeeded: 1,
      specialInstructions: 'Stroller',
      picked_up: false,
      picked_up_at: null,
      picked_up_by: null,
      hotel: null,
      hotelWarnings: [],
    });
    expect(row.attendees.map((p: any) => `${p.firstName} ${p.lastName}`)).toEqual(['Rosa Mendes', 'Tiago Mendes']);
    expect(row.attendees[1].ageCategory).toBe('child');
    expect(typeof row.version).toBe('number');
  });

  it('leaves out cancelled registrations, no-transport ones, departures, removed flights and placeholders', async () => {
    const ok = await makeRegistration(t.db);
    const cancelled = await makeRegistration(t.db, { status: 'cancelled' });
    const noTransport = await makeRegistration(t.db, { needsTransportation: false });
    const listed = await makeFlight(t.db, ok.id);
    const hidden = [
      await makeFlight(t.db, cancelled.id),
      await makeFlight(t.db, noTransport.id),
      await makeFlight(t.db, ok.id, { needsTransportation: false }),
      await makeFlight(t.db, ok.id, { flightType: 'departure', flightDate: '2025-11-30' }),
      await makeFlight(t.db, ok.id, { removedAt: new Date() }),
      await makeFlight(t.db, ok.id, { airline: 'N/A' }),
      await makeFlight(t.db, ok.id, { airline: ' n/a ' }),
    ];
    const ids = (await arrivals()).map((a) => a.id);
    expect(ids).toContain(listed.id);
    for (const h of hidden) expect(ids).not.toContain(h.id);
  });

  it('filters by date and orders by date then time', async () => {
    const reg = await makeRegistration(t.db);
    const late = await makeFlight(t.db, reg.id, { flightDate: '2025-11-26', flightTime: '21:10' });
    const early = await makeFlight(t.db, reg.id, { flightDate: '2025-11-26', flightTime: '06:45' });
    const noTime = await makeFlight(t.db, reg.id, { flightDate: '2025-11-26', flightTime: null });
    const otherDay = await makeFlight(t.db, reg.id, { flightDate: '2025-11-25', flightTime: '23:00' });

    const day = await arrivals('2025-11-26');
    // a timestamp is read as the date it names, with no time-zone shift
    expect((await arrivals('2025-11-26T23:30:00.000-06:00')).map((a) => a.id)).toEqual(day.map((a) => a.id));
    expect(day.every((a) => a.flightDate === '2025-11-26')).toBe(true);
    expect(day.map((a) => a.id)).toEqual([early.id, late.id, noTime.id]);

    const all = (await arrivals()).map((a) => a.id);
    expect(all.indexOf(otherDay.id)).toBeLessThan(all.indexOf(early.id));
    const dates = (await arrivals()).map((a) => `${a.flightDate} ${a.flightTime ?? '99'}`);
    expect([...dates].sort()).toEqual(dates);
  });

  it('counts the four cards: arrivals, passengers, unique flights, picked up and pending', async () => {
    const a = await makeRegistration(t.db);
    const b = await makeRegistration(t.db);
    const f1 = await makeFlight(t.db, a.id, {
      flightDate: '2025-11-29',
      airline: 'Delta Air Lines',
      flightNumber: 'DL 7',
      flightTime: '10:05',
      airport: 'IAH',
      adultsCount: 2,
      childrenCount: 1,
    });
    await makeFlight(t.db, b.id, {
      flightDate: '2025-11-29',
      airline: 'Delta Air Lines',
      flightNumber: 'dl7',
      flightTime: '10:05',
      airport: 'IAH',
      adultsCount: 1,
      childrenCount: 0,
    });
    await makeFlight(t.db, b.id, {
      flightDate: '2025-11-29',
      airline: 'United Airlines',
      flightNumber: 'UA9',
      flightTime: '13:40',
      airport: 'IAH',
      adultsCount: 3,
      childrenCount: 2,
    });
    await t.api('POST', `/api/flight-info/admin/flight-pickups/${f1.id}`, { token: greeter.token, body: { picked_up: true } });
    const res = await t.api('GET', '/api/flight-info/admin/flight-arrivals?date=2025-11-29', { token: greeter.token });
    expect(res.body.summary).toEqual({ totalArrivals: 3, totalPassengers: 9, uniqueFlights: 2, pickedUp: 1, pending: 2 });
    expect(passengersByHour(res.body.arrivals)).toEqual([
      { hour: '10:00', passengers: 4, flights: 1 },
      { hour: '13:00', passengers: 5, flights: 1 },
    ]);
  });

  it('answers an empty list for a day with no arrivals', async () => {
    expect(await arrivals('2025-12-02')).toEqual([]);
  });

  it('refuses an invalid date with 400 and a sentence', async () => {
    for (const bad of ['27-11-2025', '2025-02-30', 'tomorrow']) {
      const res = await t.api('GET', `/api/flight-info/admin/flight-arrivals?date=${bad}`, { token: admin.token });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Date must be a valid date like 2025-11-27');
    }
  });

  it('includes the hotel and warns when check-in is after the arrival', async () => {
    const reg = await makeRegistration(t.db, {
      hotelConfirmationNumber: 'H-778',
      hotelRoomNumber: '412',
      hotelCheckInDate: '2025-11-28',
      hotelCheckOutDate: '2025-11-29',
    });
    const f = await makeFlight(t.db, reg.id, { flightDate: '2025-11-27' });
    await makeFlight(t.db, reg.id, { flightType: 'departure', flightDate: '2025-11-30' });
    const row = (await arrivals('2025-11-27')).find((a) => a.id === f.id);
    expect(row.hotel).toMatchObject({ confirmationNumber: 'H-778', roomNumber: '412', checkIn: '2025-11-28', checkOut: '2025-11-29' });
    expect(row.hotelWarnings).toEqual([
      'Hotel check-in (Nov 28) is after arrival (Nov 27)',
      'Hotel check-out (Nov 29) is before departure (Nov 30)',
    ]);
  });

  it('is open to greeters, closed to anonymous callers and registrants', async () => {
    expect((await t.api('GET', '/api/flight-info/admin/flight-arrivals', { token: greeter.token })).status).toBe(200);
    expect((await t.api('GET', '/api/flight-info/admin/flight-arrivals')).status).toBe(401);
    expect((await t.api('GET', '/api/flight-info/admin/flight-arrivals/export')).status).toBe(401);
  });
});

describe('GET /api/flight-info/admin/flight-arrivals/export', () => {
  it('sends the written 13 columns, named by date, one row per arrival', async () => {
    const reg = await makeRegistration(t.db, { primaryFirstName: 'Lia', primaryLastName: 'Costa' }, [
      { firstName: 'Rui', lastName: 'Costa' },
    ]);
    await makeFlight(t.db, reg.id, {
      flightDate: '2025-11-28',
      flightTime: '10:15',
      airport: 'IAH',
      airline: 'American Airlines',
      flightNumber: 'AA42',
      adultsCount: 2,
      childrenCount: 0,
      specialInstructions: 'Wheelchair, please',
    });
    const res = await t.api('GET', '/api/flight-info/admin/flight-arrivals/export?date=2025-11-28', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="flight-arrivals-2025-11-28.csv"');
    const rows: string[][] = parse(res.text);
    expect(rows[0]).toEqual([...ARRIVALS_CSV_COLUMNS]);
    expect(rows[0]).toHaveLength(13);
    const line = rows.find((r) => r[0] === reg.registrationNumber)!;
    expect(line).toEqual([
      reg.registrationNumber,
      'Lia Costa',
      "'+1 555 0100", // a leading + would make a spreadsheet evaluate the phone number
      reg.primaryEmail,
      'American Airlines',
      'AA42',
      '2025-11-28',
      '10:15',
      '2',
      '0',
      '0',
      'Lia Costa; Rui Costa',
      'Wheelchair, please',
    ]);
    expect(rows.slice(1).every((r) => r[6] === '2025-11-28')).toBe(true);
  });

  it("is named 'all' without a date, and ?date=all asks for the same", async () => {
    const res = await t.api('GET', '/api/flight-info/admin/flight-arrivals/export', { token: greeter.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="flight-arrivals-all.csv"');
    const all = await t.api('GET', '/api/flight-info/admin/flight-arrivals/export?date=all', { token: greeter.token });
    expect(all.status).toBe(200);
    expect(all.headers.get('content-disposition')).toBe('attachment; filename="flight-arrivals-all.csv"');
    expect(all.text).toBe(res.text);
    const board = await t.api('GET', '/api/flight-info/admin/flight-arrivals?date=all', { token: greeter.token });
    expect(board.status).toBe(200);
    expect(board.body.arrivals.length).toBe((parse(res.text) as string[][]).length - 1);
  });

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const reg = await makeRegistration(t.db, { primaryFirstName: '=HYPERLINK("http://x")', primaryLastName: 'Evil' });
    await makeFlight(t.db, reg.id, { flightDate: '2025-12-01', specialInstructions: '@SUM(A1)', flightNumber: '+1' });
    const res = await t.api('GET', '/api/flight-info/admin/flight-arrivals/export?date=2025-12-01', { token: admin.token });
    const line = (parse(res.text) as string[][]).find((r) => r[0] === reg.registrationNumber)!;
    expect(line[1]).toBe(`'=HYPERLINK("http://x") Evil`);
    expect(line[5]).toBe(`'+1`);
    expect(line[12]).toBe(`'@SUM(A1)`);
    expect(line[11].startsWith("'=")).toBe(true);
  });
});

describe('GET /api/flight-info/admin/flight-departures/export', () => {
  it('lists the departures needing a ride to the airport, in the same 13 columns, by date and airport', async () => {
    const reg = await makeRegistration(t.db, { primaryFirstName: 'Noa', primaryLastName: 'Ferreira' });
    const cancelled = await makeRegistration(t.db, { status: 'cancelled' });
    const noTransport = await makeRegistration(t.db, { needsTransportation: false });
    await makeFlight(t.db, reg.id, { flightDate: '2025-11-30', flightNumber: 'ARR1' }); // an arrival that day
    await makeFlight(t.db, reg.id, {
      flightType: 'departure',
      flightDate: '2025-11-30',
      flightTime: '21:05',
      airport: 'HOU',
      airline: 'Southwest Airlines',
      flightNumber: 'WN3852',
      adultsCount: 2,
    });
    const hidden = [
      await makeFlight(t.db, reg.id, {
        flightType: 'departure',
        flightDate: '2025-11-30',
        flightNumber: 'NORIDE',
        needsTransportation: false,
      }),
      await makeFlight(t.db, reg.id, { flightType: 'departure', flightDate: '2025-11-30', flightNumber: 'GONE', removedAt: new Date() }),
      await makeFlight(t.db, cancelled.id, { flightType: 'departure', flightDate: '2025-11-30', flightNumber: 'CANC' }),
      await makeFlight(t.db, noTransport.id, { flightType: 'departure', flightDate: '2025-11-30', flightNumber: 'NOTR' }),
      await makeFlight(t.db, reg.id, { flightType: 'departure', flightDate: '2025-11-29', flightNumber: 'DAYBEFORE' }),
    ];
    expect(hidden).toHaveLength(5);
    const res = await t.api('GET', '/api/flight-info/admin/flight-departures/export?date=2025-11-30', { token: greeter.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="flight-departures-2025-11-30.csv"');
    const rows: string[][] = parse(res.text);
    expect(rows[0]).toEqual([...ARRIVALS_CSV_COLUMNS]);
    // this family's one listed departure; other tests' families fly that day too
    const mine = rows.filter((r) => [reg.registrationNumber, cancelled.registrationNumber, noTransport.registrationNumber].includes(r[0]));
    expect(mine.map((r) => r.slice(4, 11))).toEqual([['Southwest Airlines', 'WN3852', '2025-11-30', '21:05', '2', '0', '0']]);
    expect(rows.slice(1).every((r) => r[6] === '2025-11-30')).toBe(true);
    const atIah = await t.api('GET', '/api/flight-info/admin/flight-departures/export?date=2025-11-30&airport=IAH', { token: admin.token });
    expect(atIah.headers.get('content-disposition')).toBe('attachment; filename="flight-departures-2025-11-30-IAH.csv"');
    expect((parse(atIah.text) as string[][]).filter((r) => r[0] === reg.registrationNumber)).toEqual([]);
    const bad = await t.api('GET', '/api/flight-info/admin/flight-departures/export?date=Nov%2030', { token: admin.token });
    expect(bad.status).toBe(400);
    expect((await t.api('GET', '/api/flight-info/admin/flight-departures/export')).status).toBe(401);
  });
});
