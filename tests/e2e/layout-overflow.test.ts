/**
 * Nothing runs off the side of the page: on every admin screen at 1280 px and every screen at 390 px
 * the page is exactly as wide as the window (scrollWidth equals clientWidth). Wide tables scroll inside
 * their own frame; the phone's menu scrolls inside its strip.
 */
import { describe, expect, it } from 'vitest';
import { newPage, setupBrowser, signInAs } from './helpers/playwright-utils';
import { createFamily, uniqueWord } from './helpers/staff-data';

setupBrowser();

const ADMIN_SCREENS = [
  '/admin',
  '/admin/registrations',
  '/register',
  '/admin/registrations/new',
  '/admin/hotel-assignments',
  '/admin/flight-arrivals',
  '/admin/check-in',
  '/admin/users',
  '/admin/profile',
];
const PUBLIC_SCREENS = ['/', '/check-registration', '/flight-info-lookup', '/login', '/check-in/R25-ABC123'];

async function overflowing(page: Awaited<ReturnType<typeof newPage>>, paths: string[]) {
  const wide: string[] = [];
  for (const p of paths) {
    await page.goto(p);
    await page.locator('h1').first().waitFor();
    await page.waitForTimeout(300);
    const { sw, cw } = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, cw: document.documentElement.clientWidth }));
    if (sw > cw) wide.push(`${p}: ${sw} > ${cw}`);
  }
  return wide;
}

describe('no horizontal overflow', () => {
  it('on every admin screen at 1280 px and at 390 px', async () => {
    const { page } = await signInAs('admin', { path: '/admin' });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await overflowing(page, ADMIN_SCREENS)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflowing(page, ADMIN_SCREENS)).toEqual([]);
  });

  it("on a phone, a staff member's very long name shortens in the top bar, beside the event's name, instead of taking rows of its own", async () => {
    const names = { first_name: 'Maximiliana-Alexandrina', last_name: 'Vanderbilt-Worthington-Smythe-Montgomery' };
    const { page } = await signInAs('greeter', { path: '/admin/flight-arrivals', names });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflowing(page, ['/admin/flight-arrivals'])).toEqual([]);
    // the whole name is still the menu's name; the button is one line, beside the event's name
    const menu = page.getByRole('button', { name: `${names.first_name} ${names.last_name}` });
    const box = (await menu.boundingBox())!;
    const brand = (await page.locator('.brand').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.height).toBeLessThan(56);
    expect(box.y).toBeLessThan(brand.y + brand.height);
  });

  it('on the public screens at 390 px', async () => {
    const page = await newPage({ viewport: { width: 390, height: 844 } });
    expect(await overflowing(page, PUBLIC_SCREENS)).toEqual([]);
  });
});

describe('tables', () => {
  it("every admin table's cells line up: each cell of a row starts and ends with its row", async () => {
    // a family with a flight on the board's default day: every table below has rows to line up
    await createFamily({
      firstName: 'Lina',
      lastName: uniqueWord(),
      flight: { flightNumber: 'UA 82', flightDate: '2025-11-27', flightTime: '13:00' },
    });
    const { page } = await signInAs('admin', { path: '/admin/users' });
    await page.setViewportSize({ width: 1280, height: 800 });
    const misaligned: string[] = [];
    // (the hotel screen's bookings are cards, not a table)
    for (const path of ['/admin/users', '/admin/registrations', '/admin/flight-arrivals']) {
      await page.goto(path);
      await page.locator('table tbody tr:visible').first().waitFor({ timeout: 15_000 });
      misaligned.push(
        ...(await page.evaluate(
          (p) =>
            [...document.querySelectorAll('table tbody tr')].slice(0, 50).flatMap((tr, i) => {
              const row = tr.getBoundingClientRect();
              if (row.height === 0) return []; // not shown (a closed "Show as table")
              return [...tr.children].flatMap((td, j) => {
                const cell = td.getBoundingClientRect();
                const off =
                  Math.abs(cell.top - row.top) > 1 ||
                  Math.abs(cell.bottom - row.bottom) > 1 ||
                  getComputedStyle(td).display !== 'table-cell';
                return off ? [`${p}: row ${i + 1}, cell ${j + 1}`] : [];
              });
            }),
          path,
        )),
      );
    }
    expect(misaligned).toEqual([]);
  });
});
