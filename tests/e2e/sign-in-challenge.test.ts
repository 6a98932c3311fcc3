/**
 * Staff sign-in with the bot check on (ALTCHA, the default): Sign in pressed before the check is solved
 * (Enter straight after a password manager filled the form) signs in once the check is done, rather
 * than waiting, silently, for a second press.
 */
import { describe, it } from 'vitest';
import { newPage, setupBrowser } from './helpers/playwright-utils';
import { fileServer } from './helpers/server-process';

setupBrowser();

const { admin, baseUrl } = fileServer('challenge', { CHALLENGE_PROVIDER: 'altcha' });

describe('staff sign-in with the bot check on', () => {
  it('Sign in pressed before the check is solved signs in once it is', async () => {
    const page = await newPage({ baseUrl: baseUrl() });
    await page.goto('/login');
    await page.getByText('Server online').waitFor();
    await page.getByLabel('Email').fill(admin.adminEmail);
    await page.getByLabel('Password', { exact: true }).fill(admin.adminPassword);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
  });
});
