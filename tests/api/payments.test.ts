import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../helpers/app';
import { makeRegistration } from '../helpers/factories';
import { payments, registrations } from '../../server/db/schema';

const t = await createTestApp();
const admin = await t.makeUser('admin');
const greeter = await t.makeUser('greeter');

const pay = (id: number | string, body: unknown) => t.api('POST', `/api/registrations/${id}/payments`, { token: admin.token, body });

describe('POST /api/registrations/{id}/payments', () => {
  it('records a payment: 201 with the row and the new amounts; partial, then paid', async () => {
    const reg = await makeRegistration(t.db); // 350 + late fee 50 = 400
    const first = await pay(reg.id, { amount: 150.25, method: 'zelle', note: 'First half' });
    expect(first.status).toBe(201);
    expect(first.body.payment).toMatchObject({ amount: 150.25, method: 'zelle', note: 'First half', created_by: admin.email });
    // the created object is also the answer itself
    expect(first.body).toMatchObject({ ...first.body.payment, registration_id: reg.id });
    expect(first.body.registration).toMatchObject({
      paid_amount: 150.25,
      total_amount: 400,
      balance_due: 249.75,
      payment_status: 'partial',
    });
    const second = await pay(reg.registrationNumber, { amount: '249.75', method: 'Cash at the desk' });
    expect(second.status).toBe(201);
    expect(second.body.registration).toMatchObject({ paid_amount: 400, balance_due: 0, payment_status: 'paid' });
  });

  it('a refund is a negative row; refunding everything marks the registration refunded', async () => {
    const reg = await makeRegistration(t.db, { payments: [400] });
    expect(reg.paymentStatus).toBe('paid');
    const partRefund = await pay(reg.id, { amount: -100, method: 'check', note: 'Partial refund' });
    expect(partRefund.status).toBe(201);
    expect(partRefund.body.registration).toMatchObject({ paid_amount: 300, payment_status: 'partial' });
    const full = await pay(reg.id, { amount: -300, method: 'check' });
    expect(full.body.registration).toMatchObject({ paid_amount: 0, payment_status: 'refunded' });
    const ledger = await t.api('GET', `/api/registrations/${reg.id}/payments`, { token: admin.token });
    expect(ledger.body.payments.map((p: any) => p.amount)).toEqual([400, -100, -300]);
    expect(ledger.body).toMatchObject({ paid_amount: 0, total_amount: 400, payment_status: 'refunded' });
    expect(ledger.body.pagination).toEqual({ page: 1, limit: 200, total: 3, pages: 1 });
    // a list like every other: ?page&limit, with the totals of the whole ledger beside the page
    const second = await t.api('GET', `/api/registrations/${reg.id}/payments?page=2&limit=2`, { token: admin.token });
    expect(second.status).toBe(200);
    expect(second.body.payments.map((p: any) => p.amount)).toEqual([-300]);
    expect(second.body).toMatchObject({ paid_amount: 0, pagination: { page: 2, limit: 2, total: 3, pages: 2 } });
    const bad = await t.api('GET', `/api/registrations/${reg.id}/payments?limit=0`, { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Invalid limit');
  });

  it('refuses a refund larger than what was paid, with 422 and nothing written', async () => {
    const reg = await makeRegistration(t.db, { payments: [50] });
    const res = await pay(reg.id, { amount: -50.01, method: 'cash' });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('A refund cannot be more than the amount paid ($50.00)');
    expect(await t.db.select().from(payments).where(eq(payments.registrationId, reg.id))).toHaveLength(1);
  });

  it('refuses a payment that would take the amount paid past $1,000,000, with 422 and nothing written', async () => {
    const reg = await makeRegistration(t.db, { payments: [999_999] });
    const res = await pay(reg.id, { amount: 1.01, method: 'check' });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('The amount paid on one registration cannot go past $1,000,000.00');
    expect(await t.db.select().from(payments).where(eq(payments.registrationId, reg.id))).toHaveLength(1);
    expect((await pay(reg.id, { amount: 1, method: 'check' })).status).toBe(201);
    // a refund is never held by it, even on a registration already past it (older data, a slip)
    const over = await makeRegistration(t.db, { payments: [1_000_500] });
    expect((await pay(over.id, { amount: -1_000, method: 'check' })).status).toBe(201);
  });

  it('validates amount and method with 400 and fields', async () => {
    const reg = await makeRegistration(t.db);
    for (const [body, field, message] of [
      [{ method: 'cash' }, 'amount', 'Amount is required'],
      [{ amount: 0, method: 'cash' }, 'amount', 'Amount cannot be zero'],
      [{ amount: 'ten', method: 'cash' }, 'amount', 'Amount must be a number with at most 2 decimals'],
      [{ amount: 10.123, method: 'cash' }, 'amount', 'Amount must be a number with at most 2 decimals'],
      [{ amount: 10 }, 'method', 'Payment method is required'],
      [{ amount: 10, method: '  ' }, 'method', 'Payment method is required'],
    ] as const) {
      const res = await pay(reg.id, body);
      expect(res.status).toBe(400);
      expect(res.body.fields[field]).toBe(message);
    }
    const [row] = await t.db.select().from(registrations).where(eq(registrations.id, reg.id));
    expect(row.paidAmountCents).toBe(0);
  });

  it("answers 404 'Registration not found' and is for admins only", async () => {
    const missing = await pay(777777, { amount: 10, method: 'cash' });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Registration not found');
    const reg = await makeRegistration(t.db);
    const g = await t.api('POST', `/api/registrations/${reg.id}/payments`, { token: greeter.token, body: { amount: 10, method: 'cash' } });
    expect(g.status).toBe(403);
    expect((await t.api('GET', `/api/registrations/${reg.id}/payments`, { token: greeter.token })).status).toBe(403);
  });

  it('writes the payment to the history of the registration', async () => {
    const reg = await makeRegistration(t.db);
    const res = await pay(reg.id, { amount: 20, method: 'card' });
    const history = await t.api('GET', `/api/registrations/${reg.id}/history`, { token: admin.token });
    expect(history.status).toBe(200);
    expect(history.body.history[0]).toMatchObject({
      action: 'payment.record',
      entity_type: 'payment',
      entity_id: String(res.body.payment.id),
      actor: admin.email,
    });
    expect(history.body.history[0].after).toMatchObject({ amount: 20, paid_amount: 20 });
    expect(history.body.pagination).toMatchObject({ page: 1, total: 2 });
    expect(history.body.history.at(-1).action).toBe('registration.create');
  });

  it("a desk payment sent again under the next user's session (its first answer lost) takes the money once", async () => {
    const ana = await t.makeUser('checkin', { first_name: 'Ana' });
    const ben = await t.makeUser('checkin', { first_name: 'Ben' });
    const reg = await makeRegistration(t.db); // 400 due
    const key = randomUUID();
    const send = (token: string, body: unknown) =>
      t.api('POST', `/api/registrations/${reg.id}/payments`, { token, body, headers: { 'Idempotency-Key': key } });
    const body = { amount: 100, method: 'cash', note: 'At the desk' };
    const first = await send(ana.token, body);
    expect(first.status).toBe(201);
    // Ana's answer never arrived; Ben signed in on the same laptop and its outbox sends the payment again
    const again = await send(ben.token, body);
    expect(again.status).toBe(201);
    expect(again.body.payment).toEqual(first.body.payment);
    expect(again.body.registration).toMatchObject({ paid_amount: 100, balance_due: 300, payment_status: 'partial' });
    expect(await t.db.select().from(payments).where(eq(payments.registrationId, reg.id))).toHaveLength(1);
    const [row] = await t.db.select().from(registrations).where(eq(registrations.id, reg.id));
    expect(row.paidAmountCents).toBe(10000);
    // the same key for another amount is another request: refused, nothing written
    const other = await send(ben.token, { amount: 50, method: 'cash' });
    expect(other.status).toBe(422);
    expect(other.body.error).toBe('This Idempotency-Key was already used for a different request');
    // and so is the same amount with another note, from a third desk: not the payment the key was taken for
    const cy = await t.makeUser('admin', { first_name: 'Cy' });
    const noted = await send(cy.token, { ...body, note: 'Another note' });
    expect(noted.status).toBe(422);
    expect(noted.body.error).toBe('This Idempotency-Key was already used for a different request');
    expect(await t.db.select().from(payments).where(eq(payments.registrationId, reg.id))).toHaveLength(1);
    // a payment without a key is always a new one
    expect((await pay(reg.id, body)).status).toBe(201);
    expect(await t.db.select().from(payments).where(eq(payments.registrationId, reg.id))).toHaveLength(2);
  });
});
