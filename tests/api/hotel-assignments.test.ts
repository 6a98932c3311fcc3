import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { createTestApp } from '../helpers/app';
import { makeFlight, makeHotelAssignment, makeRegistration } from '../helpers/staff-fixtures';
import { auditLog, hotelAssignments, registrations } from '../../server/db/schema';

const t = await createTestApp();
const admin = await t.makeUser('admin');
const greeter = await t.makeUser('greeter');

const allUnmatchedIds = async () => {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const res = await t.api('GET', `/api/hotel-assignments/unmatched?page=${page}&limit=100`, { token: admin.token });
    ids.push(...res.body.assignments.map((a: any) => a.id));
    if (page >= res.body.pagination.pages) return ids;
  }
};
const registration = async (id: number) => (await t.db.select().from(registrations).where(eq(registrations.id, id)))[0];
const link = (assignmentId: number, registrationId: number | string, key?: string) =>
  t.api('POST', `/api/hotel-assignments/${assignmentId}/match`, {
    token: admin.token,
    body: { registrationId },
    headers: key ? { 'Idempotency-Key': key } : undefined,
  });

describe('GET /api/hotel-assignments/unmatched', () => {
  it('pages the unmatched bookings 10 at a time by default, with the docs/product.md#api fields', async () => {
    const before = (await t.api('GET', '/api/hotel-assignments/unmatched', { token: admin.token })).body.pagination.total;
    const made: Awaited<ReturnType<typeof makeHotelAssignment>>[] = [];
    for (let i = 0; i < 12; i++)
      made.push(await makeHotelAssignment(t.db, { guestName: `Paging Guest ${i}`, vipStatus: i === 0 ? 'Gold' : null }));
    const first = await t.api('GET', '/api/hotel-assignments/unmatched', { token: admin.token });
    expect(first.status).toBe(200);
    expect(first.body.assignments).toHaveLength(10);
    const total = before + 12;
    expect(first.body.pagination).toEqual({ page: 1, limit: 10, total, pages: Math.ceil(total / 10) });
    const second = await t.api('GET', '/api/hotel-assignments/unmatched?page=2&limit=10', { token: admin.token });
    expect(second.body.assignments).toHaveLength(Math.min(10, total - 10));
    const firstIds = first.body.assignments.map((a: any) => a.id);
    expect(second.body.assignments.some((a: any) => firstIds.includes(a.id))).toBe(false);

    const ids = await allUnmatchedIds();
    for (const m of made) expect(ids.filter((id) => id === m.id)).toHaveLength(1);
    const big = await t.api('GET', '/api/hotel-assignments/unmatched?limit=100', { token: admin.token });
    const gold = big.body.assignments.find((a: any) => a.id === made[0].id);
    expect(gold).toMatchObject({
      guest_name: 'Paging Guest 0',
      confirmation_number: made[0].confirmationNumber,
      hotel_confirmation_number: made[0].confirmationNumber,
      room_type: 'King Lake View',
      room_number: null,
      check_in_date: '2025-11-27',
      check_out_date: '2025-11-30',
      nights: 3,
      vip_status: 'Gold',
      notes: null,
    });
  });

  it('refuses a limit over 100 and a bad page', async () => {
    const over = await t.api('GET', '/api/hotel-assignments/unmatched?limit=101', { token: admin.token });
    expect(over.status).toBe(400);
    expect(over.body.error).toBe('Limit must be at most 100');
    expect((await t.api('GET', '/api/hotel-assignments/unmatched?page=0', { token: admin.token })).status).toBe(400);
    // an empty value is no value: the defaults
    const empty = await t.api('GET', '/api/hotel-assignments/unmatched?page=&limit=', { token: admin.token });
    expect(empty.status).toBe(200);
    expect(empty.body.pagination).toMatchObject({ page: 1, limit: 10 });
  });

  it('is for admins only', async () => {
    expect((await t.api('GET', '/api/hotel-assignments/unmatched')).status).toBe(401);
    expect((await t.api('GET', '/api/hotel-assignments/unmatched', { token: greeter.token })).status).toBe(403);
    const a = await makeHotelAssignment(t.db);
    const reg = await makeRegistration(t.db);
    const res = await t.api('POST', `/api/hotel-assignments/${a.id}/match`, { token: greeter.token, body: { registrationId: reg.id } });
    expect(res.status).toBe(403);
  });
});

describe('GET /api/hotel-assignments/search-matches', () => {
  it('finds registrations by any word of the name, possible name matches first', async () => {
    const exact = await makeRegistration(t.db, { primaryFirstName: 'Marisol', primaryLastName: 'Quintanilla' });
    const lastOnly = await makeRegistration(t.db, { primaryFirstName: 'Pedro', primaryLastName: 'Quintanilla' });
    // found through an attendee's name only: a candidate, not a possible name match
    const viaAttendee = await makeRegistration(t.db, { primaryFirstName: 'Zed', primaryLastName: 'Other' }, [
      { firstName: 'Marisol', lastName: 'Smith' },
    ]);
    const cancelled = await makeRegistration(t.db, { primaryFirstName: 'Marisol', primaryLastName: 'Quintanilla', status: 'cancelled' });
    const res = await t.api('GET', `/api/hotel-assignments/search-matches?name=${encodeURIComponent('QUINTANILLA, Marisol')}`, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    const ids = res.body.matches.map((m: any) => m.id);
    expect(ids).toContain(exact.id);
    expect(ids).toContain(lastOnly.id);
    expect(ids).toContain(viaAttendee.id);
    expect(ids).not.toContain(cancelled.id);
    const byId = (id: number) => res.body.matches.find((m: any) => m.id === id);
    expect(byId(exact.id)).toMatchObject({
      registration_number: exact.registrationNumber,
      primary_first_name: 'Marisol',
      primary_last_name: 'Quintanilla',
      primary_email: exact.primaryEmail,
      hotel_confirmation_number: null,
      possible_match: true,
    });
    expect(byId(lastOnly.id).possible_match).toBe(true);
    expect(byId(viaAttendee.id).possible_match).toBe(false);
    expect(ids.indexOf(viaAttendee.id)).toBeGreaterThan(ids.indexOf(lastOnly.id));
    // the registration with both words ranks above the one with only one
    expect(ids.indexOf(exact.id)).toBeLessThan(ids.indexOf(lastOnly.id));
  });

  it('finds a registration by its number and ignores accents and case', async () => {
    const reg = await makeRegistration(t.db, { primaryFirstName: 'José', primaryLastName: 'Araújo' });
    const byNumber = await t.api('GET', `/api/hotel-assignments/search-matches?name=${reg.registrationNumber.toLowerCase()}`, {
      token: admin.token,
    });
    expect(byNumber.body.matches.map((m: any) => m.id)).toContain(reg.id);
    const noHyphen = await t.api('GET', `/api/hotel-assignments/search-matches?name=${reg.registrationNumber.replace('-', '')}`, {
      token: admin.token,
    });
    expect(noHyphen.body.matches.map((m: any) => m.id)).toEqual([reg.id]);
    const byName = await t.api('GET', '/api/hotel-assignments/search-matches?name=JOSE%20ARAUJO', { token: admin.token });
    expect(byName.body.matches.find((m: any) => m.id === reg.id)?.possible_match).toBe(true);
  });

  it('warns when the booking would start after the family lands', async () => {
    const reg = await makeRegistration(t.db, { primaryFirstName: 'Wanda', primaryLastName: 'Warnsworth' });
    await makeFlight(t.db, reg.id, { flightDate: '2025-11-26' });
    const booking = await makeHotelAssignment(t.db, { guestName: 'Wanda Warnsworth', checkInDate: '2025-11-27' });
    const res = await t.api('GET', `/api/hotel-assignments/search-matches?name=Warnsworth&assignmentId=${booking.id}`, {
      token: admin.token,
    });
    expect(res.body.matches.find((m: any) => m.id === reg.id).warnings).toEqual(['Hotel check-in (Nov 27) is after arrival (Nov 26)']);
  });

  it("a search typed for a booking says how each name agrees with the booking's guest, not with the words typed", async () => {
    const other = await makeRegistration(t.db, { primaryFirstName: 'Fatima', primaryLastName: `Torresz${Date.now() % 100000}` });
    const booking = await makeHotelAssignment(t.db, { guestName: 'Ivan Gomez' });
    const res = await t.api(
      'GET',
      `/api/hotel-assignments/search-matches?name=${encodeURIComponent(`Fatima ${other.primaryLastName}`)}&assignmentId=${booking.id}`,
      { token: admin.token },
    );
    expect(res.body.matches.find((m: any) => m.id === other.id)).toMatchObject({ possible_match: false, name_match: 'other' });
    // without a booking the words typed are the name compared
    const alone = await t.api(
      'GET',
      `/api/hotel-assignments/search-matches?name=${encodeURIComponent(`Fatima ${other.primaryLastName}`)}`,
      {
        token: admin.token,
      },
    );
    expect(alone.body.matches.find((m: any) => m.id === other.id)).toMatchObject({ possible_match: true, name_match: 'full' });
  });

  it('needs a name', async () => {
    const res = await t.api('GET', '/api/hotel-assignments/search-matches?name=', { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Name is required');
  });
});

describe('POST /api/hotel-assignments/{id}/match', () => {
  it('copies the booking onto the registration and takes it off the unmatched list', async () => {
    const reg = await makeRegistration(t.db, { primaryFirstName: 'Lena', primaryLastName: 'Okafor' });
    const a = await makeHotelAssignment(t.db, {
      guestName: 'OKAFOR/LENA',
      roomNumber: '305',
      roomType: 'Double Queen',
      checkInDate: '2025-11-26',
      checkOutDate: '2025-11-30',
      nights: 4,
      notes: 'Crib',
    });
    const res = await link(a.id, reg.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`Successfully linked OKAFOR/LENA to Lena Okafor (${reg.registrationNumber})`);
    expect(res.body.assignment).toMatchObject({ id: a.id, registration_id: reg.id });
    expect(res.body.registration).toMatchObject({
      id: reg.id,
      registration_number: reg.registrationNumber,
      hotel_confirmation_number: a.confirmationNumber,
      hotel_room_number: '305',
      hotel_room_type: 'Double Queen',
      hotel_check_in_date: '2025-11-26',
      hotel_check_out_date: '2025-11-30',
      hotel_nights: 4,
      hotel_guest_name: 'OKAFOR/LENA',
      hotel_notes: 'Crib',
    });
    const row = await registration(reg.id);
    expect(row.hotelConfirmationNumber).toBe(a.confirmationNumber);
    expect(row.version).toBeGreaterThan(reg.version);
    expect(await allUnmatchedIds()).not.toContain(a.id);
    const [stored] = await t.db.select().from(hotelAssignments).where(eq(hotelAssignments.id, a.id));
    expect(stored.matchedBy).toBe(admin.id);
    expect(stored.matchedAt).not.toBeNull();
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'hotel_assignment'), eq(auditLog.entityId, String(a.id))));
    expect(audits.map((x) => x.action)).toContain('hotel.match');
    const [history] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityType, 'registration'), eq(auditLog.entityId, String(reg.id)), eq(auditLog.action, 'registration.hotel_link')),
      );
    expect(history.before).toMatchObject({ hotel_room_number: null, hotel_confirmation_number: null });
    expect(history.after).toMatchObject({ hotel_room_number: '305', hotel_confirmation_number: a.confirmationNumber, hotel_nights: 4 });
  });

  it('two admins linking one booking to two families at once: one is linked, the other is told 409', async () => {
    const first = await makeRegistration(t.db);
    const second = await makeRegistration(t.db);
    const a = await makeHotelAssignment(t.db);
    const answers = await Promise.all([link(a.id, first.id, randomUUID()), link(a.id, second.id, randomUUID())]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = answers.find((r) => r.status === 200)!.body.registration.id;
    const loser = winner === first.id ? second.id : first.id;
    expect((await registration(winner)).hotelConfirmationNumber).toBe(a.confirmationNumber);
    expect((await registration(loser)).hotelConfirmationNumber).toBeNull();
    const [stored] = await t.db.select().from(hotelAssignments).where(eq(hotelAssignments.id, a.id));
    expect(stored.registrationId).toBe(winner);
    const matches = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(a.id)), eq(auditLog.action, 'hotel.match')));
    expect(matches).toHaveLength(1);
  });

  it("a family's rooms linked and unlinked at once: the registration shows a room still linked to it", async () => {
    const reg = await makeRegistration(t.db);
    const rooms = await Promise.all(['201', '202', '203'].map((roomNumber) => makeHotelAssignment(t.db, { roomNumber })));
    const linked = await Promise.all(rooms.map((r) => link(r.id, reg.id)));
    expect(linked.map((r) => r.status)).toEqual([200, 200, 200]);
    const unlinked = await Promise.all(
      rooms.slice(1).map((r) => t.api('POST', `/api/hotel-assignments/${r.id}/unmatch`, { token: admin.token })),
    );
    expect(unlinked.map((r) => r.status)).toEqual([200, 200]);
    const row = await registration(reg.id);
    expect(row.hotelConfirmationNumber).toBe(rooms[0].confirmationNumber);
    expect(row.hotelRoomNumber).toBe('201');
  });

  it('linking again to the same registration is 200 and changes nothing', async () => {
    const reg = await makeRegistration(t.db);
    const a = await makeHotelAssignment(t.db);
    await link(a.id, reg.id);
    const version = (await registration(reg.id)).version;
    const again = await link(a.id, String(reg.id));
    expect(again.status).toBe(200);
    expect(again.body.changed).toBe(false);
    expect((await registration(reg.id)).version).toBe(version);
  });

  it('409 when the booking is linked to another registration; nothing changes', async () => {
    const first = await makeRegistration(t.db);
    const second = await makeRegistration(t.db);
    const a = await makeHotelAssignment(t.db);
    await link(a.id, first.id);
    const res = await link(a.id, second.id);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      `This hotel booking is already linked to another registration (${first.registrationNumber}): unlink it there first`,
    );
    expect((await registration(second.id)).hotelConfirmationNumber).toBeNull();
  });

  it('422 with a sentence when the registration is cancelled; nothing is linked', async () => {
    const reg = await makeRegistration(t.db, { status: 'cancelled' });
    const a = await makeHotelAssignment(t.db);
    const res = await link(a.id, reg.id, randomUUID());
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('This registration is cancelled: reactivate it before linking a hotel booking');
    const [booking] = await t.db.select().from(hotelAssignments).where(eq(hotelAssignments.id, a.id));
    expect(booking.registrationId).toBeNull();
    expect((await registration(reg.id)).hotelConfirmationNumber).toBeNull();
    expect(await allUnmatchedIds()).toContain(a.id);
  });

  it('409 when the booking was deleted, 404 for an unknown registration or booking, 400 without registrationId', async () => {
    const reg = await makeRegistration(t.db);
    const a = await makeHotelAssignment(t.db);
    expect((await t.api('DELETE', `/api/hotel-assignments/${a.id}`, { token: admin.token })).status).toBe(204);
    const deleted = await link(a.id, reg.id);
    expect(deleted.status).toBe(409);
    expect(deleted.body.error).toBe('This hotel booking was deleted');
    const b = await makeHotelAssignment(t.db);
    const unknownReg = await link(b.id, 99999999);
    expect(unknownReg.status).toBe(404);
    expect(unknownReg.body.error).toBe('Registration not found');
    expect((await link(99999999, reg.id)).status).toBe(404);
    const missing = await t.api('POST', `/api/hotel-assignments/${b.id}/match`, { token: admin.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.fields.registrationId).toBe('registrationId is required');
    // anything that cannot be a registration's id says so, in one sentence
    for (const bad of [0, -1, 2147483648, 1.5, 'R25-ABCDEF', true]) {
      const res = await link(b.id, bad as number);
      expect([res.status, res.body.error], JSON.stringify(bad)).toEqual([
        400,
        "registrationId must be a registration's id (a whole number)",
      ]);
    }
    expect(await allUnmatchedIds()).toContain(b.id);
  });

  it('replays a link with the same Idempotency-Key; a conflict replays as the same 409', async () => {
    const reg = await makeRegistration(t.db);
    const other = await makeRegistration(t.db);
    const a = await makeHotelAssignment(t.db);
    const key = randomUUID();
    const first = await link(a.id, reg.id, key);
    const again = await link(a.id, reg.id, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const conflictKey = randomUUID();
    const c1 = await link(a.id, other.id, conflictKey);
    const c2 = await link(a.id, other.id, conflictKey);
    expect([c1.status, c2.status]).toEqual([409, 409]);
    expect(c2.body.error).toMatch(/^This hotel booking is already linked to another registration \(R25-\w+\): unlink it there first$/);
  });

  it('a second booking for the same family shows on the registration; unlinking it shows the first again', async () => {
    const reg = await makeRegistration(t.db);
    const room1 = await makeHotelAssignment(t.db, { roomNumber: '101' });
    const room2 = await makeHotelAssignment(t.db, { roomNumber: '102' });
    await link(room1.id, reg.id);
    await link(room2.id, reg.id);
    expect((await registration(reg.id)).hotelRoomNumber).toBe('102');
    const res = await t.api('POST', `/api/hotel-assignments/${room2.id}/unmatch`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.registration.hotel_room_number).toBe('101');
    expect((await registration(reg.id)).hotelConfirmationNumber).toBe(room1.confirmationNumber);
    const list = await t.api('GET', `/api/hotel-assignments?registrationId=${reg.id}`, { token: admin.token });
    expect(list.body.assignments.map((a: any) => a.id)).toEqual([room1.id]);
  });
});

describe('POST /api/hotel-assignments/{id}/unmatch', () => {
  it("clears the registration's hotel fields and returns the booking to the unmatched list", async () => {
    const reg = await makeRegistration(t.db, { primaryFirstName: 'Ivo', primaryLastName: 'Unlinked' });
    const a = await makeHotelAssignment(t.db, { guestName: 'Ivo Unlinked' });
    await link(a.id, reg.id);
    const res = await t.api('POST', `/api/hotel-assignments/${a.id}/unmatch`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`Unlinked Ivo Unlinked from Ivo Unlinked (${reg.registrationNumber})`);
    expect(res.body.assignment.registration_id).toBeNull();
    const row = await registration(reg.id);
    expect(row.hotelConfirmationNumber).toBeNull();
    expect(row.hotelRoomType).toBeNull();
    expect(row.hotelGuestName).toBeNull();
    expect(await allUnmatchedIds()).toContain(a.id);
    // a second unlink is harmless
    const again = await t.api('POST', `/api/hotel-assignments/${a.id}/unmatch`, { token: admin.token });
    expect(again.status).toBe(200);
    expect(again.body.changed).toBe(false);
  });

  it('an unlink from the registration the admin saw is refused when another admin relinked the booking meanwhile', async () => {
    const [carlos, yuki] = [await makeRegistration(t.db), await makeRegistration(t.db)];
    const a = await makeHotelAssignment(t.db);
    await link(a.id, carlos.id);
    // another admin, while the first one's confirmation is open: unlinked from Carlos, linked to Yuki
    await t.api('POST', `/api/hotel-assignments/${a.id}/unmatch`, { token: admin.token });
    await link(a.id, yuki.id);
    const res = await t.api('POST', `/api/hotel-assignments/${a.id}/unmatch`, { token: admin.token, body: { registrationId: carlos.id } });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      `This hotel booking was linked to another registration meanwhile (${yuki.registrationNumber}): nothing was unlinked`,
    );
    expect((await registration(yuki.id)).hotelConfirmationNumber).toBe(a.confirmationNumber);
    // from the registration it is linked to, the unlink is made
    const own = await t.api('POST', `/api/hotel-assignments/${a.id}/unmatch`, { token: admin.token, body: { registrationId: yuki.id } });
    expect([own.status, own.body.changed]).toEqual([200, true]);
    // already unlinked: what the admin wanted holds
    const again = await t.api('POST', `/api/hotel-assignments/${a.id}/unmatch`, { token: admin.token, body: { registrationId: yuki.id } });
    expect([again.status, again.body.changed]).toEqual([200, false]);
    const bad = await t.api('POST', `/api/hotel-assignments/${a.id}/unmatch`, { token: admin.token, body: { registrationId: 'x' } });
    expect([bad.status, bad.body.error]).toEqual([400, expect.any(String)]);
  });
});

describe('DELETE /api/hotel-assignments/{id}', () => {
  it('answers 204, audits, and the booking leaves the list; a second delete is 404', async () => {
    const a = await makeHotelAssignment(t.db);
    const res = await t.api('DELETE', `/api/hotel-assignments/${a.id}`, { token: admin.token });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await allUnmatchedIds()).not.toContain(a.id);
    const [row] = await t.db.select().from(hotelAssignments).where(eq(hotelAssignments.id, a.id));
    expect(row.deletedAt).not.toBeNull();
    expect(row.deletedBy).toBe(admin.id);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'hotel_assignment'), eq(auditLog.entityId, String(a.id))));
    expect(audits.map((x) => x.action)).toEqual(['hotel.delete']);
    const again = await t.api('DELETE', `/api/hotel-assignments/${a.id}`, { token: admin.token });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('Hotel assignment not found');
    const word = await t.api('POST', '/api/hotel-assignments/abc/match', { token: admin.token, body: { registrationId: 1 } });
    expect([word.status, word.body.error]).toEqual([404, 'Hotel assignment not found']);
  });

  it('deleting a linked booking also takes it off the registration', async () => {
    const reg = await makeRegistration(t.db);
    const a = await makeHotelAssignment(t.db);
    await link(a.id, reg.id);
    expect((await t.api('DELETE', `/api/hotel-assignments/${a.id}`, { token: admin.token })).status).toBe(204);
    expect((await registration(reg.id)).hotelConfirmationNumber).toBeNull();
  });

  it('a delete from the unmatched list (linkedTo=none) is refused when another admin linked the booking meanwhile', async () => {
    const reg = await makeRegistration(t.db);
    const a = await makeHotelAssignment(t.db);
    await link(a.id, reg.id);
    const res = await t.api('DELETE', `/api/hotel-assignments/${a.id}?linkedTo=none`, { token: admin.token });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      `This hotel booking was linked to another registration meanwhile (${reg.registrationNumber}): nothing was deleted`,
    );
    const [row] = await t.db.select().from(hotelAssignments).where(eq(hotelAssignments.id, a.id));
    expect([row.deletedAt, row.registrationId]).toEqual([null, reg.id]);
    expect((await registration(reg.id)).hotelConfirmationNumber).toBe(a.confirmationNumber);
    // seen linked to it: deleted
    expect((await t.api('DELETE', `/api/hotel-assignments/${a.id}?linkedTo=${reg.id}`, { token: admin.token })).status).toBe(204);
    const bad = await t.api('DELETE', `/api/hotel-assignments/${a.id}?linkedTo=somewhere`, { token: admin.token });
    expect([bad.status, bad.body.error]).toEqual([400, expect.any(String)]);
  });
});
