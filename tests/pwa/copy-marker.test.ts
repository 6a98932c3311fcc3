/**
 * Telling an evicted copy from a first download (docs/architecture.md#offline-layer "Evicted storage"):
 * a finished download is remembered outside IndexedDB, and forgotten whenever the app clears that copy
 * itself, so only the browser's clearing is reported as such.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { hadCopy } from '../../pwa/offline/copy-marker';
import { clearLocalData } from '../../pwa/offline/local-data';
import { claimDevice } from '../../pwa/offline/owner';
import { arrivalRow, freshDb, registrationRow, seedArrivals, seedRegistrations } from './fixtures';

const ANA = { id: 7, name: 'Ana Lima', role: 'greeter' as const };
const BO = { id: 8, name: 'Bo Greer', role: 'greeter' as const };
const ADA = { id: 9, name: 'Ada Admin', role: 'admin' as const };

// the page's localStorage: a plain in-memory Storage (this runs in Node)
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

beforeEach(() => {
  (globalThis as { localStorage?: Storage }).localStorage = new MemoryStorage();
});

describe('the copy marker', () => {
  it('a finished download is remembered, and a database emptied behind the app still shows it was there', async () => {
    const db = freshDb();
    expect(hadCopy('arrivals')).toBe(false);
    await claimDevice(db, ANA);
    await seedArrivals(db, [arrivalRow({ id: 1 })]);
    expect(hadCopy('arrivals')).toBe(true);
    expect(hadCopy('registrations')).toBe(false);

    // the browser deletes IndexedDB: the app's own clearing never ran, so the marker stays
    db.close();
    await db.delete();
    expect(hadCopy('arrivals')).toBe(true);
  });

  it('sign-out forgets it: the next sign-in downloads for the first time, not again', async () => {
    const db = freshDb();
    await claimDevice(db, ANA);
    await seedArrivals(db, [arrivalRow({ id: 1 })]);
    expect(await clearLocalData(db)).toEqual({ cleared: true });
    expect(hadCopy('arrivals')).toBe(false);
  });

  it('another user on the device forgets it, as does a role that no longer reads a feed', async () => {
    const db = freshDb();
    await claimDevice(db, ANA);
    await seedArrivals(db, [arrivalRow({ id: 1 })]);
    await claimDevice(db, BO);
    expect(hadCopy('arrivals')).toBe(false);

    const admin = freshDb();
    await claimDevice(admin, ADA);
    await seedRegistrations(admin, [registrationRow({ id: 1 })]);
    expect(hadCopy('registrations')).toBe(true);
    await claimDevice(admin, { ...ADA, role: 'greeter' });
    expect(hadCopy('registrations')).toBe(false);
  });

  it('is written once per copy, not on every poll that finds the feed up to date', async () => {
    const db = freshDb();
    await claimDevice(db, ANA);
    await seedArrivals(db, [arrivalRow({ id: 1 })]);
    const writes: string[] = [];
    const store = localStorage;
    const setItem = store.setItem.bind(store);
    store.setItem = (k: string, v: string) => {
      writes.push(k);
      setItem(k, v);
    };
    await seedArrivals(db, [arrivalRow({ id: 2 })]);
    expect(writes.filter((k) => k.startsWith('offline_copy_'))).toEqual([]);
    expect(hadCopy('arrivals')).toBe(true);
  });
});
