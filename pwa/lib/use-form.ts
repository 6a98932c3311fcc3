/**
 * The one form mechanism of the PWA (docs/decisions.md "Forms"): the values, one message per field, the
 * banner sentence after a submit, and the busy flag. A submit checks the values with the shared zod
 * schema the server uses, stops with the field messages when they fail, and otherwise sends; a refusal
 * shows the server's sentence (or the screen's fallback) and its per-field messages.
 *
 * Values are usually strings and booleans bound with `field` and `checkbox`; a form with rows (the
 * flight form's flights, the manual form's group members) keeps them as values too and edits them with
 * `setValues`, its messages keyed by the schema's paths (`flights.0.airline`).
 */
import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { errorMessage } from './api-client';
import { serverFieldErrors, validateForm, type FieldErrors } from './form-errors';
import { focusFirstError } from './focus-first-error';

export interface FormResult {
  kind: 'success' | 'error';
  text: string;
}

export interface SubmitOptions<V, S extends z.ZodType> {
  /** the shared schema the body is checked with; absent only where no shared schema exists (a money dialog), `extra` checking alone */
  schema?: S;
  /** what is checked and sent, made from the values; the values themselves when absent */
  body?: (values: V) => unknown;
  /** messages the schema cannot give (a missing bot challenge), or undefined for none; any of them stops the submit too */
  extra?: (values: V) => FieldErrors | undefined;
  /** called with the messages when the check stops the submit (to say so in the banner; the first invalid field is focused anyway) */
  onInvalid?: (errors: FieldErrors) => void;
  /** sends the checked data; a returned sentence shows as the success banner */
  send: (data: z.output<S>, values: V) => Promise<string | void>;
  /** after a success: the values to show next; the initial ones when absent, `'keep'` to leave them */
  after?: V | 'keep';
  /** the sentence shown when the server gave none; or a function of the error that gives the sentence to show */
  fallback: string | ((err: unknown) => string);
  /**
   * the field messages a refusal shows (undefined: none), given the error and the banner's sentence;
   * when absent, the server's per-field ones but those the banner already says
   */
  fields?: (err: unknown, text: string) => FieldErrors | undefined;
  /** called after a refusal with the sentence shown (a bot challenge is reset here, for instance) */
  onError?: (err: unknown, text: string) => void;
}

/** The names of the values of type T (a text field's strings, a checkbox's booleans). */
type KeysOf<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string;

export function useForm<V extends object>(initial: V) {
  const first = useRef(initial);
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<FormResult | null>(null);
  const [busy, setBusy] = useState(false);

  const clearError = useCallback((name: string) => setErrors((e) => (name in e ? withoutKey(e, name) : e)), []);

  /** Sets one value and forgets that field's message. */
  const set = useCallback(
    <K extends keyof V & string>(name: K, value: V[K]) => {
      setValues((v) => ({ ...v, [name]: value }));
      clearError(name);
    },
    [clearError],
  );

  /** The props of a text or select field bound to a string value: name, value, onChange, error. */
  const field = <K extends KeysOf<V, string>>(name: K) => ({
    name,
    value: values[name] as string,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => set(name, e.target.value as V[K]),
    error: errors[name],
  });

  /** The props of a checkbox bound to a boolean value. */
  const checkbox = <K extends KeysOf<V, boolean>>(name: K) => ({
    name,
    checked: values[name] as boolean,
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(name, e.target.checked as V[K]),
  });

  /** Back to `next` (the initial values when absent) with no messages. */
  const reset = useCallback((next?: V) => {
    setValues(next ?? first.current);
    setErrors({});
    setResult(null);
  }, []);

  /** The submit handler of one form: check, send, then show the outcome. */
  function submit<S extends z.ZodType>(options: SubmitOptions<V, S>) {
    return async (e?: FormEvent) => {
      e?.preventDefault();
      if (busy) return;
      // the form itself (React forgets the event's currentTarget once the handler has awaited)
      const form = e?.currentTarget instanceof HTMLElement ? e.currentTarget : null;
      setResult(null);
      const body = options.body ? options.body(values) : values;
      const checked = options.schema ? validateForm(options.schema, body) : { data: body as z.output<S> };
      const found: FieldErrors = { ...checked.errors, ...options.extra?.(values) };
      setErrors(found);
      if (!checked.data || Object.keys(found).length) {
        options.onInvalid?.(found);
        // the user lands on the first problem, not on the button they pressed
        if (form) focusFirstError(form);
        return;
      }
      setBusy(true);
      try {
        const text = await options.send(checked.data, values);
        if (options.after !== 'keep') setValues(options.after ?? first.current);
        setResult(text ? { kind: 'success', text } : null);
      } catch (err) {
        const text = typeof options.fallback === 'function' ? options.fallback(err) : errorMessage(err, options.fallback);
        // the server's own field messages, but one the banner already says (it would show twice)
        const fromServer = () => Object.fromEntries(Object.entries(serverFieldErrors(err)).filter(([, message]) => message !== text));
        setErrors((options.fields ? options.fields(err, text) : fromServer()) ?? {});
        setResult({ kind: 'error', text });
        // the refusal is shown where the user looks: at a field it names, else at the form's banner (inside
        // it, above its first field: often off screen when the button was pressed at its foot)
        if (form) focusFirstError(form);
        options.onError?.(err, text);
      } finally {
        setBusy(false);
      }
    };
  }

  return { values, setValues, set, field, checkbox, errors, setErrors, clearError, result, setResult, busy, reset, submit };
}

export type FormController<V extends object> = ReturnType<typeof useForm<V>>;

const withoutKey = (errors: FieldErrors, name: string): FieldErrors => {
  const { [name]: _, ...rest } = errors;
  return rest;
};
