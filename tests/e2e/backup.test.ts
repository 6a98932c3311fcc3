/** The Admin Overview's 'Download backup': the real file is saved; a download cut short is a sentence, not a file. */
import { describe, expect, it } from 'vitest';
import { setupBrowser, signInAs } from './helpers/playwright-utils';

setupBrowser();

describe('Download backup', () => {
  it('saves the whole backup under its dated name', async () => {
    const { page } = await signInAs('admin', { path: '/admin' });
    await page.getByRole('heading', { name: 'Backup' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download backup' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^reunion-desk-backup-\d{8}-\d{6}\.ndjson$/);
    const text = Buffer.concat((await (await download.createReadStream()).toArray()) as Buffer[]).toString('utf8');
    const lines = text.trim().split('\n');
    expect(JSON.parse(lines[0])).toMatchObject({ format: 'reunion-desk-backup', version: 1 });
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ end: true });
    await page.getByText(/^Saved reunion-desk-backup-\d{8}-\d{6}\.ndjson\.$/).waitFor();
  });

  it('says so when the download is cut short, and saves nothing', async () => {
    const { page } = await signInAs('admin', { path: '/admin' });
    await page.context().route('**/api/admin/backup', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/x-ndjson',
        headers: { 'content-disposition': 'attachment; filename="reunion-desk-backup-20251127-101010.ndjson"' },
        body: '{"format":"reunion-desk-backup","version":1}\n{"table":"users","row":{"id":1}}\n',
      }),
    );
    let downloads = 0;
    page.on('download', () => (downloads += 1));
    await page.getByRole('button', { name: 'Download backup' }).click();
    await page.getByRole('alert').getByText('The backup download was cut short. Please try again.').waitFor();
    expect(downloads).toBe(0);
  });
});
