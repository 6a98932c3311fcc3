/** The app shell works with no network after one online visit (docs/architecture.md#offline-layer). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, goOffline, newPage, server, setupBrowser, waitForServiceWorker } from './helpers/playwright-utils';

setupBrowser();

describe('offline app shell', () => {
  it('loads Home and a deep link with the network off after one visit', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Event Highlights' }).waitFor();
    await waitForServiceWorker(page);

    await goOffline(page.context());
    await expect
      .poll(() =>
        page.evaluate(() =>
          fetch('/health').then(
            () => 'online',
            () => 'offline',
          ),
        ),
      )
      .toBe('offline');

    await page.reload();
    await page.getByRole('heading', { name: 'Event Highlights' }).waitFor();
    await page.getByText('Nov 27-30, 2025').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Registration Coming Soon' }).isDisabled()).toBe(true);

    // a route never opened before: index.html from the precache, the page's lazy chunk too
    await page.goto('/check-registration');
    await page.getByRole('link', { name: 'Reunion 2025' }).waitFor();
    await page.locator('main h1').first().waitFor();
    await expect.poll(() => page.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);

    await page.goto('/login');
    await page.getByText('Server offline').waitFor();
  });

  it('keeps the manifest installable: name, standalone display, 192 and 512 px icons', async () => {
    const page = await newPage();
    const res = await page.goto('/manifest.webmanifest');
    const manifest = await res!.json();
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
    expect(manifest.name).toBeTruthy();
    const sizes = manifest.icons.map((i: { sizes: string; purpose?: string }) => `${i.sizes}:${i.purpose ?? 'any'}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
    for (const icon of manifest.icons) {
      const img = await page.request.get(icon.src);
      expect(img.status()).toBe(200);
      expect(img.headers()['content-type']).toBe('image/png');
    }
  });

  it('is installable: Chromium reports no installability errors', async () => {
    // a plain context reports 'in-incognito' (docs/decisions.md): use a persistent profile
    const dir = mkdtempSync(path.join(tmpdir(), 'reunion-install-'));
    const context = await chromium.launchPersistentContext(dir, {
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(server().baseUrl + '/');
      await waitForServiceWorker(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
    } finally {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
