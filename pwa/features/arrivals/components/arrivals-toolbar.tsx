/**
 * The dashboard's filters and export (docs/product.md#screens): the date (default from the event configuration, limited
 * to the flight window, 'Clear filter' shows every date), the airport (the event's, other, not given), a
 * search over names / flight / registration number, and 'Export CSV' (and 'Export Departures', the
 * departures needing a ride to the airport), which need the network and say so offline.
 */
import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { errorMessage } from '../../../lib/api-client';
import { useEvent } from '../../../lib/public-config';
import { exportArrivalsCsv } from '../api/export-arrivals';
import type { ExportedFlights } from '../../../../shared/arrivals-export-name';
import { NO_AIRPORT, OTHER_AIRPORT } from '../../../../shared/airports';

export interface ArrivalsToolbarProps {
  date: string | undefined;
  onDate: (date: string | undefined) => void;
  /** '' (every airport), a configured code, OTHER or NO_AIRPORT */
  airport: string;
  onAirport: (airport: string) => void;
  search: string;
  onSearch: (search: string) => void;
  online: boolean;
  /** on a phone the search stands above the list and the rest below it */
  part?: 'all' | 'search' | 'filters';
}

export function ArrivalsToolbar({ date, onDate, airport, onAirport, search, onSearch, online, part = 'all' }: ArrivalsToolbarProps) {
  const event = useEvent();
  const ids = { date: useId(), airport: useId(), search: useId(), offline: useId(), departures: useId() };
  const [exporting, setExporting] = useState<ExportedFlights | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);

  const onExport = async (flights: ExportedFlights) => {
    setExporting(flights);
    setExportError(null);
    try {
      await exportArrivalsCsv(date, airport, flights);
    } catch (e) {
      setExportError(errorMessage(e, `Failed to export flight ${flights}`));
    } finally {
      setExporting(null);
    }
  };

  return (
    <div className={`arrivals-toolbar arrivals-toolbar-${part}`}>
      {part !== 'search' && (
        <>
          <div className="field">
            <label htmlFor={ids.date}>Arrival Date</label>
            <div className="toolbar-row">
              <input
                id={ids.date}
                type="date"
                value={date ?? ''}
                min={event.flightWindow.min}
                max={event.flightWindow.max}
                onChange={(e) => onDate(e.target.value || undefined)}
              />
              <Button variant="secondary" onClick={() => onDate(undefined)} disabled={!date}>
                Clear filter
              </Button>
            </div>
            <p className="field-hint">{date ? 'Showing one day.' : 'Showing all dates.'}</p>
          </div>
          <div className="field toolbar-airport">
            <label htmlFor={ids.airport}>Airport</label>
            <select id={ids.airport} value={airport} onChange={(e) => onAirport(e.target.value)}>
              <option value="">All airports</option>
              {event.airports.map((a) => (
                <option key={a.code} value={a.code}>
                  {a.code} — {a.name}
                </option>
              ))}
              <option value={OTHER_AIRPORT}>Other airports</option>
              <option value={NO_AIRPORT}>Airport not given</option>
            </select>
          </div>
        </>
      )}
      {part !== 'filters' && (
        <div className="field toolbar-search">
          <label htmlFor={ids.search}>Search</label>
          <input
            id={ids.search}
            type="search"
            value={search}
            placeholder="Name, flight or number"
            autoComplete="off"
            onChange={(e) => onSearch(e.target.value)}
          />
        </div>
      )}
      {part !== 'search' && (
        <>
          <div className="field toolbar-export">
            <span className="field-label-spacer" aria-hidden="true">
              &nbsp;
            </span>
            <div className="toolbar-row toolbar-exports">
              <Button
                variant="secondary"
                onClick={() => void onExport('arrivals')}
                busy={exporting === 'arrivals'}
                busyText="Exporting..."
                disabled={!online || exporting !== null}
                aria-describedby={!online ? ids.offline : undefined}
              >
                Export CSV
              </Button>
              {/* nobody meets a departure, but organisers arrange rides to the airport: the same day's list */}
              <Button
                variant="secondary"
                onClick={() => void onExport('departures')}
                busy={exporting === 'departures'}
                busyText="Exporting..."
                disabled={!online || exporting !== null}
                aria-describedby={online ? ids.departures : ids.offline}
              >
                Export Departures
              </Button>
            </div>
            <p id={ids.departures} className="field-hint">
              Export Departures: {date ? "the day's departures" : 'every departure'} needing a ride to the airport.
            </p>
            {!online && (
              <p id={ids.offline} className="field-hint">
                Export needs a connection: you are offline.
              </p>
            )}
            {exportError && (
              <p className="form-error" role="alert">
                {exportError}
              </p>
            )}
          </div>
        </>
      )}
    </div>
  );
}
