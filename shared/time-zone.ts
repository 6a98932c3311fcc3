/**
 * Flight dates and times are wall-clock values in the event's time zone (docs/architecture.md), while a phone or
 * the server may run in another zone. This turns them into instants with @date-fns/tz.
 */
import { TZDate } from '@date-fns/tz';

/** The instant (ms) of a wall-clock 'YYYY-MM-DD' + 'HH:MM[:SS]' in `timeZone`; null when either is missing or malformed. */
export function zonedInstant(date: string | null | undefined, time: string | null | undefined, timeZone: string): number | null {
  if (!date || !time) return null;
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm, ss = 0] = time.split(':').map(Number);
  if (![y, m, d, hh, mm, ss].every(Number.isFinite)) return null;
  return new TZDate(y, m - 1, d, hh, mm, ss, timeZone).getTime();
}

/** The calendar date ('YYYY-MM-DD') of instant `at` in `timeZone`. */
export function calendarDate(at: Date, timeZone: string): string {
  const day = new TZDate(at.getTime(), timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${two(day.getMonth() + 1)}-${two(day.getDate())}`;
}

/** 'Dec 11, 2026': the calendar day of instant `at` in `timeZone`, as a mail and the page that says the same both write it. */
export function formatDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: '2-digit', year: 'numeric' }).format(at);
}
