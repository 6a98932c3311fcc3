/**
 * The dashboard's date filter (docs/product.md#screens: default 2025-11-27 from the event configuration, Clear filter
 * shows every date), kept in the address (?date=2025-11-28, ?date=all) so a reload — also offline —
 * shows the same day.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useEvent } from '../../../lib/public-config';

const ALL = 'all';

export function useArrivalDate(): { date: string | undefined; setDate: (date: string | undefined) => void } {
  const event = useEvent();
  const [params, setParams] = useSearchParams();
  const raw = params.get('date');
  const date = raw === null ? event.defaultArrivalDate : raw === ALL || raw === '' ? undefined : raw;
  const setDate = useCallback(
    (next: string | undefined) =>
      setParams(
        (p) => {
          const copy = new URLSearchParams(p);
          copy.set('date', next || ALL);
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { date, setDate };
}
