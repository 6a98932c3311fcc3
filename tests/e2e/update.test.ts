/**
 * A new version of the app reaches open tabs without a silent reload (docs/architecture.md): both tabs
 * of one browser show "Update available — Reload"; Reload in one reloads that tab only, and the other
 * keeps what its user was typing and says "A new version is ready — Reload" until its user reloads it.
 * The server serves a copy of the build whose service worker then changes, as a deploy changes it.
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, setupBrowser, waitForServiceWorker } from './helpers/playwright-utils';
import { freePort, STATIC_DIR, startServerProcess, type ServerProcess } from './helpers/server-process';

setupBrowser();

const tmp = mkdtempSync(path.join(tmpdir(), 'reunion-e2e-update-'));
const staticDir = path.join(tmp, 'dist');
let instance: ServerProcess;

beforeAll(async () => {
  cpSync(STATIC_DIR, staticDir, { recursive: true });
  instance = await startServerProcess(await freePort(), {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: '',
    TEST_DATABASE_URL: '',
    DATA_DIR: path.join(tmp, 'data'),
    DEMO_DATA: 'false',
    CHALLENGE_PROVIDER: 'none',
    MAIL_TRANSPORT: 'dir',
    MAIL_DIR: path.join(tmp, 'mail'),
    ADMIN_EMAIL: 'update-admin@reunion.test',
    ADMIN_PASSWORD: `Adm-${randomBytes(6).toString('hex')}`,
    SESSION_SECRET: `update-e2e-${randomBytes(16).toString('hex')}`,
    STATIC_DIR: staticDir,
    LOG_LEVEL: 'warn',
  });
}, 120_000);

afterAll(async () => {
  await instance?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

/** Asks the browser to look for a new service worker now (the app itself looks every hour). */
const lookForUpdate = (page: Page) => page.evaluate(async () => void (await (await navigator.serviceWorker.getRegistration())?.update()));

describe('a new version of the app', () => {
  it('reloads only the tab whose user pressed Reload; the other keeps its typing and offers the reload', async () => {
    const first = await newPage({ baseUrl: instance.baseUrl });
    await first.goto('/login');
    await waitForServiceWorker(first);
    // a tab opened on an earlier visit: the service worker already controls it when the app starts
    await first.reload();
    await waitForServiceWorker(first);
    const second = await first.context().newPage();
    await second.goto('/login');
    await waitForServiceWorker(second);
    await second.getByLabel('Email').fill('half.typed@reunion.test');
    await second.evaluate(() => Object.assign(window, { sameDocument: true }));

    appendFileSync(path.join(staticDir, 'sw.js'), '\n// the next version\n');
    await lookForUpdate(first);
    await lookForUpdate(second);
    for (const page of [first, second]) await page.getByText('Update available —').waitFor({ timeout: 30_000 });

    await Promise.all([first.waitForEvent('load', { timeout: 30_000 }), first.getByRole('button', { name: 'Reload' }).click()]);
    await second.getByText('A new version is ready —').waitFor({ timeout: 30_000 });
    expect(await second.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await second.getByLabel('Email').inputValue()).toBe('half.typed@reunion.test');

    await Promise.all([second.waitForEvent('load', { timeout: 30_000 }), second.getByRole('button', { name: 'Reload' }).click()]);
    expect(await second.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBeUndefined();
    await expect.poll(() => first.getByText('Update available —').count()).toBe(0);
  });
});
