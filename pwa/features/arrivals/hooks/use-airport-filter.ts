/**
 * The board's airport filter, kept in the address (?airport=IAH, ?airport=OTHER, ?airport=none) like the
 * date, so a reload (also offline) shows the same airport. Absent: every airport.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { airportFilterValue, NO_AIRPORT, OTHER_AIRPORT } from '../../../../shared/airports';

export function useAirportFilter(): { airport: string; setAirport: (airport: string) => void } {
  const [params, setParams] = useSearchParams();
  const airport = airportFilterValue(params.get('airport'));
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
