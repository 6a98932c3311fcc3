/**
 * The registrations feed of GET /api/sync/registrations (admins): the registrations list with every registration's
 * details (attendees, flights, hotel fields), for the admin's offline cache (docs/architecture.md "Offline-first
 * PWA"; the PWA stores them in its `registrations` table). Same cursor model as the other downloads
 * (services/sync/sync-download.ts):
 *   1. Settle: take the sequence's last value L and wait for writers in flight at that moment.
 *   2. A registration's change version is the highest `version` of the registration, its attendees and
 *      its flights (a change to any of them sends the whole registration again). Each version value
 *      belongs to one row, so no two registrations share a change version and a page never splits one.
 *   3. Read the registrations whose change version lies in (since, L], oldest first, `limit` (+1 to
 *      know whether more are waiting); candidates come from the three tables' version indexes.
 *   4. cursor = the last row's change version when more are waiting, else L (or `since` unchanged when
 *      writers did not settle, so nothing is skipped).
 * Registrations are never deleted (docs/architecture.md; cancelled ones stay on the list), so `removed` is always
 * empty; it is there so every feed has the same shape.
 */
import { and, asc, desc, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { attendees, culturalPrograms, flights, registrations, users } from '../../db/schema';
import { serializeFlight } from '../flights/flight-view';
import { serializeAttendee, serializeRegistration, type RegistrationView } from '../registrations/registration-view';
import { nothingNew, settledVersion } from './sync-download';
import type { RegistrationsSyncPage, SyncedRegistration } from '../../../shared/schemas/sync';

/** Ids and change versions of registrations changed in (since, last], oldest first, at most `limit`. */
async function changedRegistrations(db: DbOrTx, since: number, last: number, limit: number) {
  const result = await db.execute(sql`
    with touched as (
      select id from registrations where version > ${since} and version <= ${last}
      union select registration_id from attendees where version > ${since} and version <= ${last}
      union select registration_id from flights where version > ${since} and version <= ${last}
    ), versioned as (
      select t.id, greatest(
        (select r.version from registrations r where r.id = t.id),
        coalesce((select max(a.version) from attendees a where a.registration_id = t.id and a.version <= ${last}), 0),
        coalesce((select max(f.version) from flights f where f.registration_id = t.id and f.version <= ${last}), 0)
      ) as v
      from touched t
    )
    select id, v::text as v from versioned where v > ${since} and v <= ${last}
    -- versioned.v, the number: a bare "v" here would be the text alias, and '10000' sorts before '9999'
    order by versioned.v asc limit ${limit}`);
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
    db
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
  for (const r of regs) {
    const own = members.filter((m) => m.registrationId === r.id);
    const serializedAttendees = own.map((a) =>
      serializeAttendee(
        a,
        programs.filter((p) => p.attendeeId === a.id),
      ),
    );
    out.set(r.id, {
      ...serializeRegistration(
        r,
        { attendeeCount: own.length, cancelledBy: r.cancelledBy === null ? null : (nameOf.get(r.cancelledBy) ?? null) },
        view,
      ),
      attendees: serializedAttendees,
      // the desk needs no flights
      flights: view === 'desk' ? [] : flightRows.filter((f) => f.registrationId === r.id).map(serializeFlight),
    });
  }
  return out;
}

/** A page of the feed; `view` 'desk' for check-in staff (registration-view.ts), 'full' for admins. */
export async function registrationsSince(
  db: DbOrTx,
  opts: { since: number; limit: number; view?: 'full' | 'desk' },
): Promise<RegistrationsSyncPage> {
  const { last, settled, upToDate } = await settledVersion(db, opts.since);
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
