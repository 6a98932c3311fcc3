/** Checks the bot-challenge solution of a request body with the spec's docs/product.md#messages sentences. */
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { badRequest } from './errors';
import { CHALLENGE_MESSAGES } from '../../shared/schemas/common';

/** 400 with the sentence, under the body field that carried the solution (`turnstileToken`; the lookup's `captchaToken`). */
export async function requireChallenge(
  c: Context<AppEnv>,
  solution: string | null | undefined,
  missingMessage: string = CHALLENGE_MESSAGES.missing,
  field: 'turnstileToken' | 'captchaToken' = 'turnstileToken',
): Promise<void> {
  const outcome = await c.get('deps').challenge.verify(solution);
  if (outcome === 'ok') return;
  const message = outcome === 'missing' ? missingMessage : CHALLENGE_MESSAGES[outcome];
  throw badRequest(message, { [field]: message });
}
