/**
 * The bot challenge of the sign-in and visitor forms (`CHALLENGE_PROVIDER` in README.md's configuration table). The page passes the
 * provider from GET /api/config (`challenge.provider`, `challenge.siteKey`), which it loads anyway, and
 * gets the solution through `onToken` (null while there is none); it sends that string as the spec's
 * `turnstileToken` / `captchaToken`.
 * - altcha: the `<altcha-widget>` web component (a checkbox; keyboard accessible), imported lazily so it
 *   stays out of the main bundle. It fetches GET /api/challenge, solves it in workers, and hands over
 *   base64 JSON that the server verifies (server/challenge.ts).
 * - turnstile: Cloudflare's script widget, loaded on demand.
 * - none: nothing to show; the token is 'none' at once.
 * Change `resetKey` to start a fresh challenge (the spec resets it after a refused sign-in).
 * Loading its script gives up after 120 s (docs/product.md#security-and-limits), says so and offers Try again.
 */
import { useEffect, useRef, useState } from 'react';
import type {} from 'altcha/types/react';

export type ChallengeProvider = 'altcha' | 'turnstile' | 'none';
export type ChallengeProblem = 'failed' | 'expired';

export interface ChallengeWidgetProps {
  provider: ChallengeProvider;
  /** Turnstile's public site key */
  siteKey?: string;
  onToken: (token: string | null) => void;
  /** the widget gave up or the solution expired; the page shows the spec's sentence */
  onProblem?: (problem: ChallengeProblem) => void;
  resetKey?: unknown;
  /** accessible name of the group */
  label?: string;
}

export function ChallengeWidget({ provider, label = 'Security verification', ...rest }: ChallengeWidgetProps) {
  if (provider === 'none') return <NoChallenge onToken={rest.onToken} />;
  return (
    <div role="group" aria-label={label} className="challenge-widget">
      {provider === 'altcha' ? <AltchaChallenge {...rest} /> : <TurnstileChallenge {...rest} />}
    </div>
  );
}

type InnerProps = Omit<ChallengeWidgetProps, 'provider' | 'label'>;

/** Keeps the latest callbacks without re-subscribing the widget on every render. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

/** Runs `fn` when `value` changes after the first render (not on mount, also under StrictMode). */
function useOnChange(value: unknown, fn: () => void) {
  const previous = useRef(value);
  const latest = useLatest(fn);
  useEffect(() => {
    if (Object.is(previous.current, value)) return;
    previous.current = value;
    latest.current();
  }, [value, latest]);
}

function NoChallenge({ onToken }: { onToken: ChallengeWidgetProps['onToken'] }) {
  const latest = useLatest(onToken);
  useEffect(() => latest.current('none'), [latest]);
  return null;
}

/** The challenge script's loading time-out. */
export const CHALLENGE_LOAD_TIMEOUT_MS = 120_000;

/** A promise that rejects with `TimeoutError` when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, setTimer = setTimeout): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimer(() => reject(Object.assign(new Error('timed out'), { name: 'TimeoutError' })), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e)),
    );
  });
}

function LoadFailed({ onRetry, timedOut }: { onRetry: () => void; timedOut?: boolean }) {
  return (
    <p role="alert">
      {timedOut
        ? 'The security verification took more than 2 minutes to load. Check your connection.'
        : 'The security verification could not load. Check your connection.'}{' '}
      <button type="button" onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}

interface AltchaElement extends HTMLElement {
  reset?: () => void;
}

function AltchaChallenge({ onToken, onProblem, resetKey }: InnerProps) {
  const ref = useRef<AltchaElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error' | 'timeout'>('loading');
  const [attempt, setAttempt] = useState(0);
  const token = useLatest(onToken);
  const problem = useLatest(onProblem);

  useEffect(() => {
    let live = true;
    setStatus('loading');
    withTimeout(import('altcha'), CHALLENGE_LOAD_TIMEOUT_MS).then(
      () => live && setStatus('ready'),
      (e: unknown) => live && setStatus(e instanceof Error && e.name === 'TimeoutError' ? 'timeout' : 'error'),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  useEffect(() => {
    const el = ref.current;
    if (status !== 'ready' || !el) return;
    const onVerified = (e: Event) => token.current((e as CustomEvent<{ payload?: string }>).detail?.payload ?? null);
    const onState = (e: Event) => {
      const state = (e as CustomEvent<{ state?: string }>).detail?.state;
      if (state === 'verified') return; // the 'verified' event carries the payload
      token.current(null);
      if (state === 'error') problem.current?.('failed');
      if (state === 'expired') problem.current?.('expired');
    };
    el.addEventListener('verified', onVerified);
    el.addEventListener('statechange', onState);
    return () => {
      el.removeEventListener('verified', onVerified);
      el.removeEventListener('statechange', onState);
    };
  }, [status, token, problem]);

  useOnChange(resetKey, () => {
    ref.current?.reset?.();
    token.current(null);
  });

  if (status === 'error' || status === 'timeout')
    return <LoadFailed timedOut={status === 'timeout'} onRetry={() => setAttempt((n) => n + 1)} />;
  if (status === 'loading') return <p aria-live="polite">Loading security verification…</p>;
  // solving starts when the user starts filling the form (or ticks the box), so it is done by submit
  return <altcha-widget ref={ref} challenge="/api/challenge" auto="onfocus" name="turnstileToken" />;
}

interface TurnstileApi {
  render(el: HTMLElement, opts: Record<string, unknown>): string;
  reset(id: string): void;
  remove(id: string): void;
}

const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
let turnstileLoading: Promise<TurnstileApi> | null = null;

function loadTurnstile(): Promise<TurnstileApi> {
  const w = window as unknown as { turnstile?: TurnstileApi };
  if (w.turnstile) return Promise.resolve(w.turnstile);
  turnstileLoading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT;
    script.async = true;
    script.onload = () => (w.turnstile ? resolve(w.turnstile) : reject(new Error('turnstile missing')));
    script.onerror = () => {
      script.remove();
      turnstileLoading = null; // allow a retry once the network is back
      reject(new Error('turnstile failed to load'));
    };
    document.head.appendChild(script);
  });
  return turnstileLoading;
}

function TurnstileChallenge({ siteKey, onToken, onProblem, resetKey }: InnerProps) {
  const box = useRef<HTMLDivElement>(null);
  const widgetId = useRef<string | null>(null);
  const api = useRef<TurnstileApi | null>(null);
  const [failed, setFailed] = useState<false | 'error' | 'timeout'>(false);
  const [attempt, setAttempt] = useState(0);
  const token = useLatest(onToken);
  const problem = useLatest(onProblem);

  useEffect(() => {
    let live = true;
    setFailed(false);
    withTimeout(loadTurnstile(), CHALLENGE_LOAD_TIMEOUT_MS).then(
      (turnstile) => {
        if (!live || !box.current) return;
        api.current = turnstile;
        widgetId.current = turnstile.render(box.current, {
          sitekey: siteKey,
          callback: (t: string) => token.current(t),
          'expired-callback': () => {
            token.current(null);
            problem.current?.('expired');
          },
          'error-callback': () => {
            token.current(null);
            problem.current?.('failed');
          },
        });
      },
      (e: unknown) => {
        if (e instanceof Error && e.name === 'TimeoutError') turnstileLoading = null; // a retry loads it again
        if (live) setFailed(e instanceof Error && e.name === 'TimeoutError' ? 'timeout' : 'error');
      },
    );
    return () => {
      live = false;
      if (widgetId.current && api.current) api.current.remove(widgetId.current);
      widgetId.current = null;
    };
  }, [siteKey, attempt, token, problem]);

  useOnChange(resetKey, () => {
    if (widgetId.current && api.current) api.current.reset(widgetId.current);
    token.current(null);
  });

  if (failed) return <LoadFailed timedOut={failed === 'timeout'} onRetry={() => setAttempt((n) => n + 1)} />;
  return <div ref={box} />;
}
