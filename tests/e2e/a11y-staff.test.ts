/**
 * Accessibility of the staff screens , as a greeter and as an admin, at a phone (390 px) and
 * a laptop (1280 px) width: no serious or critical axe finding in each state (lists, forms showing
 * their errors, dialogs open), every control labelled, errors read out, dialogs and menus usable from
 * the keyboard (Enter opens, Escape closes, focus goes back), and a visible focus ring.
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, expectAnnounced, expectLabelled, expectVisibleFocus, LAPTOP, PHONE } from './helpers/axe';
import { api, newPage, setupBrowser, signInAs } from './helpers/playwright-utils';
import { createFamily, importRoomingCsv, uniqueWord } from './helpers/staff-data';

setupBrowser();

const isFocused = (l: Locator) => l.evaluate((el) => el === document.activeElement);

/**
 * A dialog opened from `trigger` with the keyboard: Enter opens it and moves focus inside, axe finds
 * nothing serious with it open, Escape closes it and focus is back on the trigger.
 */
async function expectKeyboardDialog(
  page: Page,
  trigger: Locator,
  name: string | RegExp,
  where: string,
  whileOpen?: (dialog: Locator) => Promise<void>,
  widths?: readonly ('phone' | 'laptop')[],
) {
  await trigger.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await expect
    .poll(() => dialog.evaluate((d) => d.contains(document.activeElement)), { message: `${where}: focus moved into the dialog` })
    .toBe(true);
  if (whileOpen) await whileOpen(dialog);
  await expectAccessible(page, `${where} (dialog open)`, { widths });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => isFocused(trigger), { message: `${where}: focus returned to the button that opened the dialog` }).toBe(true);
}

/** The account menu opens with Enter, Tab reaches its items, Escape closes it and focus goes back. */
async function expectKeyboardMenu(page: Page, name: string, item: string) {
  const button = page.getByRole('button', { name, exact: true });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
  await page.getByRole('link', { name: item }).waitFor();
  await page.keyboard.press('Tab');
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.menu-panel') !== null)).toBe(true);
  await expectAccessible(page, `${name} menu open`);
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: item }).waitFor({ state: 'hidden' });
  await expect.poll(() => isFocused(button)).toBe(true);
}

describe('accessibility: greeter', () => {
  it('arrivals as cards on a phone, the details modal, the account menu, profile and Admin Access Required', async () => {
    const last = uniqueWord();
    const family = await createFamily({
      firstName: 'Noor',
      lastName: last,
      others: [
        {
          first_name: 'Sami',
          last_name: last,
          age_category: 'child',
          dietary_restrictions: 'No nuts',
        },
      ],
      flight: {
        flightNumber: 'AA 2025',
        flightDate: '2025-11-27',
        flightTime: '16:40',
        specialInstructions: 'Stroller',
      },
    });
    const { page, user } = await signInAs('greeter', {
      page: await newPage({ viewport: PHONE }),
      path: '/admin/flight-arrivals',
    });
    await page.getByRole('heading', { name: 'Flight Arrivals Dashboard' }).waitFor();
    await page.getByLabel('Search').fill(last);
    const card = page.locator('.flight-group', {
      hasText: family.registrationNumber,
    });
    await card.waitFor();
    await expectLabelled(page, 'arrivals cards');
    await expectAccessible(page, 'arrivals as cards', { widths: ['phone'] });
    await card.locator('label.pickup-big').click();
    await card.getByText(/Picked up \d/).waitFor();
    await expectAccessible(page, 'arrivals card picked up', {
      widths: ['phone'],
    });

    await page.setViewportSize(PHONE);
    await expectKeyboardDialog(
      page,
      card.getByRole('button', { name: family.registrationNumber }),
      'Registration Details',
      'arrivals details modal (greeter)',
      async (d) => {
        await d.getByRole('heading', { name: 'Attendees' }).waitFor();
      },
      ['phone'],
    );
    await expectVisibleFocus(page, 'arrivals (greeter phone)');
    // the sync line's 'Sync details' opens the panel of this device's unsent changes
    await expectKeyboardDialog(
      page,
      page.getByRole('button', { name: 'Sync details', exact: true }),
      'Sync details',
      'sync panel',
      undefined,
      ['phone'],
    );

    await expectKeyboardMenu(page, `${user.first_name} ${user.last_name}`, 'Change Password');

    await page.goto('/admin/profile');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectAnnounced(page, 'profile', ['Current password is required', 'New password is required', 'Please confirm your password']);
    await expectLabelled(page, 'profile');
    await expectAccessible(page, 'profile with errors (greeter)');

    await page.goto('/admin/registrations');
    await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
    await expectAccessible(page, 'Admin Access Required');
  });
});

describe('accessibility: admin', () => {
  it('users (add form errors, reset password dialog) and profile', async () => {
    const { page } = await signInAs('admin', { path: '/admin/users' });
    const { email } = await signInAs('greeter');
    await page.reload();
    await page.getByRole('heading', { name: 'Add User' }).waitFor();
    await page.getByRole('cell', { name: email, exact: true }).waitFor();
    await expectLabelled(page, 'users');
    await expectAccessible(page, 'users');
    await page.getByRole('button', { name: 'Add User' }).click();
    await expectAnnounced(page, 'add user', ['First name is required']);
    await expectAccessible(page, 'users: add form with errors');

    await expectKeyboardDialog(
      page,
      page.getByRole('button', { name: `Reset password for ${email}` }),
      /Reset/,
      'reset password',
      async (d) => {
        await d.getByLabel('New Password').fill('123');
        await d.getByRole('button', { name: 'Reset Password' }).click();
        await expectAnnounced(page, 'reset password', ['Password must be at least 6 characters']);
      },
    );
    await expectVisibleFocus(page, 'users');

    await page.goto('/admin/profile');
    await page.getByRole('button', { name: 'Update Password' }).waitFor();
    await expectAccessible(page, 'profile (admin)');
  });

  it('overview, registrations list with filters, both create forms with errors', async () => {
    const { page } = await signInAs('admin', { path: '/admin' });
    await page.getByText('Financial Summary').waitFor();
    await expectAccessible(page, 'overview');
    await expectVisibleFocus(page, 'overview');

    await page.goto('/admin/registrations');
    await page
      .getByText(/Showing|No registrations/)
      .first()
      .waitFor();
    await expectLabelled(page, 'registrations list');
    await expectAccessible(page, 'registrations list');
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('button', { name: 'Clear Filters' }).waitFor();
    await expectLabelled(page, 'registrations filters');
    await expectAccessible(page, 'registrations list with filters open');

    await page.goto('/admin/registrations/new');
    await page.getByRole('button', { name: 'Add Group Member' }).click();
    await page.getByRole('button', { name: 'Create Registration' }).click();
    await expectAnnounced(page, 'manual create', ['Phone is required']);
    // the banner above says so; focus lands on the first field to fix, not on the button pressed
    await expect
      .poll(() => isFocused(page.getByRole('textbox', { name: 'First Name' }).first()), { message: 'focus on the first invalid field' })
      .toBe(true);
    // a control removed from the keyboard, with no busy state first: focus goes to what stands in its place
    const removeMember = page.getByRole('button', { name: 'Remove Group Member 1' });
    await page.keyboard.press('Shift'); // a keyboard user: a key since the last pointer
    await removeMember.focus();
    await page.keyboard.press('Enter');
    await removeMember.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null), {
        message: 'focus kept after removing a group member',
      })
      .toBe(true);
    await expectLabelled(page, 'manual create');
    await expectAccessible(page, 'manual create with errors');

    await page.goto('/register');
    await page.getByRole('button', { name: 'Create Registration' }).click();
    await expectAnnounced(page, 'event registration', ['Phone number is required']);
    await expectLabelled(page, 'event registration');
    await expectAccessible(page, 'event registration with errors');
  });

  it('registration detail: read, edit mode, and the Add Attendee dialog from the keyboard', async () => {
    const { page, token } = await signInAs('admin', { path: '/admin' });
    const s = randomBytes(3).toString('hex');
    const created = await api('POST', '/registrations', {
      token,
      body: {
        primary_first_name: 'Iris',
        primary_last_name: `Keys${s}`,
        primary_email: `iris-${s}@reunion.test`,
        primary_phone: '555-0112',
        city: 'Austin',
        state: 'TX',
        attendees: [{ first_name: 'Otto', last_name: `Keys${s}`, age_category: 'youth' }],
      },
    });
    expect(created.status).toBe(201);
    const number = created.body.registration.registration_number as string;
    await api('POST', `/registrations/${number}/payments`, {
      token,
      body: { amount: 40, method: 'cash', note: 'Deposit' },
    });

    await page.goto(`/registration/${number}`);
    await page.getByRole('heading', { name: 'Price Breakdown' }).waitFor();
    await expectLabelled(page, 'registration detail');
    await expectAccessible(page, 'registration detail (admin)');
    await expectVisibleFocus(page, 'registration detail', 40);

    await page.getByRole('button', { name: 'Edit registration' }).click();
    await page.getByText('New Total').waitFor();
    await expectLabelled(page, 'registration edit mode');
    await expectAccessible(page, 'registration edit mode');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();

    await expectKeyboardDialog(
      page,
      page.getByRole('button', { name: 'Add Attendee' }),
      'Add Attendee',
      'Add Attendee dialog',
      async (d) => {
        await expectLabelled(page, 'Add Attendee dialog');
        await d.getByRole('button', { name: 'Add Attendee' }).click();
        await expectAnnounced(page, 'Add Attendee dialog', ['First name is required']);
      },
    );

    // a control used from the keyboard that goes away leaves focus in the page, not on its body
    const focusLost = () => page.evaluate(() => document.activeElement === document.body || document.activeElement === null);
    const edit = page.getByRole('button', { name: 'Edit registration' });
    await page.keyboard.press('Shift'); // a keyboard user: a key since the last pointer
    await edit.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'City' }).fill('Waco');
    const save = page.getByRole('button', { name: 'Save Changes' });
    await save.focus();
    await page.keyboard.press('Enter');
    await save.waitFor({ state: 'detached' });
    await expect.poll(focusLost, { message: 'focus kept after Save Changes' }).toBe(false);

    const remove = page.getByRole('button', { name: `Remove Otto Keys${s}` });
    page.once('dialog', (d) => void d.accept());
    await remove.focus();
    await page.keyboard.press('Enter');
    await remove.waitFor({ state: 'detached' });
    await expect.poll(focusLost, { message: 'focus kept after removing an attendee' }).toBe(false);
  });

  it('hotel assignments with a match shown, and arrivals as a table on a laptop with its modal', async () => {
    const last = uniqueWord();
    const family = await createFamily({
      firstName: 'Vera',
      lastName: last,
      others: [{ first_name: 'Jon', last_name: last, age_category: 'adult' }],
      flight: {
        flightNumber: 'WN 404',
        flightDate: '2025-11-28',
        flightTime: '11:15',
      },
    });
    await importRoomingCsv(
      `Guest Name,Confirmation Number,Check-in,Check-out\nVera ${last},AX${uniqueWord().toUpperCase()},2025-11-27,2025-11-30\n`,
    );

    const { page } = await signInAs('admin', {
      path: '/admin/hotel-assignments',
    });
    const booking = page.locator('.booking-card', { hasText: `Vera ${last}` });
    await booking.waitFor();
    await expectLabelled(page, 'hotel assignments');
    await expectAccessible(page, 'hotel assignments');
    await booking.getByRole('button', { name: 'Find Match' }).click();
    await booking.getByText('Possible match').waitFor();
    await expectAccessible(page, 'hotel assignments with candidates');
    await expectVisibleFocus(page, 'hotel assignments', 40);

    await page.goto('/admin/flight-arrivals?date=2025-11-28');
    await page.setViewportSize(LAPTOP);
    const row = page.locator('tr', { hasText: family.registrationNumber });
    await row.waitFor();
    await expectLabelled(page, 'arrivals table');
    await expectAccessible(page, 'arrivals table', { widths: ['laptop'] });
    await expectKeyboardDialog(
      page,
      row.getByRole('button', { name: family.registrationNumber }),
      'Registration Details',
      'arrivals details modal (admin)',
      async (d) => {
        await d.getByRole('heading', { name: 'Payment Information' }).waitFor();
      },
      ['laptop'],
    );
    // the same screen on a phone turns into cards
    await expectAccessible(page, 'arrivals (admin) on a phone', {
      widths: ['phone'],
    });
  });
});
