/** Chromium (CDP) and Firefox ESR (WebDriver BiDi) tabs through puppeteer-core, with Debian's browsers. */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { CHROMIUM_ARGS } from '../../e2e/helpers/playwright-utils';
import { isXPath, PHONE, type Engine, type Selector, type Tab } from './tab';

// a camera exists, as on a phone, so refusing its permission is what refuses it (not a missing device)
const FAKE_CAMERA = '--use-fake-device-for-media-stream';

const locator = (page: Page, s: Selector) => page.locator(isXPath(s) ? `::-p-xpath(${s})` : s).setTimeout(15_000);

/**
 * Taps what `s` finds, first scrolled into clear view as a user does: puppeteer scrolls only an element
 * outside the viewport, and one left under something fixed on the screen is clicked through it (Firefox
 * clicked the then sticky header's Check Registration link instead of a family's Picked Up box).
 */
async function tap(page: Page, s: Selector) {
  const handle = await locator(page, s).waitHandle();
  await handle.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await handle.dispose();
  await locator(page, s).click();
}

export async function openPuppeteerTab(engine: Exclude<Engine, 'webkit'>): Promise<Tab> {
  const browser: Browser =
    engine === 'firefox'
      ? await puppeteer.launch({ browser: 'firefox', executablePath: '/usr/bin/firefox-esr', headless: true, defaultViewport: PHONE })
      : await puppeteer.launch({
          executablePath: '/usr/bin/chromium',
          headless: true,
          args: [...CHROMIUM_ARGS, FAKE_CAMERA],
          defaultViewport: PHONE,
        });
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  // Firefox's first tab keeps the desktop window's size unless told (defaultViewport covers new tabs only)
  await page.setViewport(PHONE);
  // an alert or confirm is answered OK, as the user taps it (the same as WebKit's unhandledPromptBehavior)
  page.on('dialog', (d) => void d.accept().catch(() => undefined));
  page.on('pageerror', (e) => console.error(`[${engine}] ${e instanceof Error ? e.message : String(e)}`));
  return {
    engine,
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    reload: async () => void (await page.reload({ waitUntil: 'load' })),
    run: (fn, ...args) => page.evaluate(fn as never, ...(args as unknown as never[])) as never,
    click: (s) => tap(page, s),
    type: async (s, text) => {
      await locator(page, s).fill('');
      await tap(page, s);
      await page.keyboard.type(text);
    },
    // Firefox's BiDi does not set the camera's permission yet
    denyCamera: (origin) =>
      browser
        .defaultBrowserContext()
        .setPermission(origin, { permission: { name: 'camera' }, state: 'denied' })
        .then(
          () => true,
          () => false,
        ),
    userAgent: () => browser.userAgent(),
    close: () => browser.close(),
  };
}
