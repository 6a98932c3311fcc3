/**
 * What a user does and sees, built once on a Tab for every engine: controls found by their label and
 * buttons by their name (XPath, which every driver understands), sentences waited for on the page, and a
 * staff member signed in with a fresh account.
 */
import { apiLogin, createStaffUser } from '../../e2e/helpers/playwright-utils';
import type { Role } from '../../../shared/constants';
import type { Selector, Tab } from './tab';

/** An XPath string literal for any text (quotes included). */
export function lit(s: string): string {
  if (!s.includes('"')) return `"${s}"`;
  if (!s.includes("'")) return `'${s}'`;
  return `concat(${s
    .split('"')
    .map((part) => `"${part}"`)
    .join(`, '"', `)})`;
}

/** The input, select or textarea whose label (or aria-label) is exactly `name`, optionally inside `within`. */
export const control = (name: string, within = '') =>
  `(${within}//*[(self::input or self::select or self::textarea) and (@id=//label[normalize-space()=${lit(name)}]/@for or @aria-label=${lit(name)})])[1]`;

/**
 * The button or link whose text or aria-label is exactly `name`, optionally inside `within`; its own text
 * counts alone too, so a decorative aria-hidden arrow beside it does not change its name.
 */
export const button = (name: string, within = '') =>
  `(${within}//*[(self::button or self::a) and (normalize-space()=${lit(name)} or @aria-label=${lit(name)} or normalize-space(text()[normalize-space()][1])=${lit(name)})])[1]`;

/** A region (section, dialog, group) named `name` by aria-label or aria-labelledby. */
export const region = (name: string) =>
  `(//*[@aria-label=${lit(name)}] | //*[@aria-labelledby=//*[normalize-space()=${lit(name)}]/@id])[1]`;

/** Polls `fn` in the page until it returns something truthy; fails with `what` after `timeout` ms. */
export async function waitUntil<A extends unknown[], T>(
  tab: Tab,
  what: string,
  fn: (...args: A) => T | Promise<T>,
  args: A,
  timeout = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const value = await tab.run(fn, ...args);
      if (value) return value;
    } catch (e) {
      last = e; // the page may be navigating
    }
    if (Date.now() > deadline)
      throw new Error(`[${tab.engine}] timed out after ${timeout} ms waiting for ${what}${last ? ` (${String(last)})` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The top of the element at `xpath` in px: from the top of the page, or from the top of its list
 * (`within: 'list'`, its closest `ul`) where what the page shows above the list may come and go.
 */
export const topOf = (tab: Tab, xpath: string, within: 'page' | 'list' = 'page') =>
  tab.run(
    (xp: string, w: string) => {
      const el = document.evaluate(xp, document, null, 9, null).singleNodeValue as Element;
      const top = el.getBoundingClientRect().top;
      return w === 'list' ? top - el.closest('ul')!.getBoundingClientRect().top : top + window.scrollY;
    },
    xpath,
    within,
  );

/** How many px the page is wider than the screen (0: it fits). */
export const horizontalOverflow = (tab: Tab) => tab.run(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Waits until the page shows `text` (its visible text, whitespace collapsed). */
export const waitForText = (tab: Tab, text: string, timeout?: number) =>
  waitUntil(tab, `'${text}'`, (t: string) => document.body.innerText.replace(/\s+/g, ' ').includes(t), [text], timeout);

/** Waits until the element exists; with `gone`, until it does not. */
export function waitForElement(tab: Tab, xpath: Selector, { gone = false, timeout }: { gone?: boolean; timeout?: number } = {}) {
  return waitUntil(
    tab,
    `${gone ? 'no ' : ''}${xpath}`,
    (x: string, g: boolean) => !!document.evaluate(x, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue !== g,
    [xpath, gone],
    timeout,
  );
}

/** Counts the elements matching `xpath`. */
export const count = (tab: Tab, xpath: Selector) =>
  tab.run((x: string) => document.evaluate(`count(${x})`, document, null, XPathResult.NUMBER_TYPE, null).numberValue, xpath);

/** A control's current value (or checked state for a checkbox). */
export const valueOf = (tab: Tab, xpath: Selector) =>
  tab.run((x: string) => {
    const el = document.evaluate(x, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue as HTMLInputElement | null;
    return el ? (el.type === 'checkbox' ? String(el.checked) : el.value) : null;
  }, xpath);

/**
 * Puts `value` in a control: text is typed key by key; a select, date or time gets its value the way
 * its picker sets it (a native picker is not typed into, and WebKit's date fields take no keys).
 */
export async function fill(tab: Tab, xpath: Selector, value: string): Promise<void> {
  await waitForElement(tab, xpath);
  const picked = await tab.run(
    (x: string, v: string) => {
      const el = document.evaluate(x, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue as
        HTMLInputElement | HTMLSelectElement;
      if (!(el instanceof HTMLSelectElement) && !['date', 'time', 'datetime-local', 'number'].includes(el.type)) return false;
      const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, v); // past React's own value tracker
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
      return true;
    },
    xpath,
    value,
  );
  if (!picked) await tab.type(xpath, value);
}

/** Waits until a service worker controls the page (the app shell is then precached). */
export const waitForServiceWorker = (tab: Tab) =>
  waitUntil(tab, 'a service worker in control', () => !!navigator.serviceWorker?.controller, [], 30_000);

/** Signs a new staff account of `role` in on `origin` (its token in localStorage) and opens `path`. */
export async function signIn(tab: Tab, origin: string, role: Role, path: string) {
  const account = await createStaffUser(role);
  const token = await apiLogin(account.email, account.password);
  // a same-origin page that does not start the app (Firefox downloads the manifest instead of showing it)
  await tab.goto(`${origin}/favicon.png`);
  await tab.run((t: string) => localStorage.setItem('token', t), token);
  await tab.goto(`${origin}${path}`);
  return account;
}
