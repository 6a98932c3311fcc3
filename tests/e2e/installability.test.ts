/**
 * The PWA can be installed (docs/quality.md "PWA: bundle, Lighthouse, installability, offline cold start"): Chromium
 * itself reports no installability errors for the built app on the real server, the manifest it parsed
 * has no errors, and the pieces each platform looks for are there and real — 192 and 512 px icons whose
 * PNG size matches what the manifest declares, a maskable icon, the theme colour in the manifest and
 * the page, and an apple-touch-icon for iOS's "Add to Home Screen".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type APIRequestContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, newPage, server, setupBrowser, waitForServiceWorker } from './helpers/playwright-utils';

setupBrowser();

interface ManifestIcon {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
}

/** Fetches a PNG and reads its width and height from the IHDR chunk. */
async function pngSize(request: APIRequestContext, src: string): Promise<{ type: string; width: number; height: number }> {
  const res = await request.get(src);
  expect(res.status(), src).toBe(200);
  const buf = await res.body();
  expect(buf.subarray(1, 4).toString('ascii'), `${src} is a PNG`).toBe('PNG');
  return { type: res.headers()['content-type'], width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

describe('installability', () => {
  it('Chromium reports no installability errors and parses the manifest cleanly', async () => {
    // a plain (incognito) context always reports 'in-incognito' (docs/decisions.md): use a real profile
    const dir = mkdtempSync(path.join(tmpdir(), 'reunion-installable-'));
    const context = await chromium.launchPersistentContext(dir, {
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${server().baseUrl}/`);
      await waitForServiceWorker(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string; errorArguments: { name: string; value: string }[] }[];
      };
      expect(installabilityErrors.map((e) => `${e.errorId} ${JSON.stringify(e.errorArguments)}`)).toEqual([]);
      const manifest = (await cdp.send('Page.getAppManifest')) as {
        url: string;
        errors: { message: string; critical: number }[];
        data?: string;
      };
      expect(manifest.url).toBe(`${server().baseUrl}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      expect(manifest.data).toBeTruthy();
    } finally {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has 192, 512 and maskable icons of the declared sizes, the theme colour, and an apple-touch-icon', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Event Highlights' }).waitFor();

    const head = await page.evaluate(() => ({
      manifest: document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.getAttribute('href') ?? null,
      themeColor: document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content ?? null,
      appleTouchIcon: document.querySelector<HTMLLinkElement>('link[rel="apple-touch-icon"]')?.getAttribute('href') ?? null,
      viewport: document.querySelector<HTMLMetaElement>('meta[name="viewport"]')?.content ?? null,
      lang: document.documentElement.lang,
    }));
    expect(head.manifest).toBeTruthy();
    expect(head.appleTouchIcon).toBeTruthy();
    expect(head.viewport).toContain('width=device-width');
    expect(head.lang).toBe('en');

    const res = await page.request.get(head.manifest!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      theme_color: string;
      background_color: string;
      display: string;
      start_url: string;
      icons: ManifestIcon[];
    };
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
    expect(manifest.name).toBeTruthy();
    expect(manifest.short_name.length).toBeLessThanOrEqual(12); // fits under a home-screen icon
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(head.themeColor?.toLowerCase()).toBe(manifest.theme_color.toLowerCase());
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

    const purposes = (i: ManifestIcon) => (i.purpose ?? 'any').split(/\s+/);
    const want = [
      { size: 192, purpose: 'any' },
      { size: 512, purpose: 'any' },
      { size: 512, purpose: 'maskable' },
    ];
    for (const w of want) {
      const icon = manifest.icons.find((i) => i.sizes.split(/\s+/).includes(`${w.size}x${w.size}`) && purposes(i).includes(w.purpose));
      expect(icon, `a ${w.size}px ${w.purpose} icon`).toBeTruthy();
    }
    for (const icon of manifest.icons) {
      const png = await pngSize(page.request, icon.src);
      expect(png.type).toBe('image/png');
      expect(`${png.width}x${png.height}`, icon.src).toBe(icon.sizes);
    }

    const apple = await pngSize(page.request, head.appleTouchIcon!);
    expect(apple.type).toBe('image/png');
    expect([apple.width, apple.height]).toEqual([180, 180]); // iOS's home-screen size
  });
});
