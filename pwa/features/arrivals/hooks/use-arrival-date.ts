/**
 * The dashboard's date filter (during the event it opens on today, in the event's time zone; docs/product.md#screens: default 2025-11-27 from the event configuration, Clear filter
 * shows every date), kept in the address (?date=2025-11-28, ?date=all) so a reload — also offline —
 * shows the same day.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useEvent } from '../../../lib/public-config';

const ALL = 'all';

/** Today's date (YYYY-MM-DD) in the event's time zone. */
export const todayIn = (timeZone: string, now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** The day the board opens on: today while the event's flights are landing, else the configured default. */
export function defaultBoardDate(
  event: { timeZone: string; flightWindow: { min: string; max: string }; defaultArrivalDate: string },
  now = new Date(),
) {
  const today = todayIn(event.timeZone, now);
  return today >= event.flightWindow.min && today <= event.flightWindow.max ? today : event.defaultArrivalDate;
}

export function useArrivalDate(): { date: string | undefined; setDate: (date: string | undefined) => void } {
  const event = useEvent();
  const [params, setParams] = useSearchParams();
  const raw = params.get('date');
  // taken when the board opens, not on every redraw: at midnight an open board must not jump to the next
  // day and hide a family that landed at 23:50 and is still waiting
  const { timeZone, flightWindow, defaultArrivalDate } = event;
  const opening = useMemo(
    () => defaultBoardDate({ timeZone, flightWindow: { min: flightWindow.min, max: flightWindow.max }, defaultArrivalDate }),
    [timeZone, flightWindow.min, flightWindow.max, defaultArrivalDate],
  );
  const date = raw === null ? opening : raw === ALL || raw === '' ? undefined : raw;
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
