/**
 * This device's id (meta 'deviceId'): a random UUID made once and kept across sign-outs, sent with every
 * pickup so "picked up by Ana on another phone" can be told apart from this phone. Not personal data.
 */
import type { AppDB } from './db';

/** The device id, created on first use (call inside a transaction that includes meta, or alone). */
export async function ensureDeviceId(db: AppDB): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const existing = await db.getMeta('deviceId');
    if (existing) return existing;
    const id = crypto.randomUUID();
    await db.setMeta('deviceId', id);
    return id;
  });
}
