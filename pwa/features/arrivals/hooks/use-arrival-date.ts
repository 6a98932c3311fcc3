/**
 * The dashboard's date filter (during the event it opens on today, in the event's time zone, a day running from 04:00 to 04:00; docs/product.md#screens: default 2025-11-27 from the event configuration, Clear filter
 * shows every date), kept in the address (?date=2025-11-28, ?date=all) so a reload — also offline —
 * shows the same day.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useEvent } from '../../../lib/public-config';

const ALL = 'all';

/** Today's date (YYYY-MM-DD) in the event's time zone. */
export const todayIn = (timeZone: string, now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/**
 * A board's day runs from 04:00 to 04:00 in the event's time zone: at midnight the board does not jump
 * to the next day and hide a family that landed at 23:50 and is still waiting; by 04:00 the night's
 * last arrivals are met.
 */
export const BOARD_DAY_STARTS_MS = 4 * 60 * 60 * 1000;

/** The day the board opens on: the board's today while the event's flights are landing, else the configured default. */
export function defaultBoardDate(
  event: { timeZone: string; flightWindow: { min: string; max: string }; defaultArrivalDate: string },
  now = new Date(),
) {
  const today = todayIn(event.timeZone, new Date(now.getTime() - BOARD_DAY_STARTS_MS));
  return today >= event.flightWindow.min && today <= event.flightWindow.max ? today : event.defaultArrivalDate;
}

export function useArrivalDate(): { date: string | undefined; setDate: (date: string | undefined) => void } {
  const event = useEvent();
  const [params, setParams] = useSearchParams();
  const raw = params.get('date');
  const date = raw === null ? defaultBoardDate(event) : raw === ALL || raw === '' ? undefined : raw;
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
