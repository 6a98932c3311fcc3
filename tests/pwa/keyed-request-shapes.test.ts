/**
 * What the server hashes for each change a device queues (server/services/sync/idempotency.ts: the
 * method, the path and the body as its schema parses it) must not change while devices hold queued
 * changes: one queued before a deploy and sent again after it would be refused as "already used for a
 * different request" (422), and a payment refused that way could be taken twice on Retry. So the path
 * and the parsed body of each, built by the PWA's own code (`syncRequest`, and the batches' fields) and
 * parsed by the server's schemas, are pinned here. A new field with a default, a rename or a new
 * transform fails this test on purpose: read docs/decisions.md ("What a keyed request hashes") first.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { checkInFields, pickupFields, syncRequest } from '../../pwa/offline/sync-engine';
import type { CheckInOp, HotelLinkOp, OutboxOp, PaymentOp, PickupOp } from '../../pwa/offline/types';
import { checkInRequest } from '../../server/routes/check-in';
import { pickupRequest } from '../../server/routes/flight-info-admin';
import { pickupBatchSchema, pickupBodySchema } from '../../shared/schemas/arrivals';
import { checkInBatchSchema, checkInBodySchema } from '../../shared/schemas/check-in';
import { matchSchema } from '../../shared/schemas/hotel';
import { paymentCreateSchema } from '../../shared/schemas/registration';

const WHY = 'what the server hashes for a queued change changed: replays queued before a deploy would be refused (docs/decisions.md)';
const OP_ID = '6f1c2a9e-0d4b-4c1e-9a7f-3b2d1e0c9a8b';
const TAP = '2025-11-27T15:04:05.000Z';
const base = { opId: OP_ID, clientTime: TAP, createdAt: TAP, attempts: 0, lastError: null, state: 'pending', label: 'x' } as const;

const pickup = (picked_up: boolean, picked_up_by: string | null): PickupOp => ({
  ...base,
  kind: 'pickup',
  payload: { flightId: 7, picked_up, picked_up_by, deviceId: 'phone-1' },
});
const checkIn = (checkedIn: boolean): CheckInOp => ({
  ...base,
  kind: 'check-in',
  payload: { registrationId: 9, attendeeIds: [3, 1], checkedIn, checkedInBy: 'Bola', deviceId: 'desk-1' },
});
const payment = (note: string | null): PaymentOp => ({
  ...base,
  kind: 'payment',
  payload: { registrationId: 9, amount: 120, method: 'cash', note, deviceId: 'desk-1' },
});
// the booking's cached row only travels in the sync panel, never in the request
const link = {
  ...base,
  kind: 'hotel-link',
  payload: { assignmentId: 4, registrationId: 9, registrationNumber: 'R25-ABC123', primaryName: 'Ada Obi' },
} as HotelLinkOp;

/** The path the server hashes for `op`'s own route. */
const apiPath = (op: OutboxOp) => `/api${syncRequest(op).path}`;
const json = (parsed: unknown) => JSON.stringify(parsed);

describe('what the server hashes for each change a device queues', () => {
  it('a pickup, ticked and unticked: the same through its own route and in a batch', () => {
    const pinned = {
      tick: '{"picked_up":true,"picked_up_by":"Ada","clientTime":"2025-11-27T15:04:05.000Z","deviceId":"phone-1"}',
      untick: '{"picked_up":false,"picked_up_by":null,"clientTime":"2025-11-27T15:04:05.000Z","deviceId":"phone-1"}',
    };
    for (const [op, expected] of [
      [pickup(true, 'Ada'), pinned.tick],
      [pickup(false, null), pinned.untick],
    ] as const) {
      expect(apiPath(op), WHY).toBe(pickupRequest(7));
      expect(json(pickupBodySchema.parse(syncRequest(op).body)), WHY).toBe(expected);
      const batch = pickupBatchSchema.parse({ ops: [{ opId: op.opId, flightId: op.payload.flightId, ...pickupFields(op) }] });
      const { opId: _o, flightId: _f, ...fromBatch } = batch.ops[0];
      expect(json(fromBatch), WHY).toBe(expected);
    }
  });

  it('a check-in and its undo: the same through its own route and in a batch', () => {
    for (const checkedIn of [true, false]) {
      const op = checkIn(checkedIn);
      const expected = `{"attendee_ids":[3,1],"checked_in":${checkedIn},"client_time":"2025-11-27T15:04:05.000Z","device_id":"desk-1","checked_in_by":"Bola"}`;
      expect(apiPath(op), WHY).toBe(checkInRequest(9));
      expect(json(checkInBodySchema.parse(syncRequest(op).body)), WHY).toBe(expected);
      const batch = checkInBatchSchema.parse({ ops: [{ opId: op.opId, registration_id: 9, ...checkInFields(op) }] });
      const { opId: _o, registration_id: _r, ...fromBatch } = batch.ops[0];
      expect(json(fromBatch), WHY).toBe(expected);
    }
  });

  it('a payment taken at the desk, with and without a note', () => {
    expect(apiPath(payment(null)), WHY).toBe('/api/registrations/9/payments');
    expect(json(paymentCreateSchema.parse(syncRequest(payment(null)).body)), WHY).toBe('{"amount":120,"method":"cash","note":null}');
    expect(json(paymentCreateSchema.parse(syncRequest(payment('at the desk')).body)), WHY).toBe(
      '{"amount":120,"method":"cash","note":"at the desk"}',
    );
  });

  it('a hotel link', () => {
    expect(apiPath(link), WHY).toBe('/api/hotel-assignments/4/match');
    expect(json(matchSchema.parse(syncRequest(link).body)), WHY).toBe('{"registrationId":9}');
  });
});
