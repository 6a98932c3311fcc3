/** Chromium (CDP) and Firefox ESR (WebDriver BiDi) tabs through puppeteer-core, with Debian's browsers. */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { CHROMIUM_ARGS } from '../../e2e/helpers/playwright-utils';
import { isXPath, PHONE, type Engine, type Selector, type Tab } from './tab';

const locator = (page: Page, s: Selector) => page.locator(isXPath(s) ? `::-p-xpath(${s})` : s).setTimeout(15_000);

export async function openPuppeteerTab(engine: Exclude<Engine, 'webkit'>): Promise<Tab> {
  const browser: Browser =
    engine === 'firefox'
      ? await puppeteer.launch({ browser: 'firefox', executablePath: '/usr/bin/firefox-esr', headless: true, defaultViewport: PHONE })
      : await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS, defaultViewport: PHONE });
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  page.on('pageerror', (e) => console.error(`[${engine}] ${e instanceof Error ? e.message : String(e)}`));
  return {
    engine,
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    reload: async () => void (await page.reload({ waitUntil: 'load' })),
    run: (fn, ...args) => page.evaluate(fn as never, ...(args as unknown as never[])) as never,
    click: (s) => locator(page, s).click(),
    type: async (s, text) => {
      await locator(page, s).fill('');
      await locator(page, s).click();
      await page.keyboard.type(text);
    },
    userAgent: () => browser.userAgent(),
    close: () => browser.close(),
  };
}
