/**
 * The frame of a journey file: the engine from ENGINE, a loopback proxy in front of the test server (the
 * origin the browser uses), and fresh browsers closed after each test with the proxy back up.
 *
 *   const journey = setupJourney();
 *   const tab = await journey.open();
 *   await journey.proxy().down();
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from '../../e2e/helpers/playwright-utils';
import { startProxy, type Proxy } from './proxy';
import { PHONE_QUERY } from '../../../pwa/lib/use-is-phone';
import { engineFromEnv, openTab, type Tab } from './tab';

export function setupJourney() {
  const engine = engineFromEnv();
  let proxy: Proxy | null = null;
  const tabs: Tab[] = [];
  beforeAll(async () => {
    proxy = await startProxy(server().baseUrl);
  });
  afterEach(async (ctx) => {
    // a failed journey says what the page showed, so a CI log alone explains it
    if (ctx.task.result?.state === 'fail') for (const tab of tabs) await logPage(tab);
    await Promise.all(tabs.splice(0).map((t) => t.close().catch(() => undefined)));
    await proxy?.up();
  });
  afterAll(() => proxy?.close());
  return {
    engine,
    proxy: (): Proxy => proxy!,
    /** the app's address as the browser sees it */
    origin: () => proxy!.origin,
    /** a new browser of the engine, with empty storage */
    open: async (): Promise<Tab> => {
      const tab = await openTab(engine);
      tabs.push(tab);
      // the journeys are a phone's: a desktop-sized window would test the laptop layout unnoticed
      // (WebKitGTK's window is at least 447 px wide: still the phone layout)
      const phone = await tab.run((q: string) => window.matchMedia(q).matches, PHONE_QUERY);
      if (!phone) throw new Error(`[${engine}] the window is not phone-sized (${PHONE_QUERY})`);
      return tab;
    },
  };
}

async function logPage(tab: Tab) {
  const page = await tab
    .run(() => `${location.href}\n${document.body.innerText.replace(/\n\s*\n/g, '\n').slice(-2500)}`)
    .catch((e: unknown) => `(the page could not be read: ${String(e)})`);
  console.error(`[${tab.engine}] the page when the journey failed: ${page}`);
}
