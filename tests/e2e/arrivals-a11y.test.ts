/** The staff screens pass axe's WCAG 2 A/AA rules: arrivals on a phone and a laptop (modal open), hotel matching. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, setupBrowser, signInAs } from './helpers/playwright-utils';
import { createFamily, importRoomingCsv, uniqueWord } from './helpers/staff-data';

setupBrowser();

async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility of the staff screens', () => {
  it('arrivals (phone and laptop, with the modal) and hotel matching have no WCAG A/AA violations', async () => {
    const last = uniqueWord();
    const family = await createFamily({
      firstName: 'Aayla',
      lastName: last,
      others: [{ first_name: 'Kit', last_name: last, age_category: 'child' }],
      flight: { flightNumber: 'AS 77', flightDate: '2025-11-27', flightTime: '15:05', specialInstructions: 'Two big bags' },
    });
    await importRoomingCsv(
      `Guest Name,Confirmation Number,Check-in,Check-out\nAayla ${last},AXE${uniqueWord().toUpperCase()},2025-11-27,2025-11-30\n`,
    );

    const { page: phone } = await signInAs('greeter', {
      page: await newPage({ viewport: { width: 390, height: 844 } }),
      path: '/admin/flight-arrivals',
    });
    await phone.getByLabel('Search').fill(last);
    const card = phone.locator('.flight-group', { hasText: family.registrationNumber });
    await card.locator('label.pickup-big').click();
    await card.getByText(/Picked up \d/).waitFor();
    expect(await violations(phone)).toEqual([]);

    const { page: laptop } = await signInAs('admin', { path: '/admin/flight-arrivals' });
    const row = laptop.locator('tr', { hasText: family.registrationNumber });
    await row.waitFor();
    expect(await violations(laptop)).toEqual([]);
    await row.getByRole('button', { name: family.registrationNumber }).click();
    await laptop.getByRole('dialog').getByRole('heading', { name: 'Attendees' }).waitFor();
    expect(await violations(laptop)).toEqual([]);
    await laptop.keyboard.press('Escape');

    await laptop.goto('/admin/hotel-assignments');
    const booking = laptop.locator('.booking-card', { hasText: `Aayla ${last}` });
    await booking.getByRole('button', { name: 'Find Match' }).click();
    await booking.getByText('Possible match').waitFor();
    expect(await violations(laptop)).toEqual([]);
  });
});
