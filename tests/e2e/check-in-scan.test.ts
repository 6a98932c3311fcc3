/**
 * Scanning a check-in pass with the camera, in real Chromium with a fake camera that shows a pass
 * (docs/product.md#check-in-desk): the desk's "Scan pass" opens that party. The camera's video is a file
 * written before the browser starts: a QR code that is not a pass for a second, then the family's pass
 * for a second, in a loop.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { passUrl } from '../../shared/check-in-pass';
import { NOT_A_PASS } from '../../pwa/features/check-in/components/scan-panel';
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
  writeQrVideo(video, ['https://example.org/not-a-pass', passUrl(server().baseUrl, family.registrationNumber)]);
});

setupBrowser(() => ['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`, '--use-fake-ui-for-media-stream']);

describe('scanning a pass at the desk', () => {
  it("the back camera reads the family's pass, the desk opens their party, and the camera stays on", async () => {
    const phone = await newPage({ viewport: { width: 390, height: 844 } });
    // what the page asks the camera for
    await phone.addInitScript(() => {
      const ask = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = (constraints) => {
        (window as unknown as { asked: unknown }).asked = constraints;
        return ask(constraints);
      };
    });
    const { page } = await signInAs('checkin', { page: phone, path: '/admin/check-in' });
    await page.getByText(/^Checked in \d+ of \d+ attendees$/).waitFor();
    await page.getByRole('button', { name: 'Scan pass' }).click();
    await page.getByRole('region', { name: `Party of ${family.name}` }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { asked: unknown }).asked)).toEqual({
      video: { facingMode: { ideal: 'environment' } },
      audio: false,
    });
    // a code that is not a pass says so and the scanner goes on: the pass in the loop is read again
    const scanner = page.getByRole('region', { name: 'Scan pass' });
    await scanner.getByText(NOT_A_PASS).waitFor();
    // the pass stays in view (every second): read once, ignored while it keeps showing
    await page.waitForTimeout(3000);
    expect(await page.evaluate(() => performance.getEntriesByName('scan:decoded').length)).toBe(1);
    // the camera stays on for the next family in the queue, until Stop camera
    await scanner.getByLabel('Camera').waitFor();
    await page.getByRole('button', { name: 'Stop camera' }).click();
    await page.getByRole('region', { name: 'Scan pass' }).waitFor({ state: 'detached' });
  });
});

describe("the pass's link", () => {
  it("on a visitor's phone only says to show the code; at the desk it opens the party, or says a link is no pass", async () => {
    const visitor = await newPage({ viewport: { width: 390, height: 844 } });
    await visitor.goto(`/check-in/${family.registrationNumber}`);
    await visitor.getByText('Show this code at the check-in desk at the resort', { exact: false }).waitFor();
    await visitor.getByText(family.registrationNumber).waitFor();
    expect(await visitor.getByText(family.name).count()).toBe(0); // no data opened

    const { page } = await signInAs('checkin', { path: `/check-in/${family.registrationNumber}` });
    await page.getByRole('region', { name: `Party of ${family.name}` }).waitFor();
    // the link typed by a scanner that acts as a keyboard, or pasted from the pass mail, into the search box
    await page.goto('/admin/check-in');
    await page.getByText(/^Checked in \d+ of \d+ attendees$/).waitFor();
    expect(await page.getByRole('region', { name: `Party of ${family.name}` }).count()).toBe(0);
    await page.getByLabel('Find a family').fill(passUrl(server().baseUrl, family.registrationNumber));
    await page.getByRole('region', { name: `Party of ${family.name}` }).waitFor();
    await page.goto('/check-in/not-a-number');
    await page.getByRole('heading', { name: 'Not a check-in pass' }).waitFor();
    await page.getByRole('link', { name: 'Go to the check-in desk' }).click();
    await page.getByLabel('Find a family').waitFor();
  });
});
