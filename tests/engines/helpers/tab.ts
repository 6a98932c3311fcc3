/**
 * One browser tab, whatever engine drives it: the few native actions the journeys need. Chromium and
 * Firefox are driven by puppeteer-core (CDP and WebDriver BiDi), WebKit by the `webdriver` package over
 * WebKitWebDriver (classic W3C WebDriver); see docs/decisions.md "Browser engines". Everything else
 * (finding by label, waiting for a sentence) is built on these in actions.ts, once for all engines.
 */
export type Engine = 'chromium' | 'firefox' | 'webkit';
export const ENGINES: readonly Engine[] = ['chromium', 'firefox', 'webkit'];

/** A CSS selector, or an XPath when it starts with '/' or '('. */
export type Selector = string;
export const isXPath = (s: Selector) => s.startsWith('/') || s.startsWith('(');

export interface Tab {
  readonly engine: Engine;
  /** an absolute URL */
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Runs `fn` in the page (sent as its source, so it closes over nothing) and returns its result, awaiting a promise. */
  run<A extends unknown[], T>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T>;
  /** Waits for the element to be shown, then clicks it as a user would. */
  click(selector: Selector): Promise<void>;
  /** Clears the text control and types `text` key by key. */
  type(selector: Selector, text: string): Promise<void>;
  /** Refuses the camera to `origin`, as a user tapping "Don't Allow"; false when the engine's driver cannot. */
  denyCamera(origin: string): Promise<boolean>;
  /** The user agent, for the log. */
  userAgent(): Promise<string>;
  close(): Promise<void>;
}

/** The engine asked for with ENGINE=chromium|firefox|webkit (chromium when unset). */
export function engineFromEnv(): Engine {
  const asked = (process.env.ENGINE ?? 'chromium').toLowerCase();
  if (!(ENGINES as readonly string[]).includes(asked)) throw new Error(`ENGINE must be one of ${ENGINES.join(', ')}, not '${asked}'`);
  return asked as Engine;
}

/** A phone-sized window: the journeys are those of greeters, visitors and the desk on their phones. */
export const PHONE = { width: 390, height: 844 };

export async function openTab(engine: Engine): Promise<Tab> {
  const tab =
    engine === 'webkit'
      ? await (await import('./webdriver-tab')).openWebKitTab()
      : await (await import('./puppeteer-tab')).openPuppeteerTab(engine);
  return process.env.TRACE ? traced(tab) : tab;
}

/** With TRACE=1, every action is logged as it starts, so a journey that hangs says where. */
function traced(tab: Tab): Tab {
  return new Proxy(tab, {
    get(target, key: keyof Tab) {
      const value = target[key];
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (key !== 'run') console.log(`[${tab.engine}] ${String(key)} ${args.map(String).join(' ').slice(0, 160)}`);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
