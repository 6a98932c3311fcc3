/**
 * What the server hashes for each keyed request (server/services/sync/idempotency.ts: the method, the path
 * and the body as its schema parses it) must not change while devices hold queued changes: a change
 * queued before a deploy and sent again after it would be refused as "already used for a different
 * request" (422), and a payment refused that way could be taken twice on Retry. So the parsed body of
 * each keyed request, as the PWA sends it (pwa/offline/sync-engine.ts), is pinned here. A new field
 * with a default, a renamed one or a new transform fails this test on purpose: read docs/decisions.md
 * ("What a keyed request hashes") before changing a pinned line.
 */
import { describe, expect, it } from 'vitest';
import { pickupBatchSchema, pickupBodySchema } from '../../shared/schemas/arrivals';
import { checkInBatchSchema, checkInBodySchema } from '../../shared/schemas/check-in';
import { matchSchema } from '../../shared/schemas/hotel';
import { paymentCreateSchema } from '../../shared/schemas/registration';

const WHY = 'the parsed body of a keyed request changed: replays queued before a deploy would be refused (docs/decisions.md)';
const hashed = (parsed: unknown) => JSON.stringify(parsed);

const OP_ID = '6f1c2a9e-0d4b-4c1e-9a7f-3b2d1e0c9a8b';
const TAP = '2025-11-27T15:04:05.000Z';
const pickup = { picked_up: true, picked_up_by: 'Ada', clientTime: TAP, deviceId: 'phone-1' };
const checkIn = { attendee_ids: [3, 1], checked_in: true, client_time: TAP, device_id: 'desk-1', checked_in_by: 'Bola' };

describe('the body each keyed request hashes, as the PWA sends it', () => {
  it('a pickup toggle: the same through its own route and in a batch', () => {
    const pinned = '{"picked_up":true,"picked_up_by":"Ada","clientTime":"2025-11-27T15:04:05.000Z","deviceId":"phone-1"}';
    expect(hashed(pickupBodySchema.parse(pickup)), WHY).toBe(pinned);
    const { opId: _o, flightId: _f, ...fromBatch } = pickupBatchSchema.parse({ ops: [{ opId: OP_ID, flightId: 7, ...pickup }] }).ops[0];
    expect(hashed(fromBatch), WHY).toBe(pinned);
  });

  it('a check-in tap: the same through its own route and in a batch', () => {
    const pinned =
      '{"attendee_ids":[3,1],"checked_in":true,"client_time":"2025-11-27T15:04:05.000Z","device_id":"desk-1","checked_in_by":"Bola"}';
    expect(hashed(checkInBodySchema.parse(checkIn)), WHY).toBe(pinned);
    const {
      opId: _o,
      registration_id: _r,
      ...fromBatch
    } = checkInBatchSchema.parse({
      ops: [{ opId: OP_ID, registration_id: 9, ...checkIn }],
    }).ops[0];
    expect(hashed(fromBatch), WHY).toBe(pinned);
  });

  it('a payment taken at the desk', () => {
    expect(hashed(paymentCreateSchema.parse({ amount: 120, method: 'cash', note: 'at the desk' })), WHY).toBe(
      '{"amount":120,"method":"cash","note":"at the desk"}',
    );
  });

  it('a hotel link', () => {
    expect(hashed(matchSchema.parse({ registrationId: 9 })), WHY).toBe('{"registrationId":9}');
  });
});
