/** Small zod building blocks shared by the schemas; messages are the spec's sentences. */
import { z } from 'zod';

/** A required, trimmed string with the given "is required" message. */
/** The largest id a row can have (PostgreSQL integer): a larger one is refused, not sent to the database. */
export const MAX_ROW_ID = 2_147_483_647;

/** An Idempotency-Key, and an outbox op's opId (docs/product.md#api): 8 to 100 URL-safe characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
export const IDEMPOTENCY_KEY_MESSAGE = 'must be 8 to 100 letters, digits, - or _';

export const requiredString = (message: string, max = 200, field?: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${field ? `${field} must` : 'Must'} be at most ${max} characters`);

/** Optional text, trimmed, at most `max` characters; empty is null. `field` names it in the messages ('picked_up_by must be text'). */
export const optionalText = (max = 2000, field?: string) =>
  z
    .string({ error: field ? `${field} must be text` : 'Must be text' })
    .trim()
    .max(max, `${field ? `${field} must` : 'Must'} be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** `text` cut to at most `max` characters, never inside one (an emoji is two UTF-16 units: half of one is no text PostgreSQL's jsonb takes). */
export const cutText = (text: string, max: number) => Array.from(text).slice(0, max).join('');

/**
 * Who tapped, as the device showed it (picked_up_by, checked_in_by): stored at most 100 characters. A
 * longer one is cut, not refused: a staff member's first and last name may be longer together, and a
 * refused tap would sit in the device's outbox for good.
 */
export const tapperName = (field: string) => optionalText(1000, field).transform((v) => (v ? cutText(v, 100) : null));

export const emailField = (requiredMessage = 'Email is required', invalidMessage = 'Invalid email') =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(254, invalidMessage)
    .email(invalidMessage)
    .transform((v) => v.toLowerCase());

const DECIMAL_TEXT = /^[+-]?\d+(\.\d+)?$/;

/**
 * Text written as a plain decimal number ('12', '-3', '12.50', spaces around allowed) becomes that number;
 * anything else ('0x10', '1e3', 'Infinity', '', ' ') is passed on unchanged for the schema to refuse.
 * Number() and z.coerce would read '0x10' as 16 and '' as 0.
 */
export const decimalText = (v: unknown): unknown => (typeof v === 'string' && DECIMAL_TEXT.test(v.trim()) ? Number(v.trim()) : v);

/** `schema` (a z.number()) that also takes its number written as decimal text: queries, form fields. */
export const decimal = <T extends z.ZodType>(schema: T) => z.preprocess(decimalText, schema);

/**
 * Amount in dollars as a number or numeric string (docs/product.md#api: amounts may arrive as either),
 * thousands written with commas too ('1,000.50'). Its decimals are the caller's to check, so that three
 * of them get the caller's sentence for decimals rather than this one.
 */
export const money = (message = 'Must be an amount') =>
  z.union(
    [
      z.number(),
      z
        .string()
        .trim()
        .transform((v) => (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(v) ? v.replaceAll(',', '') : v))
        .pipe(z.string().regex(/^-?\d+(\.\d+)?$/, message))
        .transform(Number),
    ],
    { error: message },
  );

/**
 * A yes/no switch, from a JSON body or a query string: true/false, 'true'/'false', '1'/'0'; absent is no.
 * Anything else (an empty value too) is refused rather than read as "no": a dry run misspelled must
 * not send the mail.
 */
export const flag = (name: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: `${name} must be true or false` })
    .optional()
    .transform((v) => v === true || v === 'true' || v === '1');

/** The bot challenge's sentences (docs/product.md#messages). */
export const CHALLENGE_MESSAGES = {
  missing: 'Please complete the security verification.',
  failed: 'Security verification failed. Please try again.',
  expired: 'Security verification expired. Please try again.',
} as const;

/**
 * The bot challenge's answer (turnstileToken / captchaToken): checked by the challenge itself, only bounded
 * here; absent or null is the challenge's to judge (missing), anything but text failed it.
 */
export const challengeAnswer = () =>
  z.string({ error: CHALLENGE_MESSAGES.failed }).max(20000, 'The security check answer is too long. Please try again.').nullish();

export const isoDate = (message = 'Invalid date') => z.string({ error: message }).regex(/^\d{4}-\d{2}-\d{2}$/, message);

/** A query's number: as `decimal`, and an empty value (`?page=`) is no value, so its default applies. */
const queryNumber = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : decimalText(v)), schema);

export const pageQuery = (defaultLimit: number, maxLimit = 100) => ({
  page: queryNumber(z.number({ error: 'Invalid page' }).int('Invalid page').min(1, 'Invalid page').default(1)),
  limit: queryNumber(
    z
      .number({ error: 'Invalid limit' })
      .int('Invalid limit')
      .min(1, 'Invalid limit')
      .max(maxLimit, `Limit must be at most ${maxLimit}`)
      .default(defaultLimit),
  ),
});

/**
 * `schema` reading a body that may spell some fields another way (`{ client_time: 'clientTime' }`):
 * each other spelling is taken under the field's own name when that is absent, and dropped. For the
 * pickup and check-in routes (single and batch), whose tap time and device were named in two styles.
 */
export const withSpellings = <S extends z.ZodType>(schema: S, spellings: Readonly<Record<string, string>>) =>
  z.preprocess((value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const body: Record<string, unknown> = { ...value };
    for (const [other, own] of Object.entries(spellings)) {
      if (!(other in body)) continue;
      if (!(own in body)) body[own] = body[other];
      delete body[other];
    }
    return body;
  }, schema);
