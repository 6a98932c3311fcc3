/**
 * Each reader of a registration gets exactly the fields of its allow-list (docs/product.md, roles):
 * the visitor reads their own registration without the staff's notes, hotel notes or who cancelled it;
 * a greeter reads names, party size, flights, phone and hotel, and no payments, address, emergency
 * contact, ages, genders or notes; check-in staff read what the desk needs (money and the party, ages and
 * dietary needs included), with the address, emergency contact and notes left empty; an admin reads
 * everything. Keys are compared as sets, so a field
 * added to the registration later is refused to greeters and visitors until an allow-list names it.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { makeRegistration } from '../helpers/factories';
import { issueRegistrantToken } from '../../server/services/registrants/registrant-tokens';
import { flightRow, linkTokenFor } from './verification-fixtures';

const t = await createTestApp();
const admin = await t.makeUser('admin');
const greeter = await t.makeUser('greeter');
const desk = await t.makeUser('checkin');

const reg = await makeRegistration(t.db, {
  notes: 'Internal: owes a favour',
  emergencyContactName: 'Aunt Bisi',
  emergencyContactPhone: '+1 555 0199',
  addressLine1: '12 Private Road',
  attendees: [{ firstName: 'Kemi', lastName: 'Bello', ageCategory: 'child', relationship: 'child', age: 9, gender: 'female' }],
});
const { registrantToken } = await issueRegistrantToken(t.db, reg.id, reg.primaryEmail);

const read = async (auth: { token?: string; registrantToken?: string }) => {
  const res = await t.api('GET', `/api/registrations/${reg.registrationNumber}`, auth);
  expect(res.status).toBe(200);
  return res.body;
};
const keys = (o: object) => Object.keys(o).sort();

describe('what each reader gets of a registration', () => {
  it('the visitor: everything of their own but the notes, the hotel notes, who cancelled and when flights were asked for', async () => {
    const full = await read({ token: admin.token });
    const mine = await read({ registrantToken });
    const hidden = ['notes', 'hotel_notes', 'cancelled_by', 'flight_info_requested_at'];
    expect(keys(mine.registration)).toEqual(keys(full.registration).filter((k) => !hidden.includes(k)));
    expect(JSON.stringify(mine)).not.toContain('owes a favour');
    expect(mine.attendees).toEqual(full.attendees);
  });

  it('a greeter: names, party size, phone, hotel and flights; no payments, address, emergency contact, ages, genders or notes', async () => {
    const body = await read({ token: greeter.token });
    expect(keys(body.registration)).toEqual(
      [
        'id',
        'registration_number',
        'status',
        'created_at',
        'updated_at',
        'primary_email',
        'primary_phone',
        'primary_first_name',
        'primary_last_name',
        'city',
        'state',
        'country',
        'special_requests',
        'needs_transportation',
        'hotel_confirmation_number',
        'hotel_room_number',
        'hotel_room_type',
        'hotel_check_in_date',
        'hotel_check_out_date',
        'hotel_nights',
        'hotel_guest_name',
        'attendee_count',
      ].sort(),
    );
    for (const a of body.attendees) {
      expect(keys(a)).toEqual(['age_category', 'dietary_restrictions', 'first_name', 'id', 'is_primary', 'last_name', 'registration_id']);
    }
    const text = JSON.stringify(body);
    for (const secret of ['owes a favour', 'Aunt Bisi', '+1 555 0199', '12 Private Road']) expect(text).not.toContain(secret);
    expect(body.flightInfo).toBeDefined();
  });

  it('check-in staff: the party, ages and money as the desk shows them; address, emergency contact and notes empty', async () => {
    const full = await read({ token: admin.token });
    const body = await read({ token: desk.token });
    expect(keys(body.registration)).toEqual(keys(full.registration));
    expect(body.registration).toMatchObject({
      address_line1: null,
      zip_code: null,
      emergency_contact_name: null,
      emergency_contact_phone: null,
      notes: null,
      total_amount: full.registration.total_amount,
      balance_due: full.registration.balance_due,
      primary_phone: full.registration.primary_phone,
    });
    expect(body.attendees).toEqual(full.attendees);
    const text = JSON.stringify(body.registration);
    for (const secret of ['owes a favour', 'Aunt Bisi', '+1 555 0199', '12 Private Road']) expect(text).not.toContain(secret);
  });

  it('an admin: everything, notes and emergency contact included', async () => {
    const body = await read({ token: admin.token });
    expect(body.registration).toMatchObject({
      notes: 'Internal: owes a favour',
      emergency_contact_name: 'Aunt Bisi',
      address_line1: '12 Private Road',
    });
    expect(body.attendees.find((a: any) => a.first_name === 'Kemi')).toMatchObject({ age: 9, gender: 'female' });
  });

  it('who met or checked the family in stays with the staff; the desk reads no flights', async () => {
    const met = await makeRegistration(t.db, {
      attendees: [{ firstName: 'Tayo', lastName: 'Bello', relationship: 'child', ageCategory: 'child' }],
      flights: [{}],
    });
    const token = (await issueRegistrantToken(t.db, met.id, met.primaryEmail)).registrantToken;
    const flightId = met.flights[0].id;
    expect(
      (await t.api('POST', `/api/flight-info/admin/flight-pickups/${flightId}`, { token: greeter.token, body: { picked_up: true } }))
        .status,
    ).toBe(200);
    const people = (await t.api('GET', `/api/registrations/${met.id}`, { token: admin.token })).body.attendees;
    const checkIn = await t.api('POST', `/api/registrations/${met.id}/check-in`, {
      token: desk.token,
      body: { attendee_ids: people.map((a: any) => a.id), checked_in: true, device_id: 'desk-ipad-3' },
    });
    expect(checkIn.status).toBe(200);

    // staff read who did it
    const staff = (await t.api('GET', `/api/registrations/${met.id}`, { token: admin.token })).body;
    expect(staff.flightInfo[0].picked_up_by).toBeTruthy();
    expect(staff.attendees[0]).toMatchObject({ checked_in: true, checked_in_device: 'desk-ipad-3' });
    expect(staff.attendees[0].checked_in_by).toBeTruthy();
    const greeterSees = await t.api('GET', `/api/flight-info/registration/${met.id}`, { token: greeter.token });
    expect(greeterSees.body.existingFlights[0].picked_up_by).toBe(staff.flightInfo[0].picked_up_by);

    // the visitor reads that it happened, not who or on which device
    const mine = (await t.api('GET', `/api/registrations/${met.id}`, { registrantToken: token })).body;
    expect(mine.flightInfo[0]).toMatchObject({ picked_up: true, picked_up_by: null });
    for (const a of mine.attendees) expect(a).toMatchObject({ checked_in: true, checked_in_by: null, checked_in_device: null });
    const flightsMine = await t.api('GET', `/api/flight-info/registration/${met.id}`, { registrantToken: token });
    expect(flightsMine.body.existingFlights[0]).toMatchObject({ picked_up: true, picked_up_by: null });
    // nor does whoever holds the emailed link
    expect((await t.api('POST', `/api/registrations/${met.id}/request-flight-info`, { token: admin.token })).status).toBe(200);
    const link = await t.api('GET', `/api/flight-info/verify/${linkTokenFor(t, met.primaryEmail)}`);
    expect(link.body.existingFlights[0]).toMatchObject({ picked_up: true, picked_up_by: null });
    // the link's answer is a visitor's, even to a browser that also holds a staff session
    const sent = await t.api('POST', '/api/flight-info/submit', {
      token: greeter.token,
      body: {
        token: linkTokenFor(t, met.primaryEmail),
        email: met.primaryEmail,
        needsTransportation: true,
        turnstileToken: 'ok',
        flights: [
          {
            id: flightId,
            ...flightRow({ airline: 'United Airlines', flightNumber: 'UA100', flightTime: '14:30', adultsCount: 1 }),
            childrenCount: 0,
            childSeatsNeeded: 0,
            specialInstructions: '',
          },
        ],
      },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.flights[0]).toMatchObject({ picked_up: true, picked_up_by: null });

    // the desk: the party and its money, no flights
    const atDesk = (await t.api('GET', `/api/registrations/${met.id}`, { token: desk.token })).body;
    expect(atDesk.flightInfo).toEqual([]);
    expect(atDesk.attendees[0].checked_in).toBe(true);
  });
});
