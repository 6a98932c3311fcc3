/** The challenge script's 120 s loading time-out (pwa/components/challenge-widget.tsx). */
import { describe, expect, it, vi } from 'vitest';
import { CHALLENGE_LOAD_TIMEOUT_MS, withTimeout } from '../../pwa/components/challenge-widget';

describe('loading the challenge', () => {
  it('gives up after 120 s with a TimeoutError, and not before', async () => {
    vi.useFakeTimers();
    try {
      const never = new Promise<never>(() => {});
      const result = withTimeout(never, CHALLENGE_LOAD_TIMEOUT_MS).then(
        () => 'loaded',
        (e: Error) => e.name,
      );
      await vi.advanceTimersByTimeAsync(CHALLENGE_LOAD_TIMEOUT_MS - 1);
      let settled: string | undefined;
      void result.then((r) => (settled = r));
      await Promise.resolve();
      expect(settled).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(await result).toBe('TimeoutError');
      expect(CHALLENGE_LOAD_TIMEOUT_MS).toBe(120_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('passes on what loads in time, and a load failure as it is', async () => {
    await expect(withTimeout(Promise.resolve('script'), 1000)).resolves.toBe('script');
    await expect(withTimeout(Promise.reject(new Error('offline')), 1000)).rejects.toThrow('offline');
  });
});
