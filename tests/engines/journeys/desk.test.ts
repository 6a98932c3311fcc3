/**
 * The check-in desk on each engine with the server unreachable: a family found by its number, all
 * checked in and its balance taken, both shown at once and kept through a reload, and on the server once
 * it is back.
 */
import { describe, expect, it } from 'vitest';
import { adminToken, api } from '../../e2e/helpers/playwright-utils';
import { createFamily, uniqueWord } from '../../e2e/helpers/staff-data';
import {
  button,
  control,
  count,
  fill,
  horizontalOverflow,
  region,
  signIn,
  topOf,
  valueOf,
  waitForElement,
  waitForServiceWorker,
  waitForText,
  waitUntil,
} from '../helpers/actions';
import { setupJourney } from '../helpers/journey';
import { CAMERA_REFUSED } from '../../../pwa/features/check-in/components/scan-panel';

const journey = setupJourney();

/** The demo check-in user signed in on a new tab, at the desk once it shows its counter. */
async function openDesk() {
  const tab = await journey.open();
  await signIn(tab, journey.origin(), 'checkin', '/admin/check-in');
  await waitUntil(tab, "'Checked in N of M attendees'", () => /Checked in \d+ of \d+ attendees/.test(document.body.innerText), [], 30_000);
  return tab;
}

const registration = async (id: number) => (await api('GET', `/registrations/${id}`, { token: await adminToken() })).body;

describe(`the check-in desk with the server unreachable (${journey.engine})`, () => {
  it('checks a family in and takes its balance offline; both survive a reload and reach the server when it is back', async () => {
    const family = await createFamily({
      firstName: 'Khanh',
      lastName: uniqueWord(),
      others: [{ first_name: 'Lan', last_name: uniqueWord(), age_category: 'adult' }],
      flight: { flightNumber: 'UA 78', flightDate: '2025-11-27', flightTime: '10:00' },
    });
    const balance = (await registration(family.registrationId)).registration.balance_due as number;
    expect(balance).toBeGreaterThan(0);

    const tab = await openDesk();
    await waitForServiceWorker(tab);
    // the device's copy holds the family before the signal goes
    await fill(tab, control('Find a family'), family.registrationNumber);
    const card = region(`Party of ${family.name}`);
    await waitUntil(tab, 'the party card', (x: string) => !!document.evaluate(x, document, null, 9, null).singleNodeValue, [card], 30_000);

    await journey.proxy().down();
    await tab.click(button('Check in all', card));
    await tab.click(button('Record payment', card));
    const dialog = region(`Record payment: ${family.name}`);
    // the dialog (a chunk of its own) may still be opening: poll, as for any read right after an action
    await expect.poll(() => valueOf(tab, control('Amount', dialog)), { timeout: 15_000 }).toBe(balance.toFixed(2));
    await fill(tab, control('Method', dialog), 'card');
    await tab.click(button('Record payment', dialog));
    const due = `${card}//*[@data-testid="balance-due"]`;
    await waitUntil(
      tab,
      'a balance of $0.00',
      (x: string) => document.evaluate(x, document, null, 9, null).singleNodeValue?.textContent === '$0.00',
      [due],
    );

    await tab.reload();
    await fill(tab, control('Find a family'), family.registrationNumber);
    await waitForText(tab, 'Not synced yet', 30_000);
    expect(await count(tab, `${card}//*[normalize-space()="Not synced yet"]`)).toBe(3);
    const offline = await registration(family.registrationId);
    expect(offline.registration.paid_amount).toBe(0);

    await journey.proxy().up();
    const deadline = Date.now() + 60_000;
    for (;;) {
      const now = await registration(family.registrationId);
      const state = [now.registration.paid_amount, now.attendees.filter((a: { checked_in: boolean }) => a.checked_in).length];
      if (state[0] === balance && state[1] === 2) break;
      if (Date.now() > deadline) throw new Error(`not synced: ${JSON.stringify(state)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    await waitUntil(tab, 'no unsynced change', () => !document.body.innerText.includes('Not synced yet'), [], 30_000);
  });

  it('a refused camera says to type the number; typing it opens the party, whose check-ins do not move the next button', async () => {
    const family = await createFamily({
      firstName: 'Mai',
      lastName: uniqueWord(),
      others: [{ first_name: 'Tam', last_name: uniqueWord(), age_category: 'adult' }],
      flight: { flightNumber: 'UA 79', flightDate: '2025-11-27', flightTime: '11:00' },
    });
    const tab = await openDesk();
    const denied = await tab.denyCamera(journey.origin());
    await tab.click(button('Scan pass'));
    // where the driver cannot refuse the camera, the engine has none here: the same way out is offered
    await waitForText(tab, denied ? CAMERA_REFUSED : 'type the registration number in the search box instead.', 30_000);
    await fill(tab, control('Find a family'), family.registrationNumber);
    const card = region(`Party of ${family.name}`);
    await waitForElement(tab, card, { timeout: 30_000 });

    // the desk taps down the list: checking one attendee in must not push the next one's button away
    // measured from the top of the party's list: what the page shows above the card may come and go
    const next = `(${card}//button[starts-with(@aria-label, "Check in Tam ")])[1]`;
    const before = await topOf(tab, next, 'list');
    await tab.click(`(${card}//button[starts-with(@aria-label, "Check in Mai ")])[1]`);
    await waitForElement(tab, `(${card}//button[starts-with(@aria-label, "Undo check-in of Mai ")])[1]`);
    // the card's line says when and by whom (the page's counter also starts with "Checked in")
    await waitUntil(tab, "the card's 'Checked in … by …' line", () => /Checked in (?!\d+ of )[^\n]* by /.test(document.body.innerText), []);
    expect(await topOf(tab, next, 'list')).toBeCloseTo(before, 0);
    // and the line saying who checked them in never widens the page
    expect(await horizontalOverflow(tab)).toBe(0);
    await waitUntil(tab, 'no unsynced change', () => !document.body.innerText.includes('Not synced yet'), [], 30_000);
    expect(await topOf(tab, next, 'list')).toBeCloseTo(before, 0);
  });
});
