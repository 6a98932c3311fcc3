import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { discardOp, keepServer, listOps, queueHotelLink, queuePickup, retryOp } from '../../pwa/offline/outbox';
import { refuseOp } from '../../pwa/offline/settle';
import { queryArrival, queryArrivals, queryCandidates, queryUnmatched } from '../../pwa/offline/queries';
import { refreshCandidates } from '../../pwa/offline/candidates';
import { clearLocalData } from '../../pwa/offline/local-data';
import { discardLabel } from '../../pwa/offline/sync-text';
import { arrivalRow, bookingRow, freshDb, registrationRow, seedArrivals, seedBookings, seedRegistrations } from './fixtures';

describe('pickup taps', () => {
  it('flip the cached arrival and queue the op at once', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1, flightNumber: 'UA 1234', primaryContactName: 'Anh Nguyen' })]);
    const op = await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo Greer' });

    const shown = await queryArrival(db, 1);
    expect(shown).toMatchObject({ picked_up: true, picked_up_by: 'Bo Greer', picked_up_at: op.clientTime, pendingSync: true });
    // the server's state is kept beside the shown one
    expect(shown!.server).toMatchObject({ picked_up: false, picked_up_by: null });

    const ops = await listOps(db);
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({
      kind: 'pickup',
      state: 'pending',
      attempts: 0,
      lastError: null,
      label: 'Picked up: UA 1234 – Nguyen family',
      payload: { flightId: 1, picked_up: true, picked_up_by: 'Bo Greer' },
    });
    expect(ops[0].opId).toMatch(/^[0-9a-f-]{36}$/);
    expect(ops[0].kind === 'pickup' && ops[0].payload.deviceId).toBe(await db.getMeta('deviceId'));
  });

  it('write nothing when the outbox write fails (one transaction)', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1 })]);
    const failing = () => {
      throw new Error('QuotaExceededError: disk full');
    };
    db.outbox.hook('creating', failing);
    await expect(queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo' })).rejects.toThrow('disk full');
    db.outbox.hook('creating').unsubscribe(failing);
    expect((await queryArrival(db, 1))!.picked_up).toBe(false);
    expect(await listOps(db)).toEqual([]);
  });

  it('refuse an arrival that is not on the device, writing nothing', async () => {
    const db = freshDb();
    await expect(queuePickup(db, { flightId: 99, pickedUp: true, actorName: 'Bo' })).rejects.toThrow(
      'This arrival is not on this device. Sync, then try again.',
    );
    expect(await listOps(db)).toEqual([]);
  });

  it('take the time of the tap on the server clock (device clock + measured offset)', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1 })]);
    await db.setMeta('clockOffset', { offsetMs: -90_000, rttMs: 20, measuredAt: new Date().toISOString() });
    const op = await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo', now: () => Date.parse('2025-11-27T20:00:00.000Z') });
    expect(op.clientTime).toBe('2025-11-27T19:58:30.000Z');
  });

  it("a tap on the same flight is stamped after the device's previous one on it; another flight is not held back", async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1 }), arrivalRow({ id: 2 })]);
    const at = Date.parse('2025-11-27T20:00:00.000Z');
    // a first estimate of the server clock, 5 minutes ahead; then a better one
    await db.setMeta('clockOffset', { offsetMs: 300_000, rttMs: 4_000, measuredAt: new Date(at).toISOString() });
    const tap = await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo', now: () => at });
    await db.setMeta('clockOffset', { offsetMs: 0, rttMs: 20, measuredAt: new Date(at + 1000).toISOString() });
    const undo = await queuePickup(db, { flightId: 1, pickedUp: false, actorName: 'Bo', now: () => at + 2000 });
    const other = await queuePickup(db, { flightId: 2, pickedUp: true, actorName: 'Bo', now: () => at + 3000 });
    expect(tap.clientTime).toBe('2025-11-27T20:05:00.000Z');
    expect(undo.clientTime).toBe('2025-11-27T20:05:00.001Z');
    expect(other.clientTime).toBe('2025-11-27T20:00:03.000Z');
  });

  it('a tap stamped far ahead (a reset clock, before any measurement) holds no later tap back', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1 })]);
    const at = Date.parse('2025-11-27T20:00:00.000Z');
    await db.setMeta('clockOffset', { offsetMs: 86_400_000, rttMs: 4_000, measuredAt: new Date(at).toISOString() });
    const tap = await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo', now: () => at });
    await db.setMeta('clockOffset', { offsetMs: 0, rttMs: 20, measuredAt: new Date(at + 1000).toISOString() });
    const undo = await queuePickup(db, { flightId: 1, pickedUp: false, actorName: 'Bo', now: () => at + 2000 });
    expect(tap.clientTime).toBe('2025-11-28T20:00:00.000Z');
    expect(undo.clientTime).toBe('2025-11-27T20:00:02.000Z');
    expect(await db.getMeta('lastTaps')).toEqual({ 'flight:1': at + 2000 });
  });

  it('discarding the last of two taps shows the earlier one; discarding both shows the server again', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1 })]);
    const first = await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo' });
    const second = await queuePickup(db, { flightId: 1, pickedUp: false, actorName: 'Bo' });
    expect((await queryArrival(db, 1))!.picked_up).toBe(false);
    await discardOp(db, second.opId);
    expect(await queryArrival(db, 1)).toMatchObject({ picked_up: true, picked_up_by: 'Bo', pendingSync: true });
    await discardOp(db, first.opId);
    expect(await queryArrival(db, 1)).toMatchObject({ picked_up: false, picked_up_by: null, pendingSync: false });
    expect(await listOps(db)).toEqual([]);
  });

  it('a refused tap is shown as failed with the sentence, the screen goes back, and Retry re-queues it under a new key', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1 })]);
    const op = await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo' });
    await refuseOp(db, op, 'failed', 'Flight not found');
    expect((await listOps(db))[0]).toMatchObject({ state: 'failed', lastError: 'Flight not found', attempts: 1 });
    expect((await queryArrival(db, 1))!.picked_up).toBe(false);

    const again = await retryOp(db, op.opId);
    expect(again.opId).not.toBe(op.opId);
    expect(again).toMatchObject({ state: 'pending', attempts: 0, lastError: null, clientTime: op.clientTime });
    expect((await queryArrival(db, 1))!.picked_up).toBe(true);
  });
});

describe('hotel links', () => {
  it('take the booking off the unmatched list, show it on the registration and its arrivals, and queue the op', async () => {
    const db = freshDb();
    const reg = registrationRow({ id: 5, registration_number: 'R25-AAAAAA', primary_first_name: 'Anh', primary_last_name: 'Nguyen' });
    await seedRegistrations(db, [reg]);
    await seedArrivals(db, [arrivalRow({ id: 1, registrationId: 5, flightDate: '2025-11-26' })]);
    await seedBookings(db, [bookingRow({ id: 9, guest_name: 'NGUYEN/ANH', confirmation_number: 'HX-9', room_number: '301' })]);
    expect((await queryUnmatched(db)).pagination.total).toBe(1);

    const op = await queueHotelLink(db, { assignmentId: 9, registration: reg });
    expect((await queryUnmatched(db)).assignments).toEqual([]);
    expect(await db.registrations.get(5)).toMatchObject({
      hotel_confirmation_number: 'HX-9',
      hotel_room_number: '301',
      hotel_guest_name: 'NGUYEN/ANH',
      pendingHotel: { opId: op.opId, before: { hotel_confirmation_number: null } },
    });
    const arrival = (await queryArrival(db, 1))!;
    expect(arrival.hotel).toMatchObject({ confirmationNumber: 'HX-9', roomNumber: '301' });
    // check-in Nov 27 is after the Nov 26 arrival
    expect(arrival.hotelWarnings).toEqual(['Hotel check-in (Nov 27) is after arrival (Nov 26)']);
    expect(op).toMatchObject({ kind: 'hotel-link', state: 'pending', payload: { assignmentId: 9, registrationId: 5 } });
    expect(op.label).toBe('Hotel: NGUYEN/ANH (HX-9) → Anh Nguyen (R25-AAAAAA)');

    await expect(queueHotelLink(db, { assignmentId: 9, registration: reg })).rejects.toThrow('This booking is already being linked.');
  });

  it('discarding a queued link gives everything back', async () => {
    const db = freshDb();
    const reg = registrationRow({ id: 5, hotel_confirmation_number: 'OLD-1' });
    await seedRegistrations(db, [reg]);
    await seedBookings(db, [bookingRow({ id: 9 })]);
    const op = await queueHotelLink(db, { assignmentId: 9, registration: reg });
    await discardOp(db, op.opId);
    expect((await queryUnmatched(db)).assignments.map((a) => a.id)).toEqual([9]);
    expect(await db.registrations.get(5)).toMatchObject({ hotel_confirmation_number: 'OLD-1', pendingHotel: null });
  });

  it('a conflict keeps the booking out of the list; Keep server drops it, Retry queues it again', async () => {
    const db = freshDb();
    const reg = registrationRow({ id: 5 });
    await seedRegistrations(db, [reg]);
    await seedBookings(db, [bookingRow({ id: 9 }), bookingRow({ id: 10 })]);
    const a = await queueHotelLink(db, { assignmentId: 9, registration: reg });
    const b = await queueHotelLink(db, { assignmentId: 10, registration: reg });
    await refuseOp(db, a, 'conflict', 'This hotel booking is already linked to another registration');
    await refuseOp(db, b, 'conflict', 'This hotel booking was deleted');
    expect((await listOps(db)).map((o) => o.state)).toEqual(['conflict', 'conflict']);
    expect((await queryUnmatched(db)).assignments).toEqual([]);
    expect((await db.registrations.get(5))!.hotel_confirmation_number).toBeNull();

    await keepServer(db, b.opId);
    expect(await db.hotelAssignments.get(10)).toBeUndefined();
    const again = await retryOp(db, a.opId);
    expect(again.opId).not.toBe(a.opId);
    expect((await listOps(db)).map((o) => [o.opId, o.state])).toEqual([[again.opId, 'pending']]);
    expect((await db.hotelAssignments.get(9))!.hiddenByOp).toBe(again.opId);
    expect((await db.registrations.get(5))!.hotel_confirmation_number).toBe('CONF-9');
  });
});

describe('hotel candidates after a link made on this device', () => {
  it('show the linked registration with its new confirmation (orange Link) at once, and take it back when undone', async () => {
    const db = freshDb();
    const reg = registrationRow({ id: 5, primary_first_name: 'Anh', primary_last_name: 'Nguyen' });
    await seedRegistrations(db, [reg, registrationRow({ id: 6, primary_first_name: 'Binh', primary_last_name: 'Nguyen' })]);
    await seedBookings(db, [
      bookingRow({ id: 9, guest_name: 'Anh Nguyen', confirmation_number: 'HX-9' }),
      bookingRow({ id: 10, guest_name: 'Anh Nguyen', confirmation_number: 'HX-10' }),
    ]);
    await refreshCandidates(db);
    const before = await queryCandidates(db, 10);
    expect(before.map((c) => [c.id, c.hotel_confirmation_number])).toEqual([
      [5, null],
      [6, null],
    ]);

    const op = await queueHotelLink(db, { assignmentId: 9, registration: reg });
    // the booking leaves the unmatched list; the other booking's candidates show the link
    expect((await queryUnmatched(db)).assignments.map((a) => a.id)).toEqual([10]);
    expect((await queryCandidates(db, 10)).map((c) => [c.id, c.hotel_confirmation_number])).toEqual([
      [5, 'HX-9'],
      [6, null],
    ]);

    await discardOp(db, op.opId);
    expect((await queryUnmatched(db)).assignments.map((a) => a.id)).toEqual([9, 10]);
    expect((await queryCandidates(db, 10)).map((c) => [c.id, c.hotel_confirmation_number])).toEqual([
      [5, null],
      [6, null],
    ]);
  });
});

describe('sign-out', () => {
  it('refuses to clear while changes are unsent, and clears everything but the device id when forced', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1 }), arrivalRow({ id: 2 })]);
    await seedRegistrations(db, [registrationRow()]);
    await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo' });
    await queuePickup(db, { flightId: 2, pickedUp: true, actorName: 'Bo' });
    const deviceId = await db.getMeta('deviceId');

    const refused = await clearLocalData(db);
    expect(refused).toEqual({
      cleared: false,
      unsent: 2,
      message: '2 changes have not reached the server yet. Sign out anyway and discard them?',
      note: 'Staying signed in keeps them on this device; they are sent when the connection returns.',
    });
    expect(discardLabel(2)).toBe('Discard 2 pending changes');
    expect(await queryArrivals(db)).toHaveLength(2);

    expect(await clearLocalData(db, { force: true })).toEqual({ cleared: true });
    expect(await queryArrivals(db)).toEqual([]);
    expect(await db.registrations.count()).toBe(0);
    expect(await listOps(db)).toEqual([]);
    expect(await db.getMeta('cursor:arrivals')).toBeUndefined();
    expect(await db.getMeta('deviceId')).toBe(deviceId);
  });

  it('clears at once when the outbox is empty', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow()]);
    expect(await clearLocalData(db)).toEqual({ cleared: true });
    expect(await db.arrivals.count()).toBe(0);
  });
});
