/**
 * Staff sign-in with the bot check on (ALTCHA, the default): Sign in pressed before the check is solved
 * (Enter straight after a password manager filled the form) signs in once the check is done, rather
 * than waiting, silently, for a second press.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { newPage, setupBrowser } from './helpers/playwright-utils';
import { freePort, serverEnv, startServerProcess, type ServerProcess } from './helpers/server-process';

setupBrowser();

const tmp = mkdtempSync(path.join(tmpdir(), 'reunion-e2e-challenge-'));
const admin = {
  adminEmail: 'challenge-admin@reunion.test',
  adminPassword: `Adm-${randomBytes(6).toString('hex')}`,
  mailDir: path.join(tmp, 'mail'),
};
let instance: ServerProcess;

beforeAll(async () => {
  instance = await startServerProcess(await freePort(), serverEnv(tmp, admin, { CHALLENGE_PROVIDER: 'altcha' }));
}, 120_000);

afterAll(async () => {
  await instance?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

describe('staff sign-in with the bot check on', () => {
  it('Sign in pressed before the check is solved signs in once it is', async () => {
    const page = await newPage({ baseUrl: instance.baseUrl });
    await page.goto('/login');
    await page.getByText('Server online').waitFor();
    await page.getByLabel('Email').fill(admin.adminEmail);
    await page.getByLabel('Password', { exact: true }).fill(admin.adminPassword);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
  });
});
