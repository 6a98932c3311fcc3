/**
 * The check-in desk offline (pwa/offline/desk.ts): a check-in or payment shows at once, survives a
 * download, reaches the server exactly once under its opId, takes the server's answer, goes away when
 * refused, and a balance taken on two devices becomes a conflict that says so.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { SyncEngine } from '../../pwa/offline/sync-engine';
import { lostTo, overpaymentBadge, paymentConflictBadge, queueCheckIn, queuePayment, showDesk, takenText } from '../../pwa/offline/desk';
import { keepServer, listOps, retryOp } from '../../pwa/offline/outbox';
import { opOutcome } from '../../pwa/offline/op-outcome';
import { asSent, discardQuestion } from '../../pwa/offline/sync-text';
import { clearLocalData } from '../../pwa/offline/local-data';
import type { SyncRequest } from '../../pwa/offline/transport';
import type { PaymentOp } from '../../pwa/offline/types';
import { attendeeRow, fakeServer, freshDb, registrationRow, seedRegistrations } from './fixtures';
import { deskQuery, matchedMember, rankDeskMatches } from '../../pwa/features/check-in/desk-matches';
import { closeMatches } from '../../pwa/features/check-in/close-matches';
import { matchesQuery } from '../../pwa/offline/local-search';
import { registrationSearchText } from '../../pwa/offline/admin-downloads';
import { dietaryNeeds } from '../../pwa/features/check-in/components/party-card';
import { refundOwed } from '../../pwa/lib/format';

const party = (o: Parameters<typeof registrationRow>[0] = {}) =>
  registrationRow({
    id: 7,
    total_amount: 300,
    paid_amount: 100,
    balance_due: 200,
    payment_status: 'partial',
    attendees: [
      attendeeRow({ id: 71, registration_id: 7, first_name: 'Anh' }),
      attendeeRow({ id: 72, registration_id: 7, first_name: 'Binh' }),
    ],
    ...o,
  });

const engine = (db: ReturnType<typeof freshDb>, transport: ReturnType<typeof fakeServer>['transport']) =>
  new SyncEngine({ db, transport, feeds: () => ['registrations'] });

/** The server recording a check-in of registration 7 as asked: at `at` (else the tap's time), by `by`, from `device(id)`. */
const checkInRoute = (who: { by: string; device: (id: number) => string; at?: string }) => (req: SyncRequest) => {
  const body = req.body as { attendee_ids: number[]; checked_in: boolean; client_time: string };
  return {
    status: 200,
    body: {
      registration_id: 7,
      attendees: body.attendee_ids.map((id) => ({
        id,
        checked_in: body.checked_in,
        checked_in_at: body.checked_in ? (who.at ?? body.client_time) : null,
        checked_in_by: body.checked_in ? who.by : null,
        checked_in_device: body.checked_in ? who.device(id) : null,
      })),
      stale: false,
      serverTime: new Date().toISOString(),
    },
  };
};

describe('check-ins at the desk', () => {
  it('show at once, stay shown over a download, and are sent once with their opId and tap time', async () => {
    const db = freshDb();
    await seedRegistrations(db, [party()]);
    const op = await queueCheckIn(db, { registrationId: 7, attendeeIds: [71, 72], checkedIn: true, actorName: 'Dana Desk' });
    expect((await db.registrations.get(7))!.attendees.map((a) => [a.checked_in, a.checked_in_by])).toEqual([
      [true, 'Dana Desk'],
      [true, 'Dana Desk'],
    ]);

    const { applyRegistrationsPage } = await import('../../pwa/offline/admin-downloads');
    await applyRegistrationsPage(db, {
      registrations: [party({ primary_phone: '+1 555 0199' })],
      removed: [],
      cursor: 200,
      hasMore: false,
      serverTime: '',
    });
    const afterDownload = (await db.registrations.get(7))!;
    expect(afterDownload.primary_phone).toBe('+1 555 0199');
    expect(afterDownload.attendees.every((a) => a.checked_in)).toBe(true);

    const server = fakeServer({
      'POST /registrations/7/check-in': checkInRoute({ by: 'Dana D.', device: () => 'desk-1' }),
    });
    expect(await engine(db, server.transport).syncOnce()).toBe('done');
    const sent = server.requests.filter((r) => r.path === '/registrations/7/check-in');
    expect(sent).toHaveLength(1);
    expect(sent[0].idempotencyKey).toBe(op.opId);
    // the tapper's name goes with the tap, so a replay under another user's session keeps it
    expect(sent[0].body).toMatchObject({
      attendee_ids: [71, 72],
      checked_in: true,
      client_time: op.clientTime,
      checked_in_by: 'Dana Desk',
    });
    expect(await listOps(db)).toEqual([]);
    expect((await db.registrations.get(7))!.attendees.map((a) => a.checked_in_by)).toEqual(['Dana D.', 'Dana D.']);
  });

  it('a check-in that found the person already checked in by another desk is remembered as a race lost, while that check-in stands', async () => {
    const db = freshDb();
    await seedRegistrations(db, [party()]);
    const op = await queueCheckIn(db, { registrationId: 7, attendeeIds: [71, 72], checkedIn: true, actorName: 'Dana Desk' });
    // Anh was checked in first at the other desk; Binh by this one
    const server = fakeServer({
      'POST /registrations/7/check-in': checkInRoute({
        by: 'Olga Other',
        at: '2025-11-28T15:00:00.000Z',
        device: (id) => (id === 71 ? 'the-other-desk' : op.payload.deviceId),
      }),
    });
    expect(await engine(db, server.transport).syncOnce()).toBe('done');
    const lost = await db.getMeta('lostCheckIns');
    expect(lost).toEqual({ 71: '2025-11-28T15:00:00.000Z' });
    const [anh, binh] = (await db.registrations.get(7))!.attendees;
    expect([lostTo(lost, anh), lostTo(lost, binh)]).toEqual([true, false]);
    // checked in again later (another check-in, another time): no longer the one this desk lost to
    expect(lostTo(lost, { ...anh, checked_in_at: '2025-11-28T16:00:00.000Z' })).toBe(false);
    // this desk's own undo of Anh decides it: no longer a race lost
    await queueCheckIn(db, { registrationId: 7, attendeeIds: [71], checkedIn: false, actorName: 'Dana Desk' });
    await engine(db, server.transport).syncOnce();
    expect(await db.getMeta('lostCheckIns')).toEqual({});
  });

  it('a check-in another desk had already undone with a later tap: the desk is told, as a greeter is', async () => {
    const db = freshDb();
    await seedRegistrations(db, [party()]);
    const op = await queueCheckIn(db, { registrationId: 7, attendeeIds: [71], checkedIn: true, actorName: 'Dana Desk' });
    const server = fakeServer({
      'POST /registrations/7/check-in': () => ({
        status: 200,
        body: {
          registration_id: 7,
          attendees: [{ id: 71, checked_in: false, checked_in_at: null, checked_in_by: null, checked_in_device: null }],
          stale: true,
          serverTime: new Date().toISOString(),
        },
      }),
    });
    await engine(db, server.transport).syncOnce();
    expect(await listOps(db)).toEqual([]);
    expect((await db.registrations.get(7))!.attendees[0].checked_in).toBe(false);
    const notices = (await db.getMeta('overrides')) ?? [];
    expect(notices.map((n) => [n.opId, n.text])).toEqual([
      [op.opId, expect.stringMatching(/^Your \d{1,2}:\d{2} check-in of Anh \S+ was undone on another device$/)],
    ]);
  });

  it("this desk's check-in that a download shows undone on another device since: the desk is told once", async () => {
    const db = freshDb();
    await seedRegistrations(db, [party()]);
    await queueCheckIn(db, { registrationId: 7, attendeeIds: [71, 72], checkedIn: true, actorName: 'Dana Desk' });
    const device = (await db.getMeta('deviceId'))!;
    const server = fakeServer({ 'POST /registrations/7/check-in': checkInRoute({ by: 'Dana D.', device: () => device }) });
    await engine(db, server.transport).syncOnce();
    expect((await db.registrations.get(7))!.attendees.map((a) => a.checked_in)).toEqual([true, true]);
    const { applyRegistrationsPage } = await import('../../pwa/offline/admin-downloads');
    const base = (await db.registrations.get(7))!.attendees;
    // another desk undid Anh's check-in (a later tap); Binh's stays
    const undone = party({
      attendees: [
        attendeeRow({ id: 71, registration_id: 7, first_name: 'Anh', checked_in: false }),
        attendeeRow({ ...base[1], registration_id: 7, first_name: 'Binh' }),
      ],
    });
    const page = { registrations: [undone], removed: [], cursor: 400, hasMore: false, serverTime: '' };
    await applyRegistrationsPage(db, page);
    const texts = () => db.getMeta('overrides').then((n) => (n ?? []).map((x) => x.text));
    expect(await texts()).toEqual([expect.stringMatching(/^Your \d{1,2}:\d{2} check-in of Anh \S+ was undone on another device$/)]);
    expect((await db.registrations.get(7))!.attendees.map((a) => a.checked_in)).toEqual([false, true]);
    // the same page again says nothing new
    await applyRegistrationsPage(db, { ...page, cursor: 401 });
    expect(await texts()).toHaveLength(1);
    // this desk's own undo of Binh, sent and answered, then a download: nothing to tell
    await queueCheckIn(db, { registrationId: 7, attendeeIds: [72], checkedIn: false, actorName: 'Dana Desk' });
    await engine(db, server.transport).syncOnce();
    const out = party({
      attendees: [
        attendeeRow({ id: 71, registration_id: 7, first_name: 'Anh', checked_in: false }),
        attendeeRow({ id: 72, registration_id: 7, first_name: 'Binh', checked_in: false }),
      ],
    });
    await applyRegistrationsPage(db, { ...page, registrations: [out], cursor: 402 });
    expect(await texts()).toHaveLength(1);
  });

  it('a check-in the server refuses (cancelled meanwhile) is undone on screen and kept as failed', async () => {
    const db = freshDb();
    await seedRegistrations(db, [party()]);
    await queueCheckIn(db, { registrationId: 7, attendeeIds: [71], checkedIn: true, actorName: 'Dana Desk' });
    const server = fakeServer({
      'POST /registrations/7/check-in': () => ({
        status: 422,
        body: { error: 'This registration is cancelled: it cannot be checked in.' },
      }),
    });
    await engine(db, server.transport).syncOnce();
    expect((await db.registrations.get(7))!.attendees[0].checked_in).toBe(false);
    expect((await listOps(db)).map((o) => [o.state, o.lastError])).toEqual([
      ['failed', 'This registration is cancelled: it cannot be checked in.'],
    ]);
  });

  it('a cancelled registration cannot be checked in on the device either', async () => {
    const db = freshDb();
    await seedRegistrations(db, [party({ status: 'cancelled', cancel_reason: 'Could not travel' })]);
    await expect(queueCheckIn(db, { registrationId: 7, attendeeIds: [71], checkedIn: true, actorName: null })).rejects.toThrow(
      'This registration is cancelled (Could not travel): it cannot be checked in.',
    );
    // nor paid: the sentence is about the money, not the check-in
    await expect(queuePayment(db, { registrationId: 7, amount: 50, method: 'cash' })).rejects.toThrow(
      'This registration is cancelled (Could not travel): no payment can be taken for it. Send the family to an organiser.',
    );
    expect(await listOps(db)).toEqual([]);
  });
});

describe('payments at the desk', () => {
  const paymentRoute = (paid: () => number) => () => ({
    status: 201,
    body: {
      payment: { id: 1 },
      registration: party({ paid_amount: paid(), balance_due: Math.max(0, 300 - paid()), payment_status: 'paid' }),
    },
  });

  it('a payment taken by a named person says who took it and when, so a payment sent the next morning counts on its own day', async () => {
    const db = freshDb();
    await seedRegistrations(db, [party()]);
    const takenAt = new Date(2026, 10, 29, 19, 30).getTime(); // 7:30 PM on the device's clock
    const op = await queuePayment(db, {
      registrationId: 7,
      amount: 200,
      method: 'cash',
      madeBy: { userId: 3, name: 'Demo Desk' },
      now: () => takenAt,
    });
    expect(op.payload.note).toBe('Taken at the desk by Demo Desk, Nov 29 7:30 PM');
  });

  it('the balance drops at once, and the server’s figures are taken when it answers', async () => {
    const db = freshDb();
    await seedRegistrations(db, [party()]);
    const op = await queuePayment(db, { registrationId: 7, amount: 200, method: 'cash' });
    expect(await db.registrations.get(7)).toMatchObject({ paid_amount: 300, balance_due: 0, payment_status: 'paid' });
    const server = fakeServer({ 'POST /registrations/7/payments': paymentRoute(() => 300) });
    expect(await engine(db, server.transport).syncOnce()).toBe('done');
    const sent = server.requests.filter((r) => r.path === '/registrations/7/payments');
    expect(sent.map((r) => [r.idempotencyKey, r.body])).toEqual([[op.opId, { amount: 200, method: 'cash', note: null }]]);
    expect(await listOps(db)).toEqual([]);
    expect(await db.registrations.get(7)).toMatchObject({ paid_amount: 300, balance_due: 0 });
  });

  it('a payment the server failed to answer (500) holds the download: what it may have recorded is not counted twice on the card', async () => {
    const db = freshDb();
    await seedRegistrations(db, [party()]);
    await queuePayment(db, { registrationId: 7, amount: 200, method: 'cash' });
    const server = fakeServer({
      // recorded, then the answer failed on its way back (a proxy's 504)
      'POST /registrations/7/payments': () => ({ status: 504, body: { error: 'Gateway timeout' } }),
      'GET /sync/registrations': () => ({
        status: 200,
        body: {
          registrations: [party({ paid_amount: 300, balance_due: 0, payment_status: 'paid', version: 99 })],
          removed: [],
          cursor: 99,
          hasMore: false,
          serverTime: new Date().toISOString(),
        },
      }),
    });
    expect(await engine(db, server.transport).syncOnce()).toBe('retry');
    expect(server.requests.filter((r) => r.path === '/sync/registrations')).toEqual([]);
    expect(await db.registrations.get(7)).toMatchObject({ paid_amount: 300, balance_due: 0 });
  });

  it('a payment never sent does not hold the download when a check-in ahead of it keeps failing', async () => {
    const db = freshDb();
    await seedRegistrations(db, [party()]);
    await queueCheckIn(db, { registrationId: 7, attendeeIds: [71], checkedIn: true, actorName: 'Dana Desk' });
    await queuePayment(db, { registrationId: 7, amount: 200, method: 'cash' });
    const server = fakeServer({
      'POST /registrations/': () => ({ status: 500, body: { error: 'Internal server error' } }),
      'GET /sync/registrations': () => ({
        status: 200,
        body: {
          registrations: [party({ primary_phone: '+1 555 0123', version: 99 })],
          removed: [],
          cursor: 99,
          hasMore: false,
          serverTime: new Date().toISOString(),
        },
      }),
    });
    expect(await engine(db, server.transport).syncOnce()).toBe('retry');
    // the payment waits behind the check-in, unsent; the board is still brought up to date
    expect(server.requests.filter((r) => r.path.endsWith('/payments'))).toEqual([]);
    expect(await db.registrations.get(7)).toMatchObject({ primary_phone: '+1 555 0123', paid_amount: 300 });
  });

  it('the same balance taken on another device: recorded, and a conflict that says how much was paid twice', async () => {
    const db = freshDb();
    await seedRegistrations(db, [party()]);
    const op = await queuePayment(db, { registrationId: 7, amount: 200, method: 'card' });
    // the other desk's 200 reached the server first
    const server = fakeServer({ 'POST /registrations/7/payments': paymentRoute(() => 500) });
    await engine(db, server.transport).syncOnce();
    const [kept] = await listOps(db);
    expect([kept.opId, kept.state, kept.lastError]).toEqual([
      op.opId,
      'conflict',
      'Paid twice: $200.00 more than the total, recorded on two devices',
    ]);
    expect(await db.registrations.get(7)).toMatchObject({ paid_amount: 500, balance_due: 0 });
    await expect(retryOp(db, op.opId)).rejects.toThrow('sending it again would take it twice');
    await keepServer(db, op.opId);
    expect(await listOps(db)).toEqual([]);
    expect(await db.registrations.get(7)).toMatchObject({ paid_amount: 500 });
  });

  it('paid twice, then the organiser records the refund of the extra: the conflict leaves the panel saying the refund was recorded', async () => {
    const db = freshDb();
    await seedRegistrations(db, [party()]);
    await queuePayment(db, { registrationId: 7, amount: 200, method: 'cash' });
    const server = fakeServer({ 'POST /registrations/7/payments': paymentRoute(() => 500) });
    await engine(db, server.transport).syncOnce();
    expect((await listOps(db)).map((o) => o.state)).toEqual(['conflict']);
    const { applyRegistrationsPage } = await import('../../pwa/offline/admin-downloads');
    // the $200 paid twice refunded: $300 paid of $300
    await applyRegistrationsPage(db, {
      registrations: [party({ paid_amount: 300, balance_due: 0, payment_status: 'paid' })],
      removed: [],
      cursor: 500,
      hasMore: false,
      serverTime: '',
    });
    expect(await listOps(db)).toEqual([]);
    expect(((await db.getMeta('overrides')) ?? []).map((n) => n.text)).toEqual([
      'The refund to Anh Nguyen was recorded: if the desk still holds the $200.00 it took, hand it to an organiser',
    ]);
  });

  it('a payment that reached the server after the family was cancelled is recorded, and stays a conflict telling the desk so', async () => {
    const db = freshDb();
    await seedRegistrations(db, [party()]);
    const op = await queuePayment(db, { registrationId: 7, amount: 200, method: 'cash' });
    // an admin cancelled the registration while the desk was offline; the server records the money taken
    const server = fakeServer({
      'POST /registrations/7/payments': () => ({
        status: 201,
        body: {
          payment: { id: 1 },
          registration: party({ status: 'cancelled', paid_amount: 300, balance_due: 0, payment_status: 'paid' }),
        },
      }),
    });
    await engine(db, server.transport).syncOnce();
    const [kept] = await listOps(db);
    expect([kept.opId, kept.state, kept.lastError]).toEqual([
      op.opId,
      'conflict',
      'Cancelled: $200.00 was recorded on this registration after it was cancelled. Hand the money to an organiser to refund',
    ]);
    expect(overpaymentBadge(kept.lastError)).toBe('Paid after cancelling');
    // the card names the $200 taken after the cancellation, and the $300 held in all with the $100 paid before
    expect(paymentConflictBadge(kept as PaymentOp, 300)).toBe(
      'Paid after cancelling: $200.00, $300.00 held in all, for an organiser to refund; tap Resolve changes',
    );
    expect(paymentConflictBadge(kept as PaymentOp, 200)).toBe(
      'Paid after cancelling: $200.00 for an organiser to refund; tap Resolve changes',
    );
    await expect(retryOp(db, op.opId)).rejects.toThrow('sending it again would take it twice');
    // the card knows at once that the family is cancelled, and what it holds for a refund
    expect(await db.registrations.get(7)).toMatchObject({ status: 'cancelled', paid_amount: 300 });
    expect(refundOwed((await db.registrations.get(7))!)).toBe(300);
    await keepServer(db, op.opId);
    expect(await listOps(db)).toEqual([]);

    // recorded before the cancellation (its answer lost, then sent again): the admin saw it when cancelling
    await seedRegistrations(db, [party()]);
    const again = await queuePayment(db, { registrationId: 7, amount: 50, method: 'cash' });
    const replayed = fakeServer({
      'POST /registrations/7/payments': () => ({
        status: 201,
        body: {
          payment: { id: 2, created_at: '2025-11-27T15:00:00.000Z' },
          registration: party({ status: 'cancelled', cancelled_at: '2025-11-27T16:00:00.000Z', paid_amount: 150, balance_due: 150 }),
        },
      }),
    });
    await engine(db, replayed.transport).syncOnce();
    expect(await listOps(db)).toEqual([]);
    expect(await opOutcome(db, again.opId)).toMatchObject({ state: 'done' });
  });

  it('a payment conflict leaves the panel, with a notice, once a download shows nothing is to be refunded (reactivated, or refunded)', async () => {
    const db = freshDb();
    await seedRegistrations(db, [party(), party({ id: 8, primary_first_name: 'Lan', primary_last_name: 'Vo' })]);
    const cancelledAnswer = (id: number) => () => ({
      status: 201,
      body: { payment: { id }, registration: party({ id, status: 'cancelled', paid_amount: 300, balance_due: 0, payment_status: 'paid' }) },
    });
    const [first, second] = [
      await queuePayment(db, { registrationId: 7, amount: 200, method: 'cash' }),
      await queuePayment(db, { registrationId: 8, amount: 200, method: 'cash' }),
    ];
    const server = fakeServer({
      'POST /registrations/7/payments': cancelledAnswer(7),
      'POST /registrations/8/payments': cancelledAnswer(8),
    });
    await engine(db, server.transport).syncOnce();
    expect((await listOps(db)).map((o) => o.state)).toEqual(['conflict', 'conflict']);
    const { applyRegistrationsPage } = await import('../../pwa/offline/admin-downloads');
    // 7 reactivated (its $300 pays its total); 8 still cancelled, its money still held
    await applyRegistrationsPage(db, {
      registrations: [
        party({ status: 'active', paid_amount: 300, balance_due: 0, payment_status: 'paid' }),
        party({ id: 8, primary_first_name: 'Lan', primary_last_name: 'Vo', status: 'cancelled', paid_amount: 300, balance_due: 0 }),
      ],
      removed: [],
      cursor: 300,
      hasMore: false,
      serverTime: '',
    });
    expect((await listOps(db)).map((o) => o.opId)).toEqual([second.opId]);
    expect(await opOutcome(db, first.opId)).toMatchObject({ state: 'done' });
    expect(((await db.getMeta('overrides')) ?? []).map((n) => [n.text, n.about])).toEqual([
      // counted on the sync line as a payment settled, not as a tap changed elsewhere
      ['Nothing is to be refunded to Anh Nguyen any more: the $200.00 taken at the desk stays as paid', 'payment'],
    ]);
    // 8's refund recorded by an organiser: nothing held any more
    await applyRegistrationsPage(db, {
      registrations: [
        party({ id: 8, primary_first_name: 'Lan', primary_last_name: 'Vo', status: 'cancelled', paid_amount: 0, balance_due: 0 }),
      ],
      removed: [],
      cursor: 301,
      hasMore: false,
      serverTime: '',
    });
    expect(await listOps(db)).toEqual([]);
    expect(((await db.getMeta('overrides')) ?? []).map((n) => n.text)[1]).toBe(
      'The refund to Lan Vo was recorded: if the desk still holds the $200.00 it took, hand it to an organiser',
    );
  });

  it('a refused payment sent again keeps its key, so one the server already recorded is not taken twice', async () => {
    const db = freshDb();
    await seedRegistrations(db, [party()]);
    const op = await queuePayment(db, { registrationId: 7, amount: 200, method: 'cash' });
    // its first answer was lost; then the next user's session (a greeter's) was refused it
    const refused = fakeServer({ 'POST /registrations/7/payments': () => ({ status: 403, body: { error: 'Access denied' } }) });
    await engine(db, refused.transport).syncOnce();
    expect((await listOps(db)).map((o) => o.state)).toEqual(['failed']);
    const again = await retryOp(db, op.opId);
    expect(again.opId).toBe(op.opId);
    const server = fakeServer({ 'POST /registrations/7/payments': paymentRoute(() => 300) });
    await engine(db, server.transport).syncOnce();
    expect(server.requests.filter((r) => r.path === '/registrations/7/payments').map((r) => r.idempotencyKey)).toEqual([op.opId]);
    expect(await listOps(db)).toEqual([]);
    expect(await opOutcome(db, op.opId)).toMatchObject({ state: 'done' });
  });

  it('signing out with a payment not sent names the money before discarding its only record', async () => {
    const db = freshDb();
    await seedRegistrations(db, [party()]);
    await queueCheckIn(db, { registrationId: 7, attendeeIds: [71], checkedIn: true, actorName: 'Dana Desk' });
    await queuePayment(db, { registrationId: 7, amount: 150, method: 'cash' });
    expect(await clearLocalData(db)).toEqual({
      cleared: false,
      unsent: 2,
      message:
        '2 changes have not reached the server yet, among them a payment of $150.00 taken on this device: discarding removes its only record. Sign out anyway and discard them?',
      note: 'Staying signed in keeps them on this device; they are sent when the connection returns.',
    });
    expect(await listOps(db)).toHaveLength(2);
  });

  it('signing out says a payment sent without an answer may be on the server, and a refused change is not sent again by itself', async () => {
    const db = freshDb();
    await seedRegistrations(db, [party()]);
    const checkIn = await queueCheckIn(db, { registrationId: 7, attendeeIds: [71], checkedIn: true, actorName: 'Dana Desk' });
    const payment = await queuePayment(db, { registrationId: 7, amount: 100, method: 'cash' });
    // the payment reached the server but its answer was lost; the check-in was refused (cancelled meanwhile)
    await db.outbox.where('opId').equals(payment.opId).modify({ attempts: 2, lastError: 'No connection' });
    await db.outbox
      .where('opId')
      .equals(checkIn.opId)
      .modify({ state: 'failed', attempts: 1, lastError: 'This registration is cancelled' });
    expect(await clearLocalData(db)).toEqual({
      cleared: false,
      unsent: 2,
      message:
        "2 changes of this device are not confirmed by the server: 1 sent without an answer, which may already be on the server, 1 refused by the server. A payment of $100.00 was sent without an answer: look at the family's balance before taking it again. Sign out anyway and discard them?",
      note: 'Staying signed in keeps them on this device: those waiting are sent when the connection returns, the refused ones stay in Sync details to retry or discard.',
    });
    // money never sent beside a refused change: said in a sentence of its own, not as one of the refused
    const unsentPayment = await queuePayment(db, { registrationId: 7, amount: 40, method: 'cash' });
    expect((await clearLocalData(db)) as { message: string }).toMatchObject({
      message:
        "3 changes of this device are not confirmed by the server: 1 not sent yet, 1 sent without an answer, which may already be on the server, 1 refused by the server. A payment of $40.00 taken on this device is not on the server: discarding removes its only record. A payment of $100.00 was sent without an answer: look at the family's balance before taking it again. Sign out anyway and discard them?",
    });
    await db.outbox.where('opId').equals(unsentPayment.opId).delete();
    // refused alone: kept in Sync details, not "sent when the connection returns"
    await db.outbox.where('opId').equals(payment.opId).delete();
    expect(await clearLocalData(db)).toMatchObject({
      message: '1 change of this device is not confirmed by the server: 1 refused by the server. Sign out anyway and discard it?',
      note: 'Staying signed in keeps it on this device, in Sync details, to retry or discard.',
    });
  });

  it('a total lowered meanwhile (a discount): the conflict says so, not that it was paid twice', async () => {
    const db = freshDb();
    await seedRegistrations(db, [party()]);
    const op = await queuePayment(db, { registrationId: 7, amount: 200, method: 'cash' });
    // an admin took $200 off the $300 total while the desk had no signal
    const lowered = () => ({
      status: 201,
      body: { payment: { id: 1 }, registration: party({ total_amount: 100, paid_amount: 300, balance_due: 0, payment_status: 'paid' }) },
    });
    const server = fakeServer({ 'POST /registrations/7/payments': lowered });
    await engine(db, server.transport).syncOnce();
    const [kept] = await listOps(db);
    expect([kept.opId, kept.state, kept.lastError]).toEqual([
      op.opId,
      'conflict',
      'Overpaid: $200.00 more than the total, which was lowered to $100.00 after this payment was taken',
    ]);
    expect(server.requests.find((r) => r.path === '/registrations/7/payments')?.body).toEqual({ amount: 200, method: 'cash', note: null });
    // the server holds that payment: signing out asks about nothing, and its note goes with the copy
    expect(await clearLocalData(db)).toEqual({ cleared: true });
    expect(await listOps(db)).toEqual([]);
  });

  it('fees waived meanwhile: the conflict says so, and the badge names the cash this desk took apart from the deposit', async () => {
    const db = freshDb();
    await seedRegistrations(db, [party({ total_amount: 300, paid_amount: 100, balance_due: 200, payment_status: 'partial' })]);
    const op = await queuePayment(db, { registrationId: 7, amount: 200, method: 'cash' });
    // an admin waived the fees while the desk had no signal: the $100 deposit and the desk's $200 are held
    const waived = () => ({
      status: 201,
      body: {
        payment: { id: 1 },
        registration: party({ waive_fees: true, total_amount: 0, paid_amount: 300, balance_due: 0, payment_status: 'paid' }),
      },
    });
    await engine(db, fakeServer({ 'POST /registrations/7/payments': waived }).transport).syncOnce();
    const [kept] = await listOps(db);
    expect([kept.opId, kept.state, kept.lastError]).toEqual([
      op.opId,
      'conflict',
      'Overpaid: $300.00 more than the total, as the fees were waived after this payment was taken',
    ]);
    expect(paymentConflictBadge(kept as PaymentOp, 300)).toBe(
      'Overpaid: $200.00, $300.00 held in all, for an organiser to refund; tap Resolve changes',
    );
  });

  it("a payment taken for the whole balance, then an attendee added elsewhere: the card's sentence says the family owes again", () => {
    const taken = { text: 'Payment of $750.00 recorded.', total: 750 };
    // synced: the admin's attendee raised the total to $1,100 and paid $100 of it
    expect(takenText(taken, { status: 'active', total_amount: 1100 }, 250)).toBe(
      'Payment of $750.00 recorded. The total has since risen to $1,100.00: $250.00 is due.',
    );
    expect(takenText(taken, { status: 'active', total_amount: 750 }, 0)).toBe('Payment of $750.00 recorded.');
    // raised and paid in full elsewhere, or cancelled: nothing to take
    expect(takenText(taken, { status: 'active', total_amount: 1100 }, 0)).toBe('Payment of $750.00 recorded.');
    expect(takenText(taken, { status: 'cancelled', total_amount: 1100 }, 350)).toBe('Payment of $750.00 recorded.');
  });
});

describe("the desk's queue", () => {
  it('sends consecutive check-ins in one batch, each under its opId; one refused does not stop the others', async () => {
    const db = freshDb();
    await seedRegistrations(db, [party(), party({ id: 8, status: 'active', attendees: [attendeeRow({ id: 81, registration_id: 8 })] })]);
    const a = await queueCheckIn(db, { registrationId: 7, attendeeIds: [71], checkedIn: true, actorName: 'Dana Desk' });
    const b = await queueCheckIn(db, { registrationId: 8, attendeeIds: [81], checkedIn: true, actorName: 'Dana Desk' });
    const c = await queueCheckIn(db, { registrationId: 7, attendeeIds: [72], checkedIn: true, actorName: 'Dana Desk' });
    const server = fakeServer({
      'POST /registrations/8/check-in': () => ({
        status: 422,
        body: { error: 'This registration is cancelled: it cannot be checked in.' },
      }),
      'POST /registrations/7/check-in': checkInRoute({ by: 'Dana Desk', device: () => 'desk-1' }),
    });
    await engine(db, server.transport).syncOnce();
    const uploads = server.requests.filter((r) => r.method === 'POST');
    expect(uploads.map((r) => r.path)).toEqual(['/registrations/check-in/batch']);
    expect((uploads[0].body as { ops: { opId: string }[] }).ops.map((o) => o.opId)).toEqual([a.opId, b.opId, c.opId]);
    expect((await listOps(db)).map((o) => [o.opId, o.state])).toEqual([[b.opId, 'failed']]);
    expect((await db.registrations.get(7))!.attendees.map((x) => x.checked_in)).toEqual([true, true]);
    expect((await db.registrations.get(8))!.attendees[0].checked_in).toBe(false);
  });

  it('a batch on its way is marked on the device as having left, so another tab, or this one reloaded, says it may be on the server', async () => {
    const db = freshDb();
    await seedRegistrations(db, [party()]);
    await queueCheckIn(db, { registrationId: 7, attendeeIds: [71], checkedIn: true, actorName: 'Dana Desk' });
    await queueCheckIn(db, { registrationId: 7, attendeeIds: [72], checkedIn: true, actorName: 'Dana Desk' });
    const server = fakeServer({ 'POST /registrations/7/check-in': checkInRoute({ by: 'Dana Desk', device: () => 'desk-1' }) });
    let answer: (() => void) | null = null;
    const transport: typeof server.transport = async (req) => {
      if (req.path === '/registrations/check-in/batch') await new Promise<void>((resolve) => (answer = resolve));
      return server.transport(req);
    };
    const e = new SyncEngine({ db, transport, feeds: () => ['registrations'], setTimer: () => undefined, clearTimer: () => undefined });
    const cycle = e.syncOnce();
    await vi.waitFor(() => expect(answer).not.toBeNull());
    const queued = await listOps(db);
    expect(e.getState().sending).toEqual(queued.map((op) => op.opId));
    expect(queued.map((op) => [op.attempts, typeof op.leftAt])).toEqual([
      [0, 'string'],
      [0, 'string'],
    ]);
    expect(discardQuestion(asSent(queued[0], []))).toContain('may already be on the server');
    answer!();
    await cycle;
    expect(await listOps(db)).toEqual([]);
    await e.stop();
  });
});

describe('queuing', () => {
  it('five taps in a row show the server base with every one applied in tap order, and keep that base', async () => {
    const db = freshDb();
    await seedRegistrations(db, [party()]);
    await queueCheckIn(db, { registrationId: 7, attendeeIds: [71], checkedIn: true, actorName: 'Dana Desk' });
    await queuePayment(db, { registrationId: 7, amount: 50, method: 'cash' });
    await queueCheckIn(db, { registrationId: 7, attendeeIds: [71, 72], checkedIn: true, actorName: 'Eli Desk' });
    await queueCheckIn(db, { registrationId: 7, attendeeIds: [72], checkedIn: false, actorName: 'Eli Desk' });
    await queuePayment(db, { registrationId: 7, amount: 150, method: 'card' });
    const shown = (await db.registrations.get(7))!;
    expect(shown.attendees.map((a) => [a.checked_in, a.checked_in_by])).toEqual([
      [true, 'Dana Desk'],
      [false, null],
    ]);
    expect([shown.paid_amount, shown.balance_due, shown.payment_status]).toEqual([300, 0, 'paid']);
    expect(shown.deskBase).toMatchObject({ paid_amount: 100, balance_due: 200, payment_status: 'partial' });
    await db.transaction('rw', [db.registrations, db.outbox], () => showDesk(db, 7));
    expect(await db.registrations.get(7)).toEqual(shown);
  });
});

describe("the desk's matches", () => {
  it('lists the families whose main contact was typed first, by name, and cancelled ones last', () => {
    const reg = (id: number, first: string, last: string, status: 'active' | 'cancelled' = 'active', member?: string) =>
      registrationRow({
        id,
        primary_first_name: first,
        primary_last_name: last,
        status,
        attendees: member ? [attendeeRow({ id: id * 10, registration_id: id, first_name: member, last_name: 'Reyes' })] : [],
      });
    const rows = [
      reg(1, 'Emma', 'Washington', 'cancelled', 'Rosa'), // a Reyes in her party
      reg(2, 'Li', 'Zhang', 'active', 'Tomas'), // a Reyes in his party
      reg(3, 'Matthew', 'Reyes'),
      reg(4, 'Ana', 'Reyes'),
      reg(5, 'Bo', 'Reyes', 'cancelled'),
    ];
    expect(rankDeskMatches(rows, 'reyes').map((r) => r.id)).toEqual([4, 3, 2, 5, 1]);
    // a family found through another member says which one: the person standing at the desk
    expect(rows.map((r) => matchedMember(r, 'reyes'))).toEqual(['Rosa Reyes', 'Tomas Reyes', null, null, null]);
  });

  it('a pass link typed by a scanner or pasted from the pass mail looks for its registration number', () => {
    expect(deskQuery('http://127.0.0.1:3000/check-in/R26-LLLKQZ')).toBe('R26-LLLKQZ');
    expect(deskQuery('https://reunion.example/check-in/r26-lllkqz?x=1')).toBe('R26-LLLKQZ');
    expect(deskQuery('Reyes')).toBe('Reyes');
    // a link that names no registration stays as typed (and finds nothing)
    expect(deskQuery('https://reunion.example/check-in/not-a-number')).toBe('https://reunion.example/check-in/not-a-number');
  });

  it('a family that the words found in different people of it says which member a word found', () => {
    const pena = registrationRow({
      id: 9,
      primary_first_name: 'Cedric',
      primary_last_name: 'Peña',
      attendees: [
        attendeeRow({ id: 91, registration_id: 9, first_name: 'Cedric', last_name: 'Peña', is_primary: true }),
        attendeeRow({ id: 92, registration_id: 9, first_name: 'Linda', last_name: 'Cho' }),
      ],
    });
    expect(matchedMember(pena, 'Lin Peña')).toBe('Linda Cho');
    // the contact alone: no member line
    expect(matchedMember(pena, 'Cedric')).toBeNull();
  });
});

describe("the desk's close matches", () => {
  const reg = (id: number, first: string, last: string, status: 'active' | 'cancelled' = 'active', member?: [string, string]) =>
    registrationRow({
      id,
      primary_first_name: first,
      primary_last_name: last,
      status,
      attendees: member ? [attendeeRow({ id: id * 10, registration_id: id, first_name: member[0], last_name: member[1] })] : [],
    });
  const rows = [
    reg(1, 'John', 'Smith'),
    reg(2, 'Thi', 'Nguyễn'),
    reg(3, 'Omar', 'Haddad', 'active', ['Sarah', 'Abdullah']),
    reg(4, 'Mohammed', 'Khalil'),
    reg(5, 'Ahmed', 'Hassan', 'cancelled'),
    reg(6, 'Aisha', 'Rahman'),
    // short names a loose matcher offers for any short slip
    reg(8, 'Tuan', 'Ho'),
    reg(9, 'Hoa', 'Duong'),
    reg(10, 'Johnny', 'Smithers'),
    reg(11, 'Mary', 'Smith'),
  ];
  const ids = (q: string) => closeMatches(rows, q).map((m) => m.party.id);

  it('offers the families with someone whose name is nearly what was typed, a swap of two letters being one slip', () => {
    expect(rows.filter((r) => matchesQuery(registrationSearchText(r), 'Jhon Smith'))).toEqual([]);
    expect(ids('Jhon Smith')).toEqual([1]);
    expect(ids('Jhon')).toEqual([1]);
    // the nearest first: Smith itself is one slip away, Smithers three
    expect(ids('Smtih')).toEqual([1, 11]);
    expect(ids('nguyn')).toEqual([2]);
    expect(ids('Sara Abdulah')).toEqual([3]);
    // found through another member: the line says which one, as the exact matches do
    expect(closeMatches(rows, 'Sara Abdulah').map((m) => m.member)).toEqual(['Sarah Abdullah']);
    expect(closeMatches(rows, 'Jhon').map((m) => m.member)).toEqual([null]);
    expect(ids('Mohamed')).toEqual([4]);
  });

  it('puts cancelled families after active ones as near, and offers nothing far off, too short, or not a name', () => {
    expect(ids('Hasan')).toEqual([5]);
    const withActive = [...rows, reg(7, 'Yusuf', 'Hassan')];
    expect(closeMatches(withActive, 'Hasan').map((m) => m.party.id)).toEqual([7, 5]);
    expect(ids('Xyzzy')).toEqual([]);
    expect(ids('Jo')).toEqual([]);
    expect(ids('Jhon Xyzzy')).toEqual([]);
    expect(ids('R25-7KQ2XN')).toEqual([]);
    expect(ids('jon@example.com')).toEqual([]);
  });

  it('answers at once among 2,000 families, at most five', () => {
    const many = Array.from({ length: 2000 }, (_, i) => reg(100 + i, `John${i % 7 ? '' : 'ny'}`, i % 3 ? 'Smith' : 'Smyth'));
    const found = closeMatches(many, 'Jhon Smith');
    expect(found).toHaveLength(5);
    expect(found.every(({ party: r }) => r.primary_first_name === 'John' && r.primary_last_name === 'Smith')).toBe(true);
  });
});

describe("the party card's dietary needs", () => {
  it("say the registration's once, then each other attendee's by name", () => {
    const reg = party({
      dietary_restrictions: 'Vegetarian',
      attendees: [
        attendeeRow({ id: 71, registration_id: 7, first_name: 'Anh', is_primary: true, dietary_restrictions: 'vegetarian ' }),
        attendeeRow({ id: 72, registration_id: 7, first_name: 'Binh', dietary_restrictions: 'Diabetic' }),
        attendeeRow({ id: 73, registration_id: 7, first_name: 'Chi', dietary_restrictions: 'Vegetarian' }),
      ],
    });
    expect(dietaryNeeds(reg)).toEqual(['Vegetarian', 'Binh: Diabetic', 'Chi: Vegetarian']);
  });
});
