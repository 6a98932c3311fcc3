/**
 * 'Export CSV' (docs/product.md#screens): GET /api/flight-info/admin/flight-arrivals/export?date=&airport= (the
 * board's date and airport filters) with the session token through the api client; the file is named by the server's Content-Disposition
 * (flight-arrivals-{date|all}[-{airport}].csv). 'Export Departures' asks /flight-departures/export the same way.
 * Needs the network: the buttons are disabled offline.
 */
import { apiDownload, saveBlob } from '../../../lib/api-client';
import { arrivalsCsvFilename, type ExportedFlights } from '../../../../shared/arrivals-export-name';

export async function exportArrivalsCsv(date: string | undefined, airport: string, flights: ExportedFlights = 'arrivals'): Promise<string> {
  const { blob, filename } = await apiDownload(
    `/flight-info/admin/flight-${flights}/export`,
    arrivalsCsvFilename(date, airport || undefined, flights),
    {
      query: { date, airport: airport || undefined },
    },
  );
  saveBlob(blob, filename);
  return filename;
}
