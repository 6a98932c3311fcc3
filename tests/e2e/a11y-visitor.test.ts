/**
 * Accessibility of every screen a visitor sees , signed out and as a verified registrant, at a
 * phone (390 px) and a laptop (1280 px) width: no serious or critical axe finding, every control
 * labelled, errors read out, the 'My Registration' menu usable from the keyboard, a visible focus ring.
 * The journeys are real: codes and links come from the mail the server wrote.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, expectAnnounced, expectLabelled, expectVisibleFocus, PHONE } from './helpers/axe';
import { LINK, mailedCode, waitForMail } from './helpers/mail';
import { api, apiLogin, newPage, server, setupBrowser } from './helpers/playwright-utils';

setupBrowser();

let adminToken: string | null = null;
const admin = async () => (adminToken ??= await apiLogin(server().adminEmail, server().adminPassword));

async function makeRegistration() {
  const s = randomBytes(4).toString('hex');
  const email = `a11y-${s}@reunion.test`;
  const res = await api('POST', '/registrations', {
    token: await admin(),
    body: {
      primary_email: email,
      primary_phone: '555-0100',
      primary_first_name: 'Lena',
      primary_last_name: `Axe${s}`,
      attendees: [],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return {
    id: res.body.registration.id as number,
    number: res.body.registration.registration_number as string,
    email,
  };
}

/** The account menu opens with Enter, its items are reachable with Tab, Escape closes it and focus goes back. */
async function expectKeyboardMenu(page: Page, name: string, item: string) {
  const button = page.getByRole('button', { name });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
  const link = page.getByRole('link', { name: item });
  await link.waitFor();
  await page.keyboard.press('Tab');
  // the panel follows its button: Tab lands on the first item of the open menu
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.menu-panel') !== null)).toBe(true);
  await expectAccessible(page, `${name} menu open`);
  await page.keyboard.press('Escape');
  await link.waitFor({ state: 'hidden' });
  await expect.poll(() => button.evaluate((b) => b === document.activeElement)).toBe(true);
  await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
}

describe('accessibility: signed-out screens', () => {
  it('home, login (with its errors), /test and an unknown page', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Event Highlights' }).waitFor();
    await expectAccessible(page, 'home');
    await expectVisibleFocus(page, 'home');

    await page.goto('/login');
    await page.getByText('Server online').waitFor();
    await expectLabelled(page, 'login');
    await expectAccessible(page, 'login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectAnnounced(page, 'login', ['Email is required', 'Password is required']);
    await expectAccessible(page, 'login with errors');
    await page.getByLabel('Email').fill(`nobody-${randomBytes(3).toString('hex')}@reunion.test`);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectAnnounced(page, 'login refused', ['Invalid email or password']);
    await expectVisibleFocus(page, 'login');

    await page.goto('/test');
    await page.getByRole('heading', { name: 'Network Connection Test' }).waitFor();
    await page.getByText('GET /api/health').first().waitFor();
    await expectAccessible(page, '/test');

    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await expectAccessible(page, 'not found');
  });

  it('check registration (email and code steps with errors), then the verified registrant: registration page and My Registration menu', async () => {
    const reg = await makeRegistration();
    const page = await newPage({ viewport: PHONE });
    await page.goto(`/registration/${reg.number}`);
    await page.getByRole('link', { name: 'Check Registration' }).last().waitFor();
    await expectAccessible(page, 'registration page, not verified');

    await page.goto('/check-registration');
    await page.getByRole('heading', { name: 'Check Registration' }).waitFor();
    await expectLabelled(page, 'check registration');
    await expectAccessible(page, 'check registration: email step');
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await expectAnnounced(page, 'check registration', ['Email is required']);
    await expectAccessible(page, 'check registration: email step with an error');
    await page.getByLabel('Email Address').fill(`nobody-${randomBytes(3).toString('hex')}@reunion.test`);
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await expectAnnounced(page, 'check registration unknown email', ['No registration found with this email']);

    await page.getByLabel('Email Address').fill(reg.email);
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    const codeField = page.getByLabel('Verification Code');
    await codeField.waitFor();
    const code = await mailedCode(reg.email);
    await expectLabelled(page, 'code step');
    await expectAccessible(page, 'check registration: code step');
    await codeField.fill(code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA');
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expectAnnounced(page, 'code step', ['Invalid or expired verification code']);
    await expectAccessible(page, 'check registration: wrong code');
    await codeField.fill(code);
    await page.getByRole('button', { name: 'Verify Code' }).click();

    await page.waitForURL(new RegExp(`/registration/${reg.number}`));
    await page.getByRole('link', { name: 'Add Flight Information' }).waitFor();
    await expectAccessible(page, 'registration page, verified registrant');
    await expectKeyboardMenu(page, 'My Registration', 'View Registration');
    await expectVisibleFocus(page, 'registration page (registrant)');
  });

  it('flight information: email, code, the flight form with its errors, and the success screen', async () => {
    const reg = await makeRegistration();
    const page = await newPage({ viewport: PHONE });
    await page.goto('/flight-info');
    await page.getByRole('heading', { name: 'Flight Information' }).waitFor();
    await expectLabelled(page, 'flight info email step');
    await expectAccessible(page, 'flight info: email step');
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await expectAnnounced(page, 'flight info email step', ['Please enter your email and complete the verification']);

    await page.getByLabel('Email Address').fill(reg.email);
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await page.getByLabel('Verification Code').waitFor();
    const code = await mailedCode(reg.email);
    await expectAccessible(page, 'flight info: code step');
    await page.getByLabel('Verification Code').fill(code);
    await page.getByRole('button', { name: 'Verify Code' }).click();

    await page.getByText(`Registration ${reg.number}`).waitFor();
    await expectLabelled(page, 'flight form');
    await expectAccessible(page, 'flight info: flight form');
    // at 200 % zoom (a 195-px-wide screen) nothing runs past the page's edge: not the transport choices, the
    // date and time boxes, nor the contact email
    await page.setViewportSize({ width: 195, height: 422 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Add Flight' }).focus();
    await page.keyboard.press('Enter');
    // the keyboard lands on the new flight's first box
    await expect
      .poll(() =>
        page
          .getByRole('group', { name: 'Flight 2', exact: true })
          .getByLabel('Flight Type')
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await page.getByRole('button', { name: 'Submit Flight Information' }).click();
    await expectAnnounced(page, 'flight form', [
      'Airline is required',
      'Flight number is required',
      'Flight date is required',
      'Flight time is required',
    ]);
    await expectLabelled(page, 'flight form with two rows');
    await expectAccessible(page, 'flight info: two flights with errors');

    await page
      .getByRole('button', { name: /Remove Flight/ })
      .last()
      .click();
    const row = page.getByRole('group', { name: 'Flight 1', exact: true });
    await row.getByLabel('Airline').selectOption('Delta Air Lines');
    await row.getByLabel('Flight Number').fill('DL 100');
    await row.getByLabel(/^Airport \(/).selectOption('IAH');
    await row.getByLabel('Flight Date').fill('2025-11-27');
    await row.getByLabel('Flight Time').fill('10:30');
    await page.getByRole('button', { name: 'Submit Flight Information' }).click();
    await page.getByRole('heading', { name: 'Flight Information Submitted!' }).waitFor();
    await expectAccessible(page, 'flight info: submitted');
  });

  it('flight-info lookup (errors, sent) and the emailed tokenised form (errors), and a bad link', async () => {
    const reg = await makeRegistration();
    const page = await newPage({ viewport: PHONE });
    await page.goto('/flight-info-lookup');
    await page.getByRole('heading', { name: 'Flight Information Link' }).waitFor();
    await expectLabelled(page, 'lookup');
    await expectAccessible(page, 'lookup');
    await page.getByRole('button', { name: 'Send Me the Link' }).click();
    await expectAnnounced(page, 'lookup', ['Email is required']);
    await expectAccessible(page, 'lookup with an error');
    await page.getByLabel('Email Address').fill(reg.email);
    await page.getByRole('button', { name: 'Send Me the Link' }).click();
    await page.getByText('Flight info link has been sent to your email!').waitFor();
    await expectAccessible(page, 'lookup: link sent');

    const link = (await waitForMail(reg.email, LINK))[1];
    await page.goto(link);
    await page.getByText(reg.number, { exact: true }).waitFor();
    await expectLabelled(page, 'tokenised form');
    await expectAccessible(page, 'tokenised form');
    await page.getByRole('button', { name: 'Submit Flight Information' }).click();
    await expectAnnounced(page, 'tokenised form', ['Email is required']);
    await expectAccessible(page, 'tokenised form with errors');
    await expectVisibleFocus(page, 'tokenised form');

    await page.goto(`/flight-info/${randomBytes(32).toString('base64url')}`);
    await page.getByRole('link', { name: 'Request a new link' }).waitFor();
    await expectAccessible(page, 'tokenised form: invalid link');
  });
});
