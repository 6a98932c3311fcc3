/**
 * What a check-in tap shows before the device has stored it: the tapped state is drawn in the same
 * frame, and the stored registration takes over as soon as it says the same (docs/decisions.md
 * "A tap shows before it is stored"). Queuing a tap is an IndexedDB transaction and a re-read of the
 * registration, which on a slow phone took 100–300 ms; the desk's budget for a tap is 100 ms.
 *
 * A tap whose write is refused (a cancelled registration, a registration gone from the device) goes
 * back at once and its error is shown by the caller. One whose stored state never matches (another
 * desk's later tap won) lets the stored state show once `SETTLE_MS` has passed after the write.
 */
import { useCallback, useEffect, useState } from 'react';
import type { CachedRegistration } from '../../offline/types';

const SETTLE_MS = 1500;

type Shown = ReadonlyMap<number, boolean>;

export function useShownCheckIns(reg: CachedRegistration) {
  const [taps, setTaps] = useState<Shown>(new Map());

  // the stored registration caught up: drop what it now shows itself
  useEffect(() => {
    setTaps((current) => {
      if (current.size === 0) return current;
      const stored = new Map(reg.attendees.map((a) => [a.id, a.checked_in]));
      const left = new Map([...current].filter(([id, on]) => stored.get(id) !== on));
      return left.size === current.size ? current : left;
    });
  }, [reg]);

  const forget = useCallback((ids: number[], on: boolean) => {
    setTaps((current) => new Map([...current].filter(([id, shown]) => !(ids.includes(id) && shown === on))));
  }, []);

  /** Shows `ids` as `on` now; `write` stores the tap. */
  const tap = useCallback(
    async (ids: number[], on: boolean, write: () => Promise<unknown>) => {
      setTaps((current) => new Map([...current, ...ids.map((id) => [id, on] as const)]));
      try {
        await write();
        setTimeout(() => forget(ids, on), SETTLE_MS);
      } catch (e) {
        forget(ids, on);
        throw e;
      }
    },
    [forget],
  );

  const checkedIn = (attendee: { id: number; checked_in: boolean }) => taps.get(attendee.id) ?? attendee.checked_in;
  return { checkedIn, tap };
}
