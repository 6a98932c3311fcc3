/**
 * Who sees what on /registration/{number} (docs/product.md#screens Registration detail, docs/product.md#roles-and-access; docs/product.md#roles-and-access): a
 * verified registrant sees their own registration without admin controls, with the flight form link and
 * 'Make Payment'; another registration stays closed to them; a greeter reads it without money; and the
 * admin's forms are disabled offline with a reason.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  api,
  apiLogin,
  createStaffUser,
  goOffline,
  newPage,
  setupBrowser,
  signInAs,
  waitForServiceWorker,
} from './helpers/playwright-utils';
import { mailedCode } from './helpers/mail';

setupBrowser();

let adminToken: string | null = null;
async function admin(): Promise<string> {
  if (!adminToken) {
    const a = await createStaffUser('admin');
    adminToken = await apiLogin(a.email, a.password);
  }
  return adminToken;
}

async function makeRegistration(first: string) {
  const s = randomBytes(3).toString('hex');
  const email = `${first.toLowerCase()}-${s}@reunion.test`;
  const res = await api('POST', '/registrations', {
    token: await admin(),
    body: { primary_first_name: first, primary_last_name: `Access${s}`, primary_email: email, primary_phone: '555-0199', attendees: [] },
  });
  expect(res.status).toBe(201);
  return { email, number: res.body.registration.registration_number as string, id: res.body.registration.id as number, last: `Access${s}` };
}

/** Verifies `email` through the API (code from the mail) and returns what the check flow stores. */
async function verifyByCode(email: string) {
  expect((await api('POST', '/registrations/send-verification', { body: { email, turnstileToken: 'none' } })).status).toBe(200);
  const code = await mailedCode(email);
  const res = await api('POST', '/registrations/verify-code', { body: { email, code } });
  expect(res.status).toBe(200);
  return { registrantToken: res.body.registrantToken as string, expiresAt: res.body.expiresAt as string };
}

/** Waits until the sync engine has saved registration `number` in this browser's Dexie database. */
async function waitForCachedRegistration(page: Page, number: string) {
  await page.waitForFunction(
    async (n) => {
      const dbs = await indexedDB.databases();
      if (!dbs.some((d) => d.name === 'reunion-desk')) return false;
      return new Promise<boolean>((resolve) => {
        const req = indexedDB.open('reunion-desk');
        req.onerror = () => resolve(false);
        req.onsuccess = () => {
          const db = req.result;
          if (!db.objectStoreNames.contains('registrations')) {
            db.close();
            return resolve(false);
          }
          const get = db.transaction('registrations').objectStore('registrations').index('registration_number').get(n);
          get.onsuccess = () => {
            db.close();
            resolve(!!get.result);
          };
          get.onerror = () => {
            db.close();
            resolve(false);
          };
        };
      });
    },
    number,
    { timeout: 30_000, polling: 500 },
  );
}

describe('registration page access', () => {
  it('shows a verified registrant their registration without admin controls, and not another one', async () => {
    const mine = await makeRegistration('Rosa');
    const other = await makeRegistration('Oscar');
    const { registrantToken, expiresAt } = await verifyByCode(mine.email);
    const page = await newPage();
    await page.goto('/manifest.webmanifest');
    await page.evaluate((v) => localStorage.setItem('user_verification', JSON.stringify({ ...v, verifiedAt: Date.now() })), {
      email: mine.email,
      registrationNumber: mine.number,
      registrantToken,
      expiresAt,
    });

    await page.goto(`/registration/${mine.number}?verified=true`);
    await page.getByRole('heading', { name: mine.number }).waitFor();
    await page.getByRole('region', { name: 'Contact Information' }).getByText(mine.email).waitFor();
    await page.getByRole('heading', { name: 'Price Breakdown' }).waitFor();
    const flightLink = page.getByRole('link', { name: 'Add Flight Information' });
    await expect.poll(() => flightLink.getAttribute('href')).toBe(`/flight-info?registrationId=${mine.id}&verified=true`);
    // on a phone the flight action is on the first screen, not below the whole registration
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await flightLink.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(844);
    await page.setViewportSize({ width: 1280, height: 800 });
    const pay = page.getByRole('button', { name: 'Make Payment' });
    await expect.poll(() => pay.isVisible()).toBe(true);
    // no online payment: the button says how to pay, with the balance and whom to ask
    await pay.click();
    const howToPay = page.getByRole('region', { name: 'How to pay' });
    await howToPay.getByText(/^Balance due: \$\d/).waitFor();
    await howToPay.getByText('Pay by Zelle or check to the reunion committee, or at the check-in desk when you arrive.').waitFor();
    await howToPay.getByRole('link', { name: 'help@reunion.example' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
    for (const name of ['Edit registration', 'Cancel Registration', 'Request Flight Info', 'Add Attendee', 'Record Payment']) {
      await expect.poll(() => page.getByRole('button', { name }).count(), { message: name }).toBe(0);
    }

    await page.goto(`/registration/${other.number}`);
    await page.getByText('You can only view your own registration').waitFor();
    await expect.poll(() => page.getByText(other.email).count()).toBe(0);
  });

  it('lets a greeter read a registration without money or admin controls', async () => {
    const reg = await makeRegistration('Gina');
    const { page } = await signInAs('greeter', { path: `/registration/${reg.number}` });
    await page.getByRole('heading', { name: reg.number }).waitFor();
    await page.getByRole('heading', { name: 'Attendees (1/9)' }).waitFor();
    await page.getByText(`Gina ${reg.last}`).first().waitFor();
    await expect.poll(() => page.getByRole('heading', { name: 'Price Breakdown' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('heading', { name: 'Payment Summary' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Edit registration' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Cancel Registration' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
  });

  it('lets check-in staff read a registration with its money and without a flights section', async () => {
    const reg = await makeRegistration('Desi');
    const flight = {
      flightType: 'arrival',
      airline: 'United Airlines',
      flightNumber: 'UA100',
      flightDate: '2025-11-27',
      flightTime: '14:30',
      airport: 'IAH',
      adultsCount: 1,
    };
    const sent = await api('POST', '/flight-info/submit-verified', {
      token: await admin(),
      body: { registrationId: reg.id, needsTransportation: true, flights: [flight] },
    });
    expect(sent.status).toBe(200);
    const { page } = await signInAs('checkin', { path: `/registration/${reg.number}` });
    await page.getByRole('heading', { name: reg.number }).waitFor();
    await page.getByRole('heading', { name: 'Payment Summary' }).waitFor();
    // the desk reads no flights: the page must not say the family sent none
    await expect.poll(() => page.getByRole('heading', { name: 'Flight Information' }).count()).toBe(0);
    await expect.poll(() => page.getByText('No flight information has been submitted yet.').count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Edit registration' }).count()).toBe(0);
  });

  it("says 'Registration not found' for an unknown number", async () => {
    const { page } = await signInAs('admin', { path: '/registration/R25-NOSUCH' });
    await page.getByRole('heading', { name: 'Registration not found' }).waitFor();
    await page.getByRole('link', { name: 'Return to Home' }).waitFor();
  });

  it('disables the editing forms offline with a reason, and enables them again online', async () => {
    const reg = await makeRegistration('Olga');
    const { page } = await signInAs('admin', { path: '/admin/registrations/new' });
    await page.getByRole('heading', { name: 'Add New Registration' }).waitFor();
    await page.context().setOffline(true);
    await page.getByText('You are offline.').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Create Registration' }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByRole('group', { name: 'Primary Contact' }).getByLabel('First Name').isDisabled()).toBe(true);
    await page.context().setOffline(false);
    await page.getByRole('group', { name: 'Primary Contact' }).getByLabel('First Name').fill('Back');
    await expect.poll(() => page.getByRole('button', { name: 'Create Registration' }).isDisabled()).toBe(false);

    await page.goto(`/registration/${reg.number}`);
    await page.getByRole('heading', { name: reg.number }).waitFor();
    await page.context().setOffline(true);
    await page.getByText('You are offline.').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Edit registration' }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Cancel Registration' }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Add Attendee' }).isDisabled()).toBe(true);
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Edit registration' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).waitFor();
  });

  it("shows staff this device's copy of the list and a registration when there is no connection", async () => {
    const reg = await makeRegistration('Cora');
    const { page } = await signInAs('admin', { path: '/admin/registrations' });
    await page
      .getByRole('link', { name: reg.number })
      .or(page.getByText(/Showing/))
      .first()
      .waitFor();
    await waitForServiceWorker(page);
    await waitForCachedRegistration(page, reg.number);

    await goOffline(page.context());
    await page.reload();
    await page.getByText('No connection: showing the registrations saved on this device').waitFor();
    await page.getByLabel('Search').fill(reg.last);
    await page.getByRole('link', { name: reg.number, exact: true }).click();
    await page.getByText('No connection: showing the copy of this registration saved on this device.').waitFor();
    await page.getByRole('heading', { name: reg.number }).waitFor();
    await page.getByRole('heading', { name: 'Attendees (1/9)' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Edit registration' }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Payment History' }).count()).toBe(0);
  });
});
