/**
 * How a flight's date and time are written on the screens and in the mails. Plain functions with no
 * imports: the first visit's code formats flights without loading a schema library.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM-DD' → 'MMM dd, yyyy', with no time-zone arithmetic. */
export function formatFlightDate(ymd: string): string {
  const [y, m, d] = ymd.split('-');
  return `${MONTHS[Number(m) - 1]} ${d}, ${y}`;
}

/** '14:05' → '2:05 PM', as the screens and the mails write a flight's time; the input when it is not HH:MM. */
export function formatFlightTime(value: string | null | undefined): string {
  if (!value) return '';
  const m = value.match(/^(\d{1,2}):(\d{2})/);
  if (!m) return value;
  const h = Number(m[1]);
  return `${((h + 11) % 12) + 1}:${m[2]} ${h < 12 ? 'AM' : 'PM'}`;
}

/** 'Nov 27, 2025 at 2:30 PM': a flight's day and time, each left out (the day said missing) when not given. */
export function formatFlightWhen(date: string | null | undefined, time: string | null | undefined): string {
  return `${date ? formatFlightDate(date) : 'date not given'}${time ? ` at ${formatFlightTime(time)}` : ''}`;
}
