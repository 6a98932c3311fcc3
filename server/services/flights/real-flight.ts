/**
 * A flight row is a flight unless its airline is the 'N/A' placeholder, in any case and with any spaces
 * (docs/product.md#screens Flight form rows): the one rule of the list, its filter, the export's counts, the
 * arrivals board and the hotel's date checks, as isPlaceholderFlight (shared/schemas/flight.ts) is the forms'
 * and the device's.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PLACEHOLDER_AIRLINE } from '../../../shared/constants';

export const isRealFlight = (airline: AnyColumn | SQL): SQL<boolean> =>
  sql<boolean>`upper(trim(${airline})) <> ${sql.raw(`'${PLACEHOLDER_AIRLINE}'`)}`;
