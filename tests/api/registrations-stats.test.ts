import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { makeRegistration } from '../helpers/factories';

// a database of its own: the summary counts every registration
const t = await createTestApp();
const admin = await t.makeUser('admin');

describe('GET /api/registrations/stats/summary', () => {
  it('answers zeros on an empty event', async () => {
    const res = await t.api('GET', '/api/registrations/stats/summary', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      registrations: {
        total_count: 0,
        active_count: 0,
        pending_count: 0,
        cancelled_count: 0,
        waitlist_count: 0,
        total_collected: 0,
        total_expected: 0,
        total_owed: 0,
        total_refund_due: 0,
        checked_in_count: 0,
      },
      attendees: { adults: 0, youth: 0, children: 0, total_active: 0, checked_in: 0 },
    });
  });

  it('matches the rows: counts by status, money without cancelled totals, attendees of active registrations', async () => {
    // active: 350 + 200 + 150 + 50 late = 750, paid 500.25
    const family = await makeRegistration(t.db, {
      attendees: [
        { firstName: 'Teen', lastName: 'A', ageCategory: 'youth' },
        { firstName: 'Kid', lastName: 'A', ageCategory: 'child' },
        { firstName: 'Gone', lastName: 'A', ageCategory: 'adult' },
      ],
      payments: [500.25],
    });
    const gone = family.attendees.find((a) => a.first_name === 'Gone')!;
    await t.api('DELETE', `/api/registrations/${family.id}/attendees/${gone.id}`, { token: admin.token });
    // active, waived: total 0
    await makeRegistration(t.db, { fees: { waiveFees: true } });
    // pending 400, waitlist 400: expected but their attendees are not "active"
    await makeRegistration(t.db, { status: 'pending' });
    await makeRegistration(t.db, { status: 'waitlist', attendees: [{ firstName: 'W', lastName: 'L', ageCategory: 'child' }] });
    // cancelled with 100 still held: collected yes, expected no
    await makeRegistration(t.db, { status: 'cancelled', payments: [100] });

    const res = await t.api('GET', '/api/registrations/stats/summary', { token: admin.token });
    expect(res.body).toEqual({
      registrations: {
        total_count: 5,
        active_count: 2,
        pending_count: 1,
        cancelled_count: 1,
        waitlist_count: 1,
        total_collected: 600.25,
        total_expected: 750 + 0 + 400 + 550,
        // what families owe: not expected − collected, which the 100 held on the cancelled one lowers
        total_owed: 249.75 + 0 + 400 + 550,
        total_refund_due: 100,
        checked_in_count: 0,
      },
      attendees: { adults: 2, youth: 1, children: 1, total_active: 4, checked_in: 0 },
    });
  });

  it('counts an overpayment as a refund due, not as less owed by the others', async () => {
    const stats = async () => (await t.api('GET', '/api/registrations/stats/summary', { token: admin.token })).body.registrations;
    const before = await stats();
    const paidTwice = await makeRegistration(t.db, { payments: [2000] });
    const total = (await t.api('GET', `/api/registrations/${paidTwice.id}`, { token: admin.token })).body.registration.total_amount;
    const after = await stats();
    expect(after.total_refund_due - before.total_refund_due).toBe(2000 - total);
    expect(after.total_owed).toBe(before.total_owed);
  });

  it('is for admins only', async () => {
    const greeter = await t.makeUser('greeter');
    expect((await t.api('GET', '/api/registrations/stats/summary')).status).toBe(401);
    expect((await t.api('GET', '/api/registrations/stats/summary', { token: greeter.token })).status).toBe(403);
  });
});
