/**
 * True on a phone-sized screen: at most 640 px wide, or a touch screen at most 500 px tall (a phone held
 * sideways): the arrivals table becomes a card list, the list's filters fold.
 */
import { useSyncExternalStore } from 'react';

export const PHONE_QUERY = '(max-width: 640px), (max-height: 500px) and (pointer: coarse)';

export function useIsPhone(): boolean {
  return useSyncExternalStore(
    (fn) => {
      const mq = window.matchMedia(PHONE_QUERY);
      mq.addEventListener('change', fn);
      return () => mq.removeEventListener('change', fn);
    },
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}
