/**
 * A visitor on their phone, on each engine: from the home page to Check Registration, the emailed code,
 * their registration page, and an arrival flight submitted that the server saves.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mailedCode } from '../../e2e/helpers/mail';
import { api, adminToken } from '../../e2e/helpers/playwright-utils';
import { button, control, fill, waitForElement, waitForText, waitUntil } from '../helpers/actions';
import { setupJourney } from '../helpers/journey';

const journey = setupJourney();

describe(`a visitor's code flow and flight (${journey.engine})`, () => {
  it('finds their registration with the emailed code and submits an arrival flight', async () => {
    const suffix = randomBytes(4).toString('hex');
    const email = `visitor-${suffix}@reunion.test`;
    const created = await api('POST', '/registrations', {
      token: await adminToken(),
      body: {
        primary_email: email,
        primary_phone: '555-0100',
        primary_first_name: 'Mira',
        primary_last_name: `Okafor${suffix}`,
        attendees: [],
      },
    });
    expect(created.status).toBe(201);
    const number: string = created.body.registration.registration_number;

    const tab = await journey.open();
    await tab.goto(`${journey.origin()}/`);
    await tab.click(button('Check Registration', '//nav'));
    await fill(tab, control('Email Address'), email);
    await tab.click(button('Send Verification Code'));
    await waitForElement(tab, control('Verification Code'));
    await fill(tab, control('Verification Code'), (await mailedCode(email)).toLowerCase());
    await tab.click(button('Verify Code'));
    await waitUntil(tab, 'the registration page', (n: string) => location.pathname === `/registration/${n}`, [number]);

    await tab.click(button('Add Flight Information'));
    await waitForText(tab, `Registration ${number}`);
    const row = '//fieldset[normalize-space(legend)="Flight 1"]';
    await fill(tab, control('Airline', row), 'American Airlines');
    await fill(tab, control('Flight Number', row), 'aa 1234');
    await fill(tab, control('Airport (landing at)', row), 'IAH');
    await fill(tab, control('Flight Date', row), '2025-11-27');
    await fill(tab, control('Flight Time', row), '14:30');
    await tab.click(button('Submit Flight Information'));
    await waitForText(tab, 'Flight Information Submitted!');

    const saved = await api('GET', `/registrations/${number}`, { token: await adminToken() });
    const flights = (saved.body.flightInfo as Array<Record<string, unknown>>).map((f) => [
      f.flight_type,
      f.airline,
      f.flight_number,
      f.airport,
      f.flight_date,
      f.flight_time,
    ]);
    expect(flights).toEqual([['arrival', 'American Airlines', 'AA 1234', 'IAH', '2025-11-27', '14:30']]);
  });
});
