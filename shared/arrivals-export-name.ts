/**
 * The arrivals export's file name, with no schema library: the board, in a greeter's first visit, names
 * its download without loading zod (shared/schemas/arrivals.ts re-exports it for the server).
 */

/** Which flights an export lists: the board's arrivals, or the departures organisers arrange rides for. */
export type ExportedFlights = 'arrivals' | 'departures';

/**
 * The export's file name: by date or 'all', and the airport when one is chosen
 * ('flight-arrivals-2025-11-27-HOU.csv', 'flight-departures-2025-11-30.csv').
 */
export const arrivalsCsvFilename = (date?: string, airport?: string, flights: ExportedFlights = 'arrivals') =>
  `flight-${flights}-${date || 'all'}${airport ? `-${airport.replace(/[^A-Za-z0-9]/g, '')}` : ''}.csv`;
