/**
 * A form kept in step with the record it edits while it is open (pwa/lib/rebase-values.ts): when
 * `saved` (the record's values as the form reads them; null while the form is closed) changes, the
 * boxes not touched take the new values and a box changed on both sides is kept as a clash. `restart`
 * starts again from the record as it is (opening, cancelling). Used by the registration's edit mode
 * and the Edit Attendee dialog.
 */
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';

export type Clashes<V> = Map<keyof V, V[keyof V]>;

export interface FollowRules<V> {
  /** the form's values once the record went from `startedFrom` to `fresh` */
  rebase: (values: V, startedFrom: V, fresh: V) => V;
  /** the clashes once the record went from `startedFrom` to `fresh` (the same result when called twice) */
  clashes: (known: Clashes<V>, values: V, startedFrom: V, fresh: V) => Clashes<V>;
}

export function useFollowSaved<V extends object>(saved: V | null, setValues: Dispatch<SetStateAction<V>>, rules: FollowRules<V>) {
  /** the record as the form last saw it (opened, or at its last change since) */
  const startedFrom = useRef<V | null>(saved);
  const [clashes, setClashes] = useState<Clashes<V>>(() => new Map());
  const latestRules = useRef(rules);
  latestRules.current = rules;
  // compared by content: a refetch bringing the same record is no change
  const key = saved === null ? '' : JSON.stringify(saved);

  useEffect(() => {
    const before = startedFrom.current;
    if (!key || !before || JSON.stringify(before) === key) return;
    const fresh = JSON.parse(key) as V;
    startedFrom.current = fresh;
    const { rebase, clashes: clashesAfter } = latestRules.current;
    // both from the values as they are when the change applies (an updater sees the latest); the clashes'
    // rule gives the same result when called twice, so StrictMode's second call of the updater changes nothing
    setValues((values) => {
      setClashes((known) => clashesAfter(known, values, before, fresh));
      return rebase(values, before, fresh);
    });
  }, [key, setValues]);

  const restart = useCallback((from: V | null) => {
    startedFrom.current = from;
    setClashes(new Map());
  }, []);

  return { startedFrom, clashes, restart };
}
