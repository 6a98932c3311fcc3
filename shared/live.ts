/**
 * The live stream's events (GET /api/live, Server-Sent Events), as both ends read them. Plain code, no
 * schema library: the greeter's first visit loads this and stays within its size budget.
 */
import type { Role } from './constants';

export const LIVE_FEEDS = ['arrivals', 'hotel', 'registrations'] as const;
export type LiveFeed = (typeof LIVE_FEEDS)[number];

/**
 * The feeds a role downloads and hears about: the airport team's arrivals; the desk's registrations
 * (in the desk's view); an admin everything. One rule for the device's downloads and the live stream.
 */
export const feedsForRole = (role: Role | undefined): LiveFeed[] =>
  role === 'admin'
    ? ['arrivals', 'hotel', 'registrations']
    : role === 'greeter'
      ? ['arrivals']
      : role === 'checkin'
        ? ['registrations']
        : [];

/** `event: change`: a feed this device downloads changed; its cursor is a hint (null when unknown). */
export interface LiveChange {
  feed: LiveFeed;
  cursor: number | null;
}

/** The `change` event's data, or null when it is not one. */
export function parseLiveChange(data: string): LiveChange | null {
  try {
    const v = JSON.parse(data) as { feed?: unknown; cursor?: unknown };
    if (!LIVE_FEEDS.includes(v.feed as LiveFeed)) return null;
    const cursor = typeof v.cursor === 'number' && Number.isSafeInteger(v.cursor) ? v.cursor : null;
    return { feed: v.feed as LiveFeed, cursor };
  } catch {
    return null;
  }
}

/** Seconds between heartbeats (`event: ping`), so proxies keep the stream open. */
export const LIVE_HEARTBEAT_SECONDS = 20;
