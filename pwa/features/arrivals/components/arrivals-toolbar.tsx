/**
 * The dashboard's filters and export (docs/product.md#screens): the date (default from the event configuration, limited
 * to the flight window, 'Clear filter' shows every date), the airport (the event's, other, not given), a
 * search over names / flight / registration number, and 'Export CSV', which needs the network and says
 * so offline.
 */
import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { errorMessage } from '../../../lib/api-client';
import { useEvent } from '../../../lib/public-config';
import { exportArrivalsCsv } from '../api/export-arrivals';
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
  const ids = { date: useId(), airport: useId(), search: useId(), offline: useId() };
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const onExport = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await exportArrivalsCsv(date, airport);
    } catch (e) {
      setExportError(errorMessage(e, 'Failed to export flight arrivals'));
    } finally {
      setExporting(false);
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
            <Button
              variant="secondary"
              onClick={() => void onExport()}
              busy={exporting}
              busyText="Exporting..."
              disabled={!online}
              aria-describedby={!online ? ids.offline : undefined}
            >
              Export CSV
            </Button>
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
