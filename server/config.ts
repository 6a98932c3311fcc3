/**
 * Configuration, parsed once at start-up with zod. Nothing else reads process.env. A bad value stops the
 * server with one line naming the variable (a ConfigError, see loadConfig).
 */
import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_EVENT, type EventConfig } from '../shared/event';
import { addDays, datesLabel, daysBetween } from '../shared/calendar-days';
import { decimal } from '../shared/schemas/common';
import { calendarDate } from '../shared/schemas/flight';

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? def : v === 'true' || v === '1' || v === 'yes'));

/** Whether `zone` is a time zone this runtime knows ('America/Chicago'); a typo would date everything wrongly. */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// a real day: 2025-02-31 would silently roll over into March
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2025-11-27')
  .refine((v) => calendarDate(v) === v, 'must be a real date like 2025-11-27');
const dollars = decimal(z.number({ error: 'must be a decimal number' }).nonnegative()).transform((d) => Math.round(d * 100));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: decimal(z.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000)),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  DEMO_DATA: z.enum(['true', 'false', '1', '0']).optional(),
  MAIL_TRANSPORT: z.enum(['smtp', 'log', 'dir', 'memory']).default('log'),
  SMTP_URL: z.string().optional(),
  MAIL_DIR: z.string().optional(),
  MAIL_FROM: z.string().default('Reunion Desk <no-reply@reunion.local>'),
  PUBLIC_URL: z.url().optional(),
  CHALLENGE_PROVIDER: z.enum(['altcha', 'turnstile', 'none']).default('altcha'),
  TURNSTILE_SECRET_KEY: z.string().optional(),
  TURNSTILE_SITE_KEY: z.string().optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  STATIC_DIR: z.string().default('./dist'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  TRUST_PROXY: bool(false),
  EVENT_NAME: z.string().min(1).optional(),
  EVENT_START_DATE: isoDate.optional(),
  EVENT_END_DATE: isoDate.optional(),
  EVENT_DATES_LABEL: z.string().optional(),
  EVENT_VENUE: z.string().optional(),
  EVENT_LOCATION: z.string().optional(),
  EVENT_TIME_ZONE: z.string().refine(isTimeZone, 'must be an IANA time zone such as America/Chicago').optional(),
  EVENT_PRICE_ADULT: dollars.optional(),
  EVENT_PRICE_YOUTH: dollars.optional(),
  EVENT_PRICE_CHILD: dollars.optional(),
  EVENT_LATE_FEE: dollars.optional(),
  EVENT_LATE_FEE_AFTER: isoDate.optional(),
  EVENT_FLIGHT_WINDOW_MIN: isoDate.optional(),
  EVENT_FLIGHT_WINDOW_MAX: isoDate.optional(),
  EVENT_DEFAULT_ARRIVAL_DATE: isoDate.optional(),
  EVENT_SUPPORT_EMAIL: z.email().optional(),
  EVENT_PAYMENT_INSTRUCTIONS: z.string().trim().min(1).max(1000).optional(),
  /** '400+': the home page's "400+ Expected" */
  EVENT_EXPECTED_ATTENDEES: z.string().trim().min(1).max(20).optional(),
  /** 'Title=Text|Title=Text': the home page's Event Highlights */
  EVENT_HIGHLIGHTS: z
    .string()
    .transform((v, ctx) => {
      const items = v.split('|').map((part) => {
        const [title, ...text] = part.split('=');
        return { title: title.trim(), text: text.join('=').trim() };
      });
      if (items.some((h) => !h.title || !h.text)) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be Title=Text pairs separated by |, e.g. Cultural Programs=Singing and dancing|Golf=On Saturday',
        });
        return z.NEVER;
      }
      return items;
    })
    .optional(),
  /** the ages where the youth and adult prices start (13 and 19: a child is 0-12, a youth 13-18) */
  EVENT_AGE_YOUTH_FROM: z.coerce.number().int().min(1).max(120).optional(),
  EVENT_AGE_ADULT_FROM: z.coerce.number().int().min(2).max(120).optional(),
  /** 'IAH=George Bush Intercontinental,HOU=William P. Hobby' */
  EVENT_AIRPORTS: z
    .string()
    .transform((v, ctx) => {
      const airports = v.split(',').map((part) => {
        const [code, ...name] = part.split('=');
        return { code: code.trim().toUpperCase(), name: name.join('=').trim() };
      });
      const codes = new Set<string>();
      for (const a of airports) {
        if (!/^[A-Z0-9]{2,5}$/.test(a.code) || a.code === 'OTHER' || !a.name || codes.has(a.code)) {
          ctx.addIssue({
            code: 'custom',
            message: 'must be CODE=Name pairs separated by commas, e.g. IAH=George Bush Intercontinental,HOU=William P. Hobby',
          });
          return z.NEVER;
        }
        codes.add(a.code);
      }
      return airports;
    })
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  adminEmail?: string;
  adminPassword?: string;
  demoData: boolean;
  mail: { transport: Env['MAIL_TRANSPORT']; smtpUrl?: string; dir: string; from: string };
  publicUrl: string;
  challenge: { provider: Env['CHALLENGE_PROVIDER']; turnstileSecret?: string; turnstileSiteKey?: string };
  secret: string;
  staticDir: string;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  event: EventConfig;
}

export class ConfigError extends Error {}

/** Reads the secret from the environment, or from DATA_DIR/secret (created on first start). */
function loadSecret(given: string | undefined, dataDir: string): string {
  if (given) return given;
  const file = path.join(dataDir, 'secret');
  try {
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const secret = randomBytes(32).toString('hex');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code ?? String(e);
    throw new ConfigError(
      `Invalid configuration: DATA_DIR ${dataDir} cannot be read or written (${reason}); set DATA_DIR to a folder the server may write`,
    );
  }
}

/** Creates folder `dir` if missing and checks the server may write there, or stops naming `variable`. */
function writableDir(dir: string, variable: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    accessSync(dir, constants.W_OK);
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code ?? String(e);
    throw new ConfigError(
      `Invalid configuration: ${variable} ${dir} cannot be written (${reason}); set ${variable} to a folder the server may write`,
    );
  }
}

/** Pairs of dates that must come in this order: `[earlier, later]` variable names. */
const DATE_ORDER = [
  ['EVENT_START_DATE', 'EVENT_END_DATE'],
  ['EVENT_FLIGHT_WINDOW_MIN', 'EVENT_FLIGHT_WINDOW_MAX'],
] as const;

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // a variable set to nothing (`DATABASE_URL=`, as a script may pass an optional one) is unset
  const given = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const e = parsed.data;
  if (e.CHALLENGE_PROVIDER === 'none' && e.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration: CHALLENGE_PROVIDER=none is refused when NODE_ENV=production');
  }
  for (const key of ['TURNSTILE_SECRET_KEY', 'TURNSTILE_SITE_KEY'] as const) {
    // the secret checks a solution; the site key is what the PWA's widget needs to show at all
    if (e.CHALLENGE_PROVIDER === 'turnstile' && !e[key]) {
      throw new ConfigError(`Invalid configuration: ${key} is required when CHALLENGE_PROVIDER=turnstile`);
    }
  }
  if (e.MAIL_TRANSPORT === 'smtp' && !e.SMTP_URL) {
    throw new ConfigError('Invalid configuration: SMTP_URL is required when MAIL_TRANSPORT=smtp');
  }
  // nodemailer reads smtp://host:587, smtps://user:pass@host:465 and smtp:host:25; anything else (no host:
  // 'smtp://' from an unset variable) fails at the first mail
  if (e.MAIL_TRANSPORT === 'smtp' && !(/^smtps?:(\/\/)?[^\s/]/i.test(e.SMTP_URL!) && URL.canParse(e.SMTP_URL!))) {
    throw new ConfigError('Invalid configuration: SMTP_URL must be an smtp:// or smtps:// address');
  }
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const mailDir = path.resolve(e.MAIL_DIR ?? path.join(dataDir, 'mail'));
  const d = DEFAULT_EVENT;
  // next year's event needs only its start date: every date not given keeps its distance from the start
  // (the flight window two days either side, the late-fee date, the board's first day, the end date)
  const shift = e.EVENT_START_DATE ? daysBetween(d.startDate, e.EVENT_START_DATE) : 0;
  const moved = (iso: string) => addDays(iso, shift);
  const dates = {
    EVENT_START_DATE: e.EVENT_START_DATE ?? d.startDate,
    EVENT_END_DATE: e.EVENT_END_DATE ?? moved(d.endDate),
    EVENT_FLIGHT_WINDOW_MIN: e.EVENT_FLIGHT_WINDOW_MIN ?? moved(d.flightWindow.min),
    EVENT_FLIGHT_WINDOW_MAX: e.EVENT_FLIGHT_WINDOW_MAX ?? moved(d.flightWindow.max),
  };
  for (const [earlier, later] of DATE_ORDER) {
    if (dates[earlier] > dates[later]) {
      throw new ConfigError(`Invalid configuration: ${earlier} (${dates[earlier]}) must not be after ${later} (${dates[later]})`);
    }
  }
  const ageBands = { youthFrom: e.EVENT_AGE_YOUTH_FROM ?? d.ageBands.youthFrom, adultFrom: e.EVENT_AGE_ADULT_FROM ?? d.ageBands.adultFrom };
  if (ageBands.youthFrom >= ageBands.adultFrom) {
    throw new ConfigError(
      `Invalid configuration: EVENT_AGE_YOUTH_FROM (${ageBands.youthFrom}) must be below EVENT_AGE_ADULT_FROM (${ageBands.adultFrom})`,
    );
  }
  const event: EventConfig = {
    ...d,
    name: e.EVENT_NAME ?? d.name,
    startDate: dates.EVENT_START_DATE,
    endDate: dates.EVENT_END_DATE,
    year: Number(dates.EVENT_START_DATE.slice(0, 4)),
    datesLabel:
      e.EVENT_DATES_LABEL ??
      (e.EVENT_START_DATE || e.EVENT_END_DATE ? datesLabel(dates.EVENT_START_DATE, dates.EVENT_END_DATE) : d.datesLabel),
    venue: e.EVENT_VENUE ?? d.venue,
    location: e.EVENT_LOCATION ?? d.location,
    timeZone: e.EVENT_TIME_ZONE ?? d.timeZone,
    prices: {
      adult: e.EVENT_PRICE_ADULT ?? d.prices.adult,
      youth: e.EVENT_PRICE_YOUTH ?? d.prices.youth,
      child: e.EVENT_PRICE_CHILD ?? d.prices.child,
    },
    lateFeeCents: e.EVENT_LATE_FEE ?? d.lateFeeCents,
    lateFeeAfter: e.EVENT_LATE_FEE_AFTER ?? moved(d.lateFeeAfter),
    flightWindow: {
      min: dates.EVENT_FLIGHT_WINDOW_MIN,
      max: dates.EVENT_FLIGHT_WINDOW_MAX,
    },
    airports: e.EVENT_AIRPORTS ?? d.airports,
    defaultArrivalDate: e.EVENT_DEFAULT_ARRIVAL_DATE ?? moved(d.defaultArrivalDate),
    supportEmail: e.EVENT_SUPPORT_EMAIL ?? d.supportEmail,
    paymentInstructions: e.EVENT_PAYMENT_INSTRUCTIONS ?? d.paymentInstructions,
    expectedAttendees: e.EVENT_EXPECTED_ATTENDEES ?? d.expectedAttendees,
    highlights: e.EVENT_HIGHLIGHTS ?? d.highlights,
    ageBands,
  };
  // DATA_DIR first: a mail folder under an unusable DATA_DIR is DATA_DIR's fault
  const secret = loadSecret(e.SESSION_SECRET, dataDir);
  if (e.MAIL_TRANSPORT === 'dir') writableDir(mailDir, e.MAIL_DIR ? 'MAIL_DIR' : 'DATA_DIR');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    // demo data is the default only for the embedded database
    demoData: e.DEMO_DATA ? e.DEMO_DATA === 'true' || e.DEMO_DATA === '1' : !e.DATABASE_URL,
    mail: {
      transport: e.MAIL_TRANSPORT,
      smtpUrl: e.SMTP_URL,
      dir: mailDir,
      from: e.MAIL_FROM,
    },
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? 'localhost' : e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    challenge: {
      provider: e.CHALLENGE_PROVIDER,
      turnstileSecret: e.TURNSTILE_SECRET_KEY,
      turnstileSiteKey: e.TURNSTILE_SITE_KEY,
    },
    secret,
    staticDir: path.resolve(e.STATIC_DIR),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    event,
  };
}
