/**
 * A greeter at the airport on each engine: the arrivals load and the app is installed; the server goes
 * unreachable; the app reloads from its own copy, three pickups are ticked and show at once as not
 * synced, survive another reload, and reach the server when it is back. Prints the engine's timings
 * (docs/quality.md "Browser engines").
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { server } from '../../e2e/helpers/playwright-utils';
import { createFamily, serverArrival, uniqueWord } from '../../e2e/helpers/staff-data';
import { control, fill, signIn, waitForElement, waitForServiceWorker, waitForText } from '../helpers/actions';
import { startProxy, type Proxy } from '../helpers/proxy';
import { engineFromEnv, openTab, type Tab } from '../helpers/tab';
import { reportTiming } from '../helpers/timings';

const engine = engineFromEnv();
const DAY = '2025-11-29';
let proxy: Proxy;
let tab: Tab | null = null;

beforeAll(async () => {
  proxy = await startProxy(server().baseUrl);
});
afterEach(async () => {
  await tab?.close();
  tab = null;
  await proxy.up();
});
afterAll(() => proxy.close());

describe(`a greeter's pickups with the server unreachable (${engine})`, () => {
  it('reloads offline, ticks three pickups that show at once and survive a reload, and they reach the server when it is back', async () => {
    const flight = `ZE ${1000 + (randomBytes(2).readUInt16BE() % 9000)}`;
    const families = await Promise.all(
      ['Nadia', 'Omar', 'Pilar'].map((firstName) =>
        createFamily({ firstName, lastName: uniqueWord(), flight: { flightNumber: flight, flightDate: DAY, flightTime: '16:45' } }),
      ),
    );
    tab = await openTab(engine);
    const { user } = await signIn(tab, proxy.origin, 'greeter', `/admin/flight-arrivals?date=${DAY}`);
    for (const f of families) await waitForText(tab, f.registrationNumber, 30_000);
    await waitForServiceWorker(tab);

    await proxy.down();
    let started = Date.now();
    await tab.reload();
    await waitForText(tab, families[0].registrationNumber, 30_000);
    reportTiming(engine, 'offline reload to first row', Date.now() - started);

    await fill(tab, control('Search'), flight);
    const box = (f: (typeof families)[number]) => `//input[@type="checkbox" and contains(@aria-label, "(${f.registrationNumber})")]`;
    started = Date.now();
    await tab.click(box(families[0]));
    await waitForText(tab, '1 not synced');
    reportTiming(engine, 'tap to shown', Date.now() - started);
    for (const f of families.slice(1)) await tab.click(box(f));
    await waitForText(tab, '3 not synced');
    for (const f of families) expect((await serverArrival(f.flightId, DAY))?.picked_up).toBe(false);

    await tab.reload();
    await waitForText(tab, '3 not synced', 30_000);
    await waitForElement(tab, `${box(families[2])}[@checked or true]`);

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
});
