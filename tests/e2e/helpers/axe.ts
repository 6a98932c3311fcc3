/**
 * Accessibility checks for the browser tests : axe-core through @axe-core/playwright with its
 * full rule set (WCAG 2.0/2.1/2.2 A and AA plus best practices), failing on serious or critical
 * findings at a phone and a laptop width, and printing what failed so the fix is obvious. Plus the
 * checks axe cannot make on a static page: every control labelled, errors inside a live region, and a
 * visible focus ring on whatever the keyboard reaches.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const PHONE = { width: 390, height: 844 };
export const LAPTOP = { width: 1280, height: 800 };
export const WIDTHS = [
  ['phone', PHONE],
  ['laptop', LAPTOP],
] as const;

const BLOCKING = new Set(['serious', 'critical']);

/** axe's serious and critical findings on the page as it is now, one readable line per element. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${v.impact} ${v.id} (${v.help}) at ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').trim()} | ${n.html.slice(0, 160)}`,
      ),
    );
}

/**
 * The page as it is now, at a phone width and at a laptop width (the same state, re-laid out): no
 * serious or critical axe finding at either. Leaves the page at `end` width (laptop by default).
 */
export async function expectAccessible(page: Page, where: string, opts: { widths?: readonly ('phone' | 'laptop')[] } = {}) {
  const widths = WIDTHS.filter(([name]) => (opts.widths ?? ['phone', 'laptop']).includes(name));
  const found: string[] = [];
  for (const [name, size] of widths) {
    await page.setViewportSize(size);
    // let layout-driven components (phone cards vs table) settle after the resize
    await page.waitForTimeout(150);
    for (const line of await seriousViolations(page)) found.push(`[${where} @ ${name} ${size.width}px] ${line}`);
  }
  if (found.length) console.error(`axe found ${found.length} serious/critical problem(s):\n${found.join('\n')}`);
  expect(found, `${where}: axe serious/critical violations`).toEqual([]);
}

/** Visible form controls without a programmatic label (label element, aria-label or aria-labelledby). */
export async function unlabelledControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const controls = document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
      'input:not([type=hidden]), select, textarea',
    );
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      const shown = box.width > 0 || box.height > 0 || el.type === 'checkbox' || el.type === 'radio';
      if (!shown || el.closest('[hidden], [aria-hidden="true"]')) continue;
      const byLabel = (el.labels?.length ?? 0) > 0 && [...el.labels!].some((l) => l.textContent!.trim() !== '');
      const byAria = (el.getAttribute('aria-label') ?? '').trim() !== '';
      const byRef = (el.getAttribute('aria-labelledby') ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .some((id) => (document.getElementById(id)?.textContent ?? '').trim() !== '');
      if (!byLabel && !byAria && !byRef) out.push(el.outerHTML.slice(0, 160));
    }
    return out;
  });
}

export async function expectLabelled(page: Page, where: string) {
  expect(await unlabelledControls(page), `${where}: form controls without a label`).toEqual([]);
}

/**
 * Each visible element whose text is one of `sentences` sits in a live region (aria-live, role=alert
 * or role=status), so a screen reader reads the error out when it appears; a field error is also tied
 * to its control (aria-invalid and aria-describedby) when it belongs to one.
 */
export async function expectAnnounced(page: Page, where: string, sentences: string[]) {
  for (const sentence of sentences) {
    const el = page.getByText(sentence, { exact: true }).first();
    await el.waitFor();
    const facts = await el.evaluate((node) => {
      const live = node.closest('[aria-live]:not([aria-live="off"]), [role="alert"], [role="status"]');
      const id = (node.closest('[id]') as HTMLElement | null)?.id;
      const control = id ? document.querySelector(`[aria-describedby~="${CSS.escape(id)}"]`) : null;
      return {
        live: live ? (live.getAttribute('aria-live') ?? live.getAttribute('role')) : null,
        describes: control ? control.getAttribute('aria-invalid') : 'no control',
      };
    });
    expect(facts.live, `${where}: '${sentence}' is not in a live region`).not.toBeNull();
    if (facts.describes !== 'no control')
      expect(facts.describes, `${where}: the control of '${sentence}' is not aria-invalid`).toBe('true');
  }
}

/** What the focused element looks like: a focus ring is an outline (or box-shadow) of 2 px or more. */
export async function focusRing(page: Page): Promise<{ tag: string; text: string; ring: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', text: '', ring: false };
    const s = getComputedStyle(el);
    const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
    const shadow = s.boxShadow !== 'none' && /\b[2-9]px\b|\b\d{2,}px\b/.test(s.boxShadow);
    const name = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '';
    const kind = el.getAttribute('type') ? `${el.tagName.toLowerCase()}[${el.getAttribute('type')}]` : el.tagName.toLowerCase();
    return {
      tag: kind,
      text: `${name.trim().slice(0, 40)} (outline ${s.outlineStyle} ${s.outlineWidth}, shadow ${s.boxShadow})`,
      ring: outline || shadow,
    };
  });
}

/** Tabs through up to `max` stops from the top of the page; every stop must show a focus ring. */
export async function expectVisibleFocus(page: Page, where: string, max = 25) {
  await page.locator('body').evaluate((b) => {
    (document.activeElement as HTMLElement | null)?.blur();
    b.focus();
  });
  const missing: string[] = [];
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const f = await focusRing(page);
    if (f.tag === 'body') break;
    seen.push(`${f.tag}:${f.text}`);
    if (!f.ring) missing.push(`${f.tag} '${f.text}'`);
  }
  expect(seen.length, `${where}: the keyboard reached nothing`).toBeGreaterThan(0);
  expect(missing, `${where}: focused without a visible ring`).toEqual([]);
}
