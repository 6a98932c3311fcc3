/**
 * The list filters (search, status, payment status, state, flights, checked in) and sorts as SQL, shared by the
 * registrations list, the CSV export and the bulk flight-info request so all three see the same rows. The
 * device's saved copy applies the same rules in shared/registration-list-filters.ts.
 */
import { and, asc, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { registrations } from '../../db/schema';
import { listSearchPatterns } from './search-text';
import type { RegistrationFilters, RegistrationListQuery } from '../../../shared/schemas/registration';
import { isRealFlight } from '../flights/real-flight';

/** A flight given (not an 'N/A' placeholder row): the list's Flights column and its filter. */
export const hasFlight = sql<boolean>`exists (select 1 from flights f where f.registration_id = registrations.id and f.removed_at is null and ${isRealFlight(sql.raw('f.airline'))})`;
const someoneIn = sql`exists (select 1 from attendees a where a.registration_id = registrations.id and a.removed_at is null and a.checked_in)`;
const someoneOut = sql`exists (select 1 from attendees a where a.registration_id = registrations.id and a.removed_at is null and not a.checked_in)`;

/** A filter's value as the condition takes it: the value itself, or a prepared statement's placeholder. */
type Bind = <V>(name: keyof FilterValues, value: V) => V | Placeholder;
const inline: Bind = (_name, value) => value;
/** Binds each filter's value to a placeholder of its name, filled by filterValues (a prepared statement per filterShape). */
export const placeholders: Bind = (name) => sql.placeholder(name);

export function filterCondition(f: RegistrationFilters, bind: Bind = inline): SQL | undefined {
  const conds: SQL[] = [];
  // search_text is lower-cased and accent-stripped; listSearchPatterns normalises the term the same way
  if (f.search) {
    const { search, search_alt, words } = listSearchPatterns(f.search);
    // several words: also each one anywhere, in any order (each a pattern of its own, so the trigram index serves)
    const eachWord = words.length
      ? sql` or (${sql.join(
          words.map((w, i) => sql`${registrations.searchText} like ${bind(`search_w${i}`, w)}`),
          sql` and `,
        )})`
      : sql``;
    conds.push(
      sql`(${registrations.searchText} like ${bind('search', search)} or ${registrations.searchText} like ${bind('search_alt', search_alt)}${eachWord})`,
    );
  }
  if (f.status) conds.push(eq(registrations.status, bind('status', f.status)));
  if (f.payment_status === 'waived') conds.push(eq(registrations.waiveFees, true));
  else if (f.payment_status === 'paid') conds.push(sql`${registrations.paymentStatus} in ('paid', 'completed')`);
  else if (f.payment_status) conds.push(eq(registrations.paymentStatus, bind('payment_status', f.payment_status)));
  if (f.state) conds.push(sql`lower(${registrations.state}) = ${bind('state', f.state.toLowerCase())}`);
  if (f.flights === 'present') conds.push(hasFlight);
  // missing: no flight, not the answer "no airport transportation needed" (the bulk request skips them),
  // and not cancelled: nobody is met at the airport for a cancelled registration
  if (f.flights === 'missing')
    conds.push(sql`not ${hasFlight} and ${registrations.needsTransportation} and ${registrations.status} <> 'cancelled'`);
  if (f.checked_in === 'everyone') conds.push(sql`${someoneIn} and not ${someoneOut}`);
  if (f.checked_in === 'some') conds.push(sql`${someoneIn} and ${someoneOut}`);
  if (f.checked_in === 'none') conds.push(sql`not ${someoneIn}`);
  return conds.length ? and(...conds) : undefined;
}

/** The values filterCondition(f, placeholders) takes, by placeholder name. */
export interface FilterValues {
  search?: string;
  search_alt?: string;
  /** each word of a search of several, by its place */
  [word: `search_w${number}`]: string;
  status?: string;
  payment_status?: string;
  state?: string;
}

function searchValues(term: string): FilterValues {
  const { search, search_alt, words } = listSearchPatterns(term);
  return { search, search_alt, ...Object.fromEntries(words.map((w, i) => [`search_w${i}`, w])) };
}

export const filterValues = (f: RegistrationFilters): FilterValues => ({
  ...(f.search ? searchValues(f.search) : {}),
  status: f.status,
  payment_status: f.payment_status,
  state: f.state?.toLowerCase(),
});

/**
 * What a list query's SQL depends on besides its values: which filters are set (the payment status's
 * 'waived' and 'paid' are SQL of their own), the sort and the order. Queries of one shape differ only
 * in filterValues, so they share one prepared statement.
 */
export function filterShape(q: RegistrationFilters & Pick<RegistrationListQuery, 'sort' | 'order'>): string {
  const payment = q.payment_status === 'waived' || q.payment_status === 'paid' ? q.payment_status : q.payment_status ? 'is' : '';
  // a search of several words has a condition per word: one statement per count of them
  const search = q.search ? `search${listSearchPatterns(q.search).words.length || ''}` : '';
  return [search, q.status ? 'status' : '', payment, q.state ? 'state' : '', q.flights, q.checked_in, q.sort, q.order]
    .map((part) => part ?? '')
    .join('/');
}

/** newest (default: newest first), name (A→Z by last then first name), amount (largest first); `order` flips. */
export function sortOrder(q: Pick<RegistrationListQuery, 'sort' | 'order'>): SQL[] {
  const sort = q.sort ?? 'newest';
  const defaultDesc = sort !== 'name';
  const isDesc = q.order ? q.order === 'desc' : defaultDesc;
  const dir = (e: SQL | typeof registrations.id) => (isDesc ? desc(e) : asc(e));
  if (sort === 'name') {
    return [dir(sql`lower(${registrations.primaryLastName})`), dir(sql`lower(${registrations.primaryFirstName})`), dir(registrations.id)];
  }
  if (sort === 'amount') return [dir(sql`${registrations.totalAmountCents}`), dir(registrations.id)];
  return [dir(sql`${registrations.createdAt}`), dir(registrations.id)];
}
