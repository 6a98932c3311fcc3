/**
 * The check-in desk in Chromium (docs/product.md#check-in-desk): check-in staff find a family from the
 * device's copy by any member's name, then, with the network cut and the app reloaded, check the whole
 * family in and take the balance; both show at once as not synced, and reach the server once the
 * network is back.
 */
import { describe, expect, it } from 'vitest';
import {
  adminToken as seedToken,
  api,
  goOffline,
  newPage,
  readMail,
  setupBrowser,
  signInAs,
  waitForServiceWorker,
} from './helpers/playwright-utils';
import { createFamily, uniqueWord } from './helpers/staff-data';

setupBrowser();

const PHONE = { width: 390, height: 844 };

describe('the check-in desk', () => {
  it('checks a family in and takes their balance with no signal, and syncs both when the signal returns', async () => {
    const lastName = uniqueWord();
    const family = await createFamily({
      firstName: 'Thao',
      lastName,
      others: [{ first_name: 'Mỹ', last_name: lastName, age_category: 'child', dietary_restrictions: 'No peanuts' }],
      flight: { flightNumber: 'UA 77', flightDate: '2025-11-27', flightTime: '10:00' },
    });
    const before = await api('GET', `/registrations/${family.registrationId}`, { token: await seedToken() });
    const balance = before.body.registration.balance_due as number;
    expect(balance).toBeGreaterThan(0);

    const { page } = await signInAs('checkin', { page: await newPage({ viewport: PHONE }), path: '/admin/check-in' });
    await page.getByRole('heading', { name: 'Check-in' }).waitFor();
    await page.getByText(/^Checked in \d+ of \d+ attendees$/).waitFor();
    // any member's name, accents and case ignored, answered from the device
    const search = page.getByLabel('Find a family');
    await search.fill(`my ${lastName.toLowerCase()}`);
    await page.getByRole('region', { name: `Party of ${family.name}` }).waitFor({ timeout: 30_000 });
    await waitForServiceWorker(page);

    await goOffline(page.context());
    await page.reload();
    await page.getByLabel('Find a family').fill(family.registrationNumber);
    const card = page.getByRole('region', { name: `Party of ${family.name}` });
    await card.waitFor();
    await card.getByText('Mỹ: No peanuts').waitFor();

    await card.getByRole('button', { name: 'Check in all' }).click();
    await expect.poll(() => card.getByRole('button', { name: /^Undo check-in of / }).count()).toBe(2);
    await expect.poll(() => card.getByText('Not synced yet').count()).toBe(2);

    await card.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog', { name: `Record payment: ${family.name}` });
    expect(await dialog.getByLabel('Amount').inputValue()).toBe(balance.toFixed(2));
    await dialog.getByLabel('Method').selectOption('card');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect.poll(() => card.getByTestId('balance-due').textContent()).toBe('$0.00');

    // nothing reached the server yet
    const offline = await api('GET', `/registrations/${family.registrationId}`, { token: await seedToken() });
    expect(offline.body.registration.paid_amount).toBe(0);
    expect(offline.body.attendees.every((a: { checked_in: boolean }) => !a.checked_in)).toBe(true);

    await page.context().setOffline(false);
    await expect
      .poll(
        async () => {
          const res = await api('GET', `/registrations/${family.registrationId}`, { token: await seedToken() });
          return [res.body.registration.paid_amount, res.body.attendees.filter((a: { checked_in: boolean }) => a.checked_in).length];
        },
        { timeout: 30_000 },
      )
      .toEqual([balance, 2]);
    await expect.poll(() => card.getByText('Not synced yet').count(), { timeout: 30_000 }).toBe(0);
    const payments = await api('GET', `/registrations/${family.registrationId}/payments`, { token: await seedToken() });
    expect(payments.body.payments.map((p: { amount: number; method: string }) => [p.amount, p.method])).toEqual([[balance, 'card']]);
  });

  it('a check-in user signing in lands on the desk, and the admin screens are closed to them', async () => {
    const { page } = await signInAs('checkin', { path: '/admin/registrations' });
    await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
    await page.getByRole('link', { name: 'Go to Check-in' }).click();
    await page.getByRole('heading', { name: 'Check-in' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Admin' }).getByRole('link').allTextContents()).toEqual(['Check-in']);
    // no camera on this machine: the scan says to type the number, and the search box still works
    await page.getByRole('button', { name: 'Scan pass' }).click();
    await page
      .getByRole('dialog', { name: 'Scan pass' })
      .getByText(/type the registration number in the search box instead\.$/)
      .waitFor();
    await page.getByRole('dialog', { name: 'Scan pass' }).getByRole('button', { name: 'Close' }).click();
    await page.getByLabel('Find a family').fill('R25-');
  });
});

describe('check-in passes in bulk', () => {
  it('an admin emails every active registration its pass, after a confirmation, with progress and a count at the end', async () => {
    const family = await createFamily({
      firstName: 'Bao',
      lastName: uniqueWord(),
      flight: { flightNumber: 'DL 5', flightDate: '2025-11-27', flightTime: '11:00' },
    });
    const { page } = await signInAs('admin', { path: '/admin/check-in' });
    await page.getByRole('button', { name: 'Email check-in passes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Email check-in passes' });
    await dialog.getByRole('button', { name: 'Send to every active registration' }).click();
    await page.getByText(/^Sent \d+ check-in pass(es)?\.$/).waitFor({ timeout: 60_000 });
    expect(readMail(family.email).some((m) => m.subject.endsWith('your check-in pass') && m.text.includes(family.registrationNumber))).toBe(
      true,
    );
  });
});
