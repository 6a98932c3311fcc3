/**
 * The admins' feeds written into the cache: unmatched hotel bookings and registrations, and the
 * candidates ranked from them (candidates.ts). A greeter never downloads these feeds, so this code is
 * not in the greeter's first load: the sync engine imports this module on demand, when a page of one of
 * these feeds arrives (the service worker precaches it with the other chunks, for an admin offline).
 * Each page lands in ONE transaction with its cursor, as in downloads.ts, and never overwrites what a
 * pending outbox op shows:
 *   - hotel bookings: a booking with a queued link stays hidden (`hiddenByOp`).
 *   - registrations: a registration with a queued hotel link keeps the link's hotel fields; the server's
 *     go to `pendingHotel.before`, to restore if the link is undone.
 */
import type { AppDB } from './db';
import { saveCursor } from './downloads';
import { hotelFieldsOf } from './hotel-fields';
import { noteUndoneCheckIns, rebaseDownloaded, settleHeldPayments } from './desk-downloads';
import { normalizeSearch, registrationSearchSource } from '../../shared/search';
import type { CachedHotelAssignment, CachedRegistration, HotelPage, RegistrationsPage, SyncedRegistration } from './types';

export { refreshCandidates } from './candidates';

/** A cached registration's search text: what the server finds it by (shared/search.ts), normalised as local-search.ts reads it. */
export function registrationSearchText(r: SyncedRegistration): string {
  return normalizeSearch(
    registrationSearchSource(
      {
        number: r.registration_number,
        firstName: r.primary_first_name,
        lastName: r.primary_last_name,
        email: r.primary_email,
        phone: r.primary_phone ?? '',
      },
      r.attendees.map((a) => ({ firstName: a.first_name, lastName: a.last_name })),
    ),
  );
}

export async function applyHotelPage(db: AppDB, page: HotelPage): Promise<void> {
  await db.transaction('rw', [db.hotelAssignments, db.candidates, db.outbox, db.meta], async () => {
    // a booking on this device keeps what it shows (a refused link showed it again); one new to the
    // device (a re-download) is hidden while a link to it is still on its way
    const queued = new Map<number, string>();
    for (const op of await db.outbox.where('kind').equals('hotel-link').toArray()) {
      if (op.kind === 'hotel-link' && op.state === 'pending') queued.set(op.payload.assignmentId, op.opId);
    }
    const existing = await db.hotelAssignments.bulkGet(page.assignments.map((a) => a.id));
    const rows: CachedHotelAssignment[] = page.assignments.map((row, i) => ({
      ...row,
      hiddenByOp: existing[i] ? existing[i].hiddenByOp : (queued.get(row.id) ?? null),
    }));
    await db.hotelAssignments.bulkPut(rows);
    if (page.removed.length) {
      await db.hotelAssignments.bulkDelete(page.removed);
      await db.candidates.bulkDelete(page.removed);
    }
    await saveCursor(db, 'hotel', page);
  });
}

export async function applyRegistrationsPage(db: AppDB, page: RegistrationsPage): Promise<void> {
  await db.transaction('rw', [db.registrations, db.outbox, db.receipts, db.meta], async () => {
    const existing = await db.registrations.bulkGet(page.registrations.map((r) => r.id));
    const rows: CachedRegistration[] = page.registrations.map((row, i) => {
      const held = existing[i]?.pendingHotel;
      const base = { ...row, searchText: registrationSearchText(row), pendingHotel: null };
      if (!held || !existing[i]) return base;
      // the queued link's hotel fields stay shown; the server's become what an undo goes back to
      return { ...base, ...hotelFieldsOf(existing[i]!), pendingHotel: { opId: held.opId, before: hotelFieldsOf(row) } };
    });
    // the desk's queued check-ins and payments stay shown on top of the new server state (desk.ts)
    await noteUndoneCheckIns(db, existing, page.registrations);
    await db.registrations.bulkPut(await rebaseDownloaded(db, rows));
    await settleHeldPayments(db, page.registrations, existing);
    await saveCursor(db, 'registrations', page);
  });
}

/** A downloaded page of an admin feed, checked against its shared schema (answers.ts). */
export type AdminPage = { feed: 'hotel'; page: HotelPage } | { feed: 'registrations'; page: RegistrationsPage };

export function parseAdminPage(answers: typeof import('./answers'), feed: 'hotel' | 'registrations', body: unknown): AdminPage {
  return feed === 'hotel' ? { feed, page: answers.parseHotelPage(body) } : { feed, page: answers.parseRegistrationsPage(body) };
}

/** Writes one checked page of an admin feed; answers how many rows it brought, and the page's cursor. */
export async function applyAdminPage(
  db: AppDB,
  p: AdminPage,
): Promise<{ rows: number; page: { cursor: string | number; hasMore: boolean } }> {
  if (p.feed === 'hotel') {
    await applyHotelPage(db, p.page);
    return { rows: p.page.assignments.length + p.page.removed.length, page: p.page };
  }
  await applyRegistrationsPage(db, p.page);
  return { rows: p.page.registrations.length, page: p.page };
}
