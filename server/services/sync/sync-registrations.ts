/**
 * The registrations feed of GET /api/sync/registrations (admins): the registrations list with every registration's
 * details (attendees, flights, hotel fields), for the admin's offline cache (docs/architecture.md#offline-layer;
 * the PWA stores them in its `registrations` table). Same cursor model as the other downloads
 * (services/sync/sync-download.ts):
 *   1. Settle: take the sequence's last value L and wait for writers in flight at that moment.
 *   2. A registration's change version is the highest `version` ≤ L of the registration, its attendees
 *      and its flights (a change to any of them sends the whole registration again). Each version value
 *      belongs to one row, so no two registrations share a change version and a page never splits one.
 *   3. Read the registrations whose change version lies in (since, L], oldest first, `limit` (+1 to
 *      know whether more are waiting); candidates come from the three tables' version indexes.
 *   4. cursor = the last row's change version when more are waiting, else L (or `since` unchanged when
 *      writers did not settle, so nothing is skipped).
 * Registrations are never deleted (docs/architecture.md#data; cancelled ones stay on the list), so `removed` is always
 * empty; it is there so every feed has the same shape.
 */
import { and, asc, desc, inArray, isNull, sql } from 'drizzle-orm';
import type { ArrivalMark } from '../../db/arrival-mark';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { groupBy } from '../../lib/group-by';
import { attendees, culturalPrograms, flights, registrations, users } from '../../db/schema';
import { serializeFlight } from '../flights/flight-view';
import { serializeAttendee, serializeRegistration, type RegistrationView } from '../registrations/registration-view';
import { nothingNew, settledVersion } from './sync-download';
import type { RegistrationsSyncPage, SyncedRegistration } from '../../../shared/schemas/sync';

/**
 * Ids and change versions of registrations changed in (since, last], oldest first, at most `limit`.
 * A registration's change version is the highest of its rows' versions ≤ last; when any of its rows
 * changed after `since`, that highest one is among the changed rows (every unchanged row is ≤ since),
 * so the changed rows alone give it: three version-index range scans and one aggregate, never a
 * look at the unchanged rows. (A registration row versioned after `last` by a writer still running is
 * left for the next poll, which sends the registration again.)
 */
async function changedRegistrations(db: DbOrTx, since: number, last: number, limit: number) {
  const result = await db.execute(sql`
    select id, max(v)::text as v from (
      select id, version as v from registrations where version > ${since} and version <= ${last}
      union all select registration_id, version from attendees where version > ${since} and version <= ${last}
      union all select registration_id, version from flights where version > ${since} and version <= ${last}
    ) changed
    group by id
    order by max(v) asc limit ${limit}`);
  return rowsOf<{ id: number; v: string }>(result).map((r) => ({ id: Number(r.id), v: Number(r.v) }));
}

/** The registrations with their active attendees (with cultural programs) and current flights, in 5 queries. */
async function loadRegistrations(
  db: DbOrTx,
  ids: number[],
  view: RegistrationView,
): Promise<Map<number, Omit<SyncedRegistration, 'version'>>> {
  const out = new Map<number, Omit<SyncedRegistration, 'version'>>();
  if (ids.length === 0) return out;
  const [regs, members, flightRows] = await Promise.all([
    db.select().from(registrations).where(inArray(registrations.id, ids)),
    db
      .select()
      .from(attendees)
      .where(and(inArray(attendees.registrationId, ids), isNull(attendees.removedAt)))
      .orderBy(desc(attendees.isPrimary), asc(attendees.id)),
    // the desk needs no flights: not read for its view
    view === 'desk'
      ? Promise.resolve([])
      : db
          .select()
          .from(flights)
          .where(and(inArray(flights.registrationId, ids), isNull(flights.removedAt)))
          .orderBy(asc(flights.flightType), asc(flights.flightDate), asc(flights.flightTime), asc(flights.id)),
  ]);
  const cancellerIds = [...new Set(regs.flatMap((r) => (r.cancelledBy === null ? [] : [r.cancelledBy])))];
  const [programs, cancellers] = await Promise.all([
    members.length
      ? db
          .select({ id: culturalPrograms.id, attendeeId: culturalPrograms.attendeeId, programType: culturalPrograms.programType })
          .from(culturalPrograms)
          .where(
            inArray(
              culturalPrograms.attendeeId,
              members.map((m) => m.id),
            ),
          )
          .orderBy(asc(culturalPrograms.id))
      : Promise.resolve([]),
    cancellerIds.length
      ? db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(users)
          .where(inArray(users.id, cancellerIds))
      : Promise.resolve([]),
  ]);
  const nameOf = new Map(cancellers.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim() || u.email]));
  // grouped once: a page of 500 registrations has ~1,500 attendees, so filtering per row is quadratic
  const membersOf = groupBy(members, (m) => m.registrationId);
  const programsOf = groupBy(programs, (p) => p.attendeeId);
  const flightsOf = groupBy(flightRows, (f) => f.registrationId);
  for (const r of regs) {
    const own = membersOf.get(r.id) ?? [];
    const serializedAttendees = own.map((a) => serializeAttendee(a, programsOf.get(a.id) ?? []));
    out.set(r.id, {
      ...serializeRegistration(
        r,
        { attendeeCount: own.length, cancelledBy: r.cancelledBy === null ? null : (nameOf.get(r.cancelledBy) ?? null) },
        view,
      ),
      attendees: serializedAttendees,
      flights: (flightsOf.get(r.id) ?? []).map(serializeFlight),
    });
  }
  return out;
}

/** A page of the feed; `view` 'desk' for check-in staff (registration-view.ts), 'full' for admins. */
export async function registrationsSince(
  db: DbOrTx,
  opts: { since: number; limit: number; view?: 'full' | 'desk'; mark?: ArrivalMark | null },
): Promise<RegistrationsSyncPage> {
  const { last, settled, upToDate } = await settledVersion(db, opts.since, opts.mark);
  if (upToDate) return { registrations: [], removed: [], ...nothingNew(opts.since) };
  const serverTime = () => new Date().toISOString();
  if (!settled) return { registrations: [], removed: [], cursor: opts.since, hasMore: false, serverTime: serverTime() };
  const changed = await changedRegistrations(db, opts.since, last, opts.limit + 1);
  const hasMore = changed.length > opts.limit;
  const page = changed.slice(0, opts.limit);
  const loaded = await loadRegistrations(
    db,
    page.map((c) => c.id),
    opts.view ?? 'full',
  );
  return {
    registrations: page.flatMap((c) => {
      const reg = loaded.get(c.id);
      return reg ? [{ ...reg, version: c.v }] : [];
    }),
    removed: [],
    cursor: hasMore ? page[page.length - 1].v : Math.max(last, opts.since),
    hasMore,
    serverTime: serverTime(),
  };
}
