/**
 * The Registrations list in a real browser (docs/product.md#screens Registrations list): search, the Filters panel with
 * its badge and 'Clear Filters', pagination ('Showing x to y of total results', Previous/Next, numbered
 * pages), the page kept in the address, and the bulk flight-info request for the current filter.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pageWindow } from '../../pwa/features/registrations/components/pagination';
import { api, newPage, setupBrowser, signInAs } from './helpers/playwright-utils';
import { createFamily } from './helpers/staff-data';

setupBrowser();

/** Creates `count` registrations whose contact's last name is `lastName`, a few at a time. */
async function makeMany(token: string, lastName: string, count: number): Promise<string[]> {
  const numbers: string[] = [];
  for (let start = 0; start < count; start += 5) {
    const batch = Array.from({ length: Math.min(5, count - start) }, (_, k) => start + k);
    const answers = await Promise.all(
      batch.map((i) =>
        api('POST', '/registrations', {
          token,
          body: {
            primary_first_name: `Guest${String(i).padStart(2, '0')}`,
            primary_last_name: lastName,
            primary_email: `${lastName.toLowerCase()}-${i}@reunion.test`,
            primary_phone: `555-01${String(i).padStart(2, '0')}`,
            attendees: [],
          },
        }),
      ),
    );
    for (const a of answers) {
      expect(a.status).toBe(201);
      numbers.push(a.body.registration.registration_number);
    }
  }
  return numbers;
}

const badge = (page: Page) => page.locator('.filters-toggle .filter-count');

describe('page window', () => {
  it('shows 5 pages around the current one, the first and last, and gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageWindow(5, 10)).toEqual([1, 'gap', 3, 4, 5, 6, 7, 'gap', 10]);
    expect(pageWindow(10, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('registrations list', () => {
  it('searches, filters with a badge, clears, pages through results and sends the bulk flight-info request', async () => {
    const { page, token } = await signInAs('admin');
    const lastName = `Pager${randomBytes(3).toString('hex')}`;
    const numbers = await makeMany(token, lastName, 45);
    const cancelled = numbers[0];
    expect((await api('POST', `/registrations/${cancelled}/cancel`, { token, body: { reason: 'Plans changed' } })).status).toBe(200);

    await page.goto('/admin/registrations');
    await page.getByLabel('Search').fill(lastName.toUpperCase()); // case-insensitive
    // the search applies 300 ms after typing stops (it goes back to page 1); in a fresh database the
    // list before it may hold these 45 too
    await page.waitForURL(/search=/);
    await page.getByText('Showing 1 to 20 of 45 results').waitFor();
    await page.getByText('45 registrations total').waitFor();
    await expect.poll(() => page.locator('.registrations-table tbody tr').count()).toBe(20);
    await expect.poll(() => page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await expect
      .poll(() =>
        page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: '1', exact: true }).getAttribute('aria-current'),
      )
      .toBe('page');

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Showing 21 to 40 of 45 results').waitFor();
    expect(page.url()).toMatch(/page=2/);
    await page.getByRole('button', { name: '3', exact: true }).click();
    await page.getByText('Showing 41 to 45 of 45 results').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    // the page is in the address: back returns to page 2
    await page.goBack();
    await page.getByText('Showing 21 to 40 of 45 results').waitFor();
    // by keyboard, Next to the last page: Next turns off, and focus goes to the page buttons beside it, not the page's top
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.getByRole('button', { name: '3', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Next');
    await page.keyboard.press('Enter');
    await page.getByText('Showing 41 to 45 of 45 results').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('3');
    await page.goBack();
    await page.getByText('Showing 21 to 40 of 45 results').waitFor();
    // a page past the last (an old link) opens the last page
    await page.goto(page.url().replace(/page=\d+/, 'page=9'));
    await page.getByText('Showing 41 to 45 of 45 results').waitFor();
    expect(page.url()).toMatch(/page=3/);

    // filters: status Cancelled → the one cancelled registration, badge 1; a second filter → badge 2
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByLabel('Registration Status').selectOption('cancelled');
    await page.getByText('Showing 1 to 1 of 1 results').waitFor();
    await page.getByRole('link', { name: cancelled, exact: true }).waitFor();
    await expect.poll(() => badge(page).textContent()).toBe('1');
    await page.getByLabel('Payment Status').selectOption('pending');
    await page.waitForURL(/payment_status=pending/);
    await page.getByText('Showing 1 to 1 of 1 results').waitFor();
    await expect.poll(() => badge(page).textContent()).toBe('2');
    await page.getByLabel('Payment Status').selectOption('paid');
    await page.getByText('No registrations match these filters.').waitFor();
    await page.getByText('Showing 0 to 0 of 0 results').waitFor();

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => badge(page).count()).toBe(0);
    await expect.poll(() => page.getByLabel('Search').inputValue()).toBe('');

    // flights missing + the name: one of the 45 has sent its flights and one is cancelled (nobody is met for
    // it), so 43 are listed and get the request; asking again skips them all
    const withFlights = (await api('GET', `/registrations/${numbers[1]}`, { token })).body.registration.id as number;
    const sent = await api('POST', '/flight-info/submit-verified', {
      token,
      body: {
        registrationId: withFlights,
        needsTransportation: true,
        flights: [
          {
            flightType: 'arrival',
            airline: 'United Airlines',
            flightNumber: 'UA 1',
            flightDate: '2025-11-27',
            flightTime: '10:00',
            adultsCount: 1,
          },
        ],
      },
    });
    expect(sent.status).toBe(200);
    await page.getByLabel('Search').fill(lastName);
    await page.getByLabel('Flights').selectOption('missing');
    await page.getByText('Showing 1 to 20 of 43 results').waitFor();
    // the dialog says exactly who gets the mail and shows it before anything is sent
    await page.getByRole('button', { name: 'Request Flight Info' }).click();
    const ask = page.getByRole('dialog', { name: 'Request flight info' });
    await ask.getByText('43 registrations will get this email.').waitFor();
    await ask.getByText('Only active registrations get it.').waitFor();
    await ask.locator('.mail-preview').waitFor();
    await ask.getByRole('button', { name: 'Send to 43 registrations' }).click();
    // sent in batches of 10 : the progress bar counts up while the server sends
    await page.getByRole('progressbar', { name: /^Sending… \d+ of 43$/ }).waitFor();
    await page.getByText('Flight info request sent to 43 of 43 registrations.').waitFor();
    // asking again: nobody would get it, and the dialog says why
    await page.getByRole('button', { name: 'Request Flight Info' }).click();
    await ask.getByText('No registration would get this email. 43 asked within the last 24 hours are skipped.').waitFor();
    await expect.poll(() => ask.getByRole('button', { name: 'Send to 0 registrations' }).isDisabled()).toBe(true);
    await ask.getByRole('button', { name: 'Cancel' }).click();
  });

  it('opens a registration from its row', async () => {
    const { page, token } = await signInAs('admin');
    const lastName = `Rowclick${randomBytes(3).toString('hex')}`;
    const [number] = await makeMany(token, lastName, 1);
    await page.goto(`/admin/registrations?search=${lastName}`);
    await page.getByRole('cell', { name: /Guest00/ }).click();
    await page.waitForURL(new RegExp(`/registration/${number}$`));
    await page.getByRole('heading', { name: number }).waitFor();
    // Back to Admin returns to the list as it was, search included
    await page.getByRole('link', { name: 'Back to Admin' }).click();
    await page.waitForURL(new RegExp(`/admin/registrations\\?search=${lastName}$`));
    await page.getByRole('cell', { name: /Guest00/ }).waitFor();
  });

  it('folds the filters under the Filters button, open at first when one is set', async () => {
    const { page } = await signInAs('admin', { path: '/admin/registrations' });
    // closed, "Filters" finds one button (open, "Clear Filters" is a second)
    await page.getByRole('button', { name: 'Filters' }).waitFor();
    const toggle = page.getByRole('button', { name: /^Filters/ });
    const status = page.getByLabel('Registration Status');
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await status.isVisible()).toBe(false);
    await toggle.click();
    await status.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await status.selectOption('cancelled');
    await expect.poll(() => page.url()).toMatch(/status=cancelled/);
    await toggle.click();
    await expect.poll(() => status.isVisible()).toBe(false);

    // a filter in the address (a shared link, the back button): the panel shows what is set
    await page.reload();
    await status.waitFor();
    expect(await status.inputValue()).toBe('cancelled');
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => page.url()).not.toMatch(/status=/);
  });

  it('a row clicked while a search is still being typed opens the registration, and stays there', async () => {
    // a fresh context with no service worker, so the registration page's code can be held back
    const page = await newPage({ serviceWorkers: 'block' });
    const { token } = await signInAs('admin', { page, path: '/' });
    const lastName = `Quickclick${randomBytes(3).toString('hex')}`;
    const [number] = await makeMany(token, lastName, 1);
    await page.goto(`/admin/registrations?search=${lastName}`);
    const cell = page.getByRole('cell', { name: /Guest00/ });
    await cell.waitFor();
    // the registration page's code arrives slowly (a phone on the resort's Wi-Fi)
    await page.route('**/assets/registration-detail-page-*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    // the search changes, and the row is clicked before the search applies (300 ms later)
    await page.getByLabel('Search').fill(lastName.slice(0, -1));
    await cell.click();
    await page.waitForURL(new RegExp(`/registration/${number}$`));
    await page.getByRole('heading', { name: number }).waitFor();
    await page.waitForTimeout(400);
    expect(new URL(page.url()).pathname).toBe(`/registration/${number}`);
  });

  it('Request Flight Info asks, by default, only the active registrations without flight information, and says how many', async () => {
    const { page, token } = await signInAs('admin');
    const lastName = `Default${randomBytes(3).toString('hex')}`;
    for (const firstName of ['Ines', 'Joao'])
      await createFamily({ firstName, lastName, flight: { flightNumber: 'UA 12', flightDate: '2025-11-27', flightTime: '10:00' } });
    const [cancelled] = await makeMany(token, lastName, 3);
    expect((await api('POST', `/registrations/${cancelled}/cancel`, { token, body: { reason: 'Plans changed' } })).status).toBe(200);

    await page.goto('/admin/registrations');
    await page.getByLabel('Search').fill(lastName);
    await page.getByText('Showing 1 to 5 of 5 results').waitFor();
    await page.getByRole('button', { name: 'Request Flight Info' }).click();
    const ask = page.getByRole('dialog', { name: 'Request flight info' });
    const onlyMissing = ask.getByRole('checkbox', { name: 'Only registrations without flight information' });
    await expect.poll(() => onlyMissing.isChecked()).toBe(true);
    await ask.getByText('2 registrations will get this email.').waitFor();
    await ask.getByRole('button', { name: 'Send to 2 registrations' }).waitFor();
    // everyone active, flights or not, only when the admin asks for it
    await onlyMissing.uncheck();
    await ask.getByText('4 registrations will get this email.').waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();
  });
});
