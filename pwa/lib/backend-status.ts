/**
 * Is the backend reachable? Polls GET /api/health for the Login indicator and the /test page
 * (docs/product.md#screens: the sign-in page's backend indicator, `/test`).
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from './api-client';

export type BackendState = 'checking' | 'online' | 'offline';

export interface HealthResult {
  ok: boolean;
  status: number;
  latencyMs: number;
  body: unknown;
  checkedAt: number;
}

/** One health call with its latency; never throws (offline is a result, not an error). */
export async function checkHealth(signal?: AbortSignal): Promise<HealthResult> {
  const started = performance.now();
  try {
    const res = await apiFetch('GET', '/health', { signal, auth: false, registrant: false, on401: 'throw' });
    return {
      ok: true,
      status: res.status,
      latencyMs: Math.round(performance.now() - started),
      body: await res.json(),
      checkedAt: Date.now(),
    };
  } catch (e) {
    const latencyMs = Math.round(performance.now() - started);
    if (e instanceof ApiError) return { ok: false, status: e.status, latencyMs, body: e.body ?? e.message, checkedAt: Date.now() };
    throw e;
  }
}

export const healthKeys = { all: ['health'] as const };

/** The backend state, re-checked every `intervalMs` (and when the browser goes online/offline). */
export function useBackendStatus(intervalMs = 15_000) {
  const q = useQuery({
    queryKey: healthKeys.all,
    queryFn: ({ signal }) => checkHealth(signal),
    refetchInterval: intervalMs,
    refetchOnReconnect: 'always',
    networkMode: 'always', // must run while the browser says offline, to report it
    retry: false,
    staleTime: 0,
  });
  // the signal lost or back is said at once, not at the next poll (refetchOnReconnect misses a return
  // when the page was opened with no signal: the query library then still believed it was online)
  const { refetch } = q;
  useEffect(() => {
    const recheck = () => void refetch();
    window.addEventListener('offline', recheck);
    window.addEventListener('online', recheck);
    return () => {
      window.removeEventListener('offline', recheck);
      window.removeEventListener('online', recheck);
    };
  }, [refetch]);
  const state: BackendState = q.data === undefined ? 'checking' : q.data.ok ? 'online' : 'offline';
  return { state, result: q.data, refetch: q.refetch, isFetching: q.isFetching };
}
