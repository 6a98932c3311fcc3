/**
 * The check-in desk's server side (docs/product.md#check-in-desk): who may check a family in, what is
 * stored and audited, last tap wins, exactly once under an Idempotency-Key, the batch the offline desk
 * sends, payments by check-in staff, the desk's offline feed and the counts on the stats summary.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { attendees, auditLog, payments, registrations } from '../../server/db/schema';
import { CHECK_IN_MESSAGES } from '../../shared/schemas/check-in';
import { checkInResultSchema } from '../../shared/schemas/records';
import { createTestApp } from '../helpers/app';
import { makeRegistration } from '../helpers/staff-fixtures';
import { issueRegistrantToken } from '../../server/services/registrants/registrant-tokens';

const t = await createTestApp();
const admin = await t.makeUser('admin');
const desk = await t.makeUser('checkin', { first_name: 'Dana', last_name: 'Desk' });
const greeter = await t.makeUser('greeter');

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const key = () => crypto.randomUUID();

async function family() {
  return makeRegistration(t.db, { totalAmountCents: 30000, paidAmountCents: 10000, paymentStatus: 'partial' }, [
    { firstName: 'Binh', lastName: 'Tran', ageCategory: 'adult' },
    { firstName: 'Cam', lastName: 'Tran', ageCategory: 'child' },
  ]);
}

const checkIn = (regRef: string | number, body: object, token = desk.token, headers: Record<string, string> = {}) =>
  t.api('POST', `/api/registrations/${regRef}/check-in`, { token, body, headers });

const stored = (id: number) =>
  t.db
    .select()
    .from(attendees)
    .where(eq(attendees.id, id))
    .then((r) => r[0]);

describe('POST /api/registrations/{id}/check-in', () => {
  it('checks in the named attendees: who, when, which device, audited, answered in the shared shape', async () => {
    const reg = await family();
    const [a, b] = reg.attendees;
    const tap = minutesAgo(2);
    const res = await checkIn(reg.registrationNumber, {
      attendee_ids: [a.id, b.id],
      checked_in: true,
      client_time: tap,
      device_id: 'desk-1',
    });
    expect(res.status).toBe(200);
    expect(checkInResultSchema.safeParse(res.body).success).toBe(true);
    expect(res.body.attendees).toEqual([
      { id: a.id, checked_in: true, checked_in_at: tap, checked_in_by: 'Dana Desk', checked_in_device: 'desk-1' },
      { id: b.id, checked_in: true, checked_in_at: tap, checked_in_by: 'Dana Desk', checked_in_device: 'desk-1' },
    ]);
    const row = await stored(a.id);
    expect(row).toMatchObject({ checkedIn: true, checkedInBy: 'Dana Desk', checkedInByUserId: desk.id, checkInDevice: 'desk-1' });
    expect(row.checkInTapAt?.toISOString()).toBe(tap);
    expect((await stored(reg.attendees[2].id)).checkedIn).toBe(false);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'attendee'), eq(auditLog.entityId, String(a.id))));
    expect(audits.map((x) => x.action)).toEqual(['attendee.check_in']);
  });

  it("a desk user's name of 101 UTF-16 units (an emoji cut in half at 100) checks in, the name kept whole", async () => {
    const user = await t.makeUser('checkin', { first_name: 'A', last_name: `B${'😀'.repeat(49)}` });
    const reg = await family();
    const res = await checkIn(reg.registrationNumber, { attendee_ids: [reg.attendees[0].id], checked_in: true }, user.token);
    expect(res.status).toBe(200);
    const name = (await stored(reg.attendees[0].id)).checkedInBy!;
    expect(name.isWellFormed()).toBe(true);
    expect(name).toBe(`A B${'😀'.repeat(49)}`); // 52 characters: nothing to cut
  });

  it("a tap replayed under the next user's session keeps its tapper's name; the audit names the session", async () => {
    const reg = await family();
    const [a] = reg.attendees;
    const res = await checkIn(reg.id, { attendee_ids: [a.id], checked_in: true, checked_in_by: 'Ana Earlier' }, desk.token, {
      'Idempotency-Key': key(),
    });
    expect(res.status).toBe(200);
    expect(res.body.attendees[0].checked_in_by).toBe('Ana Earlier');
    expect(await stored(a.id)).toMatchObject({ checkedIn: true, checkedInBy: 'Ana Earlier', checkedInByUserId: desk.id });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'attendee'), eq(auditLog.entityId, String(a.id))));
    expect(audit.actorUserId).toBe(desk.id);
  });

  it('undo is a tap too; an older tap that arrives later (an offline desk) is acknowledged, not applied', async () => {
    const reg = await family();
    const a = reg.attendees[0];
    await checkIn(reg.id, { attendee_ids: [a.id], checked_in: true, client_time: minutesAgo(5) });
    const undo = await checkIn(reg.id, { attendee_ids: [a.id], checked_in: false, client_time: minutesAgo(3) });
    expect(undo.body.attendees).toEqual([
      { id: a.id, checked_in: false, checked_in_at: null, checked_in_by: null, checked_in_device: null },
    ]);
    const late = await checkIn(reg.id, { attendee_ids: [a.id], checked_in: true, client_time: minutesAgo(4) });
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ stale: true, attendees: [{ id: a.id, checked_in: false }] });
    expect((await stored(a.id)).checkedIn).toBe(false);
  });

  it('takes the tap time and device also as a pickup spells them (clientTime, deviceId)', async () => {
    const reg = await family();
    const a = reg.attendees[0];
    await checkIn(reg.id, { attendee_ids: [a.id], checked_in: true, clientTime: minutesAgo(3), deviceId: 'desk-C' });
    expect(await stored(a.id)).toMatchObject({ checkedIn: true, checkInDevice: 'desk-C' });
    const late = await checkIn(reg.id, { attendee_ids: [a.id], checked_in: false, clientTime: minutesAgo(4) });
    expect(late.body).toMatchObject({ stale: true, attendees: [{ id: a.id, checked_in: true }] });
  });

  it('a family checked in on two desks keeps the first check-in: who, when and which device', async () => {
    const reg = await family();
    const a = reg.attendees[0];
    const other = await t.makeUser('checkin', { first_name: 'Omar', last_name: 'Other' });
    const first = minutesAgo(6);
    await checkIn(reg.id, { attendee_ids: [a.id], checked_in: true, client_time: first, device_id: 'desk-A' }, other.token);
    const second = await checkIn(reg.id, { attendee_ids: [a.id], checked_in: true, client_time: minutesAgo(2), device_id: 'desk-B' });
    expect(second.body.attendees).toEqual([
      { id: a.id, checked_in: true, checked_in_at: first, checked_in_by: 'Omar Other', checked_in_device: 'desk-A' },
    ]);
    // an undo made before desk B's tap (offline, arriving later) no longer wins
    const oldUndo = await checkIn(reg.id, { attendee_ids: [a.id], checked_in: false, client_time: minutesAgo(4) }, other.token);
    expect(oldUndo.body).toMatchObject({ stale: true, attendees: [{ checked_in: true }] });
  });

  it('the same Idempotency-Key is applied once and answered again', async () => {
    const reg = await family();
    const k = key();
    const body = { attendee_ids: [reg.attendees[0].id], checked_in: true, client_time: minutesAgo(1) };
    const first = await checkIn(reg.id, body, desk.token, { 'Idempotency-Key': k });
    const again = await checkIn(reg.id, body, desk.token, { 'Idempotency-Key': k });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.attendees).toEqual(first.body.attendees);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'attendee'), eq(auditLog.entityId, String(reg.attendees[0].id))));
    expect(audits).toHaveLength(1);
  });

  it('taps on one party from many desks at the same time: each answered once, the latest tap stands, audited once per change', async () => {
    const reg = await family();
    const [a, b] = reg.attendees;
    const taps = Array.from({ length: 10 }, (_, i) => ({
      key: key(),
      body: {
        attendee_ids: i % 3 === 0 && i < 9 ? [a.id, b.id] : [a.id],
        checked_in: i % 2 === 0,
        client_time: minutesAgo(30 - i),
        device_id: `desk-${i}`,
      },
    }));
    const answers = await Promise.all(taps.map((tap) => checkIn(reg.id, tap.body, desk.token, { 'Idempotency-Key': tap.key })));
    expect(answers.map((r) => r.status)).toEqual(taps.map(() => 200));
    // the last tap (i = 9) undid a's check-in; b's last tap (i = 6) checked b in (who and which device
    // are the first check-in's, whichever desk's that was)
    expect(await stored(a.id)).toMatchObject({ checkedIn: false, checkInTapAt: new Date(taps[9].body.client_time) });
    expect(await stored(b.id)).toMatchObject({ checkedIn: true, checkInTapAt: new Date(taps[6].body.client_time) });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityType, 'attendee')).orderBy(auditLog.id);
    const changes = (id: number) => audits.filter((x) => x.entityId === String(id)).map((x) => x.action);
    // at most one audited change per tap, and the last one is the state that stands
    expect(changes(a.id).length).toBeLessThanOrEqual(10);
    expect(changes(a.id).at(-1)).toBe('attendee.check_in_undo');
    expect(changes(b.id).at(-1)).toBe('attendee.check_in');
    for (const [i, tap] of taps.entries()) {
      const again = await checkIn(reg.id, tap.body, desk.token, { 'Idempotency-Key': tap.key });
      expect(again.body).toEqual(answers[i].body);
    }
  });

  it('one key delivered twice at the same time is applied once and answered the same', async () => {
    const reg = await family();
    const a = reg.attendees[0];
    const k = key();
    // no client_time: each delivery would tap "now", so a second apply would show as a second audit row
    const body = { attendee_ids: [a.id], checked_in: true };
    const [x, y] = await Promise.all([
      checkIn(reg.id, body, desk.token, { 'Idempotency-Key': k }),
      checkIn(reg.id, body, desk.token, { 'Idempotency-Key': k }),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(y.body).toEqual(x.body);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'attendee'), eq(auditLog.entityId, String(a.id))));
    expect(audits).toHaveLength(1);
  });

  it('a check-in racing the cancellation is either made before it or refused with the sentence, never after', async () => {
    const reg = await family();
    const a = reg.attendees[0];
    const [tap, cancel] = await Promise.all([
      checkIn(reg.id, { attendee_ids: [a.id], checked_in: true }),
      t.api('POST', `/api/registrations/${reg.id}/cancel`, { token: admin.token, body: { reason: 'Could not travel' } }),
    ]);
    expect(cancel.status).toBe(200);
    if (tap.status === 200) {
      expect((await stored(a.id)).checkedIn).toBe(true);
      // the cancellation locks the registration before it writes its audit row, and a check-in needs the
      // registration not locked that way, so a check-in that was made wrote its audit row first. Not by
      // created_at: that is each transaction's start, and the cancellation's may start first.
      const cancelAudit = (
        await t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entityType, 'registration'), eq(auditLog.entityId, String(reg.id))))
      ).find((x) => x.action.includes('cancel'))!.id;
      const checkInAudit = (
        await t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entityType, 'attendee'), eq(auditLog.entityId, String(a.id))))
      )[0].id;
      expect(checkInAudit).toBeLessThan(cancelAudit);
    } else {
      expect(tap.status).toBe(422);
      expect(tap.body.error).toBe(CHECK_IN_MESSAGES.cancelled);
      expect((await stored(a.id)).checkedIn).toBe(false);
    }
  });

  it('a cancelled registration cannot be checked in: 422 with the sentence, nothing written', async () => {
    const reg = await makeRegistration(t.db, { status: 'cancelled', cancelReason: 'Could not travel' });
    const res = await checkIn(reg.id, { attendee_ids: [reg.attendees[0].id], checked_in: true });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe(CHECK_IN_MESSAGES.cancelled);
    expect((await stored(reg.attendees[0].id)).checkedIn).toBe(false);
  });

  it('a tap naming someone removed since (an offline desk) checks in the rest of the family, by either route', async () => {
    for (const route of ['single', 'batch'] as const) {
      const reg = await family();
      const [binh, cam] = reg.attendees;
      expect((await t.api('DELETE', `/api/registrations/${reg.id}/attendees/${cam.id}`, { token: admin.token })).status).toBe(204);
      const tap = { attendee_ids: [binh.id, cam.id], checked_in: true, client_time: minutesAgo(1) };
      const answer =
        route === 'single'
          ? (await checkIn(reg.id, tap, desk.token, { 'Idempotency-Key': key() })).body
          : (
              await t.api('POST', '/api/registrations/check-in/batch', {
                token: desk.token,
                body: { ops: [{ opId: key(), registration_id: reg.id, ...tap }] },
              })
            ).body.results[0].body;
      expect(answer.attendees.map((a: { id: number; checked_in: boolean }) => [a.id, a.checked_in])).toEqual([[binh.id, true]]);
      expect((await stored(binh.id)).checkedIn).toBe(true);
      expect((await stored(cam.id)).checkedIn).toBe(false);
    }
  });

  it('refuses an attendee of another party, an empty list, and callers who are not desk staff', async () => {
    const reg = await family();
    const other = await family();
    const wrong = await checkIn(reg.id, { attendee_ids: [reg.attendees[0].id, other.attendees[0].id], checked_in: true });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toBe(CHECK_IN_MESSAGES.attendeeNotInParty);
    expect((await stored(reg.attendees[0].id)).checkedIn).toBe(false);
    const empty = await checkIn(reg.id, { attendee_ids: [], checked_in: true });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe(CHECK_IN_MESSAGES.attendees);
    expect((await checkIn(reg.id, { attendee_ids: [reg.attendees[0].id], checked_in: true }, greeter.token)).status).toBe(403);
    expect((await t.api('POST', `/api/registrations/${reg.id}/check-in`, { body: { attendee_ids: [1], checked_in: true } })).status).toBe(
      401,
    );
    expect((await checkIn(reg.id, { attendee_ids: [reg.attendees[0].id], checked_in: true }, admin.token)).status).toBe(200);
    expect((await checkIn(999999, { attendee_ids: [1], checked_in: true })).status).toBe(404);
  });
});

describe('POST /api/registrations/check-in/batch', () => {
  it("answers each queued op as the single route would; one refused op does not stop the others; replays don't repeat", async () => {
    const reg = await family();
    const cancelled = await makeRegistration(t.db, { status: 'cancelled' });
    const ops = [
      { opId: key(), registration_id: reg.id, attendee_ids: [reg.attendees[0].id], checked_in: true, client_time: minutesAgo(3) },
      {
        opId: key(),
        registration_id: cancelled.id,
        attendee_ids: [cancelled.attendees[0].id],
        checked_in: true,
        client_time: minutesAgo(2),
      },
      { opId: key(), registration_id: reg.id, attendee_ids: [reg.attendees[1].id], checked_in: true, client_time: minutesAgo(1) },
    ];
    const res = await t.api('POST', '/api/registrations/check-in/batch', { token: desk.token, body: { ops } });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { opId: string; status: number }) => [r.opId, r.status])).toEqual([
      [ops[0].opId, 200],
      [ops[1].opId, 422],
      [ops[2].opId, 200],
    ]);
    expect(res.body.results[1].body.error).toBe(CHECK_IN_MESSAGES.cancelled);
    expect((await stored(reg.attendees[0].id)).checkedIn).toBe(true);
    expect((await stored(reg.attendees[1].id)).checkedIn).toBe(true);

    const again = await t.api('POST', '/api/registrations/check-in/batch', { token: desk.token, body: { ops } });
    expect(again.body.results.map((r: { status: number }) => r.status)).toEqual([200, 422, 200]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'attendee'), eq(auditLog.entityId, String(reg.attendees[0].id))));
    expect(audits).toHaveLength(1);
  });
});

describe('payments at the desk', () => {
  it('check-in staff record a payment (once under its key) and see the balance; a refund is refused', async () => {
    const reg = await family();
    const k = key();
    const pay = () =>
      t.api('POST', `/api/registrations/${reg.id}/payments`, {
        token: desk.token,
        body: { amount: 200, method: 'cash' },
        headers: { 'Idempotency-Key': k },
      });
    const res = await pay();
    expect(res.status).toBe(201);
    const r = res.body.registration;
    expect(r.paid_amount).toBe(300);
    expect(r.balance_due).toBe(Math.max(0, r.total_amount - 300));
    expect(res.body.registration.notes).toBeNull();
    expect((await pay()).headers.get('idempotent-replayed')).toBe('true');
    expect(await t.db.select().from(payments).where(eq(payments.registrationId, reg.id))).toHaveLength(1);

    const refund = await t.api('POST', `/api/registrations/${reg.id}/payments`, {
      token: desk.token,
      body: { amount: -50, method: 'cash' },
    });
    expect(refund.status).toBe(403);
    expect(refund.body.error).toBe(CHECK_IN_MESSAGES.refundNotAllowed);
    expect(
      (await t.api('POST', `/api/registrations/${reg.id}/payments`, { token: greeter.token, body: { amount: 5, method: 'cash' } })).status,
    ).toBe(403);
  });
});

describe("the desk's offline feed and the counts", () => {
  it('check-in staff download the registrations without address, emergency contact, notes or flights; greeters may not', async () => {
    await makeRegistration(t.db, { addressLine1: '12 Lake Rd', notes: 'VIP uncle', emergencyContactName: 'Mo' });
    const page = await t.api('GET', '/api/sync/registrations?limit=2000', { token: desk.token });
    expect(page.status).toBe(200);
    const withNotes = await t.api('GET', '/api/sync/registrations?limit=2000', { token: admin.token });
    expect(withNotes.body.registrations.some((r: { notes: string | null }) => r.notes === 'VIP uncle')).toBe(true);
    for (const r of page.body.registrations) {
      expect([r.address_line1, r.notes, r.emergency_contact_name, r.flights.length]).toEqual([null, null, null, 0]);
      expect(typeof r.balance_due).toBe('number');
    }
    expect((await t.api('GET', '/api/sync/registrations', { token: greeter.token })).status).toBe(403);
  });

  it('the stats summary counts attendees and registrations checked in', async () => {
    const before = (await t.api('GET', '/api/registrations/stats/summary', { token: admin.token })).body;
    const reg = await family();
    await checkIn(reg.id, { attendee_ids: reg.attendees.map((a) => a.id), checked_in: true });
    const after = (await t.api('GET', '/api/registrations/stats/summary', { token: admin.token })).body;
    expect(after.attendees.checked_in - before.attendees.checked_in).toBe(3);
    expect(after.registrations.checked_in_count - before.registrations.checked_in_count).toBe(1);
  });
});

describe('the registrations list and export know who is checked in', () => {
  it('shows checked_in_count, filters everyone / some / none, and exports a Checked In column', async () => {
    const word = `Deskfilter${Date.now().toString(36)}`;
    const make = () =>
      makeRegistration(t.db, { primaryLastName: word }, [
        { firstName: 'Second', lastName: word },
        { firstName: 'Third', lastName: word },
      ]);
    const [everyone, some, none] = [await make(), await make(), await make()];
    await checkIn(everyone.id, { attendee_ids: everyone.attendees.map((a) => a.id), checked_in: true });
    await checkIn(some.id, { attendee_ids: [some.attendees[0].id], checked_in: true });

    const list = async (filter?: string) => {
      const res = await t.api('GET', `/api/registrations?search=${word}${filter ? `&checked_in=${filter}` : ''}`, { token: admin.token });
      expect(res.status).toBe(200);
      return res.body.registrations as { id: number; checked_in_count: number }[];
    };
    const counts = new Map((await list()).map((r) => [r.id, r.checked_in_count]));
    expect([counts.get(everyone.id), counts.get(some.id), counts.get(none.id)]).toEqual([3, 1, 0]);
    expect((await list('everyone')).map((r) => r.id)).toEqual([everyone.id]);
    expect((await list('some')).map((r) => r.id)).toEqual([some.id]);
    expect((await list('none')).map((r) => r.id)).toEqual([none.id]);
    const bad = await t.api('GET', '/api/registrations?checked_in=maybe', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('checked_in must be everyone, some or none');

    const csv = await t.api('GET', `/api/registrations/export?search=${word}&checked_in=some`, { token: admin.token });
    const [header, row] = (csv.text as string).trim().split('\r\n');
    expect(header.split(',').at(-1)).toBe('Checked In');
    expect(row.startsWith(some.registrationNumber)).toBe(true);
    expect(row.split(',').at(-1)).toBe('1');
  });
});

describe('the check-in pass by mail', () => {
  const passMails = (to: string) => t.mail.filter((m) => m.to === to && m.subject.endsWith('your check-in pass'));

  it('an admin mails one registration its pass: the QR image of the pass link, the number, and a link back', async () => {
    const reg = await family();
    const res = await t.api('POST', `/api/registrations/${reg.registrationNumber}/send-pass`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`Check-in pass sent to ${reg.primaryEmail}`);
    const [mail] = passMails(reg.primaryEmail);
    expect(mail.text).toContain(reg.registrationNumber);
    expect(mail.text).toContain(`/registration/${reg.registrationNumber}`);
    expect(mail.html).toContain('src="cid:check-in-pass"');
    const [image] = mail.images!;
    expect(image.contentType).toBe('image/png');
    const jsQR = (await import('jsqr')).default;
    const { PNG } = await import('pngjs');
    const png = PNG.sync.read(Buffer.from(image.contentBase64, 'base64'));
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(`${t.config.publicUrl}/check-in/${reg.registrationNumber}`);
    // the page's pass encodes the same link: the PWA reads PUBLIC_URL from the public configuration
    expect((await t.api('GET', '/api/config')).body.publicUrl).toBe(t.config.publicUrl);
  });

  it('refuses a cancelled registration, another registration’s registrant, greeters and the anonymous', async () => {
    const cancelled = await makeRegistration(t.db, { status: 'cancelled' });
    const res = await t.api('POST', `/api/registrations/${cancelled.id}/send-pass`, { token: admin.token });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('This registration is cancelled: it has no check-in pass');
    expect(passMails(cancelled.primaryEmail)).toEqual([]);
    const reg = await family();
    expect((await t.api('POST', `/api/registrations/${reg.id}/send-pass`, { token: greeter.token })).status).toBe(403);
    expect((await t.api('POST', `/api/registrations/${reg.id}/send-pass`, { token: desk.token })).status).toBe(403);
    expect((await t.api('POST', `/api/registrations/${reg.id}/send-pass`)).status).toBe(401);
    // who is asking comes before whether it exists
    expect((await t.api('POST', '/api/registrations/999999/send-pass')).status).toBe(401);
    expect((await t.api('POST', '/api/registrations/999999/send-pass', { token: greeter.token })).status).toBe(403);
    // a registrant cannot tell another's registration from one that does not exist
    const { registrantToken } = await issueRegistrantToken(t.db, reg.id, reg.primaryEmail);
    expect((await t.api('POST', '/api/registrations/999999/send-pass', { registrantToken })).status).toBe(403);
  });

  it("a visitor's own pass mails count against the few mails an email may be sent; an admin's do not", async () => {
    const reg = await family();
    const { registrantToken } = await issueRegistrantToken(t.db, reg.id, reg.primaryEmail);
    const ask = () => t.api('POST', `/api/registrations/${reg.id}/send-pass`, { registrantToken });
    for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(200);
    const fourth = await ask();
    expect(fourth.status).toBe(429);
    expect(fourth.body.error).toBe('Too many requests for this email. Please wait a few minutes and try again.');
    expect(passMails(reg.primaryEmail)).toHaveLength(3);
    // the desk's organisers are not held back by a visitor's limit
    expect((await t.api('POST', `/api/registrations/${reg.id}/send-pass`, { token: admin.token })).status).toBe(200);
    expect(passMails(reg.primaryEmail)).toHaveLength(4);
  });

  it('the pass mails share one budget with the code mails whatever the case of the stored email', async () => {
    const reg = await family();
    const stored = `Mixed.Case.${reg.id}@Example.COM`;
    await t.db.update(registrations).set({ primaryEmail: stored }).where(eq(registrations.id, reg.id));
    const { registrantToken } = await issueRegistrantToken(t.db, reg.id, stored);
    const typed = stored.toLowerCase();
    for (let i = 0; i < 2; i++) {
      const code = await t.api('POST', '/api/registrations/send-verification', { body: { email: typed, turnstileToken: 'ok' } });
      expect(code.status).toBe(200);
    }
    const ask = () => t.api('POST', `/api/registrations/${reg.id}/send-pass`, { registrantToken });
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(429);
  });

  it('an admin mails every active registration its pass in batches, with what is left after each', async () => {
    const first = await t.api('POST', '/api/registrations/send-passes', { token: admin.token, body: { limit: 2 } });
    expect(first.status).toBe(200);
    expect(first.body.sent).toBe(2);
    expect(first.body.remaining).toBe(first.body.total - 2);
    let after = first.body.last_id;
    let sent = first.body.sent;
    for (let i = 0; i < 50; i++) {
      const next = await t.api('POST', '/api/registrations/send-passes', { token: admin.token, body: { after_id: after, limit: 50 } });
      sent += next.body.sent + next.body.failed;
      after = next.body.last_id;
      if (next.body.remaining === 0) break;
    }
    expect(sent).toBe(first.body.total);
    expect((await t.api('POST', '/api/registrations/send-passes', { token: desk.token, body: {} })).status).toBe(403);
    const bad = await t.api('POST', '/api/registrations/send-passes', { token: admin.token, body: { limit: 500 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('limit must be a whole number from 1 to 50');
  });

  it('two runs of the unsent only at once mail each family once; a misspelt field is refused and mails nobody', async () => {
    const fresh = [await makeRegistration(t.db), await makeRegistration(t.db), await makeRegistration(t.db)];
    const run = async () => {
      let after = 0;
      for (let i = 0; i < 100; i++) {
        const next = await t.api('POST', '/api/registrations/send-passes', {
          token: admin.token,
          body: { unsent_only: true, after_id: after, limit: 2 },
        });
        expect(next.status).toBe(200);
        after = next.body.last_id;
        if (next.body.remaining === 0) return;
      }
    };
    await Promise.all([run(), run()]);
    for (const reg of fresh) expect(t.mail.filter((m) => m.to === reg.primaryEmail)).toHaveLength(1);
    const before = t.mail.length;
    const misspelt = await t.api('POST', '/api/registrations/send-passes', { token: admin.token, body: { dryRun: true } });
    expect(misspelt.status).toBe(400);
    expect(misspelt.body.error).toBe('Unknown field: dryRun');
    expect(t.mail.length).toBe(before);
  });

  it('a run of the unsent only holds nothing while the mail server is slow, and a pass it refused still counts as not sent', async () => {
    const reg = await makeRegistration(t.db);
    const only = { unsent_only: true, after_id: reg.id - 1, limit: 1 };
    const unsent = async () =>
      (await t.api('POST', '/api/registrations/send-passes', { token: admin.token, body: { dry_run: true } })).body.unsent;
    const send = t.deps.mailer.send;
    let release!: (ok: boolean) => void;
    const held = new Promise<boolean>((resolve) => (release = resolve));
    let reached!: () => void;
    const atMailServer = new Promise<void>((resolve) => (reached = resolve));
    t.deps.mailer.send = async (mail) => {
      reached();
      if (!(await held)) throw new Error('550 mailbox unavailable');
      return send.call(t.deps.mailer, mail);
    };
    try {
      const before = await unsent();
      const run = t.api('POST', '/api/registrations/send-passes', { token: admin.token, body: only });
      await atMailServer;
      // an admin corrects the family's phone while its pass waits on the mail server
      const edit = t.api('PUT', `/api/registrations/${reg.id}`, { token: admin.token, body: { primary_phone: '+1 555 0143' } });
      const first = await Promise.race([edit.then((r) => r.status), new Promise((r) => setTimeout(() => r('still waiting'), 5_000))]);
      expect(first).toBe(200);
      release(false);
      expect((await run).body).toMatchObject({ sent: 0, failed: 1 });
      expect(await unsent()).toBe(before);
    } finally {
      release(false);
      t.deps.mailer.send = send;
    }
    const again = await t.api('POST', '/api/registrations/send-passes', { token: admin.token, body: only });
    expect(again.body).toMatchObject({ sent: 1, failed: 0 });
    expect(t.mail.filter((m) => m.to === reg.primaryEmail)).toHaveLength(1);
  });

  it('after mails the server refused, a run of the unsent only tries those again, and mails no family twice', async () => {
    const sent = await makeRegistration(t.db);
    const refused = await makeRegistration(t.db);
    const sendAll = async (body: object) => {
      let after = 0;
      for (let i = 0; i < 100; i++) {
        const next = await t.api('POST', '/api/registrations/send-passes', {
          token: admin.token,
          body: { ...body, after_id: after, limit: 50 },
        });
        expect(next.status).toBe(200);
        after = next.body.last_id;
        if (next.body.remaining === 0) return;
      }
    };
    const mails = (email: string) => t.mail.filter((m) => m.to === email).length;
    const send = t.deps.mailer.send;
    t.deps.mailer.send = async (mail) => {
      if (mail.to === refused.primaryEmail) throw new Error('550 mailbox unavailable');
      return send.call(t.deps.mailer, mail);
    };
    try {
      await sendAll({});
    } finally {
      t.deps.mailer.send = send;
    }
    expect([mails(sent.primaryEmail), mails(refused.primaryEmail)]).toEqual([1, 0]);
    const counts = await t.api('POST', '/api/registrations/send-passes', { token: admin.token, body: { dry_run: true } });
    expect(counts.body.unsent).toBe(1);
    expect(counts.body.total).toBeGreaterThan(1);
    const before = t.mail.length;
    await sendAll({ unsent_only: true });
    expect([mails(sent.primaryEmail), mails(refused.primaryEmail)]).toEqual([1, 1]);
    expect(t.mail.length - before).toBe(1);
    const after = await t.api('POST', '/api/registrations/send-passes', { token: admin.token, body: { dry_run: true } });
    expect(after.body).toEqual({ total: counts.body.total, unsent: 0 });
    // an address corrected since: the pass went to the old one, so this family has not had it
    await t.db
      .update(registrations)
      .set({ primaryEmail: `fixed.${sent.primaryEmail}` })
      .where(eq(registrations.id, sent.id));
    expect((await t.api('POST', '/api/registrations/send-passes', { token: admin.token, body: { dry_run: true } })).body.unsent).toBe(1);
    const bad = await t.api('POST', '/api/registrations/send-passes', { token: admin.token, body: { unsent_only: 'yes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('unsent_only must be true or false');
  });
});
