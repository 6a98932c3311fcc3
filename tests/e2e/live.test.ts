/**
 * Live updates between devices, in Chromium with two contexts on one server: a greeter's phone and an
 * admin's laptop, both online. A pickup ticked on the laptop shows on the phone within moments (the
 * push stream starts the phone's sync; its periodic sync is 30 s away), and the other way round. The
 * sync line says "Live" while the stream is open.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newPage, setupBrowser, signInAs } from './helpers/playwright-utils';
import { createFamily, uniqueWord } from './helpers/staff-data';

setupBrowser();

const PHONE = { width: 390, height: 844 };
const DAY = '2025-11-28';

describe('two devices see each other', () => {
  it("a pickup on the admin's laptop shows on the greeter's phone, and back, without a reload", async () => {
    const flight = `LV ${1000 + (randomBytes(2).readUInt16BE() % 9000)}`;
    const family = await createFamily({ firstName: 'Lina', lastName: uniqueWord(), flight: { flightNumber: flight, flightDate: DAY, flightTime: '11:20' } });
    const path = `/admin/flight-arrivals?date=${DAY}`;
    const name = new RegExp(`\\(${family.registrationNumber}\\)`);

    const { page: phone } = await signInAs('greeter', { page: await newPage({ viewport: PHONE }), path });
    const { page: laptop } = await signInAs('admin', { path });
    for (const page of [phone, laptop]) {
      await page.getByRole('status').getByText('Live', { exact: true }).waitFor({ timeout: 20_000 });
      await page.getByLabel('Search').fill(flight);
    }
    const onPhone = phone.getByRole('checkbox', { name });
    const onLaptop = laptop.getByRole('checkbox', { name });
    await onPhone.waitFor();
    await onLaptop.waitFor();
    // let both first downloads finish, so only the push can explain what follows
    await phone.waitForTimeout(1000);

    let started = Date.now();
    await onLaptop.check();
    await expect.poll(() => onPhone.isChecked(), { timeout: 5_000, interval: 25 }).toBe(true);
    const laptopToPhone = Date.now() - started;

    started = Date.now();
    await onPhone.uncheck();
    await expect.poll(() => onLaptop.isChecked(), { timeout: 5_000, interval: 25 }).toBe(false);
    const phoneToLaptop = Date.now() - started;
    console.log(`live: laptop → phone ${laptopToPhone} ms, phone → laptop ${phoneToLaptop} ms`);
  });
});
