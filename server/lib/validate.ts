/**
 * Request parsing: every body and query goes through a zod schema from shared/. The first issue's message
 * becomes `error` (the spec's sentence) and every issue lands in `fields`.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest } from './errors';

/** PostgreSQL text and jsonb cannot hold U+0000: refused here with a sentence, not by the database (a 500). */
export const NUL_MESSAGE = 'Text cannot contain the NUL character';

/** The dotted path of the first string (value or key) holding U+0000, or null. */
function nulPath(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '_' : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    const here = path ? `${path}.${k}` : k;
    if (k.includes('\u0000')) return here;
    const found = nulPath(v, here);
    if (found) return found;
  }
  return null;
}

export function validate<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const nul = nulPath(data, '');
  if (nul) throw badRequest(NUL_MESSAGE, { [nul]: NUL_MESSAGE });
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  throw badRequest(result.error.issues[0]?.message ?? 'Invalid input', fields);
}

/** Reads a JSON body (400 'Malformed JSON body' when it is not JSON) and validates it. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let data: unknown;
  try {
    const text = await c.req.text();
    data = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw badRequest('Malformed JSON body');
  }
  return validate(schema, data);
}

export function query<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return validate(schema, c.req.query());
}

/** A path parameter that must be a positive integer id. */
export function intParam(c: Context, name: string, what = 'Not found'): number {
  const v = c.req.param(name) ?? '';
  if (!/^\d{1,9}$/.test(v)) throw badRequest(`Invalid ${name}`, { [name]: what });
  return Number(v);
}
