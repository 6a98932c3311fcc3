/**
 * The Flight Arrivals Dashboard : a greeter on a phone finds a family and ticks Picked Up (the
 * server records it); an admin on a laptop gets the table, the cards, the hourly view, the details
 * modal and the CSV export; greeters' modal leaves money out.
 */
import { describe, expect, it } from 'vitest';
import { newPage, setupBrowser, signInAs } from './helpers/playwright-utils';
import { createFamily, serverArrival, uniqueWord } from './helpers/staff-data';

setupBrowser();

const PHONE = { width: 390, height: 844 };

describe('flight arrivals on a greeter phone', () => {
  it('finds a family by name in the search box and ticks Picked Up; the server shows it picked up', async () => {
    const last = uniqueWord();
    const family = await createFamily({
      firstName: 'Rosa',
      lastName: last,
      phone: '+1 (555) 010-7788',
      others: [
        { first_name: 'Tiago', last_name: last, age_category: 'child' },
        { first_name: 'Marta', last_name: last, age_category: 'adult' },
      ],
      flight: { airline: 'Delta Air Lines', flightNumber: 'DL 2417', flightDate: '2025-11-27', flightTime: '14:35', childSeatsNeeded: 1 },
    });
    const other = await createFamily({
      firstName: 'Ivo',
      lastName: uniqueWord(),
      flight: { flightNumber: 'UA 88', flightDate: '2025-11-27', flightTime: '09:10' },
    });

    const { page, user } = await signInAs('greeter', { page: await newPage({ viewport: PHONE }), path: '/admin/flight-arrivals' });
    await page.getByRole('heading', { name: 'Flight Arrivals Dashboard' }).waitFor();
    await expect.poll(() => page.getByLabel('Arrival Date').inputValue()).toBe('2025-11-27');
    // greeters have only arrivals in the staff area (on a phone that one-entry menu is not shown at all)
    await expect.poll(() => page.getByRole('navigation', { name: 'Admin' }).locator('a').allTextContents()).toEqual(['Flight Arrivals']);

    const search = page.getByLabel('Search');
    await search.fill(last.toLowerCase());
    const card = page.locator('.flight-group', { hasText: family.registrationNumber });
    await card.waitFor();
    // only the searched family is listed
    await expect.poll(() => page.locator('.flight-group').count()).toBe(1);
    await expect.poll(() => page.getByText(other.registrationNumber).count()).toBe(0);
    await card.getByRole('heading', { name: /DL 2417/ }).waitFor();
    await card.getByText('3 passengers (2 adults, 1 child)').waitFor();
    await expect.poll(() => card.getByRole('link', { name: /Call \+1 \(555\) 010-7788/ }).getAttribute('href')).toBe('tel:+15550107788');

    // one large Picked Up control per party: at least 48 px tall
    const control = card.locator('label.pickup-big');
    const box = await control.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(48);
    expect(box!.width).toBeGreaterThan(300);

    // its name says whose and which flight: a family's two arrivals on one day are two controls
    const checkbox = card.getByRole('checkbox', { name: `Picked Up — Rosa ${last} (${family.registrationNumber}), DL 2417`, exact: true });
    await expect.poll(() => checkbox.isChecked()).toBe(false);
    await control.click();
    await expect.poll(() => checkbox.isChecked()).toBe(true);
    await card.getByText(`by Gus ${user.last_name}`).waitFor();

    await expect.poll(async () => (await serverArrival(family.flightId))?.picked_up, { timeout: 15_000 }).toBe(true);
    expect((await serverArrival(family.flightId))?.picked_up_by).toBe(`Gus ${user.last_name}`);
    await page.getByText('0 not synced').waitFor();

    // searching by flight number and by registration number finds the same card (each after a search that hides it)
    const otherCard = page.locator('.flight-group', { hasText: other.registrationNumber });
    for (const term of ['dl2417', family.registrationNumber]) {
      await search.fill(other.registrationNumber);
      await otherCard.waitFor();
      await expect.poll(() => card.count()).toBe(0);
      await search.fill(term);
      await card.waitFor();
      await expect.poll(() => otherCard.count()).toBe(0);
    }

    // the modal: a greeter gets no Payment Information
    await card.getByRole('button', { name: family.registrationNumber }).click();
    const dialog = page.getByRole('dialog', { name: 'Registration Details' });
    await dialog.getByRole('heading', { name: 'Registration Information' }).waitFor();
    await dialog.getByRole('cell', { name: `Tiago ${last}` }).waitFor();
    await expect.poll(() => dialog.getByRole('heading', { name: 'Payment Information' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // unticking clears it on the server too
    await control.click();
    await expect.poll(async () => (await serverArrival(family.flightId))?.picked_up, { timeout: 15_000 }).toBe(false);
  });
});

describe('flight arrivals on an admin laptop', () => {
  it('shows the cards, the seven columns, names with +N more, the hourly view, the modal and the CSV export', async () => {
    const last = uniqueWord();
    const family = await createFamily({
      firstName: 'Amara',
      lastName: last,
      city: 'Dallas',
      others: [
        { first_name: 'Bo', last_name: last, age_category: 'adult', dietary_restrictions: 'Vegetarian' },
        { first_name: 'Cy', last_name: last, age_category: 'youth' },
        { first_name: 'Di', last_name: last, age_category: 'child' },
        { first_name: 'Ed', last_name: last, age_category: 'child' },
      ],
      flight: { flightNumber: 'UA 1530', flightDate: '2025-11-28', flightTime: '07:20', specialInstructions: 'Wheelchair at gate' },
    });
    const { page } = await signInAs('admin', { path: '/admin/flight-arrivals?date=2025-11-28' });
    await page.getByRole('heading', { name: 'Flight Arrivals Dashboard' }).waitFor();
    const row = page.locator('tr', { hasText: family.registrationNumber });
    await row.waitFor();

    const headers = await page.locator('table.arrivals-table thead th').allTextContents();
    expect(headers).toEqual([
      'Picked Up',
      'Registration',
      'Contact Info',
      'Flight Details',
      'Date & Time',
      'Passengers',
      'Special Requirements',
    ]);
    await row.getByText(`Amara ${last}, Bo ${last}, Cy ${last} +2 more`).waitFor();
    await row.getByText('Wheelchair at gate').waitFor();
    await row.getByText('Nov 28, 2025').waitFor();
    await row.getByText('7:20 AM').waitFor();

    // the cards count this day's arrivals (other tests' families may be on the same day)
    const cardValue = (label: string) => page.locator('.stat-card', { hasText: label }).locator('.stat-value').textContent();
    const total = Number(await cardValue('Total Arrivals'));
    expect(total).toBeGreaterThanOrEqual(1);
    expect(Number(await cardValue('Total Passengers'))).toBeGreaterThanOrEqual(5);
    await page
      .locator('.stat-card', { hasText: 'Picked Up' })
      .getByText(/Pending: \d+/)
      .waitFor();

    // the hourly view: 7 AM carries at least this family's 5 passengers
    const chart = page.getByRole('img', { name: /Passengers landing by hour on Nov 28, 2025/ });
    await expect
      .poll(async () => Number((await chart.getAttribute('aria-label'))?.match(/7 AM: (\d+)/)?.[1] ?? 0))
      .toBeGreaterThanOrEqual(5);

    // ticking dims the row and shows the time
    await row.getByRole('checkbox').check();
    await row.getByText(/Picked up \d{1,2}:\d{2} [AP]M by Ada/).waitFor();
    await expect.poll(() => row.getAttribute('class')).toContain('row-muted');
    await expect.poll(async () => (await serverArrival(family.flightId))?.picked_up, { timeout: 15_000 }).toBe(true);

    // the details modal: the five blocks, money for admins
    await row.getByRole('button', { name: family.registrationNumber }).click();
    const dialog = page.getByRole('dialog', { name: 'Registration Details' });
    for (const h of ['Registration Information', 'Primary Contact', 'Payment Information', 'Attendees']) {
      await dialog.getByRole('heading', { name: h }).waitFor();
    }
    await expect.poll(() => dialog.getByRole('heading', { name: 'Hotel Information' }).count()).toBe(0); // no confirmation number
    await dialog.getByText('Dallas, TX, USA').waitFor();
    await dialog.getByRole('row', { name: new RegExp(`Bo ${last} Adult Vegetarian`) }).waitFor();
    await dialog.getByRole('row', { name: new RegExp(`Cy ${last} Youth None`) }).waitFor();
    await dialog.getByText('$1,250.00').waitFor(); // 2 adults + 1 youth + 2 children = 700 + 200 + 300
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Export CSV, named by the date
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('flight-arrivals-2025-11-28.csv');
    const csv = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(csv).toString('utf8');
    expect(text.split(/\r?\n/)[0]).toContain('Registration');
    expect(text).toContain(family.registrationNumber);
    // the same day's departures needing a ride to the airport: none of this family's, an arrival
    const [departures] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Departures' }).click(),
    ]);
    expect(departures.suggestedFilename()).toBe('flight-departures-2025-11-28.csv');
    const departureRows = Buffer.concat(await (await departures.createReadStream()).toArray()).toString('utf8');
    expect(departureRows.split(/\r?\n/)[0]).toBe(text.split(/\r?\n/)[0]);
    expect(departureRows).not.toContain(family.registrationNumber);

    // Clear filter: every date, and the export is named 'all'
    await page.getByRole('button', { name: 'Clear filter' }).click();
    await expect.poll(() => page.getByLabel('Arrival Date').inputValue()).toBe('');
    await page.getByText('Choose a date to see passengers landing hour by hour.').waitFor();
    await row.waitFor();
    const [all] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(all.suggestedFilename()).toBe('flight-arrivals-all.csv');

    // a search that matches nothing
    await page.getByLabel('Search').fill(`nobody ${uniqueWord()}`);
    await page.getByText('No flight arrivals found').waitFor();
  });
});
