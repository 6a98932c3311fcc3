/**
 * WebKit tabs: WebKitGTK's MiniBrowser (Safari 605.1.15 by user agent, the engine of every iPhone
 * browser) through WebKitWebDriver, the W3C WebDriver server Debian's webkit2gtk-driver ships. MiniBrowser
 * has no headless mode, so each tab gets its own Xvfb display; both are stopped with the tab.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import WebDriver from 'webdriver';
import { freePort } from '../../e2e/helpers/server-process';
import { isXPath, PHONE, type Selector, type Tab } from './tab';

const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/** Starts Xvfb on a display of its own choosing (-displayfd) and resolves with ':N'. */
function startXvfb(): Promise<{ display: string; proc: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const proc = spawn('Xvfb', ['-displayfd', '1', '-nolisten', 'tcp', '-screen', '0', '1280x1024x24'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    proc.once('error', reject);
    proc.stdout!.once('data', (d: Buffer) => resolve({ display: `:${d.toString().trim()}`, proc }));
  });
}

async function startDriver(display: string): Promise<{ port: number; proc: ChildProcess }> {
  const port = await freePort();
  const proc = spawn('WebKitWebDriver', [`--port=${port}`], { stdio: 'ignore', env: { ...process.env, DISPLAY: display } });
  for (let i = 0; i < 50; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/status`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { port, proc };
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill();
  throw new Error('WebKitWebDriver did not start');
}

export async function openWebKitTab(): Promise<Tab> {
  const x = await startXvfb();
  const driver = await startDriver(x.display);
  const client = await WebDriver.newSession({
    hostname: '127.0.0.1',
    port: driver.port,
    logLevel: 'error',
    capabilities: {
      // WebKitWebDriver speaks classic WebDriver only
      'wdio:enforceWebDriverClassic': true,
      browserName: 'MiniBrowser',
      // an alert or confirm is answered OK, as the user taps it; the app keeps each sentence on the page too
      unhandledPromptBehavior: 'accept',
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
    } as WebdriverIO.Capabilities,
  });
  await client.setTimeouts(15_000, 60_000, 30_000); // implicit wait for elements, page load, scripts
  await client.setWindowRect(null, null, PHONE.width, PHONE.height);
  const find = async (s: Selector) => (await client.findElement(isXPath(s) ? 'xpath' : 'css selector', s))[ELEMENT] as string;
  const stop = () => {
    driver.proc.kill();
    x.proc.kill();
  };
  return {
    engine: 'webkit',
    goto: (url) => client.navigateTo(url) as Promise<void>,
    reload: () => client.refresh() as Promise<void>,
    run: (fn, ...args) => client.executeScript(`return (${fn.toString()}).apply(null, arguments)`, args as object[]) as never,
    // WebKitGTK's driver calls an element near the foot of the screen "not interactable" when the page
    // keeps room at its top (scroll-padding-top: the staff's sticky sync line) though it is in view and
    // hit-testable; brought to the middle first, as a thumb scrolls to what it taps, it is clicked
    click: async (s) => {
      const id = await find(s);
      await client.executeScript("arguments[0].scrollIntoView({ block: 'center', inline: 'nearest' })", [{ [ELEMENT]: id }]);
      await client.elementClick(id);
    },
    type: async (s, text) => {
      const id = await find(s);
      await client.elementClear(id);
      await client.elementSendKeys(id, text);
    },
    // the Permissions spec's WebDriver extension, where the driver has it
    denyCamera: () =>
      (client.setPermissions({ name: 'camera' }, 'denied') as Promise<unknown>).then(
        () => true,
        () => false,
      ),
    userAgent: () => client.executeScript('return navigator.userAgent', []) as Promise<string>,
    close: async () => {
      await client.deleteSession().catch(() => undefined);
      stop();
    },
  };
}
