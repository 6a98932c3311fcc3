/**
 * The greeter's phone (390×844, Chromium): what goes wrong at the airport must not. A tapped party stays
 * under the finger, so two quick taps on the same spot tick and then undo the same party; the first
 * Picked Up control is on the first screen, and the app's bar scrolls away with the page.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, apiLogin, createStaffUser, newPage, setupBrowser, signInAs, waitForServiceWorker } from './helpers/playwright-utils';
import { createFamily, seedToken, serverArrival, uniqueWord } from './helpers/staff-data';

setupBrowser();

const PHONE = { width: 390, height: 844 };
const DAY = '2025-11-25';

describe("the greeter's phone", () => {
  it('two quick taps on the same spot tick and then undo the same party; nothing moves under the finger', async () => {
    const tag = uniqueWord(6);
    const flight = () => `TP ${1000 + (randomBytes(2).readUInt16BE() % 9000)}`;
    // three parties on three flights of one day: the list shows them one after the other
    const families: Awaited<ReturnType<typeof createFamily>>[] = [];
    for (const [firstName, time] of [
      ['Amara', '09:00'],
      ['Bayo', '09:30'],
      ['Chidi', '10:00'],
    ] as const) {
      families.push(
        await createFamily({ firstName, lastName: tag, flight: { flightNumber: flight(), flightDate: DAY, flightTime: time } }),
      );
    }
    const { page } = await signInAs('greeter', { page: await newPage({ viewport: PHONE }), path: `/admin/flight-arrivals?date=${DAY}` });
    await page.getByLabel('Search').fill(tag);
    const controls = page.locator('.pickup-big');
    await expect.poll(() => controls.count()).toBe(3);
    const first = controls.first();
    const party = await first.locator('input').getAttribute('aria-label');
    const box = (await first.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;

    await page.mouse.click(x, y);
    await expect.poll(() => page.getByRole('checkbox', { name: party! }).isChecked()).toBe(true);
    // the tap has reached the device's copy (the note comes from it): a list that reorders has done so now
    await page.locator('.pickup-note').first().waitFor();
    await page.waitForTimeout(300);
    // the party is still there, dimmed, its control now the undo
    await expect.poll(() => controls.first().locator('input').getAttribute('aria-label')).toBe(party);
    await controls.first().getByText('Picked up · Undo').waitFor();

    await page.mouse.click(x, y);
    await expect.poll(() => page.getByRole('checkbox', { name: party! }).isChecked()).toBe(false);
    await page.getByText('0 not synced').waitFor({ timeout: 15_000 });
    // the server has the tick and its undo, for that party alone
    const tapped = families.find((f) => party!.includes(f.registrationNumber))!;
    const actions = async (f: (typeof families)[number]) =>
      (await api('GET', `/registrations/${f.registrationId}/history?limit=50`, { token: await seedToken() })).body.history
        .map((h: { action: string }) => h.action)
        .filter((a: string) => a.startsWith('flight.pickup'));
    await expect.poll(() => actions(tapped), { timeout: 15_000 }).toEqual(['flight.pickup_clear', 'flight.pickup']);
    for (const f of families) {
      expect((await serverArrival(f.flightId, DAY))?.picked_up).toBe(false);
      if (f !== tapped) expect(await actions(f)).toEqual([]);
    }
    for (const c of await page.getByRole('checkbox').all()) expect(await c.isChecked()).toBe(false);
  });

  it('a tick keeps its place, through a scroll too, until the greeter taps Sort', async () => {
    const tag = uniqueWord(6);
    for (const [firstName, time] of [
      ['Ebun', '09:00'],
      ['Femi', '09:30'],
    ] as const) {
      await createFamily({
        firstName,
        lastName: tag,
        flight: { flightNumber: `TS ${time.replace(':', '')}`, flightDate: DAY, flightTime: time },
      });
    }
    const { page } = await signInAs('greeter', { page: await newPage({ viewport: PHONE }), path: `/admin/flight-arrivals?date=${DAY}` });
    await page.getByLabel('Search').fill(tag);
    const controls = page.locator('.pickup-big');
    await expect.poll(() => controls.count()).toBe(2);
    const sort = page.getByRole('button', { name: 'Sort by next to land' });
    expect(await sort.isDisabled()).toBe(true);
    // both flights landed long ago (the day is past) with their family still to meet: each card says so
    const overdue = page.getByText('1 not met', { exact: true });
    await expect.poll(() => overdue.count()).toBe(2);
    const first = await controls.first().locator('input').getAttribute('aria-label');
    await controls.first().click();
    await page.locator('.pickup-note').first().waitFor();
    await expect.poll(() => overdue.count()).toBe(1);
    // picked up, the party now sorts after the one still waiting; the list holds it where it was
    await expect.poll(() => sort.isEnabled()).toBe(true);
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(600);
    await page.mouse.wheel(0, -400);
    await page.waitForTimeout(600);
    expect(await controls.first().locator('input').getAttribute('aria-label')).toBe(first);
    // nor does a letter of the search deleted: the next tap on that spot still undoes the same party
    await page.getByLabel('Search').press('End');
    await page.getByLabel('Search').press('Backspace');
    await page.waitForTimeout(600);
    expect(await controls.count()).toBe(2);
    expect(await controls.first().locator('input').getAttribute('aria-label')).toBe(first);
    // nor a search that finds nothing for a moment (a slip), then the name again
    await page.getByLabel('Search').fill(`${tag}qx`);
    await expect.poll(() => controls.count()).toBe(0);
    await page.getByLabel('Search').fill(tag);
    await expect.poll(() => controls.count()).toBe(2);
    expect(await controls.first().locator('input').getAttribute('aria-label')).toBe(first);
    await sort.click();
    await expect.poll(() => controls.last().locator('input').getAttribute('aria-label')).toBe(first);
    expect(await sort.isDisabled()).toBe(true);
  });

  it('the first Picked Up control lies within the first 844 px', async () => {
    const tag = uniqueWord(6);
    // a full first card, as the event's are: six in the registration (three names and '+3 more'), five on
    // this flight, a child seat and the family's instructions
    const child = (first_name: string) => ({ first_name, last_name: tag, age_category: 'child' as const });
    const adult = (first_name: string) => ({ first_name, last_name: tag, age_category: 'adult' as const });
    await createFamily({
      firstName: 'Dayo',
      lastName: tag,
      others: [adult('Tunde'), adult('Quentin'), child('Ada'), child('Bisi'), adult('Kemi')],
      flight: {
        flightNumber: 'FO 101',
        flightDate: DAY,
        flightTime: '11:00',
        adultsCount: 3,
        childrenCount: 2,
        childSeatsNeeded: 1,
        specialInstructions: 'Flight often delayed; will text when landed.',
      },
    });
    const { page } = await signInAs('greeter', { page: await newPage({ viewport: PHONE }), path: `/admin/flight-arrivals?date=${DAY}` });
    const control = page.locator('.pickup-big').first();
    await control.waitFor();
    const box = (await control.boundingBox())!;
    const bottom = box.y + box.height + (await page.evaluate(() => window.scrollY));
    console.log(`greeter phone: first Picked Up control ends at ${Math.round(bottom)} px`);
    expect(bottom).toBeLessThanOrEqual(844);
    // down a long list (a day of 900 arrivals: stood in for by a tall block), the app's bar has gone with
    // the page: nothing of it lies over the cards
    await page.evaluate(() =>
      document.querySelector('.admin-content')!.append(Object.assign(document.createElement('div'), { style: 'height: 3000px' })),
    );
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    const bar = (await page.getByRole('banner').boundingBox())!;
    expect(bar.y + bar.height).toBeLessThanOrEqual(0);
    // the sync line has not: online or not, what waits to be sent and the last sync stay in view
    const sync = page.locator('.sync-status');
    const line = (await sync.boundingBox())!;
    expect(line.y).toBeGreaterThanOrEqual(0);
    expect(line.y + line.height).toBeLessThanOrEqual(120);
    expect(await sync.innerText()).toMatch(/Online[\s\S]*0 not synced[\s\S]*Last synced/);
  });

  it("in the session's last hour its notice stays at the foot of the screen, clear of the sync line at the page's top and down the list; at double-size text the line's last sync is whole", async () => {
    for (const viewport of [PHONE, { width: 320, height: 568 }, { width: 744, height: 1133 }]) {
      const { page } = await signInAs('greeter', { page: await newPage({ viewport }), path: `/admin/flight-arrivals?date=${DAY}` });
      // once the app has read the session's end from the server, forty minutes are left of it
      await expect.poll(() => page.evaluate(() => localStorage.getItem('token_expires_at'))).not.toBeNull();
      await page.evaluate(() => localStorage.setItem('token_expires_at', new Date(Date.now() + 40 * 60_000).toISOString()));
      await page.reload();
      await page.getByText(/^Your session ends at/).waitFor();
      const clear = async () => {
        const line = (await page.locator('.sync-status').boundingBox())!;
        const banner = (await page.locator('.session-banner').boundingBox())!;
        expect(line.y).toBeGreaterThanOrEqual(0);
        expect(banner.y).toBeGreaterThanOrEqual(line.y + line.height);
        expect(banner.y + banner.height).toBeLessThanOrEqual(viewport.height);
      };
      await clear();
      await page.evaluate(() =>
        document.querySelector('.admin-content')!.append(Object.assign(document.createElement('div'), { style: 'height: 3000px' })),
      );
      await page.mouse.wheel(0, 800);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
      await clear();
      await page.close();
    }
    const { page } = await signInAs('greeter', {
      page: await newPage({ viewport: { width: 360, height: 740 } }),
      path: `/admin/flight-arrivals?date=${DAY}`,
    });
    await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
    const last = page.locator('.sync-last');
    await expect.poll(() => last.innerText()).toMatch(/Last synced/);
    const box = (await last.boundingBox())!;
    const line = (await page.locator('.sync-status').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(line.x + line.width + 1);
  });
});

describe("the greeter's tablet held upright", () => {
  it("keeps the sync line at the top down a long list; the app's bar, which can wrap to two rows there, scrolls away", async () => {
    const { page } = await signInAs('greeter', {
      page: await newPage({ viewport: { width: 744, height: 1133 } }),
      path: `/admin/flight-arrivals?date=${DAY}`,
    });
    await page.locator('.sync-status').waitFor();
    // a long event name wraps the bar to two rows
    await page.evaluate(() => {
      document.querySelector('.brand')!.textContent = 'The Johnson and Okonkwo Family Reunion 2026';
      document.querySelector('.admin-content')!.append(Object.assign(document.createElement('div'), { style: 'height: 3000px' }));
    });
    await page.mouse.wheel(0, 800);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
    const bar = (await page.getByRole('banner').boundingBox())!;
    expect(bar.y + bar.height).toBeLessThanOrEqual(0);
    const line = (await page.locator('.sync-status').boundingBox())!;
    expect(line.y).toBeGreaterThanOrEqual(0);
    expect(line.y).toBeLessThan(20);
  });
});

describe('who picked up', () => {
  it("a party met by a greeter with a long name on another phone says so in full, and the card's control does not move", async () => {
    const tag = uniqueWord(6);
    const f = await createFamily({
      firstName: 'Obi',
      lastName: tag,
      flight: { flightNumber: 'OV 35', flightDate: DAY, flightTime: '14:00' },
    });
    const other = await createStaffUser('greeter', { first_name: 'Maximiliana', last_name: 'Worthington-Smythe' });
    const { page } = await signInAs('greeter', { page: await newPage({ viewport: PHONE }), path: `/admin/flight-arrivals?date=${DAY}` });
    await page.getByLabel('Search').fill(tag);
    const party = page.locator('.party', { hasText: f.registrationNumber });
    await party.waitFor();
    const before = (await party.locator('.party-call').boundingBox())!.y;

    const res = await api('POST', `/flight-info/admin/flight-pickups/${f.flightId}`, {
      token: await apiLogin(other.email, other.password),
      body: { picked_up: true, clientTime: new Date().toISOString(), deviceId: 'second-phone' },
    });
    expect(res.status).toBe(200);
    await page.getByRole('button', { name: 'Sync details' }).click();
    await page.getByRole('dialog', { name: 'Sync details' }).getByRole('button', { name: 'Sync now' }).click();
    await page.keyboard.press('Escape');
    const note = party.locator('.pickup-note');
    await note.getByText('by Maximiliana Worthington-Smythe on another phone', { exact: false }).waitFor({ timeout: 15_000 });
    // all of it shows: nothing cut off at the side or below
    expect(await note.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    expect((await party.locator('.party-call').boundingBox())!.y).toBeCloseTo(before, 0);
  });
});

describe('who is on this flight', () => {
  it('a single child on a flight: one passenger on this flight, the flag, and the registration named as such', async () => {
    const tag = uniqueWord(6);
    const f = await createFamily({
      firstName: 'Kwame',
      lastName: tag,
      others: [
        { first_name: 'William', last_name: tag, age_category: 'child' },
        { first_name: 'Michelle', last_name: tag, age_category: 'adult' },
      ],
      flight: { flightNumber: 'UC 7', flightDate: DAY, flightTime: '12:15', adultsCount: 0, childrenCount: 1 },
    });
    const { page } = await signInAs('greeter', { page: await newPage({ viewport: PHONE }), path: `/admin/flight-arrivals?date=${DAY}` });
    await page.getByLabel('Search').fill(tag);
    const party = page.locator('.party', { hasText: f.registrationNumber });
    await party.getByText('On this flight: 1 passenger (0 adults, 1 child)').waitFor();
    await party.getByText('Child travelling without an adult').waitFor();
    await party.getByText(/^Registration:/).waitFor();
  });
});

describe('a tap overridden elsewhere', () => {
  it('says so in the sync line and in Sync details: "Your … pickup of … was undone by … at …"', async () => {
    const tag = uniqueWord(6);
    const f = await createFamily({
      firstName: 'Ngozi',
      lastName: tag,
      flight: { flightNumber: 'OV 34', flightDate: DAY, flightTime: '13:00' },
    });
    const { page } = await signInAs('greeter', { page: await newPage({ viewport: PHONE }), path: `/admin/flight-arrivals?date=${DAY}` });
    await page.getByLabel('Search').fill(tag);
    const party = page.locator('.party', { hasText: f.registrationNumber });
    await party.waitFor();
    await waitForServiceWorker(page);

    await page.context().setOffline(true);
    await party.getByRole('checkbox').check();
    await party.getByText('Not synced yet').waitFor();
    // meanwhile a coordinator ticks and unticks the same family, online
    const admin = await seedToken();
    for (const picked of [true, false]) {
      const res = await api('POST', `/flight-info/admin/flight-pickups/${f.flightId}`, {
        token: admin,
        body: { picked_up: picked, clientTime: new Date(Date.now() + 1000).toISOString(), deviceId: 'coordinator-laptop' },
      });
      expect(res.status).toBe(200);
    }

    await page.context().setOffline(false);
    const line = page.getByRole('status').filter({ hasText: 'not synced' });
    await line.getByText('1 tap changed elsewhere').waitFor({ timeout: 30_000 });
    await expect.poll(() => party.getByRole('checkbox').isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Resolve changes' }).click();
    const panel = page.getByRole('dialog', { name: 'Sync details' });
    await panel.getByText(new RegExp(`^Your \\d{1,2}:\\d{2} pickup of Ngozi ${tag} was undone by .+ at \\d{1,2}:\\d{2}$`)).waitFor();
    await panel.getByRole('button', { name: 'Mark as read' }).click();
    await expect.poll(() => line.getByText('1 tap changed elsewhere').count()).toBe(0);
    await panel.getByRole('button', { name: 'Close' }).click();
  });
});
