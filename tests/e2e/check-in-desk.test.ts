/**
 * The check-in desk in Chromium (docs/product.md#check-in-desk): check-in staff find a family from the
 * device's copy by any member's name, then, with the network cut and the app reloaded, check the whole
 * family in and take the balance; both show at once as not synced, and reach the server once the
 * network is back.
 */
import { describe, expect, it } from 'vitest';
import {
  adminToken as seedToken,
  api,
  createStaffUser,
  goOffline,
  newPage,
  readMail,
  setupBrowser,
  signInAs,
  waitForServiceWorker,
} from './helpers/playwright-utils';
import { createFamily, uniqueWord } from './helpers/staff-data';
import { storedRows } from './helpers/offline-copy';

setupBrowser();

const PHONE = { width: 390, height: 844 };

describe('the check-in desk', () => {
  it("a misspelt name offers close matches; the phone's Back returns from a party to the matches; a part payment typed replaces the prefilled balance", async () => {
    const word = uniqueWord();
    const families = [];
    for (const firstName of ['Oanh', 'Phuc']) {
      families.push(
        await createFamily({ firstName, lastName: word, flight: { flightNumber: 'UA 79', flightDate: '2025-11-27', flightTime: '11:00' } }),
      );
    }
    const { page } = await signInAs('checkin', { page: await newPage({ viewport: PHONE }), path: '/admin/check-in' });
    // the name misspelt (a vowel for one letter: no name has it): nothing matches, but the family is offered
    const misspelt = `${word.slice(0, 3)}a${word.slice(4)}`;
    await page.getByLabel('Find a family').fill(misspelt);
    await page.getByText(`No registration on this device matches “${misspelt}”.`).waitFor({ timeout: 30_000 });
    const close = page.getByRole('list', { name: 'Close matches' });
    for (const f of families) await close.getByRole('button', { name: new RegExp(`^${f.name}`) }).waitFor();
    await page.getByLabel('Find a family').fill(word);
    const matches = page.getByRole('list', { name: 'Matching families' });
    await matches.getByRole('button', { name: new RegExp(`^${families[0].name}`) }).click({ timeout: 30_000 });
    const card = page.getByRole('region', { name: `Party of ${families[0].name}` });
    await card.waitFor();
    await page.goBack();
    await matches.waitFor();
    await expect.poll(() => card.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/admin/check-in');

    await matches.getByRole('button', { name: new RegExp(`^${families[1].name}`) }).click();
    const second = page.getByRole('region', { name: `Party of ${families[1].name}` });
    await second.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog', { name: `Record payment: ${families[1].name}` });
    // the dialog opens with the amount focused: typing straight away replaces the balance
    await expect.poll(() => dialog.getByLabel('Amount').evaluate((el) => el === document.activeElement)).toBe(true);
    // an amount refused: back on Amount, its text selected, so the next number typed replaces it
    await page.keyboard.type('0');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await dialog.getByText('Enter an amount above $0.00, like 120 or 120.50').waitFor();
    await expect.poll(() => dialog.getByLabel('Amount').evaluate((el) => el === document.activeElement)).toBe(true);
    // and refused by Enter in the box itself (focus never left it)
    await page.keyboard.type('0');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByLabel('Amount').evaluate((el: HTMLInputElement) => el.selectionEnd! - el.selectionStart!)).toBe(1);
    await page.keyboard.type('100');
    expect(await dialog.getByLabel('Amount').inputValue()).toBe('100');
    // recorded with Enter: the dialog closes and focus is back on the button that opened it, not on the page
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect
      .poll(() => second.getByRole('button', { name: 'Record payment' }).evaluate((el) => el === document.activeElement))
      .toBe(true);
    // and it is said, on the card and to a screen reader: the desk does not take it again
    await expect
      .poll(() => second.getByRole('status').filter({ hasText: 'Payment of' }).textContent())
      .toBe('Payment of $100.00 recorded.');

    // the rest, with the keyboard only, after checking everyone in: Record payment goes, and the keyboard
    // lands on the sentence, so one more Enter undoes no check-in
    await second.getByRole('button', { name: 'Check in all' }).click();
    await expect.poll(() => second.getByRole('button', { name: /^Undo check-in/ }).count()).toBeGreaterThan(0);
    await second.getByRole('button', { name: 'Record payment' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByLabel('Amount').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const said = second.getByRole('status').filter({ hasText: 'Payment of' });
    await expect.poll(() => said.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.waitForTimeout(500);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(500);
    expect(await second.getByRole('button', { name: /^Undo check-in/ }).count()).toBeGreaterThan(0);
    expect(await second.getByRole('button', { name: /^Check in / }).count()).toBe(0);
  });

  it('a name found inside another (Ian in Brian) lists the family rather than opening it; a double tap checks in once; the card says what is owed first', async () => {
    const word = uniqueWord();
    const family = await createFamily({
      firstName: 'Francois',
      lastName: word,
      others: [{ first_name: 'Brian', last_name: word, age_category: 'adult' }],
      flight: { flightNumber: 'UA 81', flightDate: '2025-11-27', flightTime: '12:00' },
    });
    const { page } = await signInAs('checkin', { page: await newPage({ viewport: PHONE }), path: '/admin/check-in' });
    const search = page.getByLabel('Find a family');
    await search.fill(`Ian ${word}`);
    const matches = page.getByRole('list', { name: 'Matching families' });
    await matches.getByRole('button', { name: new RegExp(`^${family.name}.*with Brian ${word}`, 'i') }).waitFor({ timeout: 30_000 });
    const card = page.getByRole('region', { name: `Party of ${family.name}` });
    expect(await card.count()).toBe(0);
    // the start of a name opens the lone family at once
    await search.fill(`Bri ${word}`);
    await card.waitFor();
    await card
      .getByText(/^Still owes \$[\d,]+\.\d{2}: Record payment is under Balance due\.$/)
      .filter({ visible: true })
      .waitFor();
    // paid in full: "Nothing owed." in its place, and the Check in buttons stay where they were
    const francois = card.getByRole('button', { name: `Check in Francois ${word}` });
    // (its place in the card: the page itself may scroll to the dialog and back)
    const inCard = async () => (await francois.boundingBox())!.y - (await card.boundingBox())!.y;
    const before = await inCard();
    await card.getByRole('button', { name: 'Record payment' }).click();
    await page.keyboard.press('Enter');
    await card.getByText('Nothing owed.', { exact: true }).waitFor();
    expect(await inCard()).toBe(before);
    // a double click on one person's Check in is one tap: in, not in and out again
    await card.getByRole('button', { name: `Check in Brian ${word}` }).dblclick();
    await card.getByRole('button', { name: `Undo check-in of Brian ${word}` }).waitFor();
    await expect
      .poll(
        async () => {
          const reg = (await api('GET', `/registrations/${family.registrationId}`, { token: await seedToken() })).body;
          return reg.attendees.find((a: { first_name: string }) => a.first_name === 'Brian').checked_in;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    // nothing else waits to be sent: a second toggle, had there been one, has reached the server too
    await expect.poll(() => card.getByText('Not synced yet').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => storedRows(page, 'outbox').catch(() => -1)).toBe(0);
    const after = (await api('GET', `/registrations/${family.registrationId}`, { token: await seedToken() })).body;
    expect(after.attendees.find((a: { first_name: string }) => a.first_name === 'Brian').checked_in).toBe(true);
    // the next family: focusing the box selects the last one's text, so typing replaces it
    await page.getByRole('heading', { name: 'Check-in' }).click();
    await search.click();
    await expect.poll(() => search.evaluate((el: HTMLInputElement) => el.selectionEnd! - el.selectionStart!)).toBe(`Bri ${word}`.length);
    await page.keyboard.type('Francois');
    expect(await search.inputValue()).toBe('Francois');
  });

  it('with double-size text on a phone, the field the keyboard moves to in Record payment is never under its buttons', async () => {
    const family = await createFamily({
      firstName: 'Zoltan',
      lastName: uniqueWord(),
      flight: { flightNumber: 'UA 82', flightDate: '2025-11-27', flightTime: '12:30' },
    });
    const { page } = await signInAs('checkin', { page: await newPage({ viewport: PHONE }), path: '/admin/check-in' });
    await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
    await page.getByLabel('Find a family').fill(family.name);
    const card = page.getByRole('region', { name: `Party of ${family.name}` });
    await card.getByRole('button', { name: 'Record payment' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: `Record payment: ${family.name}` });
    await expect.poll(() => dialog.getByLabel('Amount').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    const method = dialog.getByLabel('Method');
    await expect.poll(() => method.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.waitForTimeout(300); // the scroll to the focused field
    const field = (await method.boundingBox())!;
    const buttons = (await dialog.locator('.actions').boundingBox())!;
    expect(field.y + field.height).toBeLessThanOrEqual(buttons.y + 1);
  });

  it('a swipe over an open dialog on a tablet leaves the page behind it where it was', async () => {
    const family = await createFamily({
      firstName: 'Wanjiru',
      lastName: uniqueWord(),
      flight: { flightNumber: 'UA 83', flightDate: '2025-11-27', flightTime: '12:45' },
    });
    const { page } = await signInAs('checkin', {
      page: await newPage({ viewport: { width: 744, height: 1133 } }),
      path: '/admin/check-in',
    });
    await page.getByLabel('Find a family').fill(family.name);
    const card = page.getByRole('region', { name: `Party of ${family.name}` });
    await card.getByRole('button', { name: 'Record payment' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: `Record payment: ${family.name}` });
    await dialog.getByLabel('Amount').waitFor();
    // a long page behind the dialog (a desk's day of matches)
    await page.evaluate(() =>
      document.querySelector('.admin-content')!.append(Object.assign(document.createElement('div'), { style: 'height: 3000px' })),
    );
    const before = await page.evaluate(() => window.scrollY);
    const box = (await dialog.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // closed, the page scrolls again
    await page.mouse.wheel(0, 800);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before);
  });

  it('on a phone the first letters typed take the search box to the top, just below the sync line, with the matches under it', async () => {
    const word = uniqueWord();
    for (const firstName of [
      'Abeni',
      'Bolu',
      'Chike',
      'Dapo',
      'Ebele',
      'Folake',
      'Gozie',
      'Hadiza',
      'Ifeoma',
      'Jide',
      'Kunle',
      'Lola',
      'Musa',
      'Nneka',
    ]) {
      await createFamily({ firstName, lastName: word, flight: { flightNumber: 'UA 90', flightDate: '2025-11-27', flightTime: '12:00' } });
    }
    const { page } = await signInAs('checkin', { page: await newPage({ viewport: PHONE }), path: '/admin/check-in' });
    const box = page.getByLabel('Find a family');
    // the families have reached the desk's copy (as at the desk, where it is downloaded before anyone types)
    await box.fill(word);
    await expect.poll(() => page.getByRole('list', { name: 'Matching families' }).getByRole('listitem').count()).toBe(14);
    await box.fill('');
    await page.evaluate(() => window.scrollTo(0, 0));
    await box.fill(word);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(50);
    await page.waitForTimeout(300);
    // the sync line's box stays at the top; the label and its box come right below it, not under it
    const line = (await page.getByRole('navigation', { name: 'Admin' }).boundingBox())!;
    const label = (await page.locator('label[for="desk-search"]').boundingBox())!;
    expect(line.y).toBeGreaterThanOrEqual(0);
    expect(label.y).toBeGreaterThanOrEqual(line.y + line.height);
    expect(label.y).toBeLessThan(200);
    // a second family: its name typed over the first's (selected when the box is tapped) goes up again
    await page.getByRole('list', { name: 'Matching families' }).getByRole('button').first().click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await box.click();
    await page.waitForTimeout(100); // the last name is selected a frame after the tap
    await page.keyboard.type(word);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(50);
    const again = (await page.locator('label[for="desk-search"]').boundingBox())!;
    expect(again.y).toBeGreaterThanOrEqual(line.y + line.height);
  });

  it("a payment taken elsewhere while the desk's Record payment is open: the dialog says the balance changed and prefills the new one", async () => {
    const family = await createFamily({
      firstName: 'Quyen',
      lastName: uniqueWord(),
      flight: { flightNumber: 'UA 81', flightDate: '2025-11-27', flightTime: '12:00' },
    });
    const { page } = await signInAs('checkin', { page: await newPage({ viewport: PHONE }), path: '/admin/check-in' });
    // the surname is the only one of its kind: its card opens at once
    await page.getByLabel('Find a family').fill(family.name);
    const card = page.getByRole('region', { name: `Party of ${family.name}` });
    await card.getByRole('button', { name: 'Record payment' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: `Record payment: ${family.name}` });
    const due = (await api('GET', `/registrations/${family.registrationId}`, { token: await seedToken() })).body.registration
      .balance_due as number;
    const money = (n: number) => `$${n.toFixed(2)}`;
    expect(await dialog.getByLabel('Amount').inputValue()).toBe(due.toFixed(2));
    // the office takes $100 while the desk's dialog is open; the desk hears of it through the live stream
    const paid = await api('POST', `/registrations/${family.registrationId}/payments`, {
      token: await seedToken(),
      body: { amount: 100, method: 'card', note: null },
    });
    expect(paid.status).toBe(201);
    await dialog
      .getByText(
        `The balance changed from ${money(due)} to ${money(due - 100)} while this was open (a payment or a fee change from another device).`,
      )
      .waitFor({ timeout: 30_000 });
    expect(await dialog.getByLabel('Amount').inputValue()).toBe((due - 100).toFixed(2));
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect
      .poll(
        async () =>
          (await api('GET', `/registrations/${family.registrationId}/payments`, { token: await seedToken() })).body.payments.length,
        { timeout: 30_000 },
      )
      .toBe(2);
  });

  it("an admin cancels the family while the desk's Record payment is open: the dialog says to take no money, and cannot record", async () => {
    const family = await createFamily({
      firstName: 'Ximena',
      lastName: uniqueWord(),
      flight: { flightNumber: 'UA 82', flightDate: '2025-11-27', flightTime: '12:00' },
    });
    const { page } = await signInAs('checkin', { page: await newPage({ viewport: PHONE }), path: '/admin/check-in' });
    await page.getByLabel('Find a family').fill(family.name);
    const card = page.getByRole('region', { name: `Party of ${family.name}` });
    await card.getByRole('button', { name: 'Record payment' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: `Record payment: ${family.name}` });
    await dialog.getByLabel('Amount').waitFor();
    const cancelled = await api('POST', `/registrations/${family.registrationId}/cancel`, {
      token: await seedToken(),
      body: { reason: 'Duplicate registration' },
    });
    expect(cancelled.status).toBe(200);
    await dialog
      .getByText('This registration was cancelled while this was open: take no money. Send the family to an organiser.')
      .waitFor({ timeout: 30_000 });
    expect(await dialog.getByRole('button', { name: 'Record payment' }).isDisabled()).toBe(true);
    // Enter in the amount records nothing either
    await dialog.getByLabel('Amount').press('Enter');
    await page.waitForTimeout(1000);
    expect(await dialog.isVisible()).toBe(true);
    const ledger = await api('GET', `/registrations/${family.registrationId}/payments`, { token: await seedToken() });
    expect(ledger.body.payments).toEqual([]);
  });

  it('finds a family by a first name and checks all in; offline, checks in another and takes its balance; both sync when the signal returns', async () => {
    const first = await createFamily({
      firstName: 'Thao',
      lastName: uniqueWord(),
      others: [{ first_name: 'Mỹ', last_name: uniqueWord(), age_category: 'child', dietary_restrictions: 'No peanuts' }],
      flight: { flightNumber: 'UA 77', flightDate: '2025-11-27', flightTime: '10:00' },
    });
    const second = await createFamily({
      firstName: 'Khanh',
      lastName: uniqueWord(),
      others: [{ first_name: 'Lan', last_name: uniqueWord(), age_category: 'adult' }],
      flight: { flightNumber: 'UA 78', flightDate: '2025-11-27', flightTime: '10:00' },
    });
    const server = async (id: number) => (await api('GET', `/registrations/${id}`, { token: await seedToken() })).body;
    const balance = (await server(second.registrationId)).registration.balance_due as number;
    expect(balance).toBeGreaterThan(0);

    const { page } = await signInAs('checkin', { page: await newPage({ viewport: PHONE }), path: '/admin/check-in' });
    await page.getByRole('heading', { name: 'Check-in' }).waitFor();
    await page.getByText(/^Checked in \d+ of \d+ attendees$/).waitFor();
    await waitForServiceWorker(page);

    // an attendee's first name, typed without its accent, answered from the device
    const search = page.getByLabel('Find a family');
    await search.fill('my');
    // one match opens its card at once, several are a list to choose from (the first download may still be arriving)
    const firstCard = page.getByRole('region', { name: `Party of ${first.name}` });
    const match = page.getByRole('button', { name: new RegExp(`^${first.name}`) });
    await firstCard.or(match).first().waitFor({ timeout: 30_000 });
    if (!(await firstCard.isVisible())) await match.click();
    await firstCard.getByText('Mỹ: No peanuts').waitFor();
    await firstCard.getByRole('button', { name: 'Check in all' }).click();
    await expect.poll(() => firstCard.getByRole('button', { name: /^Undo check-in of / }).count()).toBe(2);
    await expect
      .poll(async () => (await server(first.registrationId)).attendees.filter((a: { checked_in: boolean }) => a.checked_in).length, {
        timeout: 30_000,
      })
      .toBe(2);

    await goOffline(page.context());
    await search.fill(second.registrationNumber);
    const card = page.getByRole('region', { name: `Party of ${second.name}` });
    await card.getByRole('button', { name: 'Check in all' }).click();
    await card.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog', { name: `Record payment: ${second.name}` });
    expect(await dialog.getByLabel('Amount').inputValue()).toBe(balance.toFixed(2));
    await dialog.getByLabel('Method').selectOption('card');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect.poll(() => card.getByTestId('balance-due').textContent()).toBe('$0.00');

    // reloaded with no signal: both are still there, waiting
    await page.reload();
    await page.getByLabel('Find a family').fill(second.registrationNumber);
    await card.waitFor();
    await expect.poll(() => card.getByText('Not synced yet').count()).toBe(3);
    await expect.poll(() => card.getByTestId('balance-due').textContent()).toBe('$0.00');
    const offline = await server(second.registrationId);
    expect(offline.registration.paid_amount).toBe(0);
    expect(offline.attendees.every((a: { checked_in: boolean }) => !a.checked_in)).toBe(true);

    await page.context().setOffline(false);
    await expect
      .poll(
        async () => {
          const now = await server(second.registrationId);
          return [now.registration.paid_amount, now.attendees.filter((a: { checked_in: boolean }) => a.checked_in).length];
        },
        { timeout: 30_000 },
      )
      .toEqual([balance, 2]);
    await expect.poll(() => card.getByText('Not synced yet').count(), { timeout: 30_000 }).toBe(0);
    const payments = await api('GET', `/registrations/${second.registrationId}/payments`, { token: await seedToken() });
    // who took the money, for the cash count, whoever's session sends it
    expect(payments.body.payments.map((p: { amount: number; method: string; note: string }) => [p.amount, p.method, p.note])).toEqual([
      [balance, 'card', expect.stringMatching(/^Taken at the desk by \S.*$/)],
    ]);

    // a family another desk checked in, and this one never touched, reads who and when, not "Already checked in"
    const third = await createFamily({
      firstName: 'Vinh',
      lastName: uniqueWord(),
      flight: { flightNumber: 'UA 79', flightDate: '2025-11-27', flightTime: '10:00' },
    });
    const thirdIds = (await server(third.registrationId)).attendees.map((a: { id: number }) => a.id);
    const elsewhere = await api('POST', `/registrations/${third.registrationId}/check-in`, {
      token: await seedToken(),
      body: { attendee_ids: thirdIds, checked_in: true, device_id: 'the-other-desk', checked_in_by: 'Olga Other' },
    });
    expect(elsewhere.status).toBe(200);
    await search.fill(third.registrationNumber);
    const thirdCard = page.getByRole('region', { name: `Party of ${third.name}` });
    await thirdCard.getByText(/^Checked in .+ by Olga Other$/).waitFor({ timeout: 30_000 });
    expect(await thirdCard.getByText(/Already checked in/).count()).toBe(0);
  });

  it('two desks offline check in the same family and take the same balance: after both sync, one says paid twice, one says already checked in', async () => {
    const family = await createFamily({
      firstName: 'Hoa',
      lastName: uniqueWord(),
      flight: { flightNumber: 'WN 1', flightDate: '2025-11-27', flightTime: '12:00' },
    });
    const balance = (await api('GET', `/registrations/${family.registrationId}`, { token: await seedToken() })).body.registration
      .balance_due as number;
    const desks = await Promise.all([0, 1].map(() => signInAs('checkin', { path: '/admin/check-in' })));
    for (const { page } of desks) {
      await page.getByText(/^Checked in \d+ of \d+ attendees$/).waitFor();
      await waitForServiceWorker(page);
      await page.getByLabel('Find a family').fill(family.registrationNumber);
      await page.getByRole('region', { name: `Party of ${family.name}` }).waitFor({ timeout: 30_000 });
      await goOffline(page.context());
    }
    for (const { page } of desks) {
      const card = page.getByRole('region', { name: `Party of ${family.name}` });
      await card.getByRole('button', { name: `Check in ${family.name}` }).click();
      await card.getByRole('button', { name: 'Record payment' }).click();
      await page
        .getByRole('dialog', { name: `Record payment: ${family.name}` })
        .getByRole('button', { name: 'Record payment' })
        .click();
      await expect.poll(() => card.getByTestId('balance-due').textContent()).toBe('$0.00');
    }
    for (const { page } of desks) await page.context().setOffline(false);
    const paid = async () =>
      (await api('GET', `/registrations/${family.registrationId}`, { token: await seedToken() })).body.registration.paid_amount;
    await expect.poll(paid, { timeout: 30_000 }).toBe(balance * 2);
    // exactly one desk shows the conflict, with the amount paid twice
    const sentence = `Paid twice: $${balance.toFixed(2)} more than the total, recorded on two devices`;
    const showing = async () => {
      let n = 0;
      for (const { page } of desks) {
        await page.getByRole('button', { name: /^(Sync details|Resolve changes)$/ }).click();
        const details = page.getByRole('dialog', { name: 'Sync details' });
        // the panel reads the device's outbox: wait for it to show one or the other
        await details.getByText(sentence).or(details.getByText('Every change on this device has reached the server.')).first().waitFor();
        if (await details.getByText(sentence).count()) n += 1;
        await details.getByRole('button', { name: 'Close' }).click();
      }
      return n;
    };
    await expect.poll(showing, { timeout: 30_000 }).toBe(1);
    // both cards say what the family is owed back, the desk without the conflict too, until an organiser refunds it
    const amount = `\\$${balance.toFixed(2).replace('.', '\\.')}`;
    for (const { page } of desks) {
      const card = page.getByRole('region', { name: `Party of ${family.name}` });
      await card
        .getByText(
          new RegExp(
            `^(Paid twice: ${amount} for an organiser to refund; tap Resolve changes|Overpaid by ${amount}: an organiser refunds it)$`,
          ),
        )
        .waitFor({ timeout: 30_000 });
    }
    // the family was checked in on both: the desk whose check-in came second says who was first
    const already = async () => {
      let n = 0;
      for (const { page } of desks) n += await page.getByText(/^Already checked in by .+ on another device$/).count();
      return n;
    };
    await expect.poll(already, { timeout: 30_000 }).toBe(1);
  });

  it('a check-in user signing in lands on the desk, and the admin screens are closed to them', async () => {
    const family = await createFamily({
      firstName: 'Oanh',
      lastName: uniqueWord(),
      flight: { flightNumber: 'UA 80', flightDate: '2025-11-27', flightTime: '12:00' },
    });
    const desk = await createStaffUser('checkin');
    const page = await newPage();
    await page.goto('/login');
    await page.getByText('Server online').waitFor();
    await page.getByLabel('Email').fill(desk.email);
    await page.getByLabel('Password', { exact: true }).fill(desk.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin\/check-in$/);
    await page.getByRole('heading', { name: 'Check-in' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Admin' }).getByRole('link').allTextContents()).toEqual(['Check-in']);

    await page.goto('/admin/registrations');
    await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
    await page.getByRole('link', { name: 'Go to Check-in' }).click();
    await page.getByRole('heading', { name: 'Check-in' }).waitFor();
    // no camera on this machine: the scan says to type the number, and the search box still works
    await page.getByRole('button', { name: 'Scan pass' }).click();
    await page
      .getByRole('region', { name: 'Scan pass' })
      .getByText(/type the registration number in the search box instead\.$/)
      .waitFor();
    // with no camera there is nothing to stop: the button offers the scan again
    await page.getByRole('button', { name: 'Scan pass', pressed: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Stop camera' }).count()).toBe(0);
    await page.getByLabel('Find a family').fill(family.registrationNumber);
    // the number typed in full opens that party's card (the first download may still be arriving)
    await page.getByRole('region', { name: `Party of ${family.name}` }).waitFor({ timeout: 30_000 });
  });
});

describe('check-in passes in bulk', () => {
  it('an admin emails every active registration its pass, after a confirmation, with progress and a count at the end', async () => {
    const family = await createFamily({
      firstName: 'Bao',
      lastName: uniqueWord(),
      flight: { flightNumber: 'DL 5', flightDate: '2025-11-27', flightTime: '11:00' },
    });
    const { page } = await signInAs('admin', { path: '/admin/check-in' });
    await page.getByRole('button', { name: 'Email check-in passes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Email check-in passes' });
    await dialog.getByRole('button', { name: 'Send to every active registration' }).click();
    await page.getByText(/^Sent \d+ check-in pass(es)?\.$/).waitFor({ timeout: 60_000 });
    const passMails = (email: string) => readMail(email).filter((m) => m.subject.endsWith('your check-in pass'));
    expect(passMails(family.email).filter((m) => m.text.includes(family.registrationNumber))).toHaveLength(1);

    // a family registered since: sending again to the ones not sent yet mails it alone
    const late = await createFamily({
      firstName: 'Cuc',
      lastName: uniqueWord(),
      flight: { flightNumber: 'DL 6', flightDate: '2025-11-27', flightTime: '11:00' },
    });
    await page.getByRole('button', { name: 'Email check-in passes' }).click();
    await dialog
      .getByText(
        /^\d+ active registrations: \d+ already sent their pass, \d+ not yet\. Send to every active registration mails those \d+ again\.$/,
      )
      .waitFor();
    await dialog.getByRole('button', { name: /^Send to the \d+ not sent yet$/ }).click();
    await page.getByText(/^Sent \d+ check-in pass(es)?\.$/).waitFor({ timeout: 60_000 });
    expect(passMails(late.email)).toHaveLength(1);
    expect(passMails(family.email)).toHaveLength(1);
  });
});
