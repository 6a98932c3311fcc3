/** GET /registrations: one query for the page (counts as sub-selects, no N+1), and a count when the page cannot tell it. */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { registrations } from '../../db/schema';
import { SNAPSHOT_TEXT } from '../../db/arrival-mark';
import { preparedPer } from '../../db/prepared';
import { filterCondition, filterShape, filterValues, hasFlight, placeholders, sortOrder } from './registration-filters';
import { fromCents } from '../../../shared/pricing';
import type { Pagination, RegistrationListItem, RegistrationListQuery } from '../../../shared/schemas/registration';
import { paginationOf } from '../../lib/pagination';

/**
 * The list's two statements (the page and the count) for one filterShape, built and prepared once per
 * database and shape (server/db/prepared.ts): building them cost a fifth of a search's CPU.
 */
const listStatements = (() => {
  const perDb = preparedPer(() => new Map<string, ReturnType<typeof buildList>>());
  return (db: DbOrTx, q: RegistrationListQuery) => {
    const shapes = perDb(db);
    const shape = filterShape(q);
    let built = shapes.get(shape);
    if (!built) shapes.set(shape, (built = buildList(db, q, shape)));
    return built;
  };
})();

function buildList(db: DbOrTx, q: RegistrationListQuery, shape: string) {
  const where = filterCondition(q, placeholders);
  // A search's matches are all read and sorted before the page is cut from them, so each page row can
  // carry how many there are (count(*) over ()) at no cost: a search is one statement. Without a search
  // the page is read in index order and stops at its limit, which a window would undo (every row read).
  const total = q.search ? sql<number>`count(*) over ()`.mapWith(Number).as('total') : sql<null>`null::int`.as('total');
  // the page's ids first, then the sub-selects for those rows only: with the sub-selects in the same
  // query as ORDER BY … LIMIT/OFFSET, PostgreSQL evaluated them for every row before the offset (and
  // hashed all flights for has_flights): 30 ms for page 1 and 350 ms for page 950 at 20,000 registrations
  const page = db.$with('page').as(
    db
      .select({ id: registrations.id, total })
      .from(registrations)
      .where(where)
      .orderBy(...sortOrder(q))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
  return {
    page: db
      .with(page)
      .select({
        r: {
          id: registrations.id,
          registrationNumber: registrations.registrationNumber,
          status: registrations.status,
          paymentStatus: registrations.paymentStatus,
          primaryFirstName: registrations.primaryFirstName,
          primaryLastName: registrations.primaryLastName,
          primaryEmail: registrations.primaryEmail,
          primaryPhone: registrations.primaryPhone,
          city: registrations.city,
          state: registrations.state,
          country: registrations.country,
          totalAmountCents: registrations.totalAmountCents,
          paidAmountCents: registrations.paidAmountCents,
          waiveFees: registrations.waiveFees,
          createdAt: registrations.createdAt,
          flightInfoRequestedAt: registrations.flightInfoRequestedAt,
          hotelConfirmationNumber: registrations.hotelConfirmationNumber,
          needsTransportation: registrations.needsTransportation,
        },
        // sub-selects name the outer table literally: drizzle renders a bare "id" inside select fields
        attendeeCount: sql<number>`(select count(*)::int from attendees a where a.registration_id = registrations.id and a.removed_at is null)`,
        hasFlights: hasFlight,
        checkedIn: sql<number>`(select count(*)::int from attendees a where a.registration_id = registrations.id and a.removed_at is null and a.checked_in)`,
        total: page.total,
        // the snapshot the page was read at, for the cache of pages (server/db/snapshot-cache.ts)
        snapshot: SNAPSHOT_TEXT,
      })
      .from(page)
      .innerJoin(registrations, eq(registrations.id, page.id))
      .orderBy(...sortOrder(q))
      .prepare(`registration_list_page:${shape}`),
    count: db
      .select({ total: sql<number>`count(*)::int`, snapshot: SNAPSHOT_TEXT })
      .from(registrations)
      .where(where)
      .prepare(`registration_list_count:${shape}`),
  };
}

/** A page of the list, and the snapshot it was read at: null when the page and its count saw different ones, or when nothing was read. */
export async function listRegistrations(
  db: DbOrTx,
  q: RegistrationListQuery,
): Promise<{ snapshot: string | null; value: { registrations: RegistrationListItem[]; pagination: Pagination } }> {
  const { page, count } = listStatements(db, q);
  const values = { ...filterValues(q), limit: q.limit, offset: (q.page - 1) * q.limit };
  const rows = await page.execute(values);
  // the total: a search's rows carry it; a page with room to spare is the last one, so the rows before
  // it and on it are all there are; a full page without a search, or an empty one past the first, is counted
  const last = rows.length < q.limit && (rows.length > 0 || q.page === 1);
  const carried = rows[0]?.total;
  let snapshot: string | null = rows[0]?.snapshot ?? null;
  let totalCount: number;
  if (carried !== null && carried !== undefined) totalCount = Number(carried);
  else if (last) totalCount = values.offset + rows.length;
  else {
    const [counted] = await count.execute(values);
    totalCount = Number(counted.total);
    // an empty page tells no snapshot, and a count at another one may count rows the page did not see
    if (counted.snapshot !== snapshot) snapshot = null;
  }
  const value = {
    registrations: rows.map(({ r, attendeeCount, hasFlights, checkedIn }) => ({
      id: r.id,
      registration_number: r.registrationNumber,
      status: r.status,
      payment_status: r.paymentStatus === 'completed' ? 'paid' : r.paymentStatus,
      primary_first_name: r.primaryFirstName,
      primary_last_name: r.primaryLastName,
      primary_email: r.primaryEmail,
      primary_phone: r.primaryPhone,
      city: r.city,
      state: r.state,
      country: r.country,
      attendee_count: Number(attendeeCount),
      total_amount: fromCents(r.totalAmountCents),
      paid_amount: fromCents(r.paidAmountCents),
      waive_fees: r.waiveFees,
      created_at: r.createdAt.toISOString(),
      has_flights: Boolean(hasFlights),
      needs_transportation: r.needsTransportation,
      checked_in_count: Number(checkedIn),
      flight_info_requested_at: r.flightInfoRequestedAt?.toISOString() ?? null,
      hotel_confirmation_number: r.hotelConfirmationNumber,
    })),
    pagination: paginationOf(q, totalCount),
  };
  return { snapshot, value };
}
