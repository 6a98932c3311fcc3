/** State and editing actions of the flight form, shared by the verified and the tokenised pages. */
import { useCallback, useState } from 'react';
import type { FieldErrors } from '../../lib/form-errors';
import { isPlaceholderFlight, type ExistingFlight, type FlightFormRow } from '../../../shared/schemas/flight';
import { initialFlightForm, newRow, type FlightFormState, type FlightRowState } from './flight-form-model';

const withoutKeys = (errors: FieldErrors, drop: (key: string) => boolean): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => !drop(k)));

export function useFlightForm() {
  const [state, setState] = useState<FlightFormState>(() => initialFlightForm());
  const [errors, setErrors] = useState<FieldErrors>({});
  /** flights saved on the server when the form loaded: choosing 'No' warns that they will be removed */
  const [savedFlights, setSavedFlights] = useState(0);

  /** Loads saved flights (or one default row) and forgets old messages. */
  const load = useCallback((existing: ExistingFlight[], needsTransportation?: boolean) => {
    setState(initialFlightForm(existing, needsTransportation ?? true));
    setSavedFlights(existing.filter((f) => !isPlaceholderFlight(f)).length);
    setErrors({});
  }, []);

  const updateRow = useCallback((index: number, patch: Partial<Omit<FlightRowState, 'key'>>) => {
    setState((s) => ({ ...s, rows: s.rows.map((r, i) => (i === index ? { ...r, ...patch } : r)) }));
    const fields = Object.keys(patch) as (keyof FlightFormRow)[];
    setErrors((e) => withoutKeys(e, (k) => fields.some((f) => k === `flights.${index}.${f}`)));
  }, []);

  const addRow = useCallback(() => {
    setState((s) => ({ ...s, rows: [...s.rows, newRow(s.rows.length)] }));
    setErrors((e) => withoutKeys(e, (k) => k === 'flights'));
  }, []);

  /** Removes a row; the last one stays (the control only shows with more than one, docs/product.md#screens). */
  const removeRow = useCallback((index: number) => {
    setState((s) => (s.rows.length > 1 ? { ...s, rows: s.rows.filter((_, i) => i !== index) } : s));
    // row numbers shift, so per-row messages would land on the wrong row
    setErrors((e) => withoutKeys(e, (k) => k.startsWith('flights')));
  }, []);

  const setNeedsTransportation = useCallback((needsTransportation: boolean) => {
    setState((s) => ({ needsTransportation, rows: s.rows.length ? s.rows : [newRow(0)] }));
    setErrors((e) => withoutKeys(e, (k) => k.startsWith('flights') || k === 'needsTransportation'));
  }, []);

  return { state, errors, savedFlights, setErrors, load, updateRow, addRow, removeRow, setNeedsTransportation };
}

export type FlightFormController = ReturnType<typeof useFlightForm>;
