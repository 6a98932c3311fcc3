/** Turns zod issues or an ApiError's `fields` into `{ field: message }` for the form components. */
import type { z } from 'zod';
import { ApiError } from './api-client';

export type FieldErrors = Record<string, string>;

/** The first message per field of a failed safeParse (nested paths joined with '.'). */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_form';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** Parses `values` with `schema`: `{ data }` on success, `{ errors }` with one message per field otherwise. */
export function validateForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { data: z.output<S>; errors?: undefined } | { data?: undefined; errors: FieldErrors } {
  const parsed = schema.safeParse(values);
  return parsed.success ? { data: parsed.data } : { errors: zodFieldErrors(parsed.error) };
}

/** The server's per-field messages from a 400, or {}. */
export const serverFieldErrors = (e: unknown): FieldErrors => (e instanceof ApiError ? e.fields : {});
