/**
 * The visitor's three journeys on a 375 px phone, against the real server and its mail sink :
 * Check Registration by emailed code, the verified flight form, and the emailed link to the tokenised
 * form (sent by an admin, or asked for on the lookup page). Codes and links are read from MAIL_DIR.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CODE, LINK, waitForMail } from './helpers/mail';
import { api, apiLogin, newPage, readMail, server, setupBrowser, waitForServiceWorker } from './helpers/playwright-utils';

setupBrowser();

const PHONE = { width: 375, height: 812 };

let adminToken: string | null = null;
async function admin(): Promise<string> {
  adminToken ??= await apiLogin(server().adminEmail, server().adminPassword);
  return adminToken;
}

interface MadeRegistration {
  id: number;
  number: string;
  email: string;
  first: string;
  last: string;
}

/** A new registration (own email, so the per-email send limits never meet another test) through the admin API. */
async function makeRegistration(): Promise<MadeRegistration> {
  const suffix = randomBytes(4).toString('hex');
  const email = `visitor-${suffix}@reunion.test`;
  const [first, last] = ['Mira', `Okafor${suffix}`];
  const res = await api('POST', '/registrations', {
    token: await admin(),
    body: { primary_email: email, primary_phone: '555-0100', primary_first_name: first, primary_last_name: last, attendees: [] },
  });
  if (res.status !== 201) throw new Error(`creating a registration failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.registration.id, number: res.body.registration.registration_number, email, first, last };
}

async function flightsOf(number: string) {
  const res = await api('GET', `/registrations/${number}`, { token: await admin() });
  expect(res.status).toBe(200);
  return res.body.flightInfo as Array<Record<string, unknown>>;
}

/** No sideways scrolling on a phone. */
async function expectFitsPhone(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const flight = (page: Page, n: number) => page.getByRole('group', { name: `Flight ${n}`, exact: true });

async function fillFlight(
  page: Page,
  n: number,
  f: { airline: string; number: string; date: string; time: string; airport?: string; adults?: string; children?: string },
) {
  const row = flight(page, n);
  await row.getByLabel('Airline').selectOption(f.airline);
  await row.getByLabel('Flight Number').fill(f.number);
  await row.getByLabel(/^Airport \(/).selectOption(f.airport ?? 'IAH');
  await row.getByLabel('Flight Date').fill(f.date);
  await row.getByLabel('Flight Time').fill(f.time);
  if (f.adults !== undefined) await row.getByLabel('Number of Adults').fill(f.adults);
  if (f.children !== undefined) await row.getByLabel('Number of Children').fill(f.children);
}

describe('check registration', () => {
  it('goes from the home page to the registration page with an emailed code, and shows My Registration', async () => {
    const reg = await makeRegistration();
    const page = await newPage({ viewport: PHONE });
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Check Registration' }).click();
    await page.waitForURL(/\/check-registration$/);
    await page.getByRole('heading', { name: 'Check Registration' }).waitFor();
    await expectFitsPhone(page);

    // the spec's messages for a bad address and an unknown one
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByLabel('Email Address').fill(`nobody-${randomBytes(3).toString('hex')}@reunion.test`);
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await page.getByText('No registration found with this email').waitFor();
    // what else it can mean, and whom to ask (a cancelled registration is not found)
    await page.getByText('A registration that was cancelled is not found here', { exact: false }).waitFor();

    await page.getByLabel('Email Address').fill(reg.email.toUpperCase());
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    const codeField = page.getByLabel('Verification Code');
    await codeField.waitFor();
    const [, code] = await waitForMail(reg.email, CODE);

    // a wrong code is refused with the spec's sentence
    const verify = page.getByRole('button', { name: 'Verify Code' });
    await codeField.fill(code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA');
    await verify.click();
    await page.getByText('Invalid or expired verification code').waitFor();
    // focus is back in the box with the wrong code chosen, so the next one typed replaces it
    await expect
      .poll(() =>
        codeField.evaluate((el: HTMLInputElement) => el === document.activeElement && el.selectionEnd! - el.selectionStart! === 6),
      )
      .toBe(true);

    // typed in lower case, shown upper-cased; the button waits for all 6 characters
    await codeField.fill(code.slice(0, 5).toLowerCase());
    await expect.poll(() => codeField.inputValue()).toBe(code.slice(0, 5));
    await expect.poll(() => verify.isDisabled()).toBe(true);
    // pasted from the mail with spaces in and around it: all six kept, none cut by the box's limit of 6
    await codeField.fill('');
    await codeField.evaluate(
      (el, text) => {
        const data = new DataTransfer();
        data.setData('text', text);
        el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      },
      ` ${code.slice(0, 3)} ${code.slice(3).toLowerCase()}`,
    );
    await expect.poll(() => codeField.inputValue()).toBe(code);
    await codeField.fill(code.toLowerCase());
    await expect.poll(() => codeField.inputValue()).toBe(code);
    await verify.click();

    await page.waitForURL(new RegExp(`/registration/${reg.number}\\?verified=true$`));
    const stored = await page.evaluate(() => ({
      verification: JSON.parse(localStorage.getItem('user_verification') ?? 'null'),
      session: sessionStorage.getItem('registration_verified'),
    }));
    expect(stored.verification).toMatchObject({ email: reg.email, registrationNumber: reg.number });
    expect(typeof stored.verification.registrantToken).toBe('string');
    expect(stored.session).not.toBeNull();

    await page.getByRole('button', { name: 'My Registration' }).click();
    const menu = page.locator('.menu-panel');
    await menu.getByText('Verified', { exact: true }).waitFor();
    await menu.getByText(reg.email).waitFor();
    await menu.getByRole('link', { name: 'View Registration' }).waitFor();

    // the check-in pass: the QR code to show at the desk, and the same pass by mail
    await page.keyboard.press('Escape');
    const pass = page.getByRole('region', { name: 'Check-in pass' });
    await pass.getByRole('img', { name: `Check-in pass QR code for ${reg.number}` }).waitFor();
    await pass.getByRole('button', { name: 'Email my pass' }).click();
    await pass.getByText(`Check-in pass sent to ${reg.email}`).waitFor();
    await waitForMail(reg.email, new RegExp(`tell the desk your registration number:\\s*${reg.number}`));

    // an already verified visitor goes straight to their registration
    await page.goto('/check-registration');
    await page.waitForURL(new RegExp(`/registration/${reg.number}\\?verified=true$`));
    await page.getByRole('link', { name: 'Add Flight Information' }).waitFor();

    // reloaded with no signal: Try Again is offered, and the page loads by itself when the signal returns
    // (the app's shell comes from the service worker, once it controls the page)
    await waitForServiceWorker(page);
    await page.context().setOffline(true);
    await page.reload();
    await page.getByText('The server could not be reached. Check your connection and try again.').waitFor();
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByText('The server could not be reached. Check your connection and try again.').waitFor();
    await page.context().setOffline(false);
    await page.getByRole('link', { name: 'Add Flight Information' }).waitFor();

    // the registration page's flight link opens the form at once: the token proves who it is
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Add Flight Information' }).click();
    await page.waitForURL(/\/flight-info\?registrationId=\d+&verified=true$/);
    await page.getByText(`Registration ${reg.number}`).waitFor();
    await expect.poll(() => flight(page, 1).getByLabel('Flight Type').inputValue()).toBe('arrival');
    const marker = await page.evaluate(() => JSON.parse(sessionStorage.getItem('flight_info_verification') ?? 'null'));
    expect(marker).toMatchObject({ registrationId: String(reg.id), registrationNumber: reg.number });
  });
});

describe('flight information with an emailed code', () => {
  it('verifies, fills two flights on a phone and the flights are saved; the registration link reopens the form', async () => {
    const reg = await makeRegistration();
    const page = await newPage({ viewport: PHONE });
    await page.goto('/flight-info');
    await page.getByRole('heading', { name: 'Flight Information' }).waitFor();

    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await page.getByText('Please enter your email and complete the verification').waitFor();

    await page.getByLabel('Email Address').fill(reg.email);
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await page.getByLabel('Verification Code').waitFor();
    // 'Back to Email' returns to the first step with the address kept
    await page.getByRole('link', { name: 'Back to Email' }).click();
    await expect.poll(() => page.getByLabel('Email Address').inputValue()).toBe(reg.email);
    await expect.poll(() => page.getByLabel('Email Address').evaluate((el) => el === document.activeElement)).toBe(true);
    // the code already mailed still works: the email step offers to enter it without sending another
    await page.getByRole('link', { name: `Enter the code already sent to ${reg.email}` }).click();
    await page.getByLabel('Verification Code').waitFor();
    await page.getByRole('link', { name: 'Back to Email' }).click();
    const before = readMail(reg.email).length;
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    const codeField = page.getByLabel('Verification Code');
    await codeField.waitFor();
    await expect.poll(() => codeField.getAttribute('maxlength')).toBe('6');
    const [, code] = await waitForMail(reg.email, CODE, before);
    // the phone reloads the tab while the visitor reads the mail: still the code step, for that address
    await page.reload();
    await page.getByText(`We sent a 6-character code to ${reg.email}`).waitFor();
    await codeField.fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Verify Code' }).click();

    // the form: one default arrival row, no remove control
    await page.getByText(`Registration ${reg.number}`).waitFor();
    // the address names the registration now, so a reload reopens its form without a new code
    await expect.poll(() => new URL(page.url()).searchParams.get('registrationId')).toBe(reg.number);
    await page.reload();
    await page.getByText(`Registration ${reg.number}`).waitFor();
    await expectFitsPhone(page);
    await expect.poll(() => flight(page, 1).getByLabel('Flight Type').inputValue()).toBe('arrival');
    await expect.poll(() => flight(page, 1).getByLabel('Number of Adults').inputValue()).toBe('1');
    await expect.poll(() => page.getByRole('button', { name: /Remove Flight/ }).count()).toBe(0);

    await page.getByRole('button', { name: 'Submit Flight Information' }).click();
    for (const sentence of ['Airline is required', 'Flight number is required', 'Flight date is required', 'Flight time is required']) {
      await page.getByText(sentence).waitFor();
    }

    await fillFlight(page, 1, {
      airline: 'American Airlines',
      number: 'aa 1234',
      date: '2025-12-05',
      time: '14:30',
      adults: '2',
      children: '1',
    });
    await page.getByRole('button', { name: 'Submit Flight Information' }).click();
    await page.getByText('Flight date must be between Nov 25, 2025 and Dec 02, 2025').waitFor();
    await flight(page, 1).getByLabel('Flight Date').fill('2025-11-27');

    await page.getByRole('button', { name: 'Add Flight' }).click();
    await expect.poll(() => flight(page, 2).getByLabel('Flight Type').inputValue()).toBe('departure');
    await expect.poll(() => page.getByRole('button', { name: /Remove Flight/ }).count()).toBe(2);
    await fillFlight(page, 2, { airline: 'Delta Air Lines', number: 'DL456', date: '2025-11-30', time: '09:05' });
    // the phone reloads the tab while the visitor copies a number from another app: what was typed stays
    await page.reload();
    await page.getByText(`Registration ${reg.number}`).waitFor();
    await expect.poll(() => flight(page, 2).getByLabel('Flight Number').inputValue()).toBe('DL456');
    await expect.poll(() => flight(page, 1).getByLabel('Number of Adults').inputValue()).toBe('2');
    // the signal lost: the form says what becomes of what was typed
    await page.context().setOffline(true);
    await page.getByText('You are offline. What you typed stays on this page: submit it once you are back online.').waitFor();
    // reloaded with no signal: the visitor is not sent back to the email step, and the form returns with the signal
    await page.reload();
    await page.getByText('The server could not be reached. Check your connection and try again.').waitFor();
    expect(await page.getByLabel('Email Address').count()).toBe(0);
    await page.context().setOffline(false);
    await page.getByText(`Registration ${reg.number}`).waitFor();
    await expect.poll(() => flight(page, 2).getByLabel('Flight Number').inputValue()).toBe('DL456');
    await flight(page, 2).getByLabel('Child Seats Needed').fill('-1');
    await page.getByRole('button', { name: 'Submit Flight Information' }).click();
    await page.getByText('Cannot be negative').waitFor();
    await flight(page, 2).getByLabel('Child Seats Needed').fill('0');
    // what is typed in a count that is no number ('2-3') is refused, not saved as no children
    const children = flight(page, 2).getByLabel('Number of Children');
    await children.selectText();
    await children.pressSequentially('2-3');
    await page.getByRole('button', { name: 'Submit Flight Information' }).click();
    await flight(page, 2).getByText('Must be a whole number').waitFor();
    await children.fill('0');
    // a date left half typed (the month only) is said to be no date, not "required" under what was typed
    const date = flight(page, 2).getByLabel('Flight Date');
    await date.fill('');
    await date.focus();
    await page.keyboard.type('11');
    await page.getByRole('button', { name: 'Submit Flight Information' }).click();
    await flight(page, 2).getByText('Flight date must be a date like 2025-11-27').waitFor();
    expect(await flight(page, 2).getByText('Flight date is required').count()).toBe(0);
    await date.fill('2025-11-30');
    await expectFitsPhone(page);

    await page.getByRole('button', { name: 'Submit Flight Information' }).click();
    await page.getByRole('heading', { name: 'Flight Information Submitted!' }).waitFor();
    await page.getByRole('link', { name: 'Return to Home' }).waitFor();

    const saved = await flightsOf(reg.number);
    expect(
      saved.map((f) => [
        f.flight_type,
        f.airline,
        f.flight_number,
        f.flight_date,
        f.flight_time,
        f.adults_count,
        f.children_count,
        f.child_seats_needed,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['arrival', 'American Airlines', 'AA 1234', '2025-11-27', '14:30', 2, 1, 0],
        ['departure', 'Delta Air Lines', 'DL456', '2025-11-30', '09:05', 1, 0, 0],
      ]),
    );
    expect(saved).toHaveLength(2);
    await waitForMail(reg.email, /AA 1234/);

    // the registration page shows the flights saved, and a correction made from it right away
    await page.getByRole('link', { name: 'View Registration' }).click();
    await page.getByText('American Airlines AA 1234').waitFor();
    await page.getByRole('link', { name: 'Edit Flight Info' }).click();
    await flight(page, 1).getByLabel('Flight Number').fill('AA 1235');
    await page.getByRole('button', { name: 'Submit Flight Information' }).click();
    await page.getByRole('link', { name: 'View Registration' }).click();
    await page.getByText('American Airlines AA 1235').waitFor();

    // from the registration page's link the saved flights load without a new code, and a marker is kept
    await page.goto(`/flight-info?registrationId=${reg.number}&verified=true`);
    await page.getByText(`Registration ${reg.number}`).waitFor();
    await expect.poll(() => flight(page, 1).getByLabel('Flight Number').inputValue()).toBe('AA 1235');
    await expect.poll(() => flight(page, 2).getByLabel('Flight Number').inputValue()).toBe('DL456');
    const marker = await page.evaluate(() => JSON.parse(sessionStorage.getItem('flight_info_verification') ?? 'null'));
    expect(marker).toMatchObject({ registrationNumber: reg.number });

    // the server stops accepting the token: the verification is dropped and the email step comes back
    await page.evaluate(() => {
      const v = JSON.parse(localStorage.getItem('user_verification')!);
      localStorage.setItem('user_verification', JSON.stringify({ ...v, registrantToken: 'no-longer-valid' }));
    });
    await page.goto(`/flight-info?registrationId=${reg.number}&verified=true`);
    await page.getByText('Your verification has expired. Please verify your email again.').waitFor();
    await page.getByLabel('Email Address').waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('user_verification'))).toBeNull();
  });

  it('a Verify whose answer is lost on the way (the code spent on the server) works when tapped again', async () => {
    const reg = await makeRegistration();
    const page = await newPage({ viewport: PHONE });
    await page.goto('/flight-info');
    await page.getByLabel('Email Address').fill(reg.email);
    const before = readMail(reg.email).length;
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await page.getByLabel('Verification Code').waitFor();
    const [, code] = await waitForMail(reg.email, CODE, before);
    // the first Verify reaches the server, which spends the code; its answer never reaches the phone
    let dropped = 0;
    await page.route('**/api/flight-info/verify-code', async (route) => {
      if (dropped++ > 0) return route.continue();
      const answer = await route.fetch();
      expect(answer.status()).toBe(200);
      await route.abort('connectionreset');
    });
    await page.getByLabel('Verification Code').fill(code);
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect.poll(() => dropped).toBe(1);
    await page.getByRole('alert').waitFor();
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await page.getByText(`Registration ${reg.number}`).waitFor();
  });

  it("two families on one email: the link in the older family's mail opens its form with a code, not the newest's", async () => {
    const older = await makeRegistration();
    const newer = await api('POST', '/registrations', {
      token: await admin(),
      body: {
        primary_email: older.email,
        primary_phone: '555-0101',
        primary_first_name: 'Nina',
        primary_last_name: 'Newer',
        attendees: [],
      },
    });
    expect(newer.status).toBe(201);
    const page = await newPage({ viewport: PHONE });
    await page.goto(`/flight-info?registrationId=${older.number}`);
    await page.getByLabel('Email Address').fill(older.email);
    const before = readMail(older.email).length;
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    const [, code] = await waitForMail(older.email, CODE, before);
    await page.getByLabel('Verification Code').fill(code);
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await page.getByText(`Registration ${older.number}`).waitFor();
  });

  it('a code refused after its 10 minutes says it has expired and to send a new one', async () => {
    const reg = await makeRegistration();
    const page = await newPage({ viewport: PHONE });
    await page.clock.install();
    await page.goto('/flight-info');
    await page.getByLabel('Email Address').fill(reg.email);
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await page.getByLabel('Verification Code').waitFor();
    await page.clock.fastForward('11:00');
    await page.getByLabel('Verification Code').fill('ZZZZZZ');
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await page
      .getByText('This code was sent more than 10 minutes ago and has expired: go Back to Email and send a new one.', { exact: false })
      .waitFor();
  });

  it('wrong codes are counted across a reload: the fifth says the code stops working, and Back to Email no longer offers it', async () => {
    const reg = await makeRegistration();
    const page = await newPage({ viewport: PHONE });
    await page.goto('/flight-info');
    await page.getByLabel('Email Address').fill(reg.email);
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    const box = page.getByLabel('Verification Code');
    await box.waitFor();
    const wrong = async () => {
      await box.fill('ZZZZZZ');
      await page.getByRole('button', { name: 'Verify Code' }).click();
      await page.getByRole('alert').filter({ hasText: 'Invalid or expired verification code' }).waitFor();
      await expect.poll(() => page.getByRole('button', { name: 'Verify Code' }).isEnabled()).toBe(true);
    };
    for (let i = 0; i < 3; i++) await wrong();
    // the phone reloads the tab while the visitor reads the mail: the code step comes back
    await page.reload();
    await box.waitFor();
    await wrong();
    expect(await page.getByText('After 5 wrong tries a code stops working', { exact: false }).count()).toBe(0);
    await wrong();
    await page.getByText('After 5 wrong tries a code stops working: go Back to Email and send a new one.', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Back to Email' }).click();
    await page.getByLabel('Email Address').waitFor();
    expect(await page.getByText('Enter the code already sent', { exact: false }).count()).toBe(0);
  });

  it('a form opened before the flights were changed elsewhere says so; the visitor sends theirs anyway, or starts from the saved ones', async () => {
    const reg = await makeRegistration();
    const saved = (time: string, note: string | null) => ({
      flightType: 'arrival',
      airline: 'United Airlines',
      flightNumber: 'UA 900',
      flightDate: '2025-11-27',
      flightTime: time,
      airport: 'IAH',
      adultsCount: 1,
      childrenCount: 0,
      childSeatsNeeded: 0,
      specialInstructions: note,
    });
    const save = async (time: string) =>
      expect(
        (
          await api('POST', '/flight-info/submit-verified', {
            token: await admin(),
            body: { registrationId: reg.id, needsTransportation: true, flights: [saved(time, null)] },
          })
        ).status,
      ).toBe(200);
    await save('15:45');
    const page = await newPage({ viewport: PHONE });
    await page.goto('/flight-info');
    await page.getByLabel('Email Address').fill(reg.email);
    const before = readMail(reg.email).length;
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    const [, code] = await waitForMail(reg.email, CODE, before);
    await page.getByLabel('Verification Code').fill(code);
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect.poll(() => flight(page, 1).getByLabel('Flight Time').inputValue()).toBe('15:45');

    // another phone (here the organisers) moves the flight while this form is open
    await save('16:20');
    await flight(page, 1).getByLabel('Special Instructions').fill('Need a big van');
    await page.getByRole('button', { name: 'Submit Flight Information' }).click();
    await page.getByText(/^These flights were changed on another device or by the organisers after this form was opened\./).waitFor();
    expect((await flightsOf(reg.number)).map((f) => f.flight_time)).toEqual(['16:20']);
    // Show the saved flights: the form starts again from them
    await page.getByRole('button', { name: 'Show the saved flights' }).click();
    await expect.poll(() => flight(page, 1).getByLabel('Flight Time').inputValue()).toBe('16:20');
    await save('17:00');
    await flight(page, 1).getByLabel('Special Instructions').fill('Two big suitcases');
    await page.getByRole('button', { name: 'Submit Flight Information' }).click();
    // Send mine anyway: this form replaces them (and, the server says, no confirmation mail went this time)
    await page.route('**/api/flight-info/submit-verified', async (route) => {
      const answer = await route.fetch();
      await route.fulfill({ response: answer, json: { ...(await answer.json()), confirmationSent: false } });
    });
    await page.getByRole('button', { name: 'Send mine anyway' }).click();
    await page.getByRole('heading', { name: 'Flight Information Submitted!' }).waitFor();
    await page
      .getByText(
        'Your flights are saved. No confirmation email was sent this time: several went out in the last few minutes, or mail could not be sent.',
      )
      .waitFor();
    expect((await flightsOf(reg.number)).map((f) => [f.flight_time, f.special_instructions])).toEqual([['16:20', 'Two big suitcases']]);
  });

  it('keeps the event and the bot check it last heard of while the server does not answer', async () => {
    const page = await newPage({ viewport: PHONE });
    await page.goto('/check-registration');
    await page.getByRole('heading', { name: 'Check Registration' }).waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('public_config'))).toContain('"provider":"none"');
    let tries = 0;
    await page.route('**/api/config', (route) => {
      tries += 1;
      return route.abort('connectionrefused');
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Check Registration' }).waitFor();
    // the first request and its three retries (1, 2 and 4 s apart) fail; then the screen is what it shows for good
    await expect.poll(() => tries, { timeout: 15_000 }).toBe(4);
    await page.waitForTimeout(500);
    expect(await page.locator('altcha-widget').count()).toBe(0);
    await page.close();
  });

  it('asks for the email when verified=true comes without a token for that registration', async () => {
    const reg = await makeRegistration();
    const page = await newPage({ viewport: PHONE });
    await page.goto(`/flight-info?registrationId=${reg.number}&verified=true`);
    await page.getByLabel('Email Address').waitFor();
    await expect.poll(() => page.getByText(`Registration ${reg.number}`).count()).toBe(0);
  });
});

describe('emailed flight-info link', () => {
  it('an admin sends the link; the visitor opens it from the mail, submits and sees Thank You!', async () => {
    const reg = await makeRegistration();
    const sent = await api('POST', `/registrations/${reg.id}/request-flight-info`, { token: await admin() });
    expect(sent.status).toBe(200);
    const [, link] = await waitForMail(reg.email, LINK);

    const page = await newPage({ viewport: PHONE });
    await page.goto(link);
    await page.getByText(reg.number, { exact: true }).waitFor();
    await page.getByText(`${reg.first} ${reg.last}`).waitFor();
    await page.getByText('This link expires on').waitFor();
    await page.getByRole('link', { name: 'help@reunion.example' }).waitFor();
    await expectFitsPhone(page);

    const submit = page.getByRole('button', { name: 'Submit Flight Information' });
    await submit.click();
    await page.getByText('Email is required').waitFor();
    await page.getByLabel('Email Address').fill('not-an-email');
    await submit.click();
    await page.getByText('Invalid email address').waitFor();

    await flight(page, 1).getByLabel('Flight Type').selectOption('');
    // the written form's fields only: the airport is asked for, not required
    await fillFlight(page, 1, {
      airline: 'Southwest Airlines',
      number: 'WN 88',
      date: '2025-11-26',
      time: '18:45',
      adults: '3',
      airport: '',
    });
    await submit.click();
    await page.getByText('Flight type is required').waitFor();
    await flight(page, 1).getByLabel('Flight Type').selectOption('arrival');

    // the server checks the address belongs to the registration
    await page.getByLabel('Email Address').fill(`someone-else-${randomBytes(3).toString('hex')}@reunion.test`);
    await submit.click();
    await page.getByText('Email does not match this registration').first().waitFor();

    await page.getByLabel('Email Address').fill(reg.email);
    await submit.click();
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
    await page.getByText('confirmation email').waitFor();

    const saved = await flightsOf(reg.number);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      flight_type: 'arrival',
      airline: 'Southwest Airlines',
      flight_number: 'WN 88',
      flight_date: '2025-11-26',
      flight_time: '18:45',
      adults_count: 3,
      airport: null,
    });
  });

  it('opens on the saved flights; shows a hint of the address, or fills it in when this browser verified the registration', async () => {
    const reg = await makeRegistration();
    const mailsBefore = () => readMail(reg.email).length;
    await api('POST', `/registrations/${reg.id}/request-flight-info`, { token: await admin() });
    const [, first] = await waitForMail(reg.email, LINK);
    const saved = await api('POST', '/flight-info/submit', {
      body: {
        token: first.split('/').pop(),
        email: reg.email,
        needsTransportation: true,
        flights: [
          {
            flightType: 'arrival',
            airline: 'United Airlines',
            flightNumber: 'UA 55',
            flightDate: '2025-11-26',
            flightTime: '09:10',
            airport: 'IAH',
            adultsCount: 2,
          },
        ],
        turnstileToken: null,
      },
    });
    expect(saved.body).toMatchObject({ message: 'Flight information submitted successfully!' });
    const after = mailsBefore();
    await api('POST', `/registrations/${reg.id}/request-flight-info`, { token: await admin() });
    const [, link] = await waitForMail(reg.email, LINK, after);

    const page = await newPage({ viewport: PHONE });
    await page.goto(link);
    await page.getByText(`The email address of this registration (${reg.email[0]}•••@reunion.test)`).waitFor();
    expect(await page.getByLabel('Email Address').inputValue()).toBe('');
    expect(await page.getByRole('radio', { name: 'Yes, I need transportation' }).isChecked()).toBe(true);
    await expect.poll(() => flight(page, 1).getByLabel('Flight Number').inputValue()).toBe('UA 55');

    // verified in this browser earlier: the address is not asked for again
    await page.evaluate(
      ([email, registrationNumber]) =>
        localStorage.setItem(
          'user_verification',
          JSON.stringify({
            email,
            registrationNumber,
            registrantToken: 'from-an-earlier-visit',
            expiresAt: Date.now() + 3_600_000,
            verifiedAt: Date.now(),
          }),
        ),
      [reg.email, reg.number],
    );
    await page.reload();
    await expect.poll(() => page.getByLabel('Email Address').inputValue()).toBe(reg.email);
    await page.getByRole('button', { name: 'Submit Flight Information' }).click();
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
    expect(await flightsOf(reg.number)).toEqual([expect.objectContaining({ flight_number: 'UA 55', adults_count: 2 })]);
  });

  it('a link opened with no signal says the server could not be reached, not that it is broken, and opens once the signal returns', async () => {
    const reg = await makeRegistration();
    expect((await api('POST', `/registrations/${reg.id}/request-flight-info`, { token: await admin() })).status).toBe(200);
    const [, link] = await waitForMail(reg.email, LINK);
    const page = await newPage({ viewport: PHONE });
    await page.goto(link);
    await page.getByText(reg.number, { exact: true }).waitFor();
    await waitForServiceWorker(page);

    await page.context().setOffline(true);
    await page.reload();
    await page.getByText('Failed to verify token').waitFor();
    await page.getByText('The server could not be reached. Check your connection and try again.').waitFor();
    await page.getByRole('button', { name: 'Try Again' }).waitFor();
    expect(await page.getByRole('link', { name: 'Request a new link' }).count()).toBe(0);

    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Submit Flight Information' }).waitFor();
    await page.getByText(reg.number, { exact: true }).waitFor();
  });

  it('a link that is not valid says so and offers a new one', async () => {
    const page = await newPage({ viewport: PHONE });
    await page.goto(`/flight-info/${randomBytes(32).toString('base64url')}`);
    await page.getByText('This link is invalid. Please check the link in your email or request a new one.').waitFor();
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await page.waitForURL(/\/flight-info-lookup$/);
  });

  it('the lookup page mails a link to the registration email', async () => {
    const reg = await makeRegistration();
    const page = await newPage({ viewport: PHONE });
    await page.goto('/flight-info-lookup');
    const send = page.getByRole('button', { name: 'Send Me the Link' });
    await send.click();
    await page.getByText('Email is required').waitFor();
    await page.getByLabel('Email Address').fill(`nobody-${randomBytes(3).toString('hex')}@reunion.test`);
    await send.click();
    await page.getByText('No registration found with this email address.').waitFor();
    await page.getByLabel('Email Address').fill(reg.email);
    await send.click();
    await page.getByText('Flight info link has been sent to your email!').waitFor();
    await expectFitsPhone(page);
    const [, link] = await waitForMail(reg.email, LINK);
    await page.goto(link);
    await page.getByText(reg.number, { exact: true }).waitFor();
  });
});
