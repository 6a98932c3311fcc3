/**
 * The board's airport filter, kept in the address (?airport=IAH, ?airport=OTHER, ?airport=none) like the
 * date, so a reload (also offline) shows the same airport. Absent, or one the board does not offer: every airport.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { airportFilterValue, isAirportFilter, NO_AIRPORT, OTHER_AIRPORT } from '../../../../shared/airports';

export function useAirportFilter(offered: readonly { code: string }[]): { airport: string; setAirport: (airport: string) => void } {
  const [params, setParams] = useSearchParams();
  // one the board does not offer (a mistyped address) reads as every airport, as its select shows it
  const asked = airportFilterValue(params.get('airport'));
  const airport = isAirportFilter(asked, offered) ? asked : '';
  const setAirport = useCallback(
    (next: string) =>
      setParams(
        (p) => {
          const copy = new URLSearchParams(p);
          if (next) copy.set('airport', next);
          else copy.delete('airport');
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { airport, setAirport };
}

/** 'All airports', 'IAH', 'Other airports', 'Airport not given'. */
export function airportFilterLabel(filter: string): string {
  if (!filter) return 'All airports';
  if (filter === NO_AIRPORT) return 'Airport not given';
  if (filter === OTHER_AIRPORT) return 'Other airports';
  return filter;
}
