/**
 * The offline download (docs/architecture.md#offline-layer: downloads after the first ask only for what
 * changed since the server's own cursor). `since` is a cursor the server handed out earlier (0 = first
 * download); the PWA stores the answer's `cursor` and, while `hasMore`, asks again from it, so an
 * interrupted first download resumes where it stopped.
 */
import { z } from 'zod';
import { decimal } from './common';

export const SYNC_PAGE_DEFAULT = 500;
export const SYNC_PAGE_MAX = 2000;

export const syncQuerySchema = z.object({
  since: decimal(
    z
      .number({ error: 'since must be a cursor from an earlier download' })
      .int('since must be a cursor from an earlier download')
      .min(0, 'since must be a cursor from an earlier download')
      .max(Number.MAX_SAFE_INTEGER, 'since must be a cursor from an earlier download')
      .default(0),
  ),
  limit: decimal(
    z
      .number({ error: 'Invalid limit' })
      .int('Invalid limit')
      .min(1, 'Invalid limit')
      .max(SYNC_PAGE_MAX, `Limit must be at most ${SYNC_PAGE_MAX}`)
      .default(SYNC_PAGE_DEFAULT),
  ),
});

export type { ArrivalsSyncPage, HotelSyncPage, RegistrationsSyncPage, SyncedRegistration } from './records';
