/**
 * Request parsing: every body and query goes through a zod schema from shared/. The first issue's message
 * becomes `error` (the spec's sentence) and every issue lands in `fields`.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest, notFound } from './errors';

/** PostgreSQL text and jsonb cannot hold U+0000: refused here with a sentence, not by the database (a 500). */
export const NUL_MESSAGE = 'Text cannot contain the NUL character';

/**
 * Text that is not Unicode: a lone UTF-16 surrogate ('\ud800', which JSON can carry as an escape).
 * jsonb refuses it (the history and audit rows), so it is refused here with a sentence, not as a 500.
 */
export const INVALID_TEXT_MESSAGE = 'Must be valid text';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a string cannot be stored, or null. */
const textProblem = (s: string) => (s.includes('\u0000') ? NUL_MESSAGE : LONE_SURROGATE.test(s) ? INVALID_TEXT_MESSAGE : null);

/** The dotted path of the first string (value or key) that cannot be stored, with why; or null. */
function badText(value: unknown, path: string): { path: string; message: string } | null {
  if (typeof value === 'string') {
    const message = textProblem(value);
    return message ? { path: path || '_', message } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    const here = path ? `${path}.${k}` : k;
    const message = textProblem(k);
    if (message) return { path: here, message };
    const found = badText(v, here);
    if (found) return found;
  }
  return null;
}

/** A body that is JSON but not an object ([], null, 5): said in words, not as the schema's type message. */
export const NOT_AN_OBJECT_MESSAGE = 'The request body must be a JSON object';

/** A field's name in a sentence: its dotted path ('flights.0.airline'). */
const fieldName = (path: readonly PropertyKey[]) => path.map(String).join('.') || 'The request body';

const withArticle = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

/**
 * An issue's sentence. Our schemas give every field a sentence of its own; where one has none (an item
 * of a list that is not an object, a field of the wrong type without its own message), zod's wording
 * ('Invalid input: expected object, received null') becomes a sentence naming the field.
 */
export function issueMessage(issue: z.core.$ZodIssue): string {
  const { path, message } = issue;
  if (issue.code === 'invalid_type' && message.startsWith('Invalid input: expected')) {
    const last = path.at(-1);
    return typeof last === 'number' && path.length > 1
      ? `Each item of ${fieldName(path.slice(0, -1))} must be ${withArticle(issue.expected)}`
      : `${fieldName(path)} must be ${withArticle(issue.expected)}`;
  }
  if (issue.code === 'invalid_value' && message.startsWith('Invalid option'))
    return `${fieldName(path)} must be one of: ${issue.values.map(String).join(', ')}`;
  if (issue.code === 'unrecognized_keys') return `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}`;
  if (message === 'Invalid input') return `${fieldName(path)} is not valid`;
  return message;
}

export function validate<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const bad = badText(data, '');
  if (bad) throw badRequest(bad.message, { [bad.path]: bad.message });
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const root = result.error.issues[0];
  if (root?.path.length === 0 && root.code === 'invalid_type' && (root.expected === 'object' || root.expected === 'record')) {
    throw badRequest(NOT_AN_OBJECT_MESSAGE, { _: NOT_AN_OBJECT_MESSAGE });
  }
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issueMessage(issue);
  }
  const first = result.error.issues[0];
  throw badRequest(first ? issueMessage(first) : 'Invalid input', fields);
}

/** No body of this API nests deeper than a few levels; the limit leaves room and keeps every walk shallow. */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = 'Request body is nested too deeply';

/**
 * The deepest nesting of arrays and objects in JSON text, counted without recursion (brackets inside
 * strings do not count). Checked before parsing, so a body nested thousands deep is a 400 and never
 * reaches a recursive walk (ours or a schema's) that would run out of stack.
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c /* \ */) i++;
      else if (ch === 0x22 /* " */) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b /* [ */ || ch === 0x7b /* { */) max = Math.max(max, ++depth);
    else if (ch === 0x5d /* ] */ || ch === 0x7d /* } */) depth--;
  }
  return max;
}

/** Reads a JSON body (400 'Malformed JSON body' when it is not JSON, 400 when too deep) and validates it. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let data: unknown;
  const text = await c.req.text();
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw badRequest(TOO_DEEP_MESSAGE);
  try {
    data = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw badRequest('Malformed JSON body');
  }
  return validate(schema, data);
}

export function query<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return validate(schema, c.req.query());
}

/**
 * A path parameter that must be a positive integer id. Anything else ('abc', an id past the column's
 * range) names nothing: 404 with the route's own sentence for an id it does not have, as a registration
 * path does for a number it does not know.
 */
export function intParam(c: Context, name: string, notFoundText: string): number {
  const v = c.req.param(name) ?? '';
  if (!/^\d{1,9}$/.test(v)) throw notFound(notFoundText);
  return Number(v);
}
