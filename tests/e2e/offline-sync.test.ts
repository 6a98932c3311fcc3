/**
 * Offline-first staff screens , in Chromium with the network cut (context.setOffline):
 *  - a greeter loads the arrivals, goes offline, reloads the app, ticks three pickups and sees
 *    '3 not synced'; back online they reach the server, and a second signed-in browser sees them after its
 *    own sync;
 *  - an admin links a hotel booking offline and it lands on the server when back online;
 *  - a link whose booking was linked elsewhere meanwhile (through the API) shows as a conflict in the
 *    sync panel, with 'Keep server' / 'Retry'.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, goOffline, newPage, setupBrowser, signInAs, waitForServiceWorker } from './helpers/playwright-utils';
import { storedRows } from './helpers/offline-copy';
import {
  bookingByConfirmation,
  createFamily,
  importRoomingCsv,
  seedToken,
  serverArrival,
  serverRegistration,
  uniqueWord,
} from './helpers/staff-data';

setupBrowser();

const PHONE = { width: 390, height: 844 };
const DAY = '2025-11-29';

describe('greeter pickups with no signal', () => {
  it('ticks three pickups offline after a reload, shows 3 not synced, and syncs them to the server and another device', async () => {
    const flight = `ZX ${1000 + (randomBytes(2).readUInt16BE() % 9000)}`;
    const families = await Promise.all(
      ['Nadia', 'Omar', 'Pilar'].map((firstName) =>
        createFamily({ firstName, lastName: uniqueWord(), flight: { flightNumber: flight, flightDate: DAY, flightTime: '16:45' } }),
      ),
    );
    const path = `/admin/flight-arrivals?date=${DAY}`;

    const { page, user } = await signInAs('greeter', { page: await newPage({ viewport: PHONE }), path });
    const group = page.locator('.flight-group', { hasText: families[0].registrationNumber });
    await group.waitFor();
    await waitForServiceWorker(page);

    // a second greeter on a laptop, online all along
    const { page: other } = await signInAs('greeter', { path });
    for (const f of families) await other.locator('tr', { hasText: f.registrationNumber }).waitFor();

    await goOffline(page.context());
    await page.reload();
    await page.getByRole('heading', { name: 'Flight Arrivals Dashboard' }).waitFor();
    const bar = page.getByRole('status').filter({ hasText: 'not synced' });
    await bar.getByText('Offline', { exact: true }).waitFor();

    await page.getByLabel('Search').fill(flight);
    await group.waitFor();
    for (const f of families) {
      await group.getByRole('checkbox', { name: new RegExp(`\\(${f.registrationNumber}\\)`) }).check();
    }
    await bar.getByText('3 not synced').waitFor();
    await expect.poll(() => group.getByText('Not synced yet').count()).toBe(3);
    for (const f of families) expect((await serverArrival(f.flightId, DAY))?.picked_up).toBe(false);

    // the details modal offline: the copy on this device
    await group.getByRole('button', { name: families[0].registrationNumber }).click();
    const dialog = page.getByRole('dialog', { name: 'Registration Details' });
    await dialog.getByText('Offline: showing the copy saved on this device.').waitFor();
    await dialog.getByRole('cell', { name: families[0].name }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.context().setOffline(false);
    await bar.getByText('0 not synced').waitFor({ timeout: 30_000 });
    for (const f of families) {
      const row = await serverArrival(f.flightId, DAY);
      expect(row?.picked_up).toBe(true);
      expect(row?.picked_up_by).toBe(`Gus ${user.last_name}`);
    }

    // the other greeter's device, after its sync: ticked, with who did it
    await other.getByRole('button', { name: 'Sync details' }).click();
    await other.getByRole('dialog', { name: 'Sync details' }).getByRole('button', { name: 'Sync now' }).click();
    await other.keyboard.press('Escape');
    for (const f of families) {
      const row = other.locator('tr', { hasText: f.registrationNumber });
      await expect.poll(() => row.getByRole('checkbox').isChecked(), { timeout: 15_000 }).toBe(true);
      await row.getByText(`by Gus ${user.last_name} on another phone`).waitFor();
    }
  });
});

describe('admin hotel links with no signal', () => {
  it('links a booking offline and it lands on the server when back online', async () => {
    const last = uniqueWord();
    const family = await createFamily({
      firstName: 'Aabel',
      lastName: last,
      flight: { flightNumber: 'WN 10', flightDate: DAY, flightTime: '12:00' },
    });
    const confirmation = `OFF${randomBytes(3).toString('hex').toUpperCase()}`;
    await importRoomingCsv(
      `Guest Name,Confirmation Number,Room Number,Check-in,Check-out\nAabel ${last},${confirmation},733,2025-11-29,2025-12-01\n`,
    );

    const { page } = await signInAs('admin', { path: '/admin/hotel-assignments' });
    const card = page.locator('.booking-card', { hasText: confirmation });
    await card.waitFor();
    await waitForServiceWorker(page);

    await goOffline(page.context());
    await page.reload();
    await card.waitFor();
    await card.getByRole('button', { name: 'Find Match' }).click();
    await card.locator('.candidate', { hasText: family.registrationNumber }).getByRole('button', { name: 'Link' }).click();
    await page
      .getByText(
        `Linked Aabel ${last} to Aabel ${last} (${family.registrationNumber}) on this device. It will reach the server when the connection returns.`,
      )
      .waitFor();
    await card.waitFor({ state: 'detached' });
    await page.getByText('1 not synced').waitFor();
    expect((await serverRegistration(family.registrationId)).hotel_confirmation_number).toBeNull();

    await page.context().setOffline(false);
    await page.getByText('0 not synced').waitFor({ timeout: 30_000 });
    const reg = await serverRegistration(family.registrationId);
    expect(reg.hotel_confirmation_number).toBe(confirmation);
    expect(reg.hotel_room_number).toBe('733');
  });

  it('shows a booking linked elsewhere meanwhile as a conflict in the sync panel', async () => {
    const last = uniqueWord();
    const mine = await createFamily({
      firstName: 'Aacer',
      lastName: last,
      flight: { flightNumber: 'WN 20', flightDate: DAY, flightTime: '13:00' },
    });
    const theirs = await createFamily({
      firstName: 'Zed',
      lastName: uniqueWord(),
      flight: { flightNumber: 'WN 21', flightDate: DAY, flightTime: '13:30' },
    });
    const confirmation = `CON${randomBytes(3).toString('hex').toUpperCase()}`;
    await importRoomingCsv(`Guest Name,Confirmation Number,Check-in,Check-out\nAacer ${last},${confirmation},2025-11-29,2025-12-01\n`);
    const booking = await bookingByConfirmation(confirmation);

    const { page } = await signInAs('admin', { path: '/admin/hotel-assignments' });
    const card = page.locator('.booking-card', { hasText: confirmation });
    await card.waitFor();

    await goOffline(page.context());
    await card.getByRole('button', { name: 'Find Match' }).click();
    await card.locator('.candidate', { hasText: mine.registrationNumber }).getByRole('button', { name: 'Link' }).click();
    await page.getByText('1 not synced').waitFor();

    // meanwhile another admin links the same booking to another registration
    const elsewhere = await api('POST', `/hotel-assignments/${booking!.id}/match`, {
      token: await seedToken(),
      body: { registrationId: theirs.registrationId },
    });
    expect(elsewhere.status).toBe(200);

    await page.context().setOffline(false);
    await page.getByText('1 conflict').waitFor({ timeout: 30_000 });
    // the page's alert no longer promises the link will reach the server: it says what became of it
    await page
      .getByRole('alert')
      .filter({ hasText: `(${theirs.registrationNumber})` })
      .waitFor();
    await expect.poll(() => page.getByText('It will reach the server when the connection returns.').count()).toBe(0);
    await page.getByRole('button', { name: 'Resolve changes' }).click();
    const panel = page.getByRole('dialog', { name: 'Sync details' });
    const item = panel.locator('li', { hasText: confirmation });
    await item.getByText('Conflict', { exact: true }).waitFor();
    // the conflict names the registration that holds the booking
    await item.getByText(`This hotel booking is already linked to another registration (${theirs.registrationNumber})`).waitFor();
    await item.getByRole('button', { name: 'Retry' }).waitFor();
    // the server's side stays; the change leaves the device
    await item.getByRole('button', { name: 'Keep server' }).click();
    await panel.getByText('Every change on this device has reached the server.').waitFor();
    expect((await serverRegistration(theirs.registrationId)).hotel_confirmation_number).toBe(confirmation);
    expect((await serverRegistration(mine.registrationId)).hotel_confirmation_number).toBeNull();
  });
});

describe('an expired session', () => {
  it('keeps the unsent pickup through a new sign-in, then sends it', async () => {
    const family = await createFamily({
      firstName: 'Rhea',
      lastName: uniqueWord(),
      flight: { flightNumber: 'B6 44', flightDate: DAY, flightTime: '19:05' },
    });
    const { page, token, email, password, user } = await signInAs('greeter', { path: `/admin/flight-arrivals?date=${DAY}` });
    const row = page.locator('tr', { hasText: family.registrationNumber });
    await row.waitFor();

    await goOffline(page.context());
    await row.getByRole('checkbox').check();
    await page.getByText('1 not synced').waitFor();
    // the session ends meanwhile (revoked, or its 12 hours are over)
    const out = await api('POST', '/auth/logout', { token });
    expect(out.status).toBeLessThan(300);

    await page.context().setOffline(false);
    await page.waitForURL(/\/login$/, { timeout: 30_000 });
    await expect.poll(() => storedRows(page, 'outbox')).toBe(1);
    expect((await serverArrival(family.flightId, DAY))?.picked_up).toBe(false);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin\/flight-arrivals/);
    // (the status bar reads '0 not synced' for a moment while it mounts, so ask the server)
    await expect.poll(async () => (await serverArrival(family.flightId, DAY))?.picked_up, { timeout: 30_000 }).toBe(true);
    await page.getByText('0 not synced').waitFor();
    const server = await serverArrival(family.flightId, DAY);
    expect(server?.picked_up).toBe(true);
    expect(server?.picked_up_by).toBe(`Gus ${user.last_name}`);
  });
});

describe('signing out', () => {
  it('asks before discarding unsent pickups, then wipes the cached arrivals', async () => {
    const family = await createFamily({
      firstName: 'Quinn',
      lastName: uniqueWord(),
      flight: { flightNumber: 'B6 31', flightDate: DAY, flightTime: '18:20' },
    });
    const { page, user } = await signInAs('greeter', { path: `/admin/flight-arrivals?date=${DAY}` });
    const row = page.locator('tr', { hasText: family.registrationNumber });
    await row.waitFor();
    await expect.poll(() => storedRows(page, 'arrivals')).toBeGreaterThan(0);

    await goOffline(page.context());
    await row.getByRole('checkbox').check();
    await page.getByText('1 not synced').waitFor();

    const signOut = async () => {
      await page.getByRole('button', { name: `Gus ${user.last_name}` }).click();
      await page.getByRole('button', { name: 'Sign out' }).click();
    };
    // the choice is named: "Stay signed in" keeps the user signed in with the change
    await signOut();
    const question = page.getByRole('dialog', { name: 'Sign out with changes not sent?' });
    await question.getByText('1 change has not reached the server yet. Sign out anyway and discard it?').waitFor({ timeout: 10_000 });
    await question.getByRole('button', { name: 'Stay signed in' }).click();
    await expect.poll(() => question.count()).toBe(0);
    await page.getByText('1 not synced').waitFor();
    expect(page.url()).toContain('/admin/flight-arrivals');

    // "Discard 1 pending change" discards it and empties this device's copy
    await signOut();
    await question.getByRole('button', { name: 'Discard 1 pending change' }).click({ timeout: 10_000 });
    await page.waitForURL(/\/login$/, { timeout: 15_000 });
    await expect.poll(() => storedRows(page, 'arrivals')).toBe(0);
    await expect.poll(() => storedRows(page, 'outbox')).toBe(0);
    await page.context().setOffline(false);
    expect((await serverArrival(family.flightId, DAY))?.picked_up).toBe(false);
  });

  it("asks with the browser's own question when the dialog's code cannot be loaded (no signal, nothing cached), and stays signed in on Cancel", async () => {
    const family = await createFamily({
      firstName: 'Rhea',
      lastName: uniqueWord(),
      flight: { flightNumber: 'B6 32', flightDate: DAY, flightTime: '18:40' },
    });
    const page = await newPage({ serviceWorkers: 'block' });
    await page.route(/discard-changes-view-[^/]*\.js$/, (route) => route.abort());
    const { user } = await signInAs('greeter', { page, path: `/admin/flight-arrivals?date=${DAY}` });
    const row = page.locator('tr', { hasText: family.registrationNumber });
    await row.waitFor();
    await goOffline(page.context());
    await row.getByRole('checkbox').check();
    await page.getByText('1 not synced').waitFor();
    const asked: string[] = [];
    page.on('dialog', (d) => {
      asked.push(`${d.type()}: ${d.message()}`);
      void d.dismiss();
    });
    await page.getByRole('button', { name: `Gus ${user.last_name}` }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect
      .poll(() => asked, { timeout: 15_000 })
      .toEqual([expect.stringMatching(/^confirm: 1 change has not reached the server yet\. Sign out anyway and discard it\?/)]);
    await page.getByText('1 not synced').waitFor();
    expect(page.url()).toContain('/admin/flight-arrivals');
    expect(await storedRows(page, 'outbox')).toBe(1);
    await page.context().setOffline(false);
  });
});
