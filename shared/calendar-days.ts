/** Whole days between calendar dates ('YYYY-MM-DD'), and a date moved by whole days: no time zone involved. */
const DAY_MS = 86_400_000;
const at = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

export const daysBetween = (from: string, to: string): number => Math.round((at(to) - at(from)) / DAY_MS);

export const addDays = (iso: string, days: number): string => new Date(at(iso) + days * DAY_MS).toISOString().slice(0, 10);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const parts = (iso: string) => ({ y: iso.slice(0, 4), m: MONTHS[Number(iso.slice(5, 7)) - 1], d: Number(iso.slice(8, 10)) });

/** 'Nov 27-30, 2025', 'Nov 29-Dec 2, 2026', 'Dec 30, 2026-Jan 2, 2027': the event's dates as the home page says them. */
export function datesLabel(start: string, end: string): string {
  const a = parts(start);
  const b = parts(end);
  if (a.y !== b.y) return `${a.m} ${a.d}, ${a.y}-${b.m} ${b.d}, ${b.y}`;
  if (a.m !== b.m) return `${a.m} ${a.d}-${b.m} ${b.d}, ${a.y}`;
  return a.d === b.d ? `${a.m} ${a.d}, ${a.y}` : `${a.m} ${a.d}-${b.d}, ${a.y}`;
}
