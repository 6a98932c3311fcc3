/**
 * An organiser confirms a waitlisted registration in a real browser. No screen puts a family on the
 * waitlist (registrations arrive that way), so this file's server starts with the demo data, which has
 * some.
 */
import { describe, expect, it } from 'vitest';
import { newPage, setupBrowser } from './helpers/playwright-utils';
import { fileServer } from './helpers/server-process';

setupBrowser();

const { admin, baseUrl } = fileServer('confirm', { DEMO_DATA: 'true' });

async function call(method: string, p: string, token: string | null, body?: unknown) {
  const res = await fetch(`${baseUrl()}/api${p}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe('Confirm Registration', () => {
  it('makes a waitlisted registration active: the badge says so, the button goes, and its history says it', async () => {
    const login = await call('POST', '/auth/login', null, {
      email: admin.adminEmail,
      password: admin.adminPassword,
      turnstileToken: 'none',
    });
    expect(login.status).toBe(200);
    const token: string = login.body.token;
    const waitlisted = await call('GET', '/registrations?status=waitlist&limit=1', token);
    const reg = waitlisted.body.registrations[0];
    expect(reg).toBeDefined();

    const page = await newPage({ baseUrl: baseUrl() });
    await page.goto('/manifest.webmanifest'); // same origin, without starting the app
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await page.goto(`/registration/${reg.registration_number}`);
    await page.locator('.detail-badges').getByText('Waitlist').waitFor();
    await page.getByRole('button', { name: 'Confirm Registration' }).click();
    await page.locator('.detail-badges').getByText('Active').waitFor();
    await page.getByText('Registration confirmed: the family can be checked in.').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Confirm Registration' }).count()).toBe(0);
    // the pressed button went away: the keyboard stays in the registration's actions
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Request Flight Info');
    expect((await call('GET', `/registrations/${reg.id}`, token)).body.registration.status).toBe('active');
    await page.getByText('Change History').click();
    await page.locator('.history-list').getByText('Registration confirmed').waitFor();
  });
});
