/**
 * The greeter's board by airport, on a 390×844 phone in Chromium: each card says where the flight lands
 * ('IAH', 'HOU', 'Other: …'), the Airport filter keeps only that airport's flights (and survives a reload,
 * being in the address) and Export CSV exports what it shows, and "Airport not given" finds flights stored
 * before airports were asked.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { newPage, setupBrowser, signInAs } from './helpers/playwright-utils';
import { createFamily, uniqueWord } from './helpers/staff-data';

setupBrowser();

const PHONE = { width: 390, height: 844 };
const DAY = '2025-11-26';

describe('the board by airport', () => {
  it('filters the flights of the day by airport on a phone', async () => {
    const tag = uniqueWord(5);
    const n = () => `${tag.slice(0, 2).toUpperCase()} ${1000 + (randomBytes(2).readUInt16BE() % 9000)}`;
    const atIah = await createFamily({
      firstName: 'Ines',
      lastName: tag,
      flight: { flightNumber: n(), flightDate: DAY, flightTime: '10:05', airport: 'IAH' },
    });
    const atHou = await createFamily({
      firstName: 'Hugo',
      lastName: tag,
      flight: { flightNumber: n(), flightDate: DAY, flightTime: '10:35', airport: 'HOU' },
    });
    const elsewhere = await createFamily({
      firstName: 'Olga',
      lastName: tag,
      flight: {
        airline: 'Other',
        airlineName: 'Aeroméxico',
        flightNumber: n(),
        flightDate: DAY,
        flightTime: '11:05',
        airport: 'OTHER',
        airportName: 'Conroe-North Houston Regional',
      },
    });
    const { page } = await signInAs('greeter', { page: await newPage({ viewport: PHONE }), path: `/admin/flight-arrivals?date=${DAY}` });
    await page.getByLabel('Search').fill(tag);
    const card = (f: { registrationNumber: string }) => page.locator('.flight-group', { hasText: f.registrationNumber });
    for (const f of [atIah, atHou, elsewhere]) await card(f).waitFor();
    await card(atHou).getByText('HOU', { exact: true }).waitFor();
    await card(elsewhere).getByText('Other: Conroe-North Houston Regional').waitFor();
    // an airline outside the list, typed under Other, reaches the greeter by its name
    await card(elsewhere).getByText('Aeroméxico', { exact: false }).first().waitFor();

    // on a phone the day, the airport and the export are one tap away
    await page.locator('.arrivals-phone-filters > summary').click();
    await page.getByLabel('Airport').selectOption('HOU');
    await expect.poll(() => card(atIah).count()).toBe(0);
    await expect.poll(() => card(elsewhere).count()).toBe(0);
    expect(await card(atHou).count()).toBe(1);
    expect(page.url()).toContain('airport=HOU');

    await page.reload();
    await page.getByLabel('Search').fill(tag);
    await card(atHou).waitFor();
    await page.getByText('HOU · Filters and export').waitFor();
    expect(await page.getByLabel('Airport').inputValue()).toBe('HOU');
    await page.locator('.arrivals-phone-filters > summary').click();
    expect(await card(atIah).count()).toBe(0);

    // Export CSV exports what the filter shows
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(download.suggestedFilename()).toBe(`flight-arrivals-${DAY}-HOU.csv`); // not the whole day's name
    expect(csv).toContain(atHou.registrationNumber);
    expect(csv).not.toContain(atIah.registrationNumber);

    await page.getByLabel('Airport').selectOption('OTHER');
    await card(elsewhere).waitFor();
    await expect.poll(() => card(atHou).count()).toBe(0);

    await page.getByLabel('Airport').selectOption('');
    for (const f of [atIah, atHou, elsewhere]) await card(f).waitFor();

    // an airport the board does not offer (a mistyped address) shows every airport, as its select says
    await page.goto(`/admin/flight-arrivals?date=${DAY}&airport=XYZ`);
    await page.getByLabel('Search').fill(tag);
    for (const f of [atIah, atHou, elsewhere]) await card(f).waitFor();
    expect(await page.getByLabel('Airport').inputValue()).toBe('');
  });
});
