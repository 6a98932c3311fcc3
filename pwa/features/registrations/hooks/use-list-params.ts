/**
 * The list screen's page and filters, kept in the address (?page=2&status=active&search=...) so that
 * going back from a registration returns to the same page, and a filtered view can be shared.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EMPTY_FILTERS, type RegistrationFilterValues } from '../api/get-registrations';
import { rememberListQuery } from './last-list';

const FILTER_KEYS = ['status', 'payment_status', 'flights', 'checked_in'] as const;

export function useListParams() {
  const [params, setParamsNow] = useSearchParams();
  // the browser's path while this list is on screen (with any basename; '/' under a MemoryRouter)
  const listPath = useRef(window.location.pathname);
  /**
   * The address changes only while the browser is still on this list. A search typed just before a
   * click on a row applies 300 ms later, and meanwhile the list stays on screen while the registration's
   * page loads: applied then, it navigated back to the list (the setter's "?search=…" is relative to
   * this page), so the click seemed to do nothing.
   */
  const setParams: typeof setParamsNow = useCallback(
    (next, opts) => {
      if (window.location.pathname === listPath.current) setParamsNow(next, opts);
    },
    [setParamsNow],
  );
  // "Back to Admin" on a registration comes back to this very list
  const query = params.toString();
  useEffect(() => rememberListQuery(query ? `?${query}` : ''), [query]);

  const filters: RegistrationFilterValues = useMemo(
    () => ({
      search: params.get('search') ?? '',
      status: params.get('status') ?? '',
      payment_status: params.get('payment_status') ?? '',
      flights: params.get('flights') ?? '',
      checked_in: params.get('checked_in') ?? '',
    }),
    [params],
  );
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  /** Changes some filters; any change of filter goes back to page 1. */
  const setFilters = useCallback(
    (changes: Partial<RegistrationFilterValues>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  /** `replace`: in place of the current history entry (a correction, not a step the user took) */
  const setPage = useCallback(
    (p: number, opts?: { replace?: boolean }) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (p > 1) next.set('page', String(p));
        else next.delete('page');
        return next;
      }, opts),
    [setParams],
  );

  const clearFilters = useCallback(() => setFilters({ ...EMPTY_FILTERS, search: filters.search }), [setFilters, filters.search]);

  /** How many of the panel's filters are set (the badge on the Filters button; search is not counted). */
  const activeCount = FILTER_KEYS.filter((k) => filters[k] !== '').length;

  return { filters, page, setFilters, setPage, clearFilters, activeCount };
}
