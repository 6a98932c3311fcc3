import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import pino from 'pino';
import { createLogger } from '../../server/lib/logger';
import { createMailer } from '../../server/mail/mailer';
import { ageCategoryLabels, categoryForAge } from '../../shared/age-bands';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'rd-config-'));
const base = () => ({ DATA_DIR: dataDir(), LOG_LEVEL: 'silent' });

describe('configuration (README.md table)', () => {
  it('defaults: port 3000 on 127.0.0.1, embedded database with demo data, log mail, altcha', () => {
    const c = loadConfig(base());
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', demoData: true, challenge: { provider: 'altcha' } });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.mail.transport).toBe('log');
    expect(c.publicUrl).toBe('http://127.0.0.1:3000');
    expect(c.event.defaultArrivalDate).toBe('2025-11-27');
  });

  it('a variable set to nothing counts as unset: DATABASE_URL= is the embedded database', () => {
    const c = loadConfig({ ...base(), DATABASE_URL: '', DEMO_DATA: '', SESSION_SECRET: ' ', PUBLIC_URL: '', MAIL_DIR: '' });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.demoData).toBe(true);
    expect(c.publicUrl).toBe('http://127.0.0.1:3000');
    expect(c.mail.dir).toBe(path.join(c.dataDir, 'mail'));
  });

  it('demo data is off by default on PostgreSQL and can be turned off on the embedded one', () => {
    expect(loadConfig({ ...base(), DATABASE_URL: 'postgres://u@h/db' }).demoData).toBe(false);
    expect(loadConfig({ ...base(), DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('stops with one line naming DATA_DIR when the secret cannot be written there', () => {
    const file = path.join(dataDir(), 'a-file');
    writeFileSync(file, 'not a folder');
    const env = { ...base(), DATA_DIR: path.join(file, 'data') };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/^Invalid configuration: DATA_DIR .* cannot be read or written \(ENOTDIR\)/);
  });

  it('MAIL_DIR that cannot be written stops the start naming it, when mails go to a folder', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'maildir-')), 'a-file');
    writeFileSync(file, 'x');
    const env = { ...base(), MAIL_TRANSPORT: 'dir', MAIL_DIR: path.join(file, 'mail') };
    expect(() => loadConfig(env)).toThrow(/^Invalid configuration: MAIL_DIR .* cannot be written \(ENOTDIR\); set MAIL_DIR/);
    // the same folder is never touched while mails go elsewhere
    expect(() => loadConfig({ ...env, MAIL_TRANSPORT: 'log' })).not.toThrow();
    // a mail folder under an unusable DATA_DIR names DATA_DIR, which is what to change
    const dataUnderFile = { ...base(), SESSION_SECRET: 's'.repeat(32), DATA_DIR: path.join(file, 'data'), MAIL_TRANSPORT: 'dir' };
    expect(() => loadConfig(dataUnderFile)).toThrow(/^Invalid configuration: DATA_DIR .* cannot be written \(ENOTDIR\)/);
    // the forms nodemailer reads pass; SMTP_URL is not read while mails go elsewhere
    for (const url of ['smtps://user:pass@mail.example.org:465', 'smtp://mail.example.org:587', 'smtp:mail.example.org:25']) {
      expect(loadConfig({ ...base(), MAIL_TRANSPORT: 'smtp', SMTP_URL: url }).mail.smtpUrl, url).toBe(url);
    }
    expect(() => loadConfig({ ...base(), MAIL_TRANSPORT: 'log', SMTP_URL: 'mail.example.org:587' })).not.toThrow();
  });

  it('generates a secret into DATA_DIR once and reuses it', () => {
    const env = base();
    const first = loadConfig(env).secret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(env.DATA_DIR, 'secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig(env).secret).toBe(first);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ CHALLENGE_PROVIDER: 'none', NODE_ENV: 'production' }, /CHALLENGE_PROVIDER=none is refused/],
    [{ CHALLENGE_PROVIDER: 'turnstile' }, /TURNSTILE_SECRET_KEY/],
    [{ MAIL_TRANSPORT: 'smtp' }, /SMTP_URL/],
    [{ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'not a url' }, /^Invalid configuration: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ address$/],
    [{ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'https://mail.example.org' }, /SMTP_URL must be an smtp/],
    [{ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://' }, /SMTP_URL must be an smtp/],
    [{ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp:/mail.example.org' }, /SMTP_URL must be an smtp/],
    [{ ADMIN_EMAIL: 'a@b.co' }, /ADMIN_EMAIL and ADMIN_PASSWORD/],
    [{ CHALLENGE_PROVIDER: 'turnstile', TURNSTILE_SECRET_KEY: 'secret' }, /TURNSTILE_SITE_KEY/],
    [{ EVENT_START_DATE: 'Nov 27' }, /EVENT_START_DATE/],
    [{ EVENT_START_DATE: '2025-02-31' }, /EVENT_START_DATE must be a real date/],
    [{ EVENT_LATE_FEE_AFTER: '2025-13-45' }, /EVENT_LATE_FEE_AFTER/],
    [{ EVENT_END_DATE: '2025-11-20' }, /EVENT_START_DATE \(2025-11-27\) must not be after EVENT_END_DATE \(2025-11-20\)/],
    [{ EVENT_FLIGHT_WINDOW_MIN: '2025-12-05' }, /EVENT_FLIGHT_WINDOW_MIN .* must not be after EVENT_FLIGHT_WINDOW_MAX/],
    [{ EVENT_TIME_ZONE: 'America/Chicgo' }, /EVENT_TIME_ZONE/],
  ])('a bad configuration %j stops with one line naming the variable', (env, message) => {
    expect(() => loadConfig({ ...base(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base(), ...env })).toThrow(message);
  });

  it('EVENT_AIRPORTS sets the airports (IAH and HOU by default); a bad value names the variable', () => {
    expect(loadConfig(base()).event.airports.map((a) => a.code)).toEqual(['IAH', 'HOU']);
    const c = loadConfig({ ...base(), EVENT_AIRPORTS: 'dfw=Dallas/Fort Worth, DAL = Dallas Love Field' });
    expect(c.event.airports).toEqual([
      { code: 'DFW', name: 'Dallas/Fort Worth' },
      { code: 'DAL', name: 'Dallas Love Field' },
    ]);
    for (const bad of ['IAH', 'IAH=', 'OTHER=Somewhere', 'IAH=A,IAH=B', 'TOOLONG=x']) {
      expect(() => loadConfig({ ...base(), EVENT_AIRPORTS: bad }), bad).toThrow(/EVENT_AIRPORTS/);
    }
  });

  it('EVENT_EXPECTED_ATTENDEES and EVENT_HIGHLIGHTS set the home page; a bad value names the variable', () => {
    expect(loadConfig(base()).event).toMatchObject({ expectedAttendees: '400+', highlights: [{ title: 'Cultural Programs' }, {}, {}] });
    const c = loadConfig({
      ...base(),
      EVENT_EXPECTED_ATTENDEES: '500+',
      EVENT_HIGHLIGHTS: 'Golf=Saturday morning | Boat trip = On the lake',
    });
    expect(c.event.expectedAttendees).toBe('500+');
    expect(c.event.highlights).toEqual([
      { title: 'Golf', text: 'Saturday morning' },
      { title: 'Boat trip', text: 'On the lake' },
    ]);
    expect(() => loadConfig({ ...base(), EVENT_HIGHLIGHTS: 'Golf' })).toThrow(/EVENT_HIGHLIGHTS/);
  });

  it('EVENT_AGE_YOUTH_FROM and EVENT_AGE_ADULT_FROM move the age bands and their labels; bands out of order are refused', () => {
    expect(loadConfig(base()).event.ageBands).toEqual({ youthFrom: 13, adultFrom: 19 });
    const c = loadConfig({ ...base(), EVENT_AGE_YOUTH_FROM: '12', EVENT_AGE_ADULT_FROM: '18' });
    expect(c.event.ageBands).toEqual({ youthFrom: 12, adultFrom: 18 });
    expect(ageCategoryLabels(c.event.ageBands)).toEqual({ adult: 'Adult (18+)', youth: 'Youth (12-17)', child: 'Child (0-11)' });
    expect(ageCategoryLabels(loadConfig(base()).event.ageBands)).toEqual({
      adult: 'Adult (19+)',
      youth: 'Youth (13-18)',
      child: 'Child (0-12)',
    });
    expect([12, 17, 18].map((age) => categoryForAge(age, c.event.ageBands))).toEqual(['youth', 'youth', 'adult']);
    expect(() => loadConfig({ ...base(), EVENT_AGE_YOUTH_FROM: '20' })).toThrow(/EVENT_AGE_YOUTH_FROM/);
    expect(() => loadConfig({ ...base(), EVENT_AGE_ADULT_FROM: 'old' })).toThrow(/EVENT_AGE_ADULT_FROM/);
  });

  it("next year's start date alone moves every date not given by as many days, and the label says the new dates", () => {
    const c = loadConfig({ ...base(), EVENT_START_DATE: '2026-11-26' });
    expect(c.event).toMatchObject({
      startDate: '2026-11-26',
      endDate: '2026-11-29',
      year: 2026,
      datesLabel: 'Nov 26-29, 2026',
      flightWindow: { min: '2026-11-24', max: '2026-12-01' },
      defaultArrivalDate: '2026-11-26',
      lateFeeAfter: '2026-05-31',
    });
    // what is given stays as given
    const given = loadConfig({
      ...base(),
      EVENT_START_DATE: '2026-11-29',
      EVENT_END_DATE: '2026-12-02',
      EVENT_LATE_FEE_AFTER: '2026-07-01',
    });
    expect(given.event).toMatchObject({
      datesLabel: 'Nov 29-Dec 2, 2026',
      lateFeeAfter: '2026-07-01',
      flightWindow: { min: '2026-11-27', max: '2026-12-04' },
    });
    expect(loadConfig(base()).event).toMatchObject({
      datesLabel: 'Nov 27-30, 2025',
      flightWindow: { min: '2025-11-25', max: '2025-12-02' },
    });
  });

  it('EVENT_* variables move the event without a release', () => {
    const c = loadConfig({ ...base(), EVENT_NAME: 'Lake Reunion', EVENT_PRICE_ADULT: '400', EVENT_DEFAULT_ARRIVAL_DATE: '2026-11-26' });
    expect(c.event).toMatchObject({ name: 'Lake Reunion', defaultArrivalDate: '2026-11-26' });
    expect(c.event.prices.adult).toBe(40000);
  });
});

describe('mail transports', () => {
  it('dir writes each mail as JSON into MAIL_DIR, with text and HTML bodies', async () => {
    const mailDir = dataDir();
    const c = loadConfig({ ...base(), MAIL_TRANSPORT: 'dir', MAIL_DIR: mailDir });
    const mailer = createMailer(c.mail, createLogger('silent'));
    await mailer.send({ to: 'ana@example.com', subject: 'Your code', text: 'Code ABC234', html: '<p>Code ABC234</p>' });
    const files = readdirSync(mailDir);
    expect(files).toHaveLength(1);
    const mail = JSON.parse(readFileSync(path.join(mailDir, files[0]), 'utf8'));
    expect(mail).toMatchObject({ to: 'ana@example.com', subject: 'Your code', text: 'Code ABC234', html: '<p>Code ABC234</p>' });
    expect(mail.from).toBe(c.mail.from);
  });

  it('dir files and a directory it creates are readable by the server user only (0600 / 0700)', async () => {
    const mailDir = path.join(dataDir(), 'mail');
    const c = loadConfig({ ...base(), MAIL_TRANSPORT: 'dir', MAIL_DIR: mailDir });
    await createMailer(c.mail, createLogger('silent')).send({ to: 'ana@example.com', subject: 'Code', text: 'ABC234', html: '' });
    expect(statSync(mailDir).mode & 0o777).toBe(0o700);
    const [file] = readdirSync(mailDir);
    expect(statSync(path.join(mailDir, file)).mode & 0o777).toBe(0o600);
  });

  it('log prints the mail, code included, to the server log', async () => {
    const lines: string[] = [];
    const c = loadConfig({ ...base(), MAIL_TRANSPORT: 'log' });
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    await createMailer(c.mail, log).send({ to: 'bo@example.com', subject: 'Code', text: 'Your verification code is: XYZ789', html: '' });
    expect(lines.join('')).toContain('XYZ789');
  });
});
