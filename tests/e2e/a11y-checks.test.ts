/**
 * The accessibility checks themselves catch what they are for (so a green a11y run means something):
 * problems planted into a real page — an unlabelled input, grey-on-white text, a control whose focus
 * ring was removed, an error outside any live region — are each reported.
 */
import { describe, expect, it } from 'vitest';
import { expectAnnounced, expectVisibleFocus, seriousViolations, unlabelledControls } from './helpers/axe';
import { newPage, setupBrowser } from './helpers/playwright-utils';

setupBrowser();

describe('the accessibility checks', () => {
  it('report planted problems and pass the page without them', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Event Highlights' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await unlabelledControls(page)).toEqual([]);

    await page.evaluate(() => {
      const main = document.querySelector('main')!;
      main.insertAdjacentHTML(
        'afterbegin',
        `<div id="planted">
           <input id="planted-input" type="text">
           <p style="color:#bbb;background:#fff">Faint text nobody can read</p>
           <button id="planted-button" style="outline:none;box-shadow:none">No ring</button>
           <p>Planted error sentence</p>
         </div>`,
      );
      const style = document.createElement('style');
      style.textContent = '#planted *:focus, #planted *:focus-visible { outline: none !important; box-shadow: none !important; }';
      document.head.append(style);
    });

    const found = (await seriousViolations(page)).join('\n');
    expect(found).toMatch(/critical label .*#planted-input/);
    expect(found).toMatch(/serious color-contrast/);
    expect((await unlabelledControls(page)).join('\n')).toContain('planted-input');
    await expect(expectVisibleFocus(page, 'planted')).rejects.toThrow(/without a visible ring/);
    await expect(expectAnnounced(page, 'planted', ['Planted error sentence'])).rejects.toThrow(/not in a live region/);
  });
});
