/** The live stream's events (GET /api/live, Server-Sent Events): what both ends agree on. */
import { z } from 'zod';

export const LIVE_FEEDS = ['arrivals', 'hotel', 'registrations'] as const;
export type LiveFeed = (typeof LIVE_FEEDS)[number];

/** `event: change`: a feed this device downloads changed; its cursor is a hint (null when unknown). */
export const liveChangeSchema = z.object({
  feed: z.enum(LIVE_FEEDS),
  cursor: z.number().int().nullable(),
});
export type LiveChange = z.infer<typeof liveChangeSchema>;

/** Seconds between heartbeats (`event: ping`), so proxies keep the stream open. */
export const LIVE_HEARTBEAT_SECONDS = 20;
