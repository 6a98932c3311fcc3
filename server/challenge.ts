/**
 * Bot challenge behind one interface (`CHALLENGE_PROVIDER` in README.md's configuration table; docs/decisions.md
 * "Bot challenge"). The spec's `turnstileToken` /
 * `captchaToken` fields carry the solution whichever provider is on:
 * - `altcha`: self-hosted proof of work (altcha-lib v2, the format the `altcha` 3.x widget fetches from
 *   GET /api/challenge and submits as base64 JSON `{challenge: {parameters, signature}, solution}`).
 *   Challenges are HMAC-signed with keys derived from the server secret and expire after 10 minutes.
 *   A verified solution is remembered in the database (rate_limits, key `challenge:<nonce>`) until its
 *   challenge expires, so one solution passes once, on any instance.
 * - `turnstile`: Cloudflare's siteverify endpoint with TURNSTILE_SECRET_KEY.
 * - `none`: everything passes (config refuses it in production).
 */
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createChallenge as createAltchaChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Config } from './config';
import type { DbOrTx } from './db/client';
import { hit } from './services/staff/rate-limit';

export type ChallengeOutcome = 'ok' | 'missing' | 'failed' | 'expired';

export interface ChallengeVerifier {
  provider: Config['challenge']['provider'];
  /** the challenge the widget solves (altcha), or null */
  create(): Promise<unknown>;
  verify(solution: string | undefined | null): Promise<ChallengeOutcome>;
}

export interface ChallengeOptions {
  /** where used altcha solutions are remembered (the server keeps no state in memory) */
  db: DbOrTx;
  /** fetch for Cloudflare's siteverify (tests inject one; there is no network here) */
  fetch?: typeof fetch;
  /** clock for creating challenges, in ms (tests make already-expired ones) */
  now?: () => number;
}

export const ALTCHA_TTL_MS = 10 * 60 * 1000;
/** PBKDF2 is native WebCrypto in every browser the widget supports, so phones solve it fast. */
export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';
/**
 * Deterministic effort: the solver needs `counter` key derivations of COST iterations each, i.e. about
 * 0.8–2 million PBKDF2 rounds: ~0.4 s in Node on one core, about a second on a phone's workers.
 */
const ALTCHA_COST = 1000;
const ALTCHA_COUNTER = { min: 800, max: 2000 };
const USED_PREFIX = 'challenge:';
/** Turnstile tokens are at most 2048 characters (Cloudflare docs); longer ones are not sent on. */
const TURNSTILE_MAX_TOKEN = 2048;
export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** Separate keys per purpose, so the session secret itself never signs anything public. */
const subKey = (secret: string, purpose: string) => createHmac('sha256', secret).update(purpose).digest('hex');

export function createChallenge(cfg: Config['challenge'], secret: string, opts: ChallengeOptions): ChallengeVerifier {
  switch (cfg.provider) {
    case 'altcha':
      return altchaVerifier(secret, opts);
    case 'turnstile':
      if (!cfg.turnstileSecret) throw new Error('TURNSTILE_SECRET_KEY is required when CHALLENGE_PROVIDER=turnstile');
      return turnstileVerifier(cfg.turnstileSecret, opts.fetch ?? fetch);
    case 'none':
      return { provider: 'none', create: async () => null, verify: async () => 'ok' };
  }
}

const isBlank = (s: string | null | undefined): s is null | undefined | '' => s == null || s.trim() === '';

function altchaVerifier(secret: string, opts: ChallengeOptions): ChallengeVerifier {
  const hmacSignatureSecret = subKey(secret, 'altcha-signature');
  const hmacKeySignatureSecret = subKey(secret, 'altcha-key-signature');
  const now = opts.now ?? Date.now;
  return {
    provider: 'altcha',
    create: () =>
      createAltchaChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost: ALTCHA_COST,
        counter: randomInt(ALTCHA_COUNTER.max, ALTCHA_COUNTER.min),
        deriveKey,
        expiresAt: new Date(now() + ALTCHA_TTL_MS),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }),
    async verify(solution) {
      if (isBlank(solution)) return 'missing';
      const payload = decodeAltchaPayload(solution);
      if (!payload) return 'failed';
      let result;
      try {
        result = await verifySolution({ ...payload, deriveKey, hmacSignatureSecret, hmacKeySignatureSecret });
      } catch {
        return 'failed';
      }
      if (result.expired) return 'expired';
      // every challenge this server issues carries a signed expiry; one without is not ours
      if (!result.verified || !payload.challenge.parameters.expiresAt) return 'failed';
      return (await markUsed(opts.db, payload.challenge.parameters.nonce)) ? 'ok' : 'failed';
    },
  };
}

/**
 * Records a verified solution's nonce (signed, random per challenge). The row's window outlives the
 * challenge, so a second use inside it is refused; later the challenge is expired anyway.
 */
async function markUsed(db: DbOrTx, nonce: string): Promise<boolean> {
  const cutoff = new Date(Date.now() - ALTCHA_TTL_MS).toISOString();
  await db.execute(sql`delete from rate_limits where key like ${`${USED_PREFIX}%`} and window_start < ${cutoff}`);
  return (await hit(db, `${USED_PREFIX}${nonce}`, 1, ALTCHA_TTL_MS)).allowed;
}

interface AltchaPayload {
  challenge: Challenge & { signature: string };
  solution: { counter: number; derivedKey: string; time?: number };
}

/** The widget submits base64 of the JSON payload; anything that is not that shape is a failure. */
export function decodeAltchaPayload(token: string): AltchaPayload | null {
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(token.trim(), 'base64').toString('utf8'));
  } catch {
    return null;
  }
  const p = data as Partial<AltchaPayload> | null;
  const ok =
    !!p &&
    typeof p === 'object' &&
    !!p.challenge &&
    typeof p.challenge === 'object' &&
    typeof p.challenge.signature === 'string' &&
    !!p.challenge.parameters &&
    typeof p.challenge.parameters === 'object' &&
    typeof p.challenge.parameters.nonce === 'string' &&
    !!p.solution &&
    typeof p.solution === 'object';
  return ok ? (p as AltchaPayload) : null;
}

function turnstileVerifier(secretKey: string, fetchFn: typeof fetch): ChallengeVerifier {
  return {
    provider: 'turnstile',
    create: async () => null,
    async verify(token) {
      if (isBlank(token)) return 'missing';
      if (token.length > TURNSTILE_MAX_TOKEN) return 'failed';
      let data: { success?: unknown; 'error-codes'?: unknown };
      try {
        const res = await fetchFn(TURNSTILE_VERIFY_URL, {
          method: 'POST',
          body: new URLSearchParams({ secret: secretKey, response: token }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) return 'failed';
        data = (await res.json()) as typeof data;
      } catch {
        // Cloudflare unreachable: fail closed rather than let unverified requests through
        return 'failed';
      }
      if (data?.success === true) return 'ok';
      const codes = Array.isArray(data?.['error-codes']) ? (data['error-codes'] as unknown[]) : [];
      // Cloudflare reports an old or already-used token as 'timeout-or-duplicate'
      if (codes.includes('timeout-or-duplicate')) return 'expired';
      if (codes.includes('missing-input-response')) return 'missing';
      return 'failed';
    },
  };
}
