/**
 * An admin's payment whose answer is lost: the server saved it, the connection dropped before the
 * answer came, the page says it failed and the admin presses Record Payment again. The money is
 * recorded once (the form sends the same payment with the same Idempotency-Key).
 */
import { describe, expect, it } from 'vitest';
import { adminToken, api, newPage, setupBrowser, signInAs } from './helpers/playwright-utils';
import { createFamily, uniqueWord } from './helpers/staff-data';

setupBrowser();

describe('Record Payment after a lost answer', () => {
  it('pressed again, records the payment once', async () => {
    const family = await createFamily({
      firstName: 'Paz',
      lastName: uniqueWord(),
      flight: { flightNumber: 'UA 81', flightDate: '2025-11-27', flightTime: '12:30' },
    });
    const { page } = await signInAs('admin', { path: `/registration/${family.registrationNumber}` });
    const payments = page.getByRole('region', { name: 'Payment History' });
    await payments.getByLabel('Amount ($)').fill('120');
    await payments.getByLabel('Method').selectOption('cash');

    // the first press reaches the server, which records it; its answer never reaches the page
    let reached = 0;
    await page.route('**/api/registrations/*/payments', async (route) => {
      if (route.request().method() !== 'POST' || reached++ > 0) return route.continue();
      const answered = await route.fetch();
      expect(answered.status()).toBe(201);
      await route.abort('connectionreset');
    });
    await payments.getByRole('button', { name: 'Record Payment' }).click();
    await payments.getByText(/could not be reached|Failed to record payment/).waitFor();
    await payments.getByRole('button', { name: 'Record Payment' }).click();
    await payments.getByText('Payment of $120.00 recorded.').waitFor();
    expect(reached).toBe(2);

    const recorded = await api('GET', `/registrations/${family.registrationId}/payments`, { token: await adminToken() });
    expect(recorded.status).toBe(200);
    expect((recorded.body.payments as { amount: number }[]).map((p) => p.amount)).toEqual([120]);
  });
});

describe('Payment History', () => {
  it('says when it shows only the first page of a long ledger, while the totals count every payment', async () => {
    const family = await createFamily({
      firstName: 'Pilar',
      lastName: uniqueWord(),
      flight: { flightNumber: 'UA 83', flightDate: '2025-11-27', flightTime: '13:30' },
    });
    const token = await adminToken();
    for (const amount of [10, 20, 30]) {
      const paid = await api('POST', `/registrations/${family.registrationId}/payments`, { token, body: { amount, method: 'cash' } });
      expect(paid.status).toBe(201);
    }
    // the page asks for its most (500); asked for 2 instead, the server's real second page is left out
    const page = await newPage();
    await page.route(/\/api\/registrations\/[^/]+\/payments\?limit=500$/, (route) =>
      route.continue({ url: route.request().url().replace('limit=500', 'limit=2') }),
    );
    await signInAs('admin', { page, path: `/registration/${family.registrationNumber}` });
    const payments = page.getByRole('region', { name: 'Payment History' });
    await payments.getByText('Showing the first 2 of 3 payments; the totals count them all.').waitFor();
    expect(await payments.getByRole('row').count()).toBe(3); // the header and two payments
    await page.getByText('$60.00').first().waitFor();
  });
});
