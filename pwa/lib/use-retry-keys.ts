/**
 * Idempotency-Keys for a screen's creates on bad Wi-Fi (docs/architecture.md "Security": idempotency keys). A create
 * whose answer was lost (the connection dropped after the server saved it) looks failed, and the admin
 * presses the button again: the same thing sent again carries the same key, so the server answers it as
 * already done instead of doing it twice (a second attendee, a second registration, money taken twice).
 * Each thing sent keeps its key until it has an answer: a success, or a refusal (a 4xx the server gave);
 * no answer at all, or a 5xx, keeps it, since the server may have saved it. Something typed differently
 * is another request, with a key of its own.
 */
import { useRef } from 'react';
import { ApiError, isRetryable } from './api-client';

export interface RetryKeys<S> {
  /** the key of what is sent (`sent`, identified by `identify`): the same as last time while it has had no answer */
  keyFor: (sent: S) => string;
  /** what was sent had an answer: a success, or the server's refusal (then the next try is a new request) */
  answered: (sent: S, error?: unknown) => void;
}

export function useRetryKeys<S>(identify: (sent: S) => string): RetryKeys<S> {
  const unanswered = useRef(new Map<string, string>());
  const keys = useRef<RetryKeys<S> | null>(null);
  keys.current ??= {
    keyFor: (sent) => {
      const id = identify(sent);
      let key = unanswered.current.get(id);
      if (!key) unanswered.current.set(id, (key = crypto.randomUUID()));
      return key;
    },
    answered: (sent, error) => {
      // no answer, or the server failing: it may have saved it, so the same request keeps its key
      if (isRetryable(error) || (error !== undefined && !(error instanceof ApiError))) return;
      unanswered.current.delete(identify(sent));
    },
  };
  return keys.current;
}
