/**
 * The arrivals screen's speed-ups (docs/quality.md "What the measurements found and what was fixed"), as
 * a user notices them: a signed-in greeter coming back sees the screen while the session is still being
 * checked (and a refused session still ends on the sign-in page); the long table is drawn in windows,
 * says so, draws the rest on scroll or 'Show all', and the search box finds a row that is not drawn yet.
 */
import { describe, expect, it } from 'vitest';
import { api, newPage, setupBrowser, signInAs } from './helpers/playwright-utils';
import { createFamily, seedToken, uniqueWord } from './helpers/staff-data';

setupBrowser();

const PHONE = { width: 390, height: 844 };
const TITLE = 'Flight Arrivals Dashboard';

describe('a returning signed-in greeter', () => {
  it('sees the arrivals screen before the session check answers; when it refuses the session, lands on sign-in', async () => {
    const { page, token } = await signInAs('greeter', { page: await newPage({ viewport: PHONE }), path: '/admin/flight-arrivals' });
    await page.getByRole('heading', { name: TITLE }).waitFor();
    // the app keeps the signed-in user for offline use once the session is confirmed
    await expect.poll(() => page.evaluate(() => localStorage.getItem('auth_user'))).not.toBeNull();

    // hold every session check until we let it go
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let checks = 0;
    await page.route('**/api/auth/me', async (route) => {
      checks += 1;
      await held;
      await route.continue().catch(() => undefined);
    });

    await page.reload();
    await page.getByRole('heading', { name: TITLE }).waitFor();
    // the staff shell is there (on a phone a greeter's one-entry menu is in the page but not shown)
    await page.getByRole('navigation', { name: 'Admin' }).locator('a', { hasText: 'Flight Arrivals' }).waitFor({ state: 'attached' });
    // the screen is there while the check is still waiting for its answer
    await expect.poll(() => checks).toBe(1);
    expect(page.url()).toMatch(/\/admin\/flight-arrivals$/);

    // the session is revoked meanwhile: the check's 401 signs out and sends the user to sign in
    const out = await api('POST', '/auth/logout', { token });
    expect(out.status).toBe(200);
    release();
    await page.waitForURL(/\/login$/);
    await page.getByRole('heading', { name: 'Staff Sign In' }).waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('auth_user'))).toBeNull();
  });
});

describe('the arrivals table drawn in windows', () => {
  it('shows the first 100 rows of a long day, finds the last one by search, and draws the rest on scroll or Show all', async () => {
    const date = '2025-12-01';
    const word = uniqueWord();
    // 6 registrations with 20 flights each land from 06:00 on; one more family lands last, at 23:50
    await Promise.all(
      Array.from({ length: 6 }, (_, r) => {
        const flight = (i: number) => ({
          flightNumber: `UA ${1000 + r * 20 + i}`,
          flightDate: date,
          flightTime: `${String(6 + Math.floor((r * 20 + i) / 10)).padStart(2, '0')}:${String(((r * 20 + i) % 10) * 5).padStart(2, '0')}`,
        });
        return createFamily({
          firstName: 'Lena',
          lastName: `${word}${'abcdef'[r]}`,
          flight: flight(0),
          moreFlights: Array.from({ length: 19 }, (_, i) => flight(i + 1)),
        });
      }),
    );
    const farName = uniqueWord();
    const far = await createFamily({
      firstName: 'Omar',
      lastName: farName,
      flight: { flightNumber: 'AA 9', flightDate: date, flightTime: '23:50' },
    });

    const listed = await api('GET', `/flight-info/admin/flight-arrivals?date=${date}`, { token: await seedToken() });
    const total = (listed.body.arrivals as unknown[]).length;
    expect(total).toBeGreaterThanOrEqual(121);

    const { page } = await signInAs('admin', { path: `/admin/flight-arrivals?date=${date}` });
    await page.getByRole('heading', { name: TITLE }).waitFor();
    const rows = page.locator('table.arrivals-table tbody tr');
    await rows.first().waitFor();
    // the first window, and a line under the table that says so
    await page.getByText(`Showing 100 of ${total} arrivals`).waitFor();
    await expect.poll(() => rows.count()).toBe(100);

    // the search box searches every row, drawn or not
    const search = page.getByLabel('Search');
    await search.fill(farName.toLowerCase());
    await expect.poll(() => rows.count()).toBe(1);
    const row = page.locator('tr', { hasText: far.registrationNumber });
    await row.getByText(`Omar ${farName}`).first().waitFor();
    await row.getByText('11:50 PM').waitFor();
    await search.fill('');
    await expect.poll(() => rows.count()).toBe(100);

    // scrolling to the end of the table draws the rest; the last row is the family landing last
    await page.getByText(`Showing 100 of ${total} arrivals`).scrollIntoViewIfNeeded();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(total);
    await expect.poll(() => rows.last().textContent()).toContain(far.registrationNumber);
    await expect.poll(() => page.getByText(/Showing \d+ of \d+ arrivals/).count()).toBe(0);

    // another day and back starts from the first window; 'Show all' draws every row at once
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Clear filter' }).click();
    await page.getByText(/Showing 100 of \d+ arrivals/).waitFor();
    await page.getByLabel('Arrival Date').fill(date);
    await page.getByText(`Showing 100 of ${total} arrivals`).waitFor();
    // pressed where it is: a pointer's click scrolls the button into view first, and the end of the table
    // coming into view draws the rest by itself, which takes the button away mid-click on a slow machine
    await page.getByRole('button', { name: `Show all ${total}` }).evaluate((button: HTMLElement) => button.click());
    await expect.poll(() => rows.count()).toBe(total);
  });
});
