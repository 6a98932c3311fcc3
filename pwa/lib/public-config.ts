/**
 * GET /api/config: the event (name, year, dates, venue, prices, flight window) and the bot-challenge
 * provider. The last answer is kept in localStorage so the shell shows the right event offline; before
 * any answer the spec's defaults (shared/event.ts) stand in.
 */
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_EVENT, type PublicConfig } from '../../shared/event';
import { api } from './api-client';
import { ageCategoryLabels } from '../../shared/age-bands';
import { AGE_CATEGORIES } from '../../shared/constants';

const CACHE_KEY = 'public_config';

export const configKeys = { all: ['config'] as const };

/** The kept answer, parsed once per text kept (it is read on every render while the request fails). */
let parsed: { raw: string; config: PublicConfig } | null = null;

function cached(): PublicConfig | undefined {
  try {
    const raw = localStorage.getItem(CACHE_KEY);
    if (!raw) return undefined;
    if (parsed?.raw !== raw) parsed = { raw, config: JSON.parse(raw) as PublicConfig };
    return parsed.config;
  } catch {
    return undefined;
  }
}

const FALLBACK: PublicConfig = { event: DEFAULT_EVENT, challenge: { provider: 'altcha' }, version: '' };

export const publicConfigQuery = {
  queryKey: configKeys.all,
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const config = await api.get<PublicConfig>('/config', { signal, auth: false, registrant: false });
    try {
      localStorage.setItem(CACHE_KEY, JSON.stringify(config));
    } catch {
      /* storage full or unavailable: the live answer still works */
    }
    return config;
  },
  staleTime: 5 * 60 * 1000,
};

/** The public configuration; always defined (cached or default until the server answers). */
export function usePublicConfig(): PublicConfig & { isLoaded: boolean } {
  const q = useQuery({ ...publicConfigQuery, placeholderData: cached });
  // a failed request drops the placeholder: the kept answer still stands (offline, the right event and challenge)
  const config = q.data ?? cached() ?? FALLBACK;
  return { ...config, isLoaded: q.isSuccess && !q.isPlaceholderData };
}

/** The event part of the configuration. */
export const useEvent = () => usePublicConfig().event;

/** 'Adult (19+)', 'Youth (13-18)', 'Child (0-12)' with the event's age bands. */
export const useAgeLabels = () => ageCategoryLabels(useEvent().ageBands);

/** The age category choices of a form, labelled with the event's age bands. */
export function useAgeCategoryOptions() {
  const labels = useAgeLabels();
  return AGE_CATEGORIES.map((c) => ({ value: c, label: labels[c] }));
}
