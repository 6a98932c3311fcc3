/**
 * The registration screens pass axe's WCAG 2 A/AA rules: Overview, the list with the Filters panel open,
 * the registration page (read, edit mode, the Add Attendee dialog with errors) and both create forms
 * showing their errors, on a laptop and on a phone.
 */
import AxeBuilder from '@axe-core/playwright';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, newPage, setupBrowser, signInAs } from './helpers/playwright-utils';

setupBrowser();

async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility of the registration screens', () => {
  it('has no WCAG A/AA violations on the Overview, list, registration page and forms', async () => {
    const { page, token } = await signInAs('admin', { path: '/admin' });
    const s = randomBytes(3).toString('hex');
    const created = await api('POST', '/registrations', {
      token,
      body: {
        primary_first_name: 'Axel',
        primary_last_name: `Able${s}`,
        primary_email: `axel-${s}@reunion.test`,
        primary_phone: '555-0111',
        city: 'Conroe',
        state: 'TX',
        attendees: [{ first_name: 'Ada', last_name: `Able${s}`, age_category: 'child' }],
      },
    });
    const number = created.body.registration.registration_number as string;
    await api('POST', `/registrations/${number}/payments`, { token, body: { amount: 50, method: 'cash', note: 'Deposit' } });

    await page.getByText('Financial Summary').waitFor();
    expect(await violations(page)).toEqual([]);

    await page.goto('/admin/registrations?status=active');
    await page
      .getByRole('link', { name: number })
      .or(page.getByText(/Showing/))
      .first()
      .waitFor();
    expect(await violations(page)).toEqual([]);

    await page.goto(`/registration/${number}`);
    await page.getByRole('cell', { name: 'Deposit' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Edit registration' }).click();
    await page.getByText('New Total').waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('button', { name: 'Add Attendee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Attendee' });
    // the page behind an open dialog is hidden from roles: one "Add Attendee" button, the dialog's
    await expect.poll(() => page.getByRole('button', { name: 'Add Attendee' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Add Attendee' }).click();
    await dialog.getByText('First name is required').waitFor();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => page.getByRole('button', { name: 'Add Attendee' }).count()).toBe(1);

    await page.goto('/admin/registrations/new');
    await page.getByRole('button', { name: 'Add Group Member' }).click();
    await page.getByRole('button', { name: 'Create Registration' }).click();
    await page.getByText('Phone is required').waitFor();
    expect(await violations(page)).toEqual([]);

    await page.goto('/register');
    await page.getByRole('button', { name: 'Create Registration' }).click();
    await page.getByText('Phone number is required').waitFor();
    expect(await violations(page)).toEqual([]);

    const { page: phone } = await signInAs('admin', {
      page: await newPage({ viewport: { width: 390, height: 844 } }),
      path: `/registration/${number}`,
    });
    await phone.getByRole('heading', { name: 'Price Breakdown' }).waitFor();
    expect(await violations(phone)).toEqual([]);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
