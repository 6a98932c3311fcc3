/**
 * The app's sync transport (pwa/offline/transport.ts) gives up on a request that hangs, so a connection
 * that died mid-request cannot hold the sync engine's cycle, and every tick behind it, for minutes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkError, apiTransport } from '../../pwa/offline/transport';

/** A fetch whose server never finishes: no answer at all, or headers and then a body that stalls. */
function hangingFetch(kind: 'no answer' | 'stalled body') {
  return vi.fn((_url: string, init: RequestInit) => {
    // without a signal nothing ends it, as with a real connection that died mid-request
    const signal = init.signal ?? new AbortController().signal;
    if (kind === 'no answer') {
      return new Promise<Response>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    }
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"registrations":['));
        signal.addEventListener('abort', () => controller.error(signal.reason));
      },
    });
    return Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }));
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('apiTransport', () => {
  it.each(['no answer', 'stalled body'] as const)('a request with %s fails as no connection once its time is up', async (kind) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetch = hangingFetch(kind);
    vi.stubGlobal('fetch', fetch);
    // the limit under test is short, the other long: each one alone ends its kind of hang
    const limits = kind === 'no answer' ? { answerMs: 50, bodyMs: 60_000 } : { answerMs: 60_000, bodyMs: 50 };
    const transport = apiTransport(() => 'token', limits);
    const started = Date.now();
    const onAnswer = vi.fn();
    const answer = transport({ method: 'POST', path: '/sync/pickups', body: { ops: [] }, idempotencyKey: 'k1' }, { onAnswer });
    await expect(answer).rejects.toBeInstanceOf(NetworkError);
    // the server was reached when its headers came, though the body never did
    expect(onAnswer).toHaveBeenCalledTimes(kind === 'stalled body' ? 1 : 0);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('a request failing while the device is offline is known never to have left it; one failing online may have reached the server', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const send = () => apiTransport(() => 'token')({ method: 'POST', path: '/registrations/7/payments', body: {}, idempotencyKey: 'k2' });
    vi.stubGlobal('navigator', { onLine: false });
    await expect(send()).rejects.toMatchObject({ mayHaveReached: false, message: 'Waiting for a connection' });
    vi.stubGlobal('navigator', { onLine: true });
    await expect(send()).rejects.toMatchObject({ mayHaveReached: true });
    // a request that hung until our timer gave up was sent, whatever the browser says of its network
    vi.stubGlobal('navigator', { onLine: false });
    vi.stubGlobal('fetch', hangingFetch('no answer'));
    const hung = apiTransport(() => 'token', { answerMs: 50, bodyMs: 50 })({ method: 'POST', path: '/registrations/7/payments', body: {} });
    await expect(hung).rejects.toMatchObject({ mayHaveReached: true });
  });

  it('an answer in time is handed back as it came', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'Content-Type': 'application/json' } })),
    );
    await expect(
      apiTransport(() => 'token', { answerMs: 1_000, bodyMs: 1_000 })({ method: 'GET', path: '/sync/arrivals' }),
    ).resolves.toEqual({
      status: 200,
      body: { ok: true },
    });
  });
});
