/** The top navigation bar's three states and link highlighting (docs/product.md#screens), and the Home page. */
import { describe, expect, it } from 'vitest';
import { newPage, setupBrowser, signInAs } from './helpers/playwright-utils';

setupBrowser();

describe('top navigation bar', () => {
  it("shows an 'Admin' button to /login to a visitor, and highlights the current link", async () => {
    const page = await newPage();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await page.getByRole('link', { name: 'Reunion 2025' }).waitFor();
    await expect.poll(() => nav.getByRole('link').allTextContents()).toEqual(['Home', 'Check Registration']);
    await expect.poll(() => nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    const admin = page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true });
    await expect.poll(() => admin.getAttribute('href')).toBe('/login');

    await nav.getByRole('link', { name: 'Check Registration' }).click();
    await page.waitForURL(/\/check-registration$/);
    await nav.locator('a[aria-current="page"]', { hasText: 'Check Registration' }).waitFor();
    await expect.poll(() => nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it("names the configured event in the browser's title, as in the bar: next year's needs no release", async () => {
    const page = await newPage();
    // the server configured for another year (EVENT_START_DATE): its answer, as it would give it
    await page.route('**/api/config', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      await route.fulfill({ response: res, json: { ...body, event: { ...body.event, year: 2031 } } });
    });
    await page.goto('/check-registration');
    await page.getByRole('link', { name: 'Reunion 2031' }).waitFor();
    await expect.poll(() => page.title()).toBe('Check Registration · Reunion 2031');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect.poll(() => page.title()).toBe('Reunion 2031');
  });

  it("shows a verified registrant's 'My Registration' menu, and its Sign out forgets the verification", async () => {
    const page = await newPage();
    await page.goto('/manifest.webmanifest');
    await page.evaluate(() => {
      const now = Date.now();
      localStorage.setItem(
        'user_verification',
        JSON.stringify({
          email: 'pat@example.com',
          registrationNumber: 'R25-ABC123',
          registrantToken: 'tok',
          expiresAt: new Date(now + 3_600_000).toISOString(),
          verifiedAt: now,
        }),
      );
      sessionStorage.setItem('registration_verified', 'true');
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'My Registration' }).click();
    await page.getByText('Verified', { exact: true }).waitFor();
    await page.getByText('pat@example.com').waitFor();
    await page.getByText('Verified pat@example.com').waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'View Registration' }).getAttribute('href')).toBe('/registration/R25-ABC123');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true }).waitFor();
    await expect
      .poll(() => page.evaluate(() => [localStorage.getItem('user_verification'), sessionStorage.getItem('registration_verified')]))
      .toEqual([null, null]);
  });

  it('drops a registrant verification older than 24 hours on load', async () => {
    const page = await newPage();
    await page.goto('/manifest.webmanifest');
    await page.evaluate(() => {
      const then = Date.now() - 25 * 3_600_000;
      localStorage.setItem(
        'user_verification',
        JSON.stringify({
          email: 'old@example.com',
          registrationNumber: 'R25-OLD000',
          registrantToken: 'tok',
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
          verifiedAt: then,
        }),
      );
    });
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'My Registration' }).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('user_verification'))).toBeNull();
  });

  it('shows a signed-in greeter their name, email and Change Password, without the Admin link', async () => {
    const { page, user, email } = await signInAs('greeter');
    // the name is found whole, as text too (the menu's caret is not part of it)
    await page.getByText(`${user.first_name} ${user.last_name}`, { exact: true }).waitFor();
    await page.getByRole('button', { name: `${user.first_name} ${user.last_name}` }).click();
    await page.getByText('Signed in as').waitFor();
    await page.getByText(email).waitFor();
    await page.getByText(`Signed in as ${email}`).waitFor(); // one phrase when read as text
    await expect.poll(() => page.getByText('Administrator', { exact: true }).count()).toBe(0);
    await expect.poll(() => page.getByRole('link', { name: 'Change Password' }).getAttribute('href')).toBe('/admin/profile');
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents())
      .toEqual(['Home', 'Check Registration']);
  });
});

describe('home page', () => {
  it('shows the event, closed registration, highlights and prices', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByText('Nov 27-30, 2025').waitFor();
    // the event's title is the top bar's; the hero does not say it a second time
    await page.getByText('Reunion 2025').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    await page.getByText('400+ Expected').waitFor();
    await page.getByText('Margaritaville Lake Resort', { exact: false }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Registration Coming Soon' }).isDisabled()).toBe(true);
    await expect
      .poll(() => page.getByRole('main').getByRole('link', { name: 'Check Registration' }).getAttribute('href'))
      .toBe('/check-registration');
    await page.getByRole('heading', { name: 'Event Highlights' }).waitFor();
    for (const title of ['Cultural Programs', 'Family-Friendly', 'Resort Accommodation'])
      await page.getByRole('heading', { name: title }).waitFor();
    await page.getByRole('heading', { name: 'Registration Pricing' }).waitFor();
    for (const price of ['$350.00', '$200.00', '$150.00']) await page.getByText(price, { exact: true }).waitFor();
  });
});

describe('error screen', () => {
  it('a screen whose code cannot be fetched says so, and Return to Home opens the app again', async () => {
    const page = await newPage({ serviceWorkers: 'block' });
    await page.route(/check-registration-page-[^/]*\.js$/, (route) => route.abort());
    await page.goto('/');
    await page.getByRole('heading', { name: 'Event Highlights' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Check Registration' }).click();
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await page.getByText('A newer version of the app is available. Reload to continue.').waitFor();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.getByRole('heading', { name: 'Event Highlights' }).waitFor();
    await expect.poll(() => page.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);
  });
});
