/**
 * How a flight's airport is written and shown. Plain code with no schema library: the greeter's screen
 * imports it and stays within its size budget.
 */

/** The airport choice for a flight landing or leaving elsewhere than the event's airports. */
export const OTHER_AIRPORT = 'OTHER';
/** What screens and exports show for a flight stored before the airport was asked. */
export const AIRPORT_NOT_GIVEN = 'airport not given';

/** 'IAH', 'Other: Austin-Bergstrom', or 'airport not given'. */
export function airportLabel(f: { airport: string | null; airportName?: string | null }): string {
  if (!f.airport) return AIRPORT_NOT_GIVEN;
  return f.airport === OTHER_AIRPORT ? `Other: ${f.airportName ?? ''}`.trim() : f.airport;
}

/** The airport filter's value for flights stored before the airport was asked (?airport=none). */
export const NO_AIRPORT = 'none';

/** A filter value as typed in an address ('hou', 'NONE') as the filter means it ('HOU', 'none'); '' for any. */
export function airportFilterValue(raw: string | null | undefined): string {
  const v = (raw ?? '').trim();
  if (!v) return '';
  return v.toLowerCase() === NO_AIRPORT ? NO_AIRPORT : v.toUpperCase();
}

/** Whether `filter` (as airportFilterValue gives it) is one the board offers: an event airport's code, OTHER, or `NO_AIRPORT`. */
export function isAirportFilter(filter: string, airports: readonly { code: string }[]): boolean {
  return filter === OTHER_AIRPORT || filter === NO_AIRPORT || airports.some((a) => a.code === filter);
}

/** Whether a flight lands at the filtered airport: a code, OTHER, `NO_AIRPORT`, or '' for any. */
export function atAirport(a: { airport: string | null }, filter: string): boolean {
  if (!filter) return true;
  if (filter === NO_AIRPORT) return !a.airport;
  return a.airport === filter;
}
