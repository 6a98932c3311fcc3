/**
 * Secrets never reach the log: the request log (and the unhandled-error log) carry the path with the
 * emailed flight-info link's token replaced by [redacted], on the API and on the PWA's link page.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { redactPath } from '../../server/lib/redact';
import { newToken } from '../../server/lib/tokens';

const t = await createTestApp();
const lines: string[] = [];
t.deps.log = pino(
  { level: 'info', base: undefined },
  new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  }),
);

describe('secrets in the log', () => {
  it('the flight-info link token is redacted from the request log, API and page alike', async () => {
    const token = newToken(32);
    lines.length = 0;
    await t.api('GET', `/api/flight-info/verify/${token}`);
    await t.api('GET', `/flight-info/${token}`);
    const log = lines.join('');
    expect(log).not.toContain(token);
    const paths = lines.map((l) => JSON.parse(l).path);
    expect(paths).toEqual(['/api/flight-info/verify/[redacted]', '/flight-info/[redacted]']);
  });

  it('paths without secrets are logged as they are', () => {
    for (const path of ['/api/flight-info/admin/flight-arrivals', '/api/registrations/12', '/admin/flight-arrivals', '/flight-info']) {
      expect(redactPath(path)).toBe(path);
    }
  });
});
