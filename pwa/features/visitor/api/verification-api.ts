/**
 * The visitor's email-and-code calls (docs/product.md#api): POST /registrations/send-verification and verify-code
 * for Check Registration, POST /flight-info/send-verification and verify-code for the flight form.
 * They go without the staff or registrant token: they are public, and a stale token must not make the
 * server refuse the very step that replaces it.
 */
import { api } from '../../../lib/api-client';
import type { ExistingFlight } from '../../../../shared/schemas/flight';
import type { VerifyCodeResponse } from '../../../../shared/schemas/verification';

/** Which flow asks: they differ in path and in the code's purpose on the server. */
export type CodeFlow = 'registration' | 'flight-info';

const PUBLIC = { auth: false, registrant: false } as const;
const base = (flow: CodeFlow) => (flow === 'registration' ? '/registrations' : '/flight-info');

export const sendVerificationCode = (flow: CodeFlow, email: string, turnstileToken: string | null) =>
  api.post<{ message: string }>(`${base(flow)}/send-verification`, { email, turnstileToken }, PUBLIC);

export type VerifyCodeAnswer = VerifyCodeResponse & { existingFlights?: ExistingFlight[] };

/** `key`: the same for every try of one code, so a Verify sent again after its answer was lost is answered again. */
export const verifyCode = (flow: CodeFlow, email: string, code: string, key: string, registrationId?: string) =>
  api.post<VerifyCodeAnswer>(`${base(flow)}/verify-code`, { email, code, registrationId }, { ...PUBLIC, idempotencyKey: key });
