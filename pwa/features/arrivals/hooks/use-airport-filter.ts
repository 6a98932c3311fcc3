/**
 * The board's airport filter, kept in the address (?airport=IAH, ?airport=OTHER, ?airport=none) like the
 * date, so a reload (also offline) shows the same airport. Absent: every airport.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { OTHER_AIRPORT } from '../../../../shared/airports';

/** The filter value for flights stored before the airport was asked. */
export const NO_AIRPORT = 'none';

export function useAirportFilter(): { airport: string; setAirport: (airport: string) => void } {
  const [params, setParams] = useSearchParams();
  const airport = params.get('airport') ?? '';
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

/** Whether a flight lands at the filtered airport ('' = any). */
export function atAirport(a: { airport: string | null }, filter: string): boolean {
  if (!filter) return true;
  if (filter === NO_AIRPORT) return !a.airport;
  if (filter === OTHER_AIRPORT) return a.airport === OTHER_AIRPORT;
  return a.airport === filter;
}

/** 'All airports', 'IAH', 'Other airports', 'Airport not given'. */
export function airportFilterLabel(filter: string): string {
  if (!filter) return 'All airports';
  if (filter === NO_AIRPORT) return 'Airport not given';
  if (filter === OTHER_AIRPORT) return 'Other airports';
  return filter;
}
