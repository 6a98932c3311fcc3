/**
 * What became of a queued change (pwa/offline/op-outcome.ts): the screen that queued it asks by op id
 * instead of diffing the outbox.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { discardOp, keepServer, queueHotelLink, queuePickup, retryOp } from '../../pwa/offline/outbox';
import { RECEIPT_TTL_MS, opOutcome, waitForOp, writeReceipt } from '../../pwa/offline/op-outcome';
import { refuseOp } from '../../pwa/offline/settle';
import { SyncEngine } from '../../pwa/offline/sync-engine';
import { NetworkError } from '../../pwa/offline/transport';
import {
  arrivalRow,
  bookingRow,
  fakeServer,
  freshDb,
  linkAnswer,
  pickupAnswer,
  registrationRow,
  seedArrivals,
  seedBookings,
  seedRegistrations,
} from './fixtures';

const LINKED = 'Successfully linked Anh Nguyen to Anh Nguyen (R25-X00005)';

async function linkSetup() {
  const db = freshDb();
  const reg = registrationRow({ id: 5 });
  await seedRegistrations(db, [reg]);
  await seedBookings(db, [bookingRow({ id: 9 })]);
  const op = await queueHotelLink(db, { assignmentId: 9, registration: reg });
  return { db, reg, op };
}

const matchOk = () => ({
  status: 200,
  body: linkAnswer(9, 5, { message: LINKED }),
});

describe('the outcome of a queued change', () => {
  it('is pending with no signal (with the error), then done with the server’s sentence', async () => {
    const { db, op } = await linkSetup();
    expect(await opOutcome(db, op.opId)).toEqual({ state: 'pending', opId: op.opId, attempts: 0, lastError: null });

    let online = false;
    const server = fakeServer({
      'POST /hotel-assignments/': () => {
        if (!online) throw new NetworkError('Failed to fetch');
        return matchOk();
      },
    });
    const engine = new SyncEngine({ db, transport: server.transport, feeds: () => ['hotel'] });
    expect(await engine.syncOnce()).toBe('retry');
    expect(await opOutcome(db, op.opId)).toEqual({ state: 'pending', opId: op.opId, attempts: 1, lastError: 'Failed to fetch' });

    online = true;
    expect(await engine.syncOnce()).toBe('done');
    expect(await db.outbox.count()).toBe(0);
    expect(await opOutcome(db, op.opId)).toEqual({ state: 'done', opId: op.opId, message: LINKED });
  });

  it('is a conflict or a failure with the server’s sentence while the change waits in the sync panel', async () => {
    const { db, op } = await linkSetup();
    const server = fakeServer({ 'POST /hotel-assignments/': () => ({ status: 409, body: { error: 'This hotel booking was deleted' } }) });
    await new SyncEngine({ db, transport: server.transport, feeds: () => [] }).syncOnce();
    expect(await opOutcome(db, op.opId)).toEqual({ state: 'conflict', opId: op.opId, message: 'This hotel booking was deleted' });

    await seedArrivals(db, [arrivalRow({ id: 1 })]);
    const tap = await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo' });
    await refuseOp(db, tap, 'failed', 'Flight not found');
    expect(await opOutcome(db, tap.opId)).toEqual({ state: 'failed', opId: tap.opId, message: 'Flight not found' });
  });

  it('follows a Retry to the new op, and tells a discarded change and Keep server from a sent one', async () => {
    const { db, op } = await linkSetup();
    await refuseOp(db, op, 'conflict', 'This hotel booking is already linked to another registration');
    const again = await retryOp(db, op.opId);
    expect(await opOutcome(db, op.opId)).toEqual({ state: 'pending', opId: again.opId, attempts: 0, lastError: null });

    const server = fakeServer({ 'POST /hotel-assignments/': matchOk });
    await new SyncEngine({ db, transport: server.transport, feeds: () => [] }).syncOnce();
    expect(await opOutcome(db, op.opId)).toEqual({ state: 'done', opId: again.opId, message: LINKED });

    await seedArrivals(db, [arrivalRow({ id: 1 })]);
    const tap = await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo' });
    await discardOp(db, tap.opId);
    expect(await opOutcome(db, tap.opId)).toEqual({ state: 'discarded', opId: tap.opId, message: null });

    await seedBookings(db, [bookingRow({ id: 11 })]);
    const other = await queueHotelLink(db, { assignmentId: 11, registration: registrationRow({ id: 5 }) });
    await refuseOp(db, other, 'conflict', 'This hotel booking was deleted');
    await keepServer(db, other.opId);
    expect(await opOutcome(db, other.opId)).toEqual({ state: 'server-kept', opId: other.opId, message: 'This hotel booking was deleted' });

    expect(await opOutcome(db, 'never-queued-here')).toEqual({ state: 'unknown', opId: 'never-queued-here' });
  });

  it('a pickup that was discarded while in flight, then acknowledged, counts as done (the server applied it)', async () => {
    const db = freshDb();
    await seedArrivals(db, [arrivalRow({ id: 1 })]);
    const tap = await queuePickup(db, { flightId: 1, pickedUp: true, actorName: 'Bo' });
    const server = fakeServer({
      'POST /flight-info/admin/flight-pickups/': async () => {
        await discardOp(db, tap.opId);
        return { status: 200, body: pickupAnswer({ id: 1, version: 70 }) };
      },
    });
    await new SyncEngine({ db, transport: server.transport, feeds: () => [] }).syncOnce();
    expect(await opOutcome(db, tap.opId)).toEqual({ state: 'done', opId: tap.opId, message: null });
  });

  it('receipts are kept a day, then pruned', async () => {
    const db = freshDb();
    const t0 = Date.parse('2025-11-27T08:00:00Z');
    await writeReceipt(db, { opId: 'a', kind: 'pickup' }, 'done', {}, () => t0);
    await writeReceipt(db, { opId: 'b', kind: 'pickup' }, 'done', {}, () => t0 + RECEIPT_TTL_MS - 1000);
    expect((await db.receipts.toArray()).map((r) => r.opId).sort()).toEqual(['a', 'b']);
    await writeReceipt(db, { opId: 'c', kind: 'pickup' }, 'discarded', {}, () => t0 + RECEIPT_TTL_MS + 1000);
    expect((await db.receipts.toArray()).map((r) => r.opId).sort()).toEqual(['b', 'c']);
  });
});

describe('waitForOp', () => {
  it('resolves when the sync records the answer, and after the timeout with the op still pending', async () => {
    const { db, op } = await linkSetup();
    const settled = waitForOp(db, op.opId);
    const server = fakeServer({ 'POST /hotel-assignments/': matchOk });
    await new SyncEngine({ db, transport: server.transport, feeds: () => [] }).syncOnce();
    expect(await settled).toEqual({ state: 'done', opId: op.opId, message: LINKED });

    const db2 = freshDb();
    await seedArrivals(db2, [arrivalRow({ id: 1 })]);
    const tap = await queuePickup(db2, { flightId: 1, pickedUp: true, actorName: 'Bo' });
    const started = Date.now();
    expect(await waitForOp(db2, tap.opId, { timeoutMs: 150 })).toMatchObject({ state: 'pending', opId: tap.opId });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('resolves at once for a change already answered', async () => {
    const { db, op } = await linkSetup();
    await refuseOp(db, op, 'failed', 'Registration not found');
    expect(await waitForOp(db, op.opId, { timeoutMs: 5_000 })).toEqual({
      state: 'failed',
      opId: op.opId,
      message: 'Registration not found',
    });
  });
});
