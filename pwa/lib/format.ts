/**
 * Display formats: dates 'MMM dd, yyyy', money with a dollar sign and two decimals.
 * Calendar dates ('2025-11-27') are read as local calendar days, never shifted across time zones.
 * Written by hand rather than with date-fns' format(): that one brings its locale tables (~6 KB gzip)
 * into the first load of every route, the greeter's arrivals screen included (the bundle budget).
 */
import type { RegistrationStatus } from '../../shared/constants';
import { formatMoney, fromCents, owedCents, refundOwedCents, toCents } from '../../shared/pricing';

export { formatMoney };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const ISO = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;
const pad2 = (n: number) => String(n).padStart(2, '0');

function toDate(value: string | number | Date): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  // a bare date or a timestamp at midnight UTC is the calendar day as written (docs/architecture.md#data)
  const day = value.match(/^(\d{4})-(\d{2})-(\d{2})(T00:00:00(\.000)?Z)?$/);
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]) - 1, Number(day[3])];
    const local = new Date(y, m, d);
    // '2025-13-40' would roll over into another day: unreadable, not shifted
    return local.getFullYear() === y && local.getMonth() === m && local.getDate() === d ? local : new Date(NaN);
  }
  // only ISO 8601 (as the API sends): the engine's own parser would accept nearly anything
  return ISO.test(value) ? new Date(value.replace(' ', 'T')) : new Date(NaN);
}

const isValid = (d: Date) => !Number.isNaN(d.getTime());

/** '2:05 PM' (local time) of a valid date. */
export function formatClock(d: Date): string {
  const h = d.getHours();
  return `${((h + 11) % 12) + 1}:${pad2(d.getMinutes())} ${h < 12 ? 'AM' : 'PM'}`;
}

/** 'Nov 27, 2025'; '' for empty or unreadable input. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  return isValid(d) ? `${MONTHS[d.getMonth()]} ${pad2(d.getDate())}, ${d.getFullYear()}` : '';
}

/** 'Nov 27, 2025 2:05 PM' for timestamps (e.g. created_at, picked_up_at). */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  return isValid(d) ? `${formatDate(d)} ${formatClock(d)}` : '';
}

/** '2:05 PM' for a time today (the phone's day), 'Nov 26 2:05 PM' for another day: where a line is short. */
export function formatWhen(value: string | number | Date | null | undefined, nowMs = Date.now()): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  if (!isValid(d)) return '';
  const now = new Date(nowMs);
  const today = d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate();
  return today ? formatClock(d) : `${MONTHS[d.getMonth()]} ${pad2(d.getDate())} ${formatClock(d)}`;
}

/** '14:05' → '2:05 PM' (shared with the mails). */
export { formatFlightTime as formatTime } from '../../shared/flight-format';

/** A registration's money as the admin's screens show it (status, total and paid, in dollars). */
type Money = { status: RegistrationStatus; total_amount?: number | null; paid_amount?: number | null };

const centsOf = (r: Money) => [toCents(r.total_amount ?? 0), toCents(r.paid_amount ?? 0)] as const;

/** Its balance due in dollars: what it still owes (`owedCents`), nothing once cancelled. */
export const balanceOwed = (r: Money): number => fromCents(owedCents(r.status, ...centsOf(r)));

/** Its balance due as shown: '$0.00' once cancelled. */
export const balanceDueText = (r: Money): string => formatMoney(balanceOwed(r));

/** What is owed back to it (`refundOwedCents`) in dollars: paid beyond the total, or all it paid once cancelled. */
export const refundOwed = (r: Money): number => fromCents(refundOwedCents(r.status, ...centsOf(r)));

/** '1 arrival', '3 arrivals': a count with its noun, plural by adding s. */
export const countOf = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
