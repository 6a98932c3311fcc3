/**
 * Scanning a check-in pass with the camera, in real Chromium with a fake camera that shows a pass
 * (docs/product.md#check-in-desk): the desk's "Scan pass" opens that party. The camera's video is a file
 * written before the browser starts, with the QR code of the family's pass link.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, it } from 'vitest';
import { passUrl } from '../../shared/check-in-pass';
import { writeQrVideo } from './helpers/fake-camera';
import { newPage, server, setupBrowser, signInAs } from './helpers/playwright-utils';
import { createFamily, uniqueWord, type SeededFamily } from './helpers/staff-data';

const video = path.join(mkdtempSync(path.join(tmpdir(), 'fake-camera-')), 'pass.y4m');
let family: SeededFamily;

beforeAll(async () => {
  family = await createFamily({
    firstName: 'Quynh',
    lastName: uniqueWord(),
    flight: { flightNumber: 'AA 9', flightDate: '2025-11-27', flightTime: '09:00' },
  });
  writeQrVideo(video, passUrl(server().baseUrl, family.registrationNumber));
});

setupBrowser(() => ['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`, '--use-fake-ui-for-media-stream']);

describe('scanning a pass at the desk', () => {
  it("the back camera reads the family's pass, the desk opens their party, and the camera stays on", async () => {
    const { page } = await signInAs('checkin', { page: await newPage({ viewport: { width: 390, height: 844 } }), path: '/admin/check-in' });
    await page.getByText(/^Checked in \d+ of \d+ attendees$/).waitFor();
    await page.getByRole('button', { name: 'Scan pass' }).click();
    await page.getByRole('region', { name: `Party of ${family.name}` }).waitFor({ timeout: 30_000 });
    // the camera stays on for the next family in the queue, until Stop camera
    await page.getByRole('region', { name: 'Scan pass' }).getByLabel('Camera').waitFor();
    await page.getByRole('button', { name: 'Stop camera' }).click();
    await page.getByRole('region', { name: 'Scan pass' }).waitFor({ state: 'detached' });
  });
});
