/**
 * Bodies of the visitor's email-and-code steps (docs/product.md#messages Flight email step, Lookup; docs/product.md#api send-verification,
 * verify-code, lookup) and the shapes the API answers with.
 */
import { z } from 'zod';
import { CODE_LENGTH } from '../constants';
import { challengeAnswer, emailField } from './common';
import type { VerifiedRegistration, VerifyCodeResponse } from './answers';
export type { VerifiedRegistration, VerifyCodeResponse };

export const VERIFICATION_MESSAGES = {
  /** docs/product.md#messages Flight email step: email and challenge required */
  flightEmailStep: 'Please enter your email and complete the verification',
  codeRequired: 'Please enter the verification code',
  invalidCode: 'Invalid or expired verification code',
  noRegistration: 'No registration found with this email',
  codeSent: 'Verification code sent',
  /** docs/product.md#messages Lookup */
  securityCheck: 'Please complete the security check',
  lookupNotFound: 'No registration found with this email address.',
  lookupSent: 'Flight info link has been sent to your email!',
  /** reading a registration with no registrant token: 401 */
  notVerified: 'Please verify your email to view this registration',
  /** reading a registration with the registrant token of another: 401, as without one (docs/product.md) */
  notYourRegistration: 'You can only view your own registration',
} as const;

/** POST /registrations/send-verification and /flight-info/send-verification. */
export const sendVerificationSchema = (requiredMessage = 'Email is required') =>
  z.object({
    email: emailField(requiredMessage, 'Invalid email'),
    turnstileToken: challengeAnswer(),
  });

/** POST …/verify-code: the code is compared upper-cased (docs/product.md#security-and-limits: 6 characters). */
export const verifyCodeSchema = z.object({
  email: emailField('Email is required', 'Invalid email'),
  code: z
    .string({ error: VERIFICATION_MESSAGES.codeRequired })
    .trim()
    .min(1, VERIFICATION_MESSAGES.codeRequired)
    .max(CODE_LENGTH, VERIFICATION_MESSAGES.invalidCode)
    .transform((v) => v.toUpperCase()),
  /**
   * Optional: the registration wanted (its number or id, as `?registrationId=` of the flight form's link).
   * One of the email's live registrations is opened; anything else (not one of them, or not a number or id
   * at all) opens the newest, as without it.
   */
  registrationId: z
    .union([z.string().trim().max(40, 'registrationId is too long'), z.number().int().nonnegative()], {
      error: 'registrationId must be a registration number or id',
    })
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : String(v)))
    // a link's parameter the visitor cannot mend: one that names nothing opens the newest, as none does
    .catch(undefined),
});

/** POST /flight-info/lookup (docs/product.md#api: the challenge travels as captchaToken). */
export const lookupSchema = z.object({
  email: emailField('Email is required', 'Invalid email address'),
  captchaToken: challengeAnswer(),
});

export type SendVerificationInput = z.input<ReturnType<typeof sendVerificationSchema>>;
export type VerifyCodeInput = z.input<typeof verifyCodeSchema>;
export type LookupInput = z.input<typeof lookupSchema>;
