/**
 * A new version of the app reaches open tabs without a silent reload (docs/architecture.md): both tabs
 * of one browser show "Update available — Reload"; Reload in one reloads that tab only, and the other
 * keeps what its user was typing and says "A new version is ready — Reload" until its user reloads it;
 * the tab of the very first visit (whose worker took control after the app started) reloads as well, and
 * a notice put away with Later comes back once the new version has taken over.
 * The server serves a copy of the build whose service worker then changes, as a deploy changes it.
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, setupBrowser, waitForServiceWorker } from './helpers/playwright-utils';
import { freePort, serverEnv, STATIC_DIR, startServerProcess, type ServerProcess } from './helpers/server-process';

setupBrowser();

const tmp = mkdtempSync(path.join(tmpdir(), 'reunion-e2e-update-'));
const staticDir = path.join(tmp, 'dist');
let instance: ServerProcess;

beforeAll(async () => {
  cpSync(STATIC_DIR, staticDir, { recursive: true });
  const admin = {
    adminEmail: 'update-admin@reunion.test',
    adminPassword: `Adm-${randomBytes(6).toString('hex')}`,
    mailDir: path.join(tmp, 'mail'),
  };
  instance = await startServerProcess(
    await freePort(),
    serverEnv(tmp, admin, { STATIC_DIR: staticDir, SESSION_SECRET: `update-e2e-${randomBytes(16).toString('hex')}` }),
  );
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
    // the first visit's tab (its worker took control after the app started), then a tab opened later
    await first.goto('/login');
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
    // Later puts the notice away; the new version taking over from the other tab brings it back
    // on a short phone screen scrolled to the end, the notice covers no control of the page
    await second.setViewportSize({ width: 390, height: 420 });
    await second.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const signIn = second.getByRole('button', { name: 'Sign in' });
    const box = (await signIn.boundingBox())!;
    expect(
      await second.evaluate(
        ([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.textContent?.trim(),
        [box.x + box.width / 2, box.y + box.height / 2],
      ),
    ).toBe('Sign in');
    await second.getByRole('button', { name: 'Later' }).click();
    await second.getByText('Update available —').waitFor({ state: 'detached' });

    await Promise.all([first.waitForEvent('load', { timeout: 30_000 }), first.getByRole('button', { name: 'Reload' }).click()]);
    await second.getByText('A new version is ready —').waitFor({ timeout: 30_000 });
    expect(await second.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await second.getByLabel('Email').inputValue()).toBe('half.typed@reunion.test');

    await Promise.all([second.waitForEvent('load', { timeout: 30_000 }), second.getByRole('button', { name: 'Reload' }).click()]);
    expect(await second.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBeUndefined();
    await expect.poll(() => first.getByText('Update available —').count()).toBe(0);
  });
});
