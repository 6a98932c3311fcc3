/**
 * The code step survives a reload (pwa/features/visitor/pending-code.ts): this tab remembers which email
 * a code went to, per flow, for as long as the code works, and forgets it once used or abandoned.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './fixtures';
import {
  countWrongTry,
  forgetPendingCode,
  pendingCodeExpired,
  pendingVerifyKey,
  pendingWrongTries,
  readPendingCode,
  rememberPendingCode,
} from '../../pwa/features/visitor/pending-code';
import { CODE_TTL_MS } from '../../shared/constants';
import { randomKey } from '../../pwa/lib/random-key';
import { IDEMPOTENCY_KEY_PATTERN } from '../../shared/schemas/common';

afterEach(() => vi.unstubAllGlobals());

describe('a code sent from this tab', () => {
  it('is asked for again while it works, per flow, and not once it has expired or was used', () => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    const sent = Date.parse('2025-11-27T10:00:00Z');
    rememberPendingCode('flight-info', 'ana@example.org', sent);
    expect(readPendingCode('flight-info', sent + CODE_TTL_MS - 1)).toBe('ana@example.org');
    expect(readPendingCode('registration', sent + 1)).toBeNull();
    expect(readPendingCode('flight-info', sent + CODE_TTL_MS)).toBeNull();
    forgetPendingCode('flight-info');
    expect(readPendingCode('flight-info', sent + 1)).toBeNull();
  });

  it('keeps one Verify key per code sent, the same across a reload, a new one with the next code, none once it is gone', () => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    const sent = Date.parse('2025-11-27T10:00:00Z');
    rememberPendingCode('flight-info', 'ana@example.org', sent);
    const first = pendingVerifyKey('flight-info', sent + 1);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(pendingVerifyKey('flight-info', sent + 2)).toBe(first);
    rememberPendingCode('flight-info', 'ana@example.org', sent + 60_000);
    expect(pendingVerifyKey('flight-info', sent + 60_001)).not.toBe(first);
    expect(pendingVerifyKey('flight-info', sent + 60_000 + CODE_TTL_MS)).toBeNull();
    forgetPendingCode('flight-info');
    expect(pendingVerifyKey('flight-info', sent + 60_001)).toBeNull();
  });

  it("counts the code's wrong tries across a reload, afresh for the next code, none once it is gone", () => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    const sent = Date.now();
    rememberPendingCode('flight-info', 'ana@example.org', sent);
    expect(pendingWrongTries('flight-info')).toBe(0);
    expect([countWrongTry('flight-info'), countWrongTry('flight-info')]).toEqual([1, 2]);
    expect(pendingWrongTries('flight-info')).toBe(2);
    expect(pendingVerifyKey('flight-info')).not.toBeNull(); // the count keeps the code's other facts
    rememberPendingCode('flight-info', 'ana@example.org');
    expect(pendingWrongTries('flight-info')).toBe(0);
    forgetPendingCode('flight-info');
    expect(pendingWrongTries('flight-info')).toBe(0);
  });

  it('knows when its code has expired (the step then says so), and says nothing without one', () => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    const sent = Date.parse('2025-11-27T10:00:00Z');
    expect(pendingCodeExpired('flight-info', sent)).toBe(false);
    rememberPendingCode('flight-info', 'ana@example.org', sent);
    expect(pendingCodeExpired('flight-info', sent + CODE_TTL_MS - 1)).toBe(false);
    expect(pendingCodeExpired('flight-info', sent + CODE_TTL_MS)).toBe(true);
  });

  it('without storage (a private window that refuses it) the flow simply starts at the email', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    });
    expect(() => rememberPendingCode('registration', 'ana@example.org')).not.toThrow();
    expect(readPendingCode('registration')).toBeNull();
    expect(() => forgetPendingCode('registration')).not.toThrow();
  });
});

describe("a visitor's random key", () => {
  it('is made without crypto.randomUUID on a browser that lacks it (Safari before 15.4), in the shape the server takes', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: <T extends ArrayBufferView<ArrayBuffer>>(a: T) => real.getRandomValues(a) });
    const key = randomKey();
    expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(randomKey()).not.toBe(key);
  });
});
