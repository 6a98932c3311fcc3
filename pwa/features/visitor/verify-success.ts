/**
 * What a successful code step leaves behind, in both flows: the registrant verification (24 h, shown as
 * 'My Registration' in the top bar; its token is what the server trusts) and this tab's
 * 'registration_verified' marker.
 */
import { markSessionVerified, setVerification } from '../../app/registrant/verification-store';
import type { VerifyCodeAnswer } from './api/verification-api';

export function rememberVerification(email: string, answer: VerifyCodeAnswer): void {
  setVerification({
    email,
    registrationNumber: answer.registration.registrationNumber,
    registrationId: answer.registration.id,
    registrantToken: answer.registrantToken,
    expiresAt: answer.expiresAt,
  });
  markSessionVerified();
}

/** The registration page of a verified visitor (docs/product.md#screens: the check flow adds verified=true). */
export const registrationPath = (registrationNumber: string) => `/registration/${encodeURIComponent(registrationNumber)}?verified=true`;
