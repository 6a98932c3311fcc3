/**
 * The dashboard's date filter (during the event it opens on today, in the event's time zone, a day running from 04:00 to 04:00; docs/product.md#screens: default 2025-11-27 from the event configuration, Clear filter
 * shows every date), kept in the address (?date=2025-11-28, ?date=all) so a reload — also offline —
 * shows the same day.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useEvent } from '../../../lib/public-config';
import { BOARD_DAY_STARTS_MS } from '../../../../shared/board-day';
import { isCalendarDate } from '../../../../shared/calendar-date';
import { calendarDate } from '../../../../shared/time-zone';

const ALL = 'all';

/**
 * Today's date (YYYY-MM-DD) in the event's time zone, from the date's parts: a locale's pattern is not
 * a format (WebKit with a newer ICU writes 'en-CA' as 11/28/2026, and the board then missed today).
 */
export const todayIn = (timeZone: string, now = new Date()) => calendarDate(now, timeZone);

/**
 * The board's today, while the event's flights are landing (null before and after): a day running from
 * 04:00 to 04:00 (shared/board-day.ts). That board also lists the night's arrivals after midnight.
 */
export function liveBoardDay(event: { timeZone: string; flightWindow: { min: string; max: string } }, now = new Date()): string | null {
  const today = todayIn(event.timeZone, new Date(now.getTime() - BOARD_DAY_STARTS_MS));
  return today >= event.flightWindow.min && today <= event.flightWindow.max ? today : null;
}

/** The day the board opens on: the board's today while the event's flights are landing, else the configured default. */
export function defaultBoardDate(
  event: { timeZone: string; flightWindow: { min: string; max: string }; defaultArrivalDate: string },
  now = new Date(),
) {
  return liveBoardDay(event, now) ?? event.defaultArrivalDate;
}

/**
 * The day an address's ?date= asks for: undefined for every date ('all', or empty), the day itself, or,
 * absent or not a real date (a mistyped link, ?date=garbage), the day the board opens on: a board of
 * nothing, with an empty date box, said nothing of the mistake.
 */
export function boardDateOf(raw: string | null, event: Parameters<typeof defaultBoardDate>[0], now = new Date()): string | undefined {
  if (raw === ALL || raw === '') return undefined;
  return raw !== null && isCalendarDate(raw) ? raw : defaultBoardDate(event, now);
}

export function useArrivalDate(): { date: string | undefined; setDate: (date: string | undefined) => void } {
  const event = useEvent();
  const [params, setParams] = useSearchParams();
  const date = boardDateOf(params.get('date'), event);
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
