/**
 * Hotel Assignments : an admin imports the hotel's rooming list (preview with row errors, then
 * the import), links two bookings — one through Find Match, one through Search Registrations onto a
 * registration that already has a hotel (orange Link) — deletes one after the confirmation, and pages.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, setupBrowser, signInAs } from './helpers/playwright-utils';
import { bookingByConfirmation, createFamily, importRoomingCsv, seedToken, serverRegistration, uniqueWord } from './helpers/staff-data';

setupBrowser();

const conf = (tag: string) => `${tag}${randomBytes(3).toString('hex').toUpperCase()}`;

describe('hotel assignments', () => {
  it('imports a rooming list and links two bookings', async () => {
    const l1 = uniqueWord();
    const l2 = uniqueWord();
    const first = await createFamily({
      firstName: 'Aaliyah',
      lastName: l1,
      flight: { flightNumber: 'AA 100', flightDate: '2025-11-26', flightTime: '10:00' },
    });
    const second = await createFamily({
      firstName: 'Aarav',
      lastName: l2,
      flight: { flightNumber: 'AA 200', flightDate: '2025-11-27', flightTime: '11:00' },
    });
    // the second family already has a hotel booking: linking another one replaces it (orange Link)
    const earlier = conf('OLD');
    await importRoomingCsv(`Guest Name,Confirmation Number,Check-in,Check-out\nZzold ${l2},${earlier},2025-11-27,2025-11-30\n`);
    const earlierBooking = await bookingByConfirmation(earlier);
    const pre = await api('POST', `/hotel-assignments/${earlierBooking!.id}/match`, {
      token: await seedToken(),
      body: { registrationId: second.registrationId },
    });
    expect(pre.status).toBe(200);

    const c1 = conf('HX');
    const c2 = conf('HY');
    const c3 = conf('HZ');
    const fillers = Array.from({ length: 11 }, (_, i) => `Zzfill${l1} Guest${i},${conf('F')},Queen,,2025-11-27,2025-11-30,,,`);
    const csv = [
      'Guest Name,Conf #,Room Type,Room #,Arrival,Departure,Nights,VIP,Notes',
      `Aaliyah ${l1},${c1},King Lake View,412,11/27/2025,11/30/2025,3,Gold,Late arrival`,
      `"${l2}, Aarav",${c2},Double Queen,118,2025-11-27,2025-11-30,3,,`,
      `Aazz ${l1},${c3},Queen,,2025-11-27,2025-11-29,,,`,
      `Broken ${l1},,Queen,,2025-13-01,,,,`,
      ...fillers,
    ].join('\n');

    const { page } = await signInAs('admin', { path: '/admin/hotel-assignments' });
    await page.getByRole('heading', { name: 'Hotel Assignments' }).waitFor();
    await page.getByText(/hotel bookings? to match|Every hotel booking is matched/).waitFor();

    await page.getByLabel('Rooming list (CSV)').setInputFiles({ name: 'rooming.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    // the preview: the broken row with its errors, nothing written yet
    const broken = page.locator('tr.import-row-error', { hasText: `Broken ${l1}` });
    await broken.getByText('Confirmation number is required').waitFor();
    await broken.getByText(/is not a date/).waitFor();
    await expect.poll(() => bookingByConfirmation(c1)).toBeUndefined();
    await page.getByText('14 rows ready to import').waitFor();

    await page.getByRole('button', { name: 'Import 14 rows' }).click();
    await page.getByText('Imported 14 rows from rooming.csv: 14 new, 0 updated, 0 unchanged.').waitFor();
    // the Import button went with the preview: the keyboard is on what the import did
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Imported 14 rows from rooming.csv: 14 new, 0 updated, 0 unchanged.');
    // the refused row stays on screen with its reasons: it is not in the list, and the admin must see that
    await page.getByText('1 row was not imported: fix it in the file and import it again.').waitFor();
    await page
      .locator('tr.import-row-error', { hasText: `Broken ${l1}` })
      .getByText('Confirmation number is required')
      .waitFor();
    await expect.poll(() => bookingByConfirmation(c1)).toBeDefined();

    // search within bookings: the confirmation number finds its one booking, then the list comes back
    await page.getByLabel('Search bookings').fill(c1);
    await expect.poll(() => page.locator('.booking-card').count()).toBe(1);
    await page.getByText(new RegExp(`^1 of \\d+ bookings match “${c1}”\\.$`)).waitFor();
    await page.getByLabel('Search bookings').fill('');
    await expect.poll(() => page.locator('.booking-card').count()).toBeGreaterThan(1);

    // Find Match: the family with the same name is offered first, highlighted
    await page.getByLabel('Search bookings').fill(c1);
    const card1 = page.locator('.booking-card', { hasText: c1 });
    await card1.getByText('King Lake View · #412').waitFor();
    await card1.getByText('VIP: Gold').waitFor();
    await card1.getByText('Late arrival').waitFor();
    await card1.getByRole('button', { name: 'Find Match' }).click();
    const candidate1 = card1.locator('.candidate', { hasText: first.registrationNumber });
    await candidate1.getByText('Possible match').waitFor();
    await expect.poll(() => candidate1.getAttribute('class')).toContain('candidate-possible');
    // how the name agrees, the city and the party size tell two families of the same name apart
    await candidate1.getByText(/^Same name · .+ · \d+ (person|people)$/).waitFor();
    // the booking starts the day after the family lands
    await candidate1.getByText('Hotel check-in (Nov 27) is after arrival (Nov 26)').waitFor();
    const link1 = candidate1.getByRole('button', { name: 'Link' });
    await expect.poll(() => link1.getAttribute('class')).toContain('btn-link-new'); // green: no hotel yet
    await link1.click();
    await page.getByText(`Successfully linked Aaliyah ${l1} to Aaliyah ${l1} (${first.registrationNumber})`).waitFor();
    await card1.waitFor({ state: 'detached' });
    // the card went with the pressed button: the keyboard is on the answer, not the page's top
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(`Successfully linked Aaliyah ${l1} to Aaliyah ${l1} (${first.registrationNumber})`);
    expect((await serverRegistration(first.registrationId)).hotel_confirmation_number).toBe(c1);

    // Search Registrations: free text, onto a registration that already has a hotel (orange). Each booking
    // is found by its number first: its guest's name may sort past the first page of the bookings that
    // other tests left unmatched
    await page.getByLabel('Search bookings').fill(c2);
    const card2 = page.locator('.booking-card', { hasText: c2 });
    await card2.getByRole('button', { name: 'Search Registrations' }).click();
    await card2.getByRole('searchbox').fill(second.registrationNumber);
    await card2.getByRole('button', { name: 'Search', exact: true }).click();
    const candidate2 = card2.locator('.candidate', { hasText: second.registrationNumber });
    await candidate2.getByText(`Already has hotel confirmation ${earlier}`).waitFor();
    await candidate2.getByText('Possible match').waitFor(); // 'L2, Aarav' vs 'Aarav L2': first/last words agree
    const link2 = candidate2.getByRole('button', { name: 'Link' });
    await expect.poll(() => link2.getAttribute('class')).toContain('btn-link-replace');
    // the orange colour's warning is in the button's description too, for those who do not see it
    expect(
      await link2.evaluate((el) =>
        el
          .getAttribute('aria-describedby')
          ?.split(' ')
          .map((id) => document.getElementById(id)?.textContent),
      ),
    ).toEqual([expect.stringContaining(second.registrationNumber), `Already has hotel confirmation ${earlier}`]);
    // the written alert, and the same sentence kept on the page
    const alerted = new Promise<string>((resolve) => page.once('dialog', (d) => (resolve(d.message()), void d.accept())));
    await link2.click();
    expect(await alerted).toBe(`Successfully linked ${l2}, Aarav to Aarav ${l2} (${second.registrationNumber})`);
    await page.getByText(`Successfully linked ${l2}, Aarav to Aarav ${l2} (${second.registrationNumber})`).waitFor();
    expect((await serverRegistration(second.registrationId)).hotel_confirmation_number).toBe(c2);
    expect((await serverRegistration(second.registrationId)).hotel_room_number).toBe('118');

    // delete, after the confirmation
    await page.getByLabel('Search bookings').fill(c3);
    const card3 = page.locator('.booking-card', { hasText: c3 });
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.accept();
    });
    await card3.getByRole('button', { name: 'Delete' }).click();
    await card3.waitFor({ state: 'detached' });
    expect(asked).toBe('Are you sure you want to delete this hotel assignment?');
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('alert'))).toBe(true);
    await expect.poll(() => bookingByConfirmation(c3)).toBeUndefined();

    // more than 10 bookings to match: Previous / Next and 'Page X of Y'
    await page.getByLabel('Search bookings').fill('');
    const pager = page.getByRole('navigation', { name: 'Hotel bookings pages' });
    await pager.getByText(/^Page 1 of \d+$/).waitFor();
    await expect.poll(() => pager.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByText(/^Page 2 of \d+$/).waitFor();
  });

  it("re-importing a booking's new room and stay shows, in the preview, each value it replaces", async () => {
    const c = conf('UP');
    const guest = `Upa ${uniqueWord()}`;
    await importRoomingCsv(`Guest Name,Confirmation Number,Room #,Check-in,Check-out\n${guest},${c},,2025-11-27,2025-11-30\n`);
    const { page } = await signInAs('admin', { path: '/admin/hotel-assignments' });
    await page.getByRole('heading', { name: 'Hotel Assignments' }).waitFor();
    await page.getByLabel('Rooming list (CSV)').setInputFiles({
      name: 'update.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Guest Name,Confirmation Number,Room #,Check-in,Check-out\n${guest},${c},318,2025-11-27,2025-12-01\n`),
    });
    const row = page.locator('.import-table tbody tr', { hasText: c });
    await row.getByText('Update').waitFor();
    await expect
      .poll(() => row.locator('.row-changes li').allTextContents())
      .toEqual(['Room #: (empty) → 318', 'Check-out: Nov 30, 2025 → Dec 01, 2025', 'Nights: 3 → 4']);
    expect(await bookingByConfirmation(c)).toMatchObject({ room_number: null }); // a preview writes nothing
  });

  it('a row imported with something to check stays on screen after the import, with its warning', async () => {
    const c = conf('WN');
    const guest = `Wen ${uniqueWord()}`;
    const { page } = await signInAs('admin', { path: '/admin/hotel-assignments' });
    await page.getByRole('heading', { name: 'Hotel Assignments' }).waitFor();
    await page.getByLabel('Rooming list (CSV)').setInputFiles({
      name: 'nights.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Guest Name,Confirmation Number,Check-in,Check-out,Nights\n${guest},${c},2025-11-27,2025-11-30,5\n`),
    });
    await page.getByRole('button', { name: 'Import 1 row' }).click();
    await page.getByText(/^Imported 1 row from nights\.csv/).waitFor({ timeout: 30_000 });
    await page.getByText('1 row was imported with something to check: see the warning.').waitFor();
    await page.getByText("Nights 5 differs from the dates, which make 3: the file's 5 is kept").waitFor();
    expect(await bookingByConfirmation(c)).toMatchObject({ nights: 5 });
  });

  it('refuses a file without the needed columns and keeps the import disabled offline', async () => {
    const { page } = await signInAs('admin', { path: '/admin/hotel-assignments' });
    await page.getByRole('heading', { name: 'Hotel Assignments' }).waitFor();
    await page
      .getByLabel('Rooming list (CSV)')
      .setInputFiles({ name: 'wrong.csv', mimeType: 'text/csv', buffer: Buffer.from('Color,Size\nred,XL\n') });
    await page.getByRole('alert').waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^Import \d+ rows?$/ }).count()).toBe(0);
    // the file is no longer chosen: the corrected one, saved under the same name, is a new choice
    expect(await page.getByLabel('Rooming list (CSV)').inputValue()).toBe('');
    // a preview cancelled: its buttons go, and the keyboard is back on the file choice
    await page.getByLabel('Rooming list (CSV)').setInputFiles({
      name: 'one.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Guest,Confirmation\nCancel Person,CANCEL-${uniqueWord()}\n`),
    });
    const importer = page.locator('.rooming-import');
    await importer.getByRole('button', { name: 'Import 1 row' }).waitFor();
    await importer.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('file');

    await page.context().setOffline(true);
    await page.getByText('Importing needs a connection: you are offline.').waitFor();
    await expect.poll(() => page.getByLabel('Rooming list (CSV)').isDisabled()).toBe(true);
    await page.context().setOffline(false);
  });

  it('an import whose answer is lost says, under its button, that it may be saved, and importing again changes nothing', async () => {
    const { page } = await signInAs('admin', { path: '/admin/hotel-assignments' });
    await page.getByRole('heading', { name: 'Hotel Assignments' }).waitFor();
    const confirmation = `LOST-${uniqueWord()}`;
    const file = { name: 'lost.csv', mimeType: 'text/csv', buffer: Buffer.from(`Guest,Confirmation\nLost Answer,${confirmation}\n`) };
    await page.getByLabel('Rooming list (CSV)').setInputFiles(file);
    const importer = page.locator('.rooming-import');
    // the server takes the import; its answer never reaches the page
    await page.route(
      (url) => url.pathname.endsWith('/hotel-assignments/import') && !url.search.includes('dryRun'),
      async (route) => {
        await route.fetch();
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await importer.getByRole('button', { name: 'Import 1 row' }).click();
    const said = importer.locator('.actions + [role="alert"]');
    await said.getByText('It may have been saved before the answer was lost', { exact: false }).waitFor();
    await importer.getByRole('button', { name: 'Import 1 row' }).click();
    await page.getByText('Imported 1 row from lost.csv: 0 new, 0 updated, 1 unchanged.').waitFor();
  });

  it('links every exact match in one step, after a preview, and leaves a shared first name for Find Match', async () => {
    const [la, lb] = [uniqueWord(), uniqueWord()];
    const a = await createFamily({
      firstName: 'Bich',
      lastName: la,
      flight: { flightNumber: 'UA 301', flightDate: '2025-11-27', flightTime: '09:00' },
    });
    const b = await createFamily({
      firstName: 'Cuong',
      lastName: lb,
      flight: { flightNumber: 'UA 302', flightDate: '2025-11-27', flightTime: '09:30' },
    });
    const [ca, cb, cc] = [conf('EXA'), conf('EXB'), conf('EXC')];
    await importRoomingCsv(
      [
        'Guest Name,Confirmation Number,Check-in,Check-out',
        `"${la}, Bich",${ca},2025-11-27,2025-11-30`,
        `Cuong ${lb},${cb},2025-11-27,2025-11-30`,
        `Bich Zz${la},${cc},2025-11-27,2025-11-30`,
      ].join('\n'),
    );
    const { page } = await signInAs('admin', { path: '/admin/hotel-assignments' });
    await page.getByRole('button', { name: /^Match exact names \(\d+\)$/ }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: 'Match exact names' });
    await dialog.getByText(`${la}, Bich (${ca}) → Bich ${la} (${a.registrationNumber})`).waitFor();
    await dialog.getByText(`Cuong ${lb} (${cb}) → Cuong ${lb} (${b.registrationNumber})`).waitFor();
    await expect.poll(() => dialog.getByText(`(${cc})`, { exact: false }).count()).toBe(0); // only a first name agrees
    await dialog.getByRole('button', { name: /^Link \d+ bookings?$/ }).click();
    await page.getByText(/^Linked \d+ bookings? to the registration of the same name\.$/).waitFor({ timeout: 60_000 });
    await expect.poll(async () => (await bookingByConfirmation(ca))?.registration_id).toBe(a.registrationId);
    await expect.poll(async () => (await bookingByConfirmation(cb))?.registration_id).toBe(b.registrationId);
    expect((await bookingByConfirmation(cc))?.registration_id).toBeNull();
  });

  it('exact matches linked with no signal: the sentence follows the links once the signal returns', async () => {
    const last = uniqueWord();
    const family = await createFamily({
      firstName: 'Dao',
      lastName: last,
      flight: { flightNumber: 'UA 303', flightDate: '2025-11-27', flightTime: '10:00' },
    });
    const c = conf('EXO');
    await importRoomingCsv(['Guest Name,Confirmation Number,Check-in,Check-out', `Dao ${last},${c},2025-11-27,2025-11-30`].join('\n'));
    const { page } = await signInAs('admin', { path: '/admin/hotel-assignments' });
    await page.getByRole('button', { name: /^Match exact names \(\d+\)$/ }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: 'Match exact names' });
    await dialog.getByText(`Dao ${last} (${c})`, { exact: false }).waitFor({ timeout: 30_000 });
    await page.context().setOffline(true);
    await dialog.getByRole('button', { name: /^Link \d+ bookings?$/ }).click();
    const kept = page.getByText(
      /^Linked [1-9]\d* bookings? to the registration of the same name on this device: (it is|they are) sent when the connection returns\.$/,
    );
    await kept.waitFor({ timeout: 30_000 });
    await page.context().setOffline(false);
    await expect.poll(async () => (await bookingByConfirmation(c))?.registration_id, { timeout: 30_000 }).toBe(family.registrationId);
    await page
      .locator('.alert')
      .filter({ hasText: /^Linked [1-9]\d* bookings? to the registration of the same name\.$/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await expect.poll(() => kept.count()).toBe(0);
  });
});
