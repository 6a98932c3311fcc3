/**
 * A greeter at the airport on each engine: the arrivals load and the app is installed; the server goes
 * unreachable; the app reloads from its own copy, three pickups are ticked and show at once as not
 * synced, survive another reload, and reach the server when it is back. Prints the engine's timings
 * (docs/quality.md "Browser engines").
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFamily, serverArrival, uniqueWord } from '../../e2e/helpers/staff-data';
import { control, fill, horizontalOverflow, signIn, topOf, waitForServiceWorker, waitForText, waitUntil } from '../helpers/actions';
import { setupJourney } from '../helpers/journey';
import { reportTiming } from '../helpers/timings';

const journey = setupJourney();
const { engine } = journey;
const DAY = '2025-11-29';

describe(`a greeter's pickups with the server unreachable (${engine})`, () => {
  it('reloads offline, ticks three pickups that show at once and survive a reload, and they reach the server when it is back', async () => {
    const flight = `ZE ${1000 + (randomBytes(2).readUInt16BE() % 9000)}`;
    const families = await Promise.all(
      ['Nadia', 'Omar', 'Pilar'].map((firstName) =>
        createFamily({ firstName, lastName: uniqueWord(), flight: { flightNumber: flight, flightDate: DAY, flightTime: '16:45' } }),
      ),
    );
    const tab = await journey.open();
    const proxy = journey.proxy();
    const { user } = await signIn(tab, proxy.origin, 'greeter', `/admin/flight-arrivals?date=${DAY}`);
    for (const f of families) await waitForText(tab, f.registrationNumber, 30_000);
    await waitForServiceWorker(tab);
    // the app asked once to keep its storage (navigator.storage.persist), so the browser (an iPhone's
    // above all) does not evict the offline copy under pressure
    // (WebKitGTK has no navigator.storage.persist: nothing to ask there)
    await waitUntil(
      tab,
      'the request for persistent storage',
      () => !navigator.storage?.persist || localStorage.getItem('storage_persist_requested') !== null,
      [],
    );

    await proxy.down();
    let started = Date.now();
    await tab.reload();
    await waitForText(tab, families[0].registrationNumber, 30_000);
    reportTiming(engine, 'offline reload to first row', Date.now() - started);

    await fill(tab, control('Search'), flight);
    // the sync line is on screen (its code loads after the page's) before the next card is measured
    await waitForText(tab, '0 not synced', 30_000);
    const box = (f: (typeof families)[number]) => `//input[@type="checkbox" and contains(@aria-label, "(${f.registrationNumber})")]`;
    // where the next card's control is: a tap must not move it, or a quick second tap lands elsewhere
    const nextBefore = await topOf(tab, box(families[1]));
    started = Date.now();
    await tab.click(box(families[0]));
    await waitForText(tab, '1 not synced');
    reportTiming(engine, 'tap to shown', Date.now() - started);
    await waitForText(tab, 'Not synced yet');
    expect(await topOf(tab, box(families[1]))).toBeCloseTo(nextBefore, 0);
    // and the line saying who picked them up never widens the page
    expect(await horizontalOverflow(tab)).toBe(0);
    for (const f of families.slice(1)) await tab.click(box(f));
    await waitForText(tab, '3 not synced');
    for (const f of families) expect((await serverArrival(f.flightId, DAY))?.picked_up).toBe(false);

    await tab.reload();
    await waitForText(tab, '3 not synced', 30_000);
    // the three ticks are still ticked after the reload, from the device's own copy
    for (const f of families)
      expect(
        await waitUntil(
          tab,
          `${f.registrationNumber} still ticked`,
          (x: string) => (document.evaluate(x, document, null, 9, null).singleNodeValue as HTMLInputElement | null)?.checked,
          [box(f)],
        ),
      ).toBe(true);

    await proxy.up();
    started = Date.now();
    await waitForText(tab, '0 not synced', 60_000);
    reportTiming(engine, 'server back to synced', Date.now() - started);
    for (const f of families) {
      const row = await serverArrival(f.flightId, DAY);
      expect(row?.picked_up).toBe(true);
      expect(row?.picked_up_by).toBe(`Gus ${user.last_name}`);
    }
  });

  it('notices that the browser cleared its saved copy while still signed in, says so, and downloads it again', async () => {
    const family = await createFamily({
      firstName: 'Quinn',
      lastName: uniqueWord(),
      flight: { flightNumber: 'ZE 4242', flightDate: DAY, flightTime: '17:10' },
    });
    const tab = await journey.open();
    const proxy = journey.proxy();
    await signIn(tab, proxy.origin, 'greeter', `/admin/flight-arrivals?date=${DAY}`);
    await waitForText(tab, family.registrationNumber, 30_000);
    await waitForServiceWorker(tab);

    // what Safari does to a site unused for days, and Chromium under storage pressure: IndexedDB is gone,
    // the session in localStorage is not. Done from a page that does not run the app.
    await tab.goto(`${proxy.origin}/favicon.png`);
    const deleted = await tab.run(
      () =>
        new Promise<string>((resolve) => {
          const req = indexedDB.deleteDatabase('reunion-desk');
          req.onsuccess = () => resolve('deleted');
          req.onerror = () => resolve(`error ${String(req.error)}`);
          req.onblocked = () => resolve('blocked');
        }),
    );
    expect(deleted).toBe('deleted');

    await proxy.down();
    await tab.goto(`${proxy.origin}/admin/flight-arrivals?date=${DAY}`);
    await waitForText(tab, "The browser cleared this device's saved copy of the arrivals, and there is no connection", 30_000);
    const text = await tab.run(() => document.body.innerText);
    expect(text).not.toContain('No flight arrivals found');

    await proxy.up();
    await waitForText(tab, family.registrationNumber, 60_000);
    await waitUntil(tab, 'the notice gone', () => !document.body.innerText.includes('The browser cleared'), []);
  });
});
