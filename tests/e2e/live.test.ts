/**
 * Live updates between devices, in Chromium with two contexts: a greeter's phone and an admin's laptop,
 * both online. A pickup ticked on the laptop shows on the phone within moments (the push stream starts
 * the phone's sync; its periodic sync is 30 s away), and the other way round. The sync line says "Live"
 * while the stream is open. Once on the suite's server, once with the phone and the laptop on two server
 * instances over one PostgreSQL (needs PostgreSQL at E2E_POSTGRES_URL, default 127.0.0.1:5432; always
 * run in CI).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newPage, setupBrowser, signInAs, useServer } from './helpers/playwright-utils';
import { freePort, serverEnv, startServerProcess, type ServerProcess } from './helpers/server-process';
import { createFamily, seedToken, uniqueWord } from './helpers/staff-data';

setupBrowser();

const PHONE = { width: 390, height: 844 };
const DAY = '2025-11-28';

/** Ticks on one device, sees it on the other, and back; returns the two latencies. */
async function pickupBothWays(laptopBase?: string) {
  const flight = `LV ${1000 + (randomBytes(2).readUInt16BE() % 9000)}`;
  const family = await createFamily({
    firstName: 'Lina',
    lastName: uniqueWord(),
    flight: { flightNumber: flight, flightDate: DAY, flightTime: '11:20' },
  });
  const board = `/admin/flight-arrivals?date=${DAY}`;
  const name = new RegExp(`\\(${family.registrationNumber}\\)`);

  const { page: phone } = await signInAs('greeter', { page: await newPage({ viewport: PHONE }), path: board });
  const { page: laptop } = await signInAs('admin', { page: await newPage({ baseUrl: laptopBase }), path: board });
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
  return { laptopToPhone, phoneToLaptop };
}

describe('two devices see each other', () => {
  it("a pickup on the admin's laptop shows on the greeter's phone, and back, without a reload", async () => {
    const { laptopToPhone, phoneToLaptop } = await pickupBothWays();
    console.log(`live, one instance: laptop → phone ${laptopToPhone} ms, phone → laptop ${phoneToLaptop} ms`);
  });
});

describe('screens that read the network', () => {
  it("the admin's registrations list shows a cancellation made elsewhere without a reload", async () => {
    const family = await createFamily({
      firstName: 'Rafa',
      lastName: uniqueWord(),
      flight: { flightNumber: 'LV 77', flightDate: DAY, flightTime: '09:10' },
    });
    const { page } = await signInAs('admin', { path: `/admin/registrations?search=${encodeURIComponent(family.registrationNumber)}` });
    await page.getByRole('status').getByText('Live', { exact: true }).waitFor({ timeout: 20_000 });
    const row = page.locator('tr', { hasText: family.registrationNumber });
    await row.waitFor();
    expect(await row.getByText('Cancelled').count()).toBe(0);
    const cancelled = await api('POST', `/registrations/${family.registrationId}/cancel`, {
      token: await seedToken(),
      body: { reason: 'Plans changed' },
    });
    expect(cancelled.status).toBe(200);
    await expect.poll(() => row.getByText('Cancelled').count(), { timeout: 5_000 }).toBeGreaterThan(0);
  });
});

const POSTGRES_URL = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresReachable(): Promise<boolean> {
  const client = postgres(POSTGRES_URL, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await client`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await client.end({ timeout: 1 });
  }
}

const withPostgres = (await postgresReachable()) || !!process.env.CI;

describe.runIf(withPostgres)('two server instances on one PostgreSQL', () => {
  const database = `rd_e2e_live_${process.pid}_${Date.now()}`;
  const tmp = mkdtempSync(path.join(tmpdir(), 'reunion-e2e-live-'));
  const admin = {
    adminEmail: 'live-admin@reunion.test',
    adminPassword: `Adm-${randomBytes(6).toString('hex')}`,
    mailDir: path.join(tmp, 'mail'),
  };
  const instances: ServerProcess[] = [];

  beforeAll(async () => {
    const root = postgres(POSTGRES_URL, { max: 1, onnotice: () => {} });
    await root.unsafe(`create database ${database}`);
    await root.end();
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${database}`;
    const env = serverEnv(tmp, admin, {
      DATABASE_URL: url.toString(),
      SESSION_SECRET: `live-e2e-${randomBytes(16).toString('hex')}`,
    });
    // one after the other: the first migrates the empty database
    for (let i = 0; i < 2; i++) instances.push(await startServerProcess(await freePort(), env));
    useServer({ baseUrl: instances[0].baseUrl, ...admin });
  }, 180_000);

  afterAll(async () => {
    useServer(null);
    await Promise.all(instances.map((s) => s.stop()));
    const root = postgres(POSTGRES_URL, { max: 1, onnotice: () => {} });
    await root.unsafe(`drop database if exists ${database} with (force)`);
    await root.end();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('a pickup on a laptop served by one instance shows on a phone served by the other, and back', async () => {
    const { laptopToPhone, phoneToLaptop } = await pickupBothWays(instances[1].baseUrl);
    console.log(`live, two instances: laptop → phone ${laptopToPhone} ms, phone → laptop ${phoneToLaptop} ms`);
  });
});
