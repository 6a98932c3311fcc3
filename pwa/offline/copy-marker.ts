/**
 * Remembers, outside IndexedDB, that this device finished downloading a feed, so the app can tell a
 * first download from a copy the browser threw away (docs/architecture.md#offline-layer "Evicted
 * storage"). Browsers may clear IndexedDB of a site not used for days (Safari) or under storage pressure
 * (Chromium evicts IndexedDB but keeps localStorage, where the session is): the staff member is then
 * still signed in over an empty cache, and the screens must say so rather than show an empty list as
 * the truth. Set when a feed's first download finishes, forgotten when its copy is cleared on purpose
 * (sign-out, another user, a role that does not read it).
 */
import type { Feed } from './downloads';

const key = (feed: Feed) => `offline_copy_${feed}`;

/** localStorage when the page has one (tests and tools run without). */
function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage disabled by the browser's settings
  }
}

/** The feed's first download finished on this device. */
export function rememberCopy(feed: Feed): void {
  storage()?.setItem(key(feed), new Date().toISOString());
}

/** The feed's copy was cleared on purpose: its next download is a first one again. */
export function forgetCopies(feeds: readonly Feed[]): void {
  const s = storage();
  for (const feed of feeds) s?.removeItem(key(feed));
}

/** True when this device had downloaded the feed: an empty, unfinished copy now means it was evicted. */
export function hadCopy(feed: Feed): boolean {
  return !!storage()?.getItem(key(feed));
}
