/**
 * The registration desk in a real browser : create a registration with a group member through
 * 'Add New Registration', find it in the list by the member's name, open it, change the fees and watch
 * the preview, record a payment, add and remove an attendee, cancel (prompt) and reactivate (confirm),
 * and export the CSV. Plus the Overview's numbers, the form's sentences and the visitor's notice.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Dialog, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  adminToken,
  api,
  apiLogin,
  createStaffUser,
  newPage,
  setupBrowser,
  signInAs,
  waitForServiceWorker,
} from './helpers/playwright-utils';
import { createFamily } from './helpers/staff-data';

setupBrowser();

/** Answers the next window.confirm / window.prompt (with `text` for a prompt) and returns its message. */
function answerNextDialog(page: Page, action: 'accept' | 'dismiss', text?: string): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (d: Dialog) => {
      const message = d.message();
      void (action === 'accept' ? d.accept(text) : d.dismiss()).then(() => resolve(message));
    });
  });
}

const suffix = () => randomBytes(3).toString('hex');

/** Fills and sends the manual create form; returns the new registration number (from the page it lands on). */
async function createThroughManualForm(
  page: Page,
  contact: { first: string; last: string; email: string },
  member: { first: string; last: string },
) {
  await page.goto('/admin/registrations/new');
  await page.getByRole('heading', { name: 'Add New Registration' }).waitFor();
  const primary = page.getByRole('group', { name: 'Primary Contact' });
  await primary.getByLabel('First Name').fill(contact.first);
  await primary.getByLabel('Last Name').fill(contact.last);
  await primary.getByLabel('Email').fill(contact.email);
  await primary.getByLabel('Phone').fill('555-0100');
  await page.getByRole('button', { name: 'Add Group Member' }).click();
  const row = page.getByRole('group', { name: 'Group Member 1' });
  await expect.poll(() => row.getByLabel('Age Category').inputValue()).toBe('adult'); // new rows default to adult
  await row.getByLabel('First Name').fill(member.first);
  await row.getByLabel('Last Name').fill(member.last);
  await row.getByLabel('Age Category').selectOption('youth');
  await page.getByRole('button', { name: 'Create Registration' }).click();
  await page.waitForURL(/\/registration\/[A-Z0-9-]+$/);
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
}

/** A registration made through the API (the manual form's body), with a unique last name and email. */
async function createByApi(token: string, first: string, last: string, extra: Record<string, unknown> = {}) {
  const s = suffix();
  const created = await api('POST', '/registrations', {
    token,
    body: {
      primary_first_name: first,
      primary_last_name: `${last}${s}`,
      primary_email: `${first.toLowerCase()}.${s}@reunion.test`,
      primary_phone: '+1 555 0166',
      attendees: [],
      ...extra,
    },
  });
  expect(created.status).toBe(201);
  return created;
}

describe('registration desk', () => {
  it('creates, finds, edits fees, manages attendees, cancels, reactivates and exports a registration', async () => {
    const { page } = await signInAs('admin', { path: '/admin/registrations' });
    const s = suffix();
    const contact = { first: 'Marisol', last: `Quintero${s}`, email: `marisol-${s}@reunion.test` };
    const member = { first: `Thaddeus${s}`, last: 'Quintero' };
    const number = await createThroughManualForm(page, contact, member);

    // find it in the list by the group member's name (not the contact's)
    await page.goto('/admin/registrations');
    await page.getByRole('heading', { name: 'Registrations', exact: true }).waitFor();
    await page.getByLabel('Search').fill(member.first);
    const link = page.getByRole('link', { name: number, exact: true });
    await link.waitFor();
    await page.getByText('Showing 1 to 1 of 1 results').waitFor();
    await link.click();
    await page.waitForURL(new RegExp(`/registration/${number}$`));

    // the page: header, contact, both attendees at the event's prices, the late fee (created after June 1, 2025)
    await page.getByRole('heading', { name: number }).waitFor();
    await page.getByRole('heading', { name: 'Attendees (2/9)' }).waitFor();
    await page.getByText('No address on file').waitFor();
    const price = page.getByRole('region', { name: 'Price Breakdown' });
    await price.getByRole('row', { name: /Subtotal \$550\.00/ }).waitFor();
    await price.getByRole('row', { name: /Late fee \$50\.00/ }).waitFor();
    await price.getByRole('row', { name: /^Total \$600\.00/ }).waitFor();
    const summary = page.getByRole('region', { name: 'Payment Summary' });
    // nothing paid yet: red 'Pending', once on the page (the header's badge)
    await page.locator('.detail-badges').getByText('Pending').waitFor();
    await expect.poll(() => page.getByText('Pending', { exact: true }).count()).toBe(1);

    // edit fees: 10 % then $40 off: round(600 × 0.9) − 40 = 500, shown before saving
    await page.getByRole('button', { name: 'Edit registration' }).click();
    const fees = page.getByRole('region', { name: 'Fee Adjustments' });
    await fees.getByLabel('Discount Percentage (%)').fill('10');
    await fees.getByLabel('Fixed Discount Amount ($)').fill('40');
    await fees.getByText('New Total').waitFor();
    await expect.poll(() => fees.locator('.fee-preview-new dd').textContent()).toBe('$500.00');
    await expect.poll(() => fees.getByText('Refund Due').count()).toBe(0);
    const popups: string[] = [];
    const popup = (d: Dialog) => {
      popups.push(d.message());
      void d.dismiss();
    };
    page.on('dialog', popup);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Save Changes' }).count()).toBe(0); // edit mode closed
    await page.getByText('Changes saved. The total is now $500.00.').waitFor();
    page.off('dialog', popup);
    expect(popups).toEqual([]); // a saved edit is said on the page, with no pop-up
    await summary.getByText('$500.00').first().waitFor();
    await price.getByRole('row', { name: /Discount \(10%\)/ }).waitFor();

    // what is typed in a number box that is no number ('1-2') is refused, not saved as no discount
    await page.getByRole('button', { name: 'Edit registration' }).click();
    const pct = fees.getByLabel('Discount Percentage (%)');
    await pct.selectText();
    await pct.pressSequentially('1-2');
    await expect.poll(() => fees.locator('.fee-preview-new dd').textContent()).toBe('—');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await fees.getByText('Discount must be between 0 and 100').waitFor();
    await expect.poll(() => pct.evaluate((el) => el === document.activeElement)).toBe(true);
    // the box drawn anew (fees waived, then not) shows no number and holds none: no refusal under an empty box
    await fees.getByLabel('Waive all fees').check();
    await fees.getByLabel('Waive all fees').uncheck();
    await expect.poll(() => pct.inputValue()).toBe('');
    await expect.poll(() => fees.getByText('Discount must be between 0 and 100').count()).toBe(0);
    await expect.poll(() => fees.locator('.fee-preview-new dd').textContent()).not.toBe('—');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await price.getByRole('row', { name: /Discount \(10%\)/ }).waitFor();

    // record a payment of the full amount: Paid
    const payments = page.getByRole('region', { name: 'Payment History' });
    // a minus sign records a refund, which is said under Amount before anything is sent
    await payments.getByLabel('Amount ($)').fill('-5');
    await payments.getByText('With its minus sign, this is recorded as a refund.').waitFor();
    await payments.getByLabel('Amount ($)').fill('500');
    await payments.getByLabel('Method').selectOption('check');
    await payments.getByLabel('Note').fill('Check #1001');
    await payments.getByRole('button', { name: 'Record Payment' }).click();
    await payments.getByText('Payment of $500.00 recorded.').waitFor();
    await payments.getByRole('cell', { name: 'Check #1001' }).waitFor();
    await page.locator('.detail-badges').getByText('Paid', { exact: true }).waitFor();

    // waiving everything after payment: New Total $0.00 and Refund Due $500.00; Cancel discards it
    await page.getByRole('button', { name: 'Edit registration' }).click();
    // the last save's sentence is not said of this edit
    await expect.poll(() => page.getByText('Changes saved. The total is now $500.00.').count()).toBe(0);
    await fees.getByLabel('Waive all fees').check();
    await expect.poll(() => fees.getByLabel('Discount Percentage (%)').count()).toBe(0); // discounts hidden
    await expect.poll(() => fees.locator('.fee-preview-new dd').textContent()).toBe('$0.00');
    await expect.poll(() => fees.locator('.fee-preview-refund dd').textContent()).toBe('$500.00');
    // unticked before saving, the discount comes back as it was
    await fees.getByLabel('Waive all fees').uncheck();
    await expect.poll(() => fees.getByLabel('Discount Percentage (%)').inputValue()).toBe('10');
    await expect.poll(() => fees.locator('.fee-preview-new dd').textContent()).toBe('$500.00');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => fees.count()).toBe(0);
    await page.locator('.detail-badges').getByText('Paid', { exact: true }).waitFor();
    // the pencil toggles: pressed in edit mode, and a second tap leaves it, discarding the edits
    const pencil = page.getByRole('button', { name: 'Edit registration' });
    await pencil.click();
    await expect.poll(() => pencil.getAttribute('aria-pressed')).toBe('true');
    await fees.getByLabel('Waive all fees').check();
    await pencil.click();
    await expect.poll(() => fees.count()).toBe(0);
    await expect.poll(() => pencil.getAttribute('aria-pressed')).toBe('false');
    await page.locator('.detail-badges').getByText('Paid', { exact: true }).waitFor();

    // add an attendee through the dialog, then remove them after the confirmation
    await page.getByRole('button', { name: 'Add Attendee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Attendee' });
    await dialog.getByRole('button', { name: 'Add Attendee' }).click();
    await dialog.getByText('First name is required').waitFor();
    await dialog.getByText('Relationship is required').waitFor();
    await expect.poll(() => dialog.getByRole('option', { name: 'Self' }).count()).toBe(0);
    await dialog.getByLabel('First Name').fill('Ofelia');
    // a stray click beside the form (on the backdrop) keeps it open with what was typed
    await page.mouse.click(3, 400);
    expect(await dialog.getByLabel('First Name').inputValue()).toBe('Ofelia');
    await dialog.getByLabel('Last Name').fill(contact.last);
    await dialog.getByLabel('Relationship').selectOption('other');
    await dialog.getByRole('button', { name: 'Add Attendee' }).click();
    await dialog.getByText('Please specify the relationship').waitFor();
    await dialog.getByLabel('Specify Relationship').fill('Cousin');
    await dialog.getByLabel('Age', { exact: true }).fill('70'); // suggests the adult category
    await expect.poll(() => dialog.getByLabel('Age Category').inputValue()).toBe('adult');
    await dialog.getByRole('button', { name: 'Add Attendee' }).click();
    await page.getByRole('heading', { name: 'Attendees (3/9)' }).waitFor();
    await page.getByText(`Ofelia ${contact.last}`).first().waitFor();
    // said on the page and to a screen reader, where the list changed
    await page.getByRole('status').filter({ hasText: 'Attendee added.' }).waitFor();
    // the total follows the attendees: 900 + 50 late = 950 → 855 − 40 = 815
    await price.getByRole('row', { name: /^Total \$815\.00/ }).waitFor();

    // correct an attendee: opened on what is saved; a new age category changes the total
    await page.getByRole('button', { name: `Change Ofelia ${contact.last}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Attendee' });
    expect(await edit.getByLabel('First Name').inputValue()).toBe('Ofelia');
    expect(await edit.getByLabel('Specify Relationship').inputValue()).toBe('Cousin');
    await edit.getByLabel('Age', { exact: true }).fill('9');
    await edit.getByLabel('Age Category').selectOption('child');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Child (0-12) · Relationship: Cousin · Age 9').waitFor();
    // an adult (350) becomes a child (150): 700 + 50 late = 750 → 675 − 40 = 635
    await price.getByRole('row', { name: /^Total \$635\.00/ }).waitFor();
    // the primary contact too: the registration's name follows
    await page.getByRole('button', { name: `Change ${contact.first} ${contact.last}` }).click();
    const editPrimary = page.getByRole('dialog', { name: 'Edit Attendee' });
    await editPrimary.getByText('Relationship: primary contact.', { exact: false }).waitFor();
    await editPrimary.getByLabel('First Name').fill(`${contact.first}e`);
    await editPrimary.getByRole('button', { name: 'Save Changes' }).click();
    await editPrimary.waitFor({ state: 'hidden' });
    const renamed = await api('GET', `/registrations/${page.url().split('/registration/')[1].split('?')[0]}`, {
      token: await adminToken(),
    });
    expect(renamed.body.registration.primary_first_name).toBe(`${contact.first}e`);
    await editPrimary.waitFor({ state: 'detached' }).catch(() => undefined);
    await page.getByRole('button', { name: `Change ${contact.first}e ${contact.last}` }).click();
    await page.getByRole('dialog', { name: 'Edit Attendee' }).getByLabel('First Name').fill(contact.first);
    await page.getByRole('dialog', { name: 'Edit Attendee' }).getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('button', { name: `Change ${contact.first} ${contact.last}` }).waitFor();

    await expect.poll(() => page.getByRole('button', { name: `Remove ${contact.first} ${contact.last}` }).count()).toBe(0); // never the primary
    const removeQuestion = answerNextDialog(page, 'accept');
    await page.getByRole('button', { name: `Remove Ofelia ${contact.last}` }).click();
    await expect.poll(() => removeQuestion).toBe('Are you sure you want to remove this attendee?');
    await page.getByRole('heading', { name: 'Attendees (2/9)' }).waitFor();
    // the pressed button went with its row: the keyboard lands on the count, not the page's top
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Attendees (2/9)');

    // cancel: an empty answer to the prompt does nothing; a reason cancels
    const emptyPrompt = answerNextDialog(page, 'accept', '');
    await page.getByRole('button', { name: 'Cancel Registration' }).click();
    await emptyPrompt;
    await expect.poll(() => page.getByRole('button', { name: 'Cancel Registration' }).isVisible()).toBe(true);
    // a reason too long is refused, saying what; the cancellation that then goes through clears that error
    const longPrompt = answerNextDialog(page, 'accept', 'x'.repeat(1001));
    await page.getByRole('button', { name: 'Cancel Registration' }).click();
    await longPrompt;
    await page.getByText('The reason must be at most 1000 characters').waitFor();
    const reasonPrompt = answerNextDialog(page, 'accept', 'Family emergency');
    await page.getByRole('button', { name: 'Cancel Registration' }).click();
    await reasonPrompt;
    await expect.poll(() => page.getByText('The reason must be at most 1000 characters').count()).toBe(0);
    // it holds $500.00: the refund step is offered on the page, which stays usable; Not now says the money is still held
    const refund = page.getByRole('region', { name: 'Refund the payment?' });
    await refund.getByText('$500.00 has been paid', { exact: false }).waitFor();
    await refund.getByText('The registrant is not emailed about the cancellation', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Reactivate Registration' }).waitFor();
    await refund.getByRole('button', { name: 'Not now' }).click();
    await expect.poll(() => refund.count()).toBe(0);
    await page.getByText('$500.00 is still held for this registration.', { exact: false }).waitFor();
    // and the payment summary keeps saying so: all it paid is due back
    await expect.poll(() => summary.innerText()).toMatch(/Refund Due\s*\$500\.00/);
    await page.getByRole('button', { name: 'Reactivate Registration' }).waitFor();
    await page.getByText(/Reason: Family emergency/).waitFor();
    await page.locator('.detail-badges').getByText('Cancelled').waitFor();
    await expect.poll(() => page.getByText('Cancelled').count()).toBe(1); // the badge says it, once
    await expect.poll(() => page.getByRole('button', { name: 'Add Attendee' }).count()).toBe(0); // only on active registrations
    // Request Flight Info stays beside Reactivate, but off: a cancelled registration's guest could do nothing with the link
    await expect.poll(() => page.getByRole('button', { name: 'Request Flight Info' }).isDisabled()).toBe(true);

    const confirmQuestion = answerNextDialog(page, 'accept');
    await page.getByRole('button', { name: 'Reactivate Registration' }).click();
    await expect.poll(() => confirmQuestion).toBe('Are you sure you want to reactivate this registration?');
    await page.getByRole('button', { name: 'Cancel Registration' }).waitFor();
    await page.locator('.detail-badges').getByText('Active').waitFor();
    // the money counts towards the total again: "still held" is no longer said
    await expect.poll(() => page.getByText('$500.00 is still held for this registration.', { exact: false }).count()).toBe(0);

    // every change is in the registration's history, newest first
    await page.getByText('Change History').click();
    const history = page.locator('.history-list');
    await history.getByText('Registration reactivated').waitFor();
    await history.getByText('Registration cancelled: Family emergency').waitFor();
    await history.getByText(`Attendee removed: Ofelia ${contact.last}`).waitFor();
    await history.getByText(new RegExp(`^Attendee updated: Ofelia ${contact.last} \\(.*age category.*\\)$`)).waitFor();
    await history
      .getByText(/^Payment recorded: \$\d[\d,]*\.\d\d, \w+/)
      .first()
      .waitFor();
    await history.getByText(/Registration updated: .*discount percentage/).waitFor();
    await history.getByText('Registration created').waitFor();

    // 'Back to Admin', then export the list filtered to this registration
    await page.getByRole('link', { name: 'Back to Admin' }).click();
    await page.waitForURL(/\/admin\/registrations/);
    await page.getByLabel('Search').fill(number);
    await page.getByText('Showing 1 to 1 of 1 results').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^registrations-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain(number);
    expect(csv).toContain(member.first);
  });

  it('a create the server fails says so where the admin is looking, keeps what was typed and writes nothing', async () => {
    const { page } = await signInAs('admin', {
      page: await newPage({ viewport: { width: 1280, height: 600 } }),
      path: '/admin/registrations',
    });
    const s = suffix();
    await page.goto('/admin/registrations/new');
    await page.getByRole('heading', { name: 'Add New Registration' }).waitFor();
    const primary = page.getByRole('group', { name: 'Primary Contact' });
    await primary.getByLabel('First Name').fill('Olufemi');
    await primary.getByLabel('Last Name').fill(`Adeyemi${s}`);
    await primary.getByLabel('Email').fill(`olufemi-${s}@reunion.test`);
    await primary.getByLabel('Phone').fill('555-0100');
    for (const [i, first] of ['Bola', 'Tayo'].entries()) {
      await page.getByRole('button', { name: 'Add Group Member' }).click();
      const row = page.getByRole('group', { name: `Group Member ${i + 1}` });
      await row.getByLabel('First Name').fill(first);
      await row.getByLabel('Last Name').fill(`Adeyemi${s}`);
    }
    // the server fails the create once
    await page.route(
      '**/api/registrations',
      (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.fallback()),
      {
        times: 1,
      },
    );
    const create = page.getByRole('button', { name: 'Create Registration' });
    await create.scrollIntoViewIfNeeded();
    await create.click();
    const banner = page.getByText('Failed to create registration. Please try again.');
    await banner.waitFor();
    // brought into view, though the button pressed was at the form's foot
    await expect
      .poll(() => banner.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom <= window.innerHeight), {
        timeout: 15_000, // a smooth scroll, on a busy machine with other pages open
      })
      .toBe(true);
    expect(await primary.getByLabel('First Name').inputValue()).toBe('Olufemi');
    const found = await api('GET', `/registrations?search=${encodeURIComponent(`Adeyemi${s}`)}`, { token: await adminToken() });
    expect((found.body as { pagination: { total: number } }).pagination.total).toBe(0);
  });

  it('Add Attendee pressed again after the Wi-Fi lost its answer adds the attendee once', async () => {
    const { page, token } = await signInAs('admin');
    const created = await createByApi(token, 'Rosa', 'Retry');
    const { id, registration_number: number } = created.body.registration;
    await page.goto(`/registration/${number}`);
    await page.getByRole('heading', { name: 'Attendees (1/9)' }).waitFor();
    // the server saves the attendee, and its answer never reaches the laptop
    let cut = true;
    await page.route(`**/api/registrations/${id}/attendees`, async (route) => {
      if (!cut || route.request().method() !== 'POST') return route.fallback();
      cut = false;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Add Attendee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Attendee' });
    await dialog.getByLabel('First Name').fill('Lupe');
    await dialog.getByLabel('Last Name').fill('Retry');
    await dialog.getByLabel('Relationship').selectOption('parent');
    await dialog.getByLabel('Age Category').selectOption('adult');
    await dialog.getByRole('button', { name: 'Add Attendee' }).click();
    await expect.poll(() => cut).toBe(false);
    await dialog.getByRole('button', { name: 'Add Attendee' }).click();
    await page.getByRole('heading', { name: 'Attendees (2/9)' }).waitFor();
    const saved = await api('GET', `/registrations/${id}`, { token });
    expect(saved.body.attendees.map((a: { first_name: string }) => a.first_name).sort()).toEqual(['Lupe', 'Rosa']);
  });

  it('cancelling a paid registration offers the refund, prefilled with what was paid, and records it in the ledger', async () => {
    const { page, token } = await signInAs('admin');
    const created = await createByApi(token, 'Rosa', 'Refund');
    const id = created.body.registration.id;
    expect((await api('POST', `/registrations/${id}/payments`, { token, body: { amount: 120, method: 'card', note: null } })).status).toBe(
      201,
    );
    await page.goto(`/registration/${created.body.registration.registration_number}`);
    const reason = answerNextDialog(page, 'accept', 'Cannot travel');
    await page.getByRole('button', { name: 'Cancel Registration' }).click();
    await reason;
    const refund = page.getByRole('region', { name: 'Refund the payment?' });
    expect(await refund.getByLabel('Refund Amount ($)').inputValue()).toBe('120.00');
    await refund.getByLabel('Refund Amount ($)').fill('150');
    await refund.getByRole('button', { name: 'Record refund' }).click();
    await refund.getByText('A refund cannot be more than the amount paid ($120.00)').waitFor();
    await refund.getByLabel('Refund Amount ($)').fill('120');
    await refund.getByRole('button', { name: 'Record refund' }).click();
    await page.getByText('Refund of $120.00 recorded.').waitFor();
    const ledger = await api('GET', `/registrations/${id}/payments`, { token });
    expect(ledger.body.payments.map((p: { amount: number; note: string | null }) => [p.amount, p.note])).toEqual([
      [120, null],
      [-120, 'Refund on cancellation'],
    ]);
    expect(ledger.body.paid_amount).toBe(0);
  });

  it('the refund step follows a payment that lands after the cancel (a desk offline), and Not now names what is held', async () => {
    const { page, token } = await signInAs('admin');
    const created = await createByApi(token, 'Lena', 'Latecash');
    const id = created.body.registration.id;
    await api('POST', `/registrations/${id}/payments`, { token, body: { amount: 120, method: 'card', note: null } });
    await page.goto(`/registration/${created.body.registration.registration_number}`);
    const reason = answerNextDialog(page, 'accept', 'Cannot travel');
    await page.getByRole('button', { name: 'Cancel Registration' }).click();
    await reason;
    const refund = page.getByRole('region', { name: 'Refund the payment?' });
    await refund.getByText('$120.00 has been paid on this registration', { exact: false }).waitFor();
    // the desk's cash, taken offline before the cancel, reaches the server now
    const late = await api('POST', `/registrations/${id}/payments`, { token, body: { amount: 80, method: 'cash', note: null } });
    expect(late.status).toBe(201);
    await refund.getByText('$200.00 has been paid on this registration', { exact: false }).waitFor({ timeout: 15_000 });
    await expect.poll(() => refund.getByLabel('Refund Amount ($)').inputValue()).toBe('200.00');
    await refund.getByRole('button', { name: 'Not now' }).click();
    await page.getByText('$200.00 is still held for this registration.', { exact: false }).waitFor();
  });

  it('edit mode changes the emergency contact, country, dietary needs, special requests and notes, Cancel puts them back, and Enter saves', async () => {
    const { page, token } = await signInAs('admin');
    const created = await createByApi(token, 'Edda', 'Edits', { dietary_restrictions: 'None' });
    const { id, registration_number: number } = created.body.registration;
    await page.goto(`/registration/${number}`);
    await page.getByRole('heading', { name: number }).waitFor();

    // Cancel discards what was typed
    await page.getByRole('button', { name: 'Edit registration' }).click();
    await page.getByRole('textbox', { name: 'Dietary Restrictions' }).fill('Peanuts');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByText('None', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Edit registration' }).click();
    // a box too long, far below Save Changes: the admin lands on it, with its sentence
    await page.getByLabel('Notes', { exact: true }).fill('x'.repeat(5001));
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Must be at most 5000 characters').waitFor();
    await expect.poll(() => page.getByLabel('Notes', { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByLabel('Emergency Contact Name').fill('Odin Edits');
    await page.getByLabel('Emergency Contact Number').fill('+1 555 0199');
    await page.getByLabel('Country').fill('Mexico');
    await page.getByRole('textbox', { name: 'Dietary Restrictions' }).fill('Peanuts');
    await page.getByRole('textbox', { name: 'Special Requests' }).fill('Ground floor room');
    await page.getByLabel('Notes', { exact: true }).fill('Called on Nov 28\nwill pay at the desk');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Changes saved.', { exact: true }).waitFor();
    await page.getByText('Odin Edits · +1 555 0199').waitFor();
    await page.getByText('Ground floor room').waitFor();

    // Enter in an edit box saves, as in any form
    await page.getByRole('button', { name: 'Edit registration' }).click();
    await page.getByLabel('Emergency Contact Name').fill('Odin Enters');
    await page.getByLabel('Emergency Contact Name').press('Enter');
    await page.getByText('Odin Enters · +1 555 0199').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Save Changes' }).count()).toBe(0);

    const saved = await api('GET', `/registrations/${id}`, { token });
    expect(saved.body.registration).toMatchObject({
      emergency_contact_name: 'Odin Enters',
      emergency_contact_phone: '+1 555 0199',
      country: 'Mexico',
      dietary_restrictions: 'Peanuts',
      special_requests: 'Ground floor room',
      notes: 'Called on Nov 28\nwill pay at the desk',
    });
  });

  it("a save the server refuses is said at the top, and focus stays off Record Payment's own refused amount", async () => {
    const { page, token } = await signInAs('admin', { page: await newPage({ viewport: { width: 1280, height: 700 } }) });
    const created = await createByApi(token, 'Faisal', 'Refused');
    const { id, registration_number: number } = created.body.registration;
    await page.goto(`/registration/${number}`);
    await page.getByRole('heading', { name: number }).waitFor();
    // Record Payment pressed with no amount: its Amount box is refused (and stays so)
    const payments = page.locator('form.record-payment');
    await payments.getByRole('button', { name: 'Record Payment' }).click();
    await expect.poll(() => payments.getByLabel('Amount ($)').getAttribute('aria-invalid')).toBe('true');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Edit registration' }).click();
    await page.getByLabel('Notes', { exact: true }).fill('Late check-in');
    await page.route(`**/api/registrations/${id}`, (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const banner = page.getByText('Failed to update registration', { exact: true });
    await banner.waitFor();
    await expect
      .poll(() => banner.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom <= window.innerHeight), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).not.toBe('amount');
    expect(await page.getByLabel('Notes', { exact: true }).inputValue()).toBe('Late check-in');
  });

  it('a reload or a closed tab asks first while edit mode or the create form holds changes not saved, and not once they are gone', async () => {
    const { page, token } = await signInAs('admin');
    const created = await createByApi(token, 'Lea', 'Leaves');
    const number = created.body.registration.registration_number;
    const asked: string[] = [];
    page.on('dialog', (d) => {
      asked.push(d.type());
      void d.dismiss(); // stay on the page
    });
    await page.goto(`/registration/${number}`);
    await page.getByRole('button', { name: 'Edit registration' }).click();
    await page.getByRole('textbox', { name: 'Dietary Restrictions' }).fill('Peanuts');
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => asked).toEqual(['beforeunload']);
    expect(page.isClosed()).toBe(false);
    await expect.poll(() => page.getByRole('textbox', { name: 'Dietary Restrictions' }).inputValue()).toBe('Peanuts');

    // Cancel ends edit mode, so leaving asks nothing; the create form asks once something is typed, not once it is emptied again
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.goto('/admin/registrations/new');
    await page.getByLabel('First Name').first().fill('Ola');
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => asked).toEqual(['beforeunload', 'beforeunload']);
    await page.getByLabel('First Name').first().fill('');
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => page.isClosed()).toBe(true);
    expect(asked).toHaveLength(2);
  });

  it("saving edit mode keeps what another admin changed meanwhile: only this admin's own changes are sent", async () => {
    const { page, token } = await signInAs('admin');
    const created = await createByApi(token, 'Rafa', 'Rebase', { fixed_discount_amount: 50 });
    const { id, registration_number: number } = created.body.registration;
    await page.goto(`/registration/${number}`);
    await page.getByRole('heading', { name: number }).waitFor();
    await page.getByRole('button', { name: 'Edit registration' }).click();
    await page.getByLabel('Notes', { exact: true }).fill('Arrives late');
    // another admin, meanwhile: a bigger discount and a new phone; the page hears of it live
    const other = await api('PUT', `/registrations/${id}`, { token, body: { fixed_discount_amount: 100, primary_phone: '+1 555 7777' } });
    expect(other.status).toBe(200);
    await expect.poll(() => page.getByLabel('Fixed Discount').inputValue(), { timeout: 15_000 }).toBe('100');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Changes saved.', { exact: true }).waitFor();
    const saved = await api('GET', `/registrations/${id}`, { token });
    expect(saved.body.registration).toMatchObject({ notes: 'Arrives late', fixed_discount_amount: 100, primary_phone: '+1 555 7777' });
  });

  it('edit mode says when a box changed here was changed by another admin too, and the saved sentence gives the total the server saved', async () => {
    const { page, token } = await signInAs('admin');
    const created = await createByApi(token, 'Cleo', 'Clash');
    const { id, registration_number: number } = created.body.registration;
    await page.goto(`/registration/${number}`);
    await page.getByRole('heading', { name: number }).waitFor();
    await page.getByRole('button', { name: 'Edit registration' }).click();
    await page.getByLabel('Phone', { exact: true }).fill('+1 555 2222');
    await page.getByLabel('Fixed Discount Amount ($)').fill('20');
    // another admin saves a new phone: the page hears of it live and says Save would replace it
    expect((await api('PUT', `/registrations/${id}`, { token, body: { primary_phone: '+1 555 1111' } })).status).toBe(200);
    await page
      .getByText('Changed elsewhere while you were editing: Phone (now “+1 555 1111”). Save Changes puts what you typed in its place.')
      .waitFor({ timeout: 15_000 });
    expect(await page.getByLabel('Phone', { exact: true }).inputValue()).toBe('+1 555 2222');
    // and a discount just before this Save reaches the server: the sentence says the total saved, not the preview's
    await page.route(`**/api/registrations/${id}`, async (route) => {
      if (route.request().method() === 'PUT') await api('PUT', `/registrations/${id}`, { token, body: { discount_percentage: 10 } });
      await route.continue();
    });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const said = page.getByText(/^Changes saved\. The total is now /);
    await said.waitFor();
    const saved = await api('GET', `/registrations/${id}`, { token });
    expect(saved.body.registration).toMatchObject({ primary_phone: '+1 555 2222', discount_percentage: 10, fixed_discount_amount: 20 });
    expect(await said.textContent()).toBe(`Changes saved. The total is now $${saved.body.registration.total_amount.toFixed(2)}.`);
  });

  it('Edit Attendee left open while another admin saves the attendee shows their change and does not put it back; a member saved without a relationship stays without', async () => {
    const { page, token } = await signInAs('admin');
    const created = await createByApi(token, 'Ines', 'Stale', {
      attendees: [{ first_name: 'Milo', last_name: 'Stale', age_category: 'child' }],
    });
    const { id, registration_number: number } = created.body.registration;
    const detail = await api('GET', `/registrations/${id}`, { token });
    const milo = detail.body.attendees.find((a: { first_name: string }) => a.first_name === 'Milo');
    expect(milo.relationship).toBeNull();
    await page.goto(`/registration/${number}`);
    await page.getByRole('heading', { name: number }).waitFor();
    await page.getByRole('button', { name: 'Change Milo Stale' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Attendee' });
    await dialog.getByLabel('Age', { exact: true }).fill('8');
    // another admin notes an allergy meanwhile: the box not touched here shows it
    const other = await api('PUT', `/registrations/${id}/attendees/${milo.id}`, {
      token,
      body: { dietary_restrictions: 'Shellfish allergy - carries EpiPen' },
    });
    expect(other.status).toBe(200);
    await expect
      .poll(() => dialog.getByLabel('Dietary Restrictions').inputValue(), { timeout: 15_000 })
      .toBe('Shellfish allergy - carries EpiPen');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Attendee changes saved.').waitFor();
    const after = await api('GET', `/registrations/${id}`, { token });
    expect(after.body.attendees.find((a: { id: number }) => a.id === milo.id)).toMatchObject({
      age: 8,
      dietary_restrictions: 'Shellfish allergy - carries EpiPen',
      relationship: null,
    });
  });

  it('Add Attendee half filled stays open with what was typed when another admin cancels the registration meanwhile, and says why it cannot be added', async () => {
    const { page, token } = await signInAs('admin');
    const created = await createByApi(token, 'Cira', 'Cancels');
    const { id, registration_number: number } = created.body.registration;
    await page.goto(`/registration/${number}`);
    await page.getByRole('heading', { name: number }).waitFor();
    await page.getByRole('button', { name: 'Add Attendee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Attendee' });
    await dialog.getByLabel('First Name').fill('Late');
    expect((await api('POST', `/registrations/${id}/cancel`, { token, body: { reason: 'Plans changed' } })).status).toBe(200);
    // the page hears of it live (its badge says Cancelled); the dialog and what was typed stay
    await page.locator('.detail-badges').getByText('Cancelled', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await dialog.getByLabel('First Name').inputValue()).toBe('Late');
    await dialog.getByLabel('Last Name').fill('Comer');
    await dialog.getByLabel('Relationship').selectOption('child');
    await dialog.getByLabel('Age Category').selectOption('child');
    await dialog.getByRole('button', { name: 'Add Attendee' }).click();
    await page.getByText('Attendees can only be changed on an active registration').first().waitFor();
  });

  it('asks before sending the flight-info request and says it was sent', async () => {
    const { page, token } = await signInAs('admin');
    const s = suffix();
    const created = await api('POST', '/registrations', {
      token,
      body: {
        primary_first_name: 'Flora',
        primary_last_name: `Vega${s}`,
        primary_email: `flora-${s}@reunion.test`,
        primary_phone: '555-0101',
        attendees: [],
      },
    });
    expect(created.status).toBe(201);
    const number = created.body.registration.registration_number as string;
    await page.goto(`/registration/${number}`);

    const declined = answerNextDialog(page, 'dismiss');
    await page.getByRole('button', { name: 'Request Flight Info' }).click();
    await expect.poll(() => declined).toBe(`Send flight info request email to flora-${s}@reunion.test?`);

    const asked = answerNextDialog(page, 'accept');
    await page.getByRole('button', { name: 'Request Flight Info' }).click();
    await asked;
    await page.getByText('Flight info request sent successfully!').waitFor();
  });

  it('shows the docs/product.md#messages sentences on the manual form and writes nothing', async () => {
    const { page, token } = await signInAs('admin', { path: '/admin/registrations/new' });
    const before = await api('GET', '/registrations/stats/summary', { token });
    await page.getByRole('button', { name: 'Add Group Member' }).click();
    await page.getByRole('button', { name: 'Create Registration' }).click();
    const primary = page.getByRole('group', { name: 'Primary Contact' });
    await primary.getByText('First name is required').waitFor();
    await primary.getByText('Last name is required').waitFor();
    await primary.getByText('Email is required').waitFor();
    await primary.getByText('Phone is required').waitFor();
    const row = page.getByRole('group', { name: 'Group Member 1' });
    await row.getByText('First name is required').waitFor();
    await row.getByText('Last name is required').waitFor();
    await primary.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Create Registration' }).click();
    await primary.getByText('Invalid email').waitFor();
    expect(page.url()).toMatch(/\/admin\/registrations\/new$/);
    const after = await api('GET', '/registrations/stats/summary', { token });
    expect(after.body.registrations.total_count).toBe(before.body.registrations.total_count);
  });

  it('creates through the Event Registration form and opens the new registration', async () => {
    const { page } = await signInAs('admin', { path: '/register' });
    await page.getByRole('heading', { name: 'Event Registration' }).waitFor();
    const s = suffix();
    await page.getByRole('button', { name: 'Create Registration' }).click();
    await page.getByText('Age category is required').waitFor();
    await page.getByText('Phone number is required').waitFor();
    // the admin lands on the first field to mend, not on the button they pressed
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('primary_first_name');
    await page.getByLabel('First Name').fill('Ignacio');
    await page.getByLabel('Last Name').fill(`Roble${s}`);
    await page.getByLabel('Email').fill(`ignacio-${s}@reunion.test`);
    await page.getByLabel('Phone').fill('555-0102');
    await page.getByLabel('Age Category').selectOption('adult');
    await page.getByLabel('City').fill('Houston');
    await page.getByRole('textbox', { name: 'Dietary Restrictions' }).fill('Vegetarian');
    await page.getByRole('button', { name: 'Create Registration' }).click();
    await page.waitForURL(/\/registration\/[A-Z0-9-]+$/);
    await page.getByRole('heading', { name: 'Attendees (1/9)' }).waitFor();
    await page.getByText('Vegetarian').first().waitFor();
    await page.getByText('Houston').waitFor();
  });

  it('says under Email which registration already uses the email typed, and still creates on purpose', async () => {
    const family = await createFamily({
      firstName: 'Dora',
      lastName: `Twice${suffix()}`,
      flight: { flightNumber: 'UA 12', flightDate: '2025-11-27', flightTime: '09:00' },
    });
    const { page } = await signInAs('admin', { path: '/register' });
    await page.getByLabel('Email').fill(family.email.toUpperCase());
    await page.getByText(`${family.registrationNumber} (${family.name}) already uses this email`).waitFor();
    // another email: the line goes
    await page.getByLabel('Email').fill(`someone-else-${suffix()}@reunion.test`);
    await expect.poll(() => page.getByText('already uses this email').count()).toBe(0);
  });

  it("edit mode says under Email that another family already uses it, and never names the registration's own", async () => {
    const other = await createFamily({
      firstName: 'Lisa',
      lastName: `Taken${suffix()}`,
      flight: { flightNumber: 'UA 14', flightDate: '2025-11-27', flightTime: '09:30' },
    });
    const family = await createFamily({
      firstName: 'Ivan',
      lastName: `Edits${suffix()}`,
      flight: { flightNumber: 'UA 15', flightDate: '2025-11-27', flightTime: '09:45' },
    });
    const { page } = await signInAs('admin', { path: `/registration/${family.registrationNumber}` });
    await page.getByRole('button', { name: 'Edit registration' }).click();
    // its own email typed again: the search finds only this registration, and no line is shown
    const searched = page.waitForResponse(
      (r) => r.url().includes('/api/registrations?') && decodeURIComponent(r.url()).includes(family.email),
    );
    await page.getByLabel('Email').fill(family.email.toUpperCase());
    await searched;
    expect(await page.getByText('already uses this email').count()).toBe(0);
    await page.getByLabel('Email').fill(other.email);
    await page.getByText(`${other.registrationNumber} (${other.name}) already uses this email`).waitFor();
  });

  it('the sidebar form takes group members too, and the family is created in one step', async () => {
    const { page } = await signInAs('admin', { path: '/admin' });
    await page.getByRole('link', { name: 'Create Registration' }).click();
    await page.getByRole('heading', { name: 'Event Registration' }).waitFor();
    const s = suffix();
    const primary = page.getByRole('group', { name: 'Primary Contact Information' });
    await primary.getByLabel('First Name').fill('Lucia');
    await primary.getByLabel('Last Name').fill(`Ferro${s}`);
    await primary.getByLabel('Email').fill(`lucia-${s}@reunion.test`);
    await primary.getByLabel('Phone').fill('555-0103');
    await primary.getByLabel('Age Category').selectOption('adult');
    await page.getByRole('button', { name: 'Add Group Member' }).click();
    const member = page.getByRole('group', { name: 'Group Member 1' });
    await page.getByRole('button', { name: 'Create Registration' }).click();
    await member.getByText('First name is required').waitFor();
    await member.getByLabel('First Name').fill('Tomas');
    await member.getByLabel('Last Name').fill(`Ferro${s}`);
    await member.getByLabel('Age Category').selectOption('child');
    await page.getByRole('button', { name: 'Create Registration' }).click();
    await page.waitForURL(/\/registration\/[A-Z0-9-]+$/);
    await page.getByRole('heading', { name: 'Attendees (2/9)' }).waitFor();
    await page.getByText(`Tomas Ferro${s}`).first().waitFor();
  });

  it('shows the Overview numbers the statistics endpoint gives', async () => {
    const { page, token } = await signInAs('admin', { path: '/admin' });
    await page.getByRole('heading', { name: 'Admin Overview' }).waitFor();
    await page.getByText('Financial Summary').waitFor();
    const stats = (await api('GET', '/registrations/stats/summary', { token })).body;
    const card = (label: string) =>
      page
        .locator('.stat-card')
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator('.stat-value');
    await expect.poll(() => card('Total Registrations').textContent()).toBe(String(stats.registrations.total_count));
    await expect.poll(() => card('Active Registrations').textContent()).toBe(String(stats.registrations.active_count));
    await expect.poll(() => card('Total Attendees').textContent()).toBe(String(stats.attendees.total_active));
    const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    await expect.poll(() => card('Total Revenue').textContent()).toBe(money(stats.registrations.total_collected));
    const row = (label: string) =>
      page
        .locator('.stat-row')
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator('dd');
    await expect
      .poll(() => row('Outstanding Balance').textContent())
      .toBe(money(stats.registrations.total_expected - stats.registrations.total_collected));
    await expect.poll(() => row('Owed by families').textContent()).toBe(money(stats.registrations.total_owed));
    await expect.poll(() => row('Due back in refunds').textContent()).toBe(money(stats.registrations.total_refund_due));
    await expect.poll(() => row('Cancelled').textContent()).toBe(String(stats.registrations.cancelled_count));
    const families = stats.registrations.checked_in_count;
    await expect
      .poll(() => row('Checked in at the desk').textContent())
      .toBe(`${stats.attendees.checked_in} (${families} ${families === 1 ? 'family' : 'families'})`);
  });

  it('shows the statistics network error and retries with Try Again', async () => {
    const { page } = await signInAs('admin', { path: '/admin/registrations' });
    let calls = 0;
    await page.route('**/api/registrations/stats/summary', (route) => {
      calls++;
      return route.abort('connectionrefused');
    });
    await page.getByRole('link', { name: 'Overview' }).click();
    await page.getByText('Network error - please check if the backend server is running on port 4000').waitFor({ timeout: 20_000 });
    expect(calls).toBe(4); // the first try and 3 retries
    // the spec's sentence says port 4000 wherever the server is: the address this app uses is named too
    await page.getByText(`This app's server is at ${new URL(page.url()).origin}.`).waitFor();
    await page.unroute('**/api/registrations/stats/summary');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByText('Financial Summary').waitFor();
  });

  it('with no signal, the Overview says the network error with Try Again instead of loading for ever', async () => {
    const { page } = await signInAs('admin', { path: '/admin/registrations' });
    await waitForServiceWorker(page);
    await page.context().setOffline(true);
    await page.getByRole('link', { name: 'Overview' }).click();
    await page.getByText('Network error - please check if the backend server is running on port 4000').waitFor({ timeout: 20_000 });
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByText('Financial Summary').waitFor();
  });

  it("shows the screens' own sentences when the server answers without one", async () => {
    const { page } = await signInAs('admin', { path: '/admin/registrations' });
    await page.route('**/api/registrations/stats/summary', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByRole('link', { name: 'Overview' }).click();
    await page.getByText('Failed to load statistics').waitFor();
    await page.route('**/api/registrations/R25-*', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' }),
    );
    await page.goto('/registration/R25-ABCDEF');
    // within a test's usual 5 s: one retry, a second later, then the sentence
    await page.getByText('Failed to load registration data').waitFor({ timeout: 4_000 });
  });

  it('shows a visitor without verification the notice and no personal data', async () => {
    const admin = await createStaffUser('admin');
    const token = await apiLogin(admin.email, admin.password);
    const s = suffix();
    const email = `private-${s}@reunion.test`;
    const created = await api('POST', '/registrations', {
      token,
      body: {
        primary_first_name: 'Private',
        primary_last_name: `Person${s}`,
        primary_email: email,
        primary_phone: '555-0103',
        attendees: [],
      },
    });
    const number = created.body.registration.registration_number as string;
    const page = await newPage();
    await page.goto(`/registration/${number}?verified=true`);
    await page.getByText('Please verify your email to view this registration.').waitFor();
    await page.getByRole('link', { name: 'Check Registration' }).last().waitFor();
    await expect.poll(() => page.getByText(email).count()).toBe(0);
    await expect.poll(() => page.getByText(`Person${s}`).count()).toBe(0);
  });
});
