/**
 * An admin on each engine: finds a registration by a search, edits its fees and sees the new total, and
 * exports the list as CSV (the file the app hands the browser is read back from the page).
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminToken, api } from '../../e2e/helpers/playwright-utils';
import { button, control, fill, region, signIn, waitForText, waitUntil } from '../helpers/actions';
import { setupJourney } from '../helpers/journey';

const journey = setupJourney();

describe(`an admin's search, fee edit and export (${journey.engine})`, () => {
  it('finds a registration, gives it 10% off, and exports it', async () => {
    const last = `Quintero${randomBytes(3).toString('hex')}`;
    const created = await api('POST', '/registrations', {
      token: await adminToken(),
      body: {
        primary_email: `${last}@reunion.test`.toLowerCase(),
        primary_phone: '555-0101',
        primary_first_name: 'Marisol',
        primary_last_name: last,
        attendees: [],
      },
    });
    expect(created.status).toBe(201);
    const { registration_number: number, total_amount: total } = created.body.registration as {
      registration_number: string;
      total_amount: number;
    };

    const tab = await journey.open();
    await signIn(tab, journey.origin(), 'admin', '/admin/registrations');
    await fill(tab, control('Search'), last);
    await waitForText(tab, 'Showing 1 to 1 of 1 results', 30_000);
    await tab.click(`//a[normalize-space()="${number}"]`);
    await waitUntil(tab, 'the registration page', (n: string) => location.pathname === `/registration/${n}`, [number]);

    await tab.click(button('Edit registration'));
    await fill(tab, control('Discount Percentage (%)', region('Fee Adjustments')), '10');
    await tab.click(button('Save Changes'));
    const now = Math.round(total * 0.9 * 100) / 100;
    await waitForText(tab, `Changes saved. The total is now $${now.toFixed(2)}.`);

    // back to the list with the search kept, then Export: the CSV the app saves is caught as it is handed over
    await tab.click(button('Back to Admin'));
    await waitForText(tab, 'Showing 1 to 1 of 1 results', 30_000);
    await tab.run(() => {
      const created = URL.createObjectURL.bind(URL);
      const w = window as unknown as { savedFiles: Blob[] };
      w.savedFiles = [];
      URL.createObjectURL = (b: Blob | MediaSource) => {
        if (b instanceof Blob) w.savedFiles.push(b);
        return created(b);
      };
    });
    await tab.click(button('Export'));
    await waitUntil(tab, 'the exported file', () => (window as unknown as { savedFiles: Blob[] }).savedFiles.length > 0, []);
    const csv = await tab.run(() => (window as unknown as { savedFiles: Blob[] }).savedFiles[0].text());
    expect(csv).toContain(number);
    expect(csv).toContain(last);
  });
});
