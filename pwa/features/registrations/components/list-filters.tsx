/**
 * The list's search box (debounced, so typing a name does not fire a request per key) and the Filters
 * panel: Registration Status, Payment Status, Flights, Check-in, 'Clear Filters', and a badge on the Filters
 * button counting the filters that are set. The panel folds under the button on every screen, open at
 * first when a filter is set: shown for good, "Filters" and "Clear Filters" would be two buttons a search
 * for the name "Filters" finds (docs/decisions.md#registration-screens).
 */
import { useEffect, useId, useState } from 'react';
import { SelectField, TextField } from '../../../components/form-field';
import type { RegistrationFilterValues } from '../api/get-registrations';
import { useDebouncedValue } from '../hooks/use-debounced-value';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'pending', label: 'Pending' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'waitlist', label: 'Waitlist' },
];

const PAYMENT_OPTIONS = [
  { value: 'paid', label: 'Paid' },
  { value: 'partial', label: 'Partial' },
  { value: 'pending', label: 'Pending' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'waived', label: 'Waived' },
];

const FLIGHT_OPTIONS = [
  { value: 'missing', label: 'Missing flight info' },
  { value: 'present', label: 'Flight info received' },
];

const CHECK_IN_OPTIONS = [
  { value: 'everyone', label: 'Everyone checked in' },
  { value: 'some', label: 'Partly checked in' },
  { value: 'none', label: 'Nobody checked in yet' },
];

export interface ListFiltersProps {
  filters: RegistrationFilterValues;
  activeCount: number;
  onChange: (changes: Partial<RegistrationFilterValues>) => void;
  onClear: () => void;
}

export function ListFilters({ filters, activeCount, onChange, onClear }: ListFiltersProps) {
  const [search, setSearch] = useState(filters.search);
  const debounced = useDebouncedValue(search, 300);
  const [open, setOpen] = useState(activeCount > 0);
  const panelId = useId();

  // the address changed under us (Clear Filters, back button): show what is searched
  useEffect(() => setSearch(filters.search), [filters.search]);
  useEffect(() => {
    if (debounced.trim() !== filters.search.trim()) onChange({ search: debounced.trim() });
    // only the typed value drives this; filters.search follows it
  }, [debounced]);

  return (
    <div className="list-filters">
      <div className="list-filters-bar">
        <div className="list-search">
          <TextField
            label="Search"
            type="search"
            name="search"
            placeholder="Search by name, email, phone or registration number"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            autoComplete="off"
          />
        </div>
        <button
          type="button"
          className="btn btn-secondary filters-toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          Filters
          {activeCount > 0 && (
            <>
              <span className="filter-count" aria-hidden="true">
                {activeCount}
              </span>
              <span className="visually-hidden">({activeCount} active)</span>
            </>
          )}
        </button>
      </div>
      <div id={panelId} className="filters-panel card" hidden={!open}>
        <div className="form-grid">
          <SelectField
            label="Registration Status"
            name="status"
            value={filters.status}
            onChange={(e) => onChange({ status: e.target.value })}
            options={STATUS_OPTIONS}
            placeholder="All statuses"
          />
          <SelectField
            label="Payment Status"
            name="payment_status"
            value={filters.payment_status}
            onChange={(e) => onChange({ payment_status: e.target.value })}
            options={PAYMENT_OPTIONS}
            placeholder="All payment statuses"
          />
          <SelectField
            label="Flights"
            name="flights"
            value={filters.flights}
            onChange={(e) => onChange({ flights: e.target.value })}
            options={FLIGHT_OPTIONS}
            placeholder="All registrations"
          />
          <SelectField
            label="Check-in"
            name="checked_in"
            value={filters.checked_in}
            onChange={(e) => onChange({ checked_in: e.target.value })}
            options={CHECK_IN_OPTIONS}
            placeholder="Any check-in"
          />
        </div>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            setSearch('');
            onClear();
          }}
          disabled={activeCount === 0 && !filters.search}
        >
          Clear Filters
        </button>
      </div>
    </div>
  );
}
