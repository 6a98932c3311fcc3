/**
 * The Link button's action: the link goes through the offline outbox (useLinkHotel: the booking leaves
 * the list and the registration shows it at once, with or without signal), then one sync runs and the
 * fate of the queued op is read back (pwa/offline/op-outcome.ts):
 *   done               → the server accepted it: 'Successfully linked …'
 *   conflict / failed  → the server's sentence, else 'Failed to link hotel assignment'
 *                        (the change stays in the sync panel with Keep server / Retry)
 *   pending            → no signal: kept on this device, sent later
 *   discarded, unknown → dropped on this device meanwhile (sync panel, sign-out): nothing was linked.
 * Many links at once ("Match exact names") are queued first and then waited for together, not queued
 * and waited for one by one.
 */
import { useCallback } from 'react';
import { useLinkHotel } from '../../../offline/hooks';
import type { LinkTarget } from '../../../offline/outbox';
import { getOpOutcome, syncNow } from '../../../offline/runtime';
import type { OpOutcome } from '../../../offline/op-outcome';
import { saidNothing } from '../../../offline/sync-text';
import type { CachedHotelAssignment } from '../../../offline/types';
import { LINK_FAILED, linkedText, queuedText, type ExactMatchCount } from '../lib/link-messages';

export type LinkOutcome = {
  kind: 'success' | 'error' | 'info';
  text: string;
  detail?: string;
  /** a link still on this device (no signal, or the server failed and it is sent again): the op to follow, so the page can tell what became of it */
  follow?: { opId: string; pair: LinkPair };
  /** "Match exact names" with links kept on this device: what it counted, and those links, to follow */
  bulk?: { count: ExactMatchCount; follow: { opId: string; pair: LinkPair }[] };
};
export interface LinkPair {
  booking: CachedHotelAssignment;
  registration: LinkTarget;
}

/** What a queued link's outcome tells the admin (`online`: the browser says it has a connection). */
export function linkOutcome(
  outcome: OpOutcome,
  pair: LinkPair,
  online = typeof navigator === 'undefined' || navigator.onLine,
): LinkOutcome {
  const { booking, registration } = pair;
  const name = `${registration.primary_first_name} ${registration.primary_last_name}`.trim();
  switch (outcome.state) {
    case 'done':
      return { kind: 'success', text: linkedText(booking.guest_name, name, registration.registration_number) };
    case 'failed':
    case 'conflict':
      return {
        kind: 'error',
        text: saidNothing(outcome.message) ? LINK_FAILED : outcome.message,
        detail: 'The change is kept in Sync details ("Resolve changes" on the sync line) with Keep server and Retry.',
      };
    case 'server-kept':
      return { kind: 'info', text: "Kept the server's version: this link was not made.", detail: outcome.message ?? undefined };
    case 'discarded':
      return { kind: 'error', text: LINK_FAILED, detail: 'The change was discarded on this device before it reached the server.' };
    case 'unknown': // cleared from this device meanwhile (sign-out)
      return { kind: 'error', text: LINK_FAILED, detail: 'The change is no longer on this device.' };
    case 'pending':
      // sent with a connection and not taken (the server failed, 5xx): the written failure; the link is kept and sent again
      if (online && outcome.attempts > 0 && outcome.lastError)
        return {
          kind: 'error',
          text: LINK_FAILED,
          detail: 'The server could not take it just now. It is kept on this device and sent again automatically.',
          follow: { opId: outcome.opId, pair },
        };
      return {
        kind: 'info',
        text: queuedText(booking.guest_name, name, registration.registration_number),
        follow: { opId: outcome.opId, pair },
      };
  }
}

/** Links each pair (`onQueued` after each is queued on this device), then waits for the sync that covers them; one outcome per pair. */
export function useLinkBookings(): (pairs: readonly LinkPair[], onQueued?: (queued: number) => void) => Promise<LinkOutcome[]> {
  const link = useLinkHotel();
  return useCallback(
    async (pairs, onQueued) => {
      const queued: (string | LinkOutcome)[] = [];
      for (const { booking, registration } of pairs) {
        try {
          queued.push(await link(booking.id, registration));
        } catch (e) {
          queued.push({ kind: 'error', text: LINK_FAILED, detail: e instanceof Error ? e.message : undefined });
        }
        onQueued?.(queued.length);
      }
      // the cycle that covers these ops (one runs after they were queued, also when another was running)
      if (queued.some((q) => typeof q === 'string')) await syncNow();
      return Promise.all(queued.map(async (q, i) => (typeof q === 'string' ? linkOutcome(await getOpOutcome(q), pairs[i]) : q)));
    },
    [link],
  );
}

export function useLinkBooking(): (booking: CachedHotelAssignment, registration: LinkTarget) => Promise<LinkOutcome> {
  const linkAll = useLinkBookings();
  return useCallback(async (booking, registration) => (await linkAll([{ booking, registration }]))[0], [linkAll]);
}
