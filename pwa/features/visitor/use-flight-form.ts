/**
 * The flight form, shared by the verified and the tokenised pages: the one form hook (pwa/lib/use-form.ts,
 * docs/decisions.md "Forms") holding the needs-transportation choice, the flight rows and the tokenised
 * page's email, with the row editing actions. Messages are keyed as the shared schema's paths
 * (`flights.0.airline`), so the check and the server's answer land on the right row.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import type { FieldErrors } from '../../lib/form-errors';
import { useForm } from '../../lib/use-form';
import { flightsBase, isPlaceholderFlight, type ExistingFlight, type FlightFormRow } from '../../../shared/schemas/flight';
import { forgetFlightDraft, readFlightDraft, saveFlightDraft } from './flight-draft';
import { initialFlightForm, newRow, rekeyed, type FlightFormState, type FlightRowState } from './flight-form-model';

/** The flight form's values; `email` is asked only by the tokenised page. */
export interface FlightFormValues extends FlightFormState {
  email: string;
}

const withoutKeys = (errors: FieldErrors, drop: (key: string) => boolean): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => !drop(k)));

export function useFlightForm() {
  const [initial] = useState<FlightFormValues>(() => ({ ...initialFlightForm(), email: '' }));
  const form = useForm(initial);
  const { setValues, setErrors, reset } = form;
  /** flights saved on the server when the form loaded: choosing 'No' warns that they will be removed */
  const [savedFlights, setSavedFlights] = useState(0);

  /** the registration whose form this tab keeps as it is typed (flight-draft.ts), and the saved flights it started from */
  const draft = useRef<{ registrationNumber: string; base: string } | null>(null);
  /** the saved flights the form started from, sent with it (the server refuses it when they changed meanwhile); null: send anyway */
  const base = useRef<string | null>(null);

  /**
   * Loads saved flights (or one default row) and the email when known, and forgets old messages. With
   * `registrationNumber`, what this tab typed for it before a reload comes back instead, if the saved
   * flights are still those it started from.
   */
  const load = useCallback(
    (existing: ExistingFlight[], needsTransportation?: boolean, email = '', registrationNumber?: string) => {
      const loaded = flightsBase(existing, needsTransportation);
      base.current = loaded;
      const kept = registrationNumber ? readFlightDraft(registrationNumber, loaded) : null;
      // the email is not kept: the page knows it (or asks) afresh
      reset(kept ? { ...rekeyed(kept), email } : { ...initialFlightForm(existing, needsTransportation ?? true), email });
      draft.current = registrationNumber ? { registrationNumber, base: loaded } : null;
      setSavedFlights(existing.filter((f) => !isPlaceholderFlight(f)).length);
    },
    [reset],
  );

  /** The form was sent: what this tab kept of it goes (special instructions included). */
  const forgetDraft = useCallback(() => {
    if (draft.current) forgetFlightDraft(draft.current.registrationNumber);
    draft.current = null;
  }, []);

  const { values } = form;
  useEffect(() => {
    const { needsTransportation, rows } = values;
    if (draft.current) saveFlightDraft(draft.current.registrationNumber, draft.current.base, { needsTransportation, rows });
  }, [values]);

  const updateRow = useCallback(
    (index: number, patch: Partial<Omit<FlightRowState, 'key'>>) => {
      setValues((s) => ({ ...s, rows: s.rows.map((r, i) => (i === index ? { ...r, ...patch } : r)) }));
      const fields = Object.keys(patch) as (keyof FlightFormRow)[];
      setErrors((e) => withoutKeys(e, (k) => fields.some((f) => k === `flights.${index}.${f}`)));
    },
    [setValues, setErrors],
  );

  const addRow = useCallback(() => {
    setValues((s) => ({ ...s, rows: [...s.rows, newRow(s.rows.length)] }));
    setErrors((e) => withoutKeys(e, (k) => k === 'flights'));
  }, [setValues, setErrors]);

  /** Removes a row; the last one stays (the control only shows with more than one, docs/product.md#screens). */
  const removeRow = useCallback(
    (index: number) => {
      setValues((s) => (s.rows.length > 1 ? { ...s, rows: s.rows.filter((_, i) => i !== index) } : s));
      // row numbers shift, so per-row messages would land on the wrong row
      setErrors((e) => withoutKeys(e, (k) => k.startsWith('flights')));
    },
    [setValues, setErrors],
  );

  const setNeedsTransportation = useCallback(
    (needsTransportation: boolean) => {
      setValues((s) => ({ ...s, needsTransportation, rows: s.rows.length ? s.rows : [newRow(0)] }));
      setErrors((e) => withoutKeys(e, (k) => k.startsWith('flights') || k === 'needsTransportation'));
    },
    [setValues, setErrors],
  );

  /** What the form is sent with: the saved flights it started from, unless the visitor chose to send it anyway. */
  const basedOn = useCallback(() => base.current ?? undefined, []);
  /** the server refused the form (409): its saved flights changed since it was opened; ChangedMeanwhile offers the way on */
  const [changed, setChanged] = useState(false);
  /** A send failed: whether it was for that reason. */
  const noteFailure = useCallback((err: unknown) => setChanged(err instanceof ApiError && err.status === 409), []);
  /** A send starts: the choice goes until its answer (a second 409 shows it afresh, its first button focused). */
  const noteSending = useCallback(() => setChanged(false), []);
  /** "Send mine anyway": the next send replaces the saved flights whatever they became. */
  const sendAnyway = useCallback(() => {
    base.current = null;
    setChanged(false);
  }, []);

  return {
    ...form,
    savedFlights,
    load,
    forgetDraft,
    basedOn,
    changed,
    noteFailure,
    noteSending,
    sendAnyway,
    updateRow,
    addRow,
    removeRow,
    setNeedsTransportation,
  };
}

export type FlightFormController = ReturnType<typeof useFlightForm>;
