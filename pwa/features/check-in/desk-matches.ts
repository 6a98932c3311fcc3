/**
 * The desk's matches in the order staff look for them: families whose main contact is the one typed
 * before those found through another member of the party, then by the contact's last and first name;
 * cancelled registrations last (they cannot be checked in).
 */
import { matchesQuery, normalizeText } from '../../offline/local-search';
import type { CachedRegistration } from '../../offline/types';

type Match = Pick<
  CachedRegistration,
  'id' | 'status' | 'primary_first_name' | 'primary_last_name' | 'registration_number' | 'primary_email' | 'primary_phone'
>;

export function rankDeskMatches<T extends Match>(rows: T[], query: string): T[] {
  const byContact = new Set(
    rows
      .filter((r) =>
        matchesQuery(
          normalizeText(`${r.primary_first_name} ${r.primary_last_name} ${r.registration_number} ${r.primary_email} ${r.primary_phone}`),
          query,
        ),
      )
      .map((r) => r.id),
  );
  const rank = (r: T) => (r.status === 'cancelled' ? 2 : 0) + (byContact.has(r.id) ? 0 : 1);
  return [...rows].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      a.primary_last_name.localeCompare(b.primary_last_name) ||
      a.primary_first_name.localeCompare(b.primary_first_name),
  );
}
