/**
 * Step 1 of Check Registration and of the flight-info flow (docs/product.md#screens Flight email step, docs/product.md#messages Send
 * code): the registration's email plus the bot challenge; the server mails a 6-character code.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { validateForm, type FieldErrors } from '../../../lib/form-errors';
import { sendVerificationSchema, VERIFICATION_MESSAGES } from '../../../../shared/schemas/verification';
import { sendVerificationCode, type CodeFlow } from '../api/verification-api';
import { ChallengeField, useChallengeRequired } from './challenge-field';
import { VisitorEmailField } from './visitor-email-field';

const CHALLENGE_MISSING = 'Please complete the security verification.';

export interface EmailStepProps {
  flow: CodeFlow;
  initialEmail?: string;
  /** a message carried over from an earlier step (e.g. an expired verification) */
  notice?: ReactNode;
  onSent: (email: string) => void;
}

export function EmailStep({ flow, initialEmail = '', notice, onSent }: EmailStepProps) {
  const challengeRequired = useChallengeRequired();
  const [email, setEmail] = useState(initialEmail);
  const [token, setToken] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const missingChallenge = challengeRequired && !token;
    if (flow === 'flight-info' && (!email.trim() || missingChallenge)) {
      // docs/product.md#messages Flight email step: one sentence for either missing piece
      setErrors({});
      setFormError(VERIFICATION_MESSAGES.flightEmailStep);
      return;
    }
    const checked = validateForm(sendVerificationSchema(), { email });
    const found: FieldErrors = checked.errors ? { ...checked.errors } : {};
    if (missingChallenge) found.turnstileToken = CHALLENGE_MISSING;
    setErrors(found);
    if (!checked.data || Object.keys(found).length) return;

    setBusy(true);
    try {
      await sendVerificationCode(flow, checked.data.email, token);
      onSent(checked.data.email);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setFormError(VERIFICATION_MESSAGES.noRegistration);
      else setFormError(errorMessage(err, 'Failed to send verification code'));
      if (err instanceof ApiError && err.fields.turnstileToken) setErrors({ turnstileToken: err.fields.turnstileToken });
      setResetKey((k) => k + 1); // a challenge solution is single-use
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="visitor-step">
      {notice}
      <p className="lead">Enter the email address used for the registration. We will email you a 6-character verification code.</p>
      {formError && <Alert kind="error">{formError}</Alert>}
      <VisitorEmailField
        value={email}
        onChange={(value) => {
          setEmail(value);
          setErrors(({ email: _, ...rest }) => rest);
        }}
        error={errors.email}
      />
      <ChallengeField
        onToken={setToken}
        resetKey={resetKey}
        error={errors.turnstileToken}
        onError={(message) => setErrors(({ turnstileToken: _, ...rest }) => (message ? { ...rest, turnstileToken: message } : rest))}
      />
      <Button type="submit" className="btn-block" busy={busy} busyText="Sending...">
        Send Verification Code
      </Button>
    </form>
  );
}
