/**
 * The registrations list as the admin last left it (its search, filters and page: the query string),
 * so "Back to Admin" on a registration returns there instead of to page 1. Kept for this tab only.
 */
const KEY = 'registrations_list_query';

/** Remembers the list's query string ('' for the plain list). */
export function rememberListQuery(search: string): void {
  try {
    sessionStorage.setItem(KEY, search);
  } catch {
    /* storage unavailable: Back to Admin opens the plain list */
  }
}

/** '/admin/registrations' with the remembered query. */
export function lastListPath(): string {
  let search = '';
  try {
    search = sessionStorage.getItem(KEY) ?? '';
  } catch {
    /* storage unavailable */
  }
  return `/admin/registrations${search && search.startsWith('?') ? search : ''}`;
}
