/**
 * Step 1 of Check Registration and of the flight-info flow (docs/product.md#screens Flight email step, docs/product.md#messages Send
 * code): the registration's email plus the bot challenge; the server mails a 6-character code.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useForm } from '../../../lib/use-form';
import { useEvent } from '../../../lib/public-config';
import { sendVerificationSchema, VERIFICATION_MESSAGES } from '../../../../shared/schemas/verification';
import { CHALLENGE_MESSAGES } from '../../../../shared/schemas/common';
import { sendVerificationCode, type CodeFlow } from '../api/verification-api';
import { readPendingCode, rememberPendingCode } from '../pending-code';
import { ChallengeField, useChallengeRequired } from './challenge-field';
import { VisitorEmailField } from './visitor-email-field';

export interface EmailStepProps {
  flow: CodeFlow;
  initialEmail?: string;
  /** a message carried over from an earlier step (e.g. an expired verification) */
  notice?: ReactNode;
  onSent: (email: string) => void;
}

export function EmailStep({ flow, initialEmail = '', notice, onSent }: EmailStepProps) {
  const challengeRequired = useChallengeRequired();
  const event = useEvent();
  const form = useForm({ email: initialEmail });
  const [token, setToken] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const missingChallenge = challengeRequired && !token;
  // a code this tab asked for, still valid: it can be entered without sending another (pending-code.ts)
  const [codeSentTo] = useState(() => readPendingCode(flow));

  const send = form.submit({
    schema: sendVerificationSchema(),
    extra: () => (missingChallenge ? { turnstileToken: CHALLENGE_MESSAGES.missing } : undefined),
    send: async ({ email }) => {
      await sendVerificationCode(flow, email, token);
      rememberPendingCode(flow, email);
      onSent(email);
    },
    after: 'keep',
    fallback: (err) =>
      err instanceof ApiError && err.status === 404
        ? VERIFICATION_MESSAGES.noRegistration
        : errorMessage(err, 'Failed to send verification code'),
    // the challenge's own message under it, unless the banner already says it
    fields: (err, text) => {
      const message = err instanceof ApiError ? err.fields.turnstileToken : undefined;
      return message && message !== text ? { turnstileToken: message } : undefined;
    },
    onError: () => setResetKey((k) => k + 1), // a challenge solution is single-use
  });

  function onSubmit(e: FormEvent) {
    if (flow === 'flight-info' && (!form.values.email.trim() || missingChallenge)) {
      // docs/product.md#messages Flight email step: one sentence for either missing piece
      e.preventDefault();
      form.setErrors({});
      form.setResult({ kind: 'error', text: VERIFICATION_MESSAGES.flightEmailStep });
      return;
    }
    void send(e);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="visitor-step">
      {notice}
      <p className="lead">Enter the email address used for the registration. We will email you a 6-character verification code.</p>
      {form.result && <Alert kind="error">{form.result.text}</Alert>}
      {/* the spec's sentence as it is; what else it can mean, and whom to ask */}
      {form.result?.text === VERIFICATION_MESSAGES.noRegistration && (
        <p className="note">
          Registered with another address? Try that one. A registration that was cancelled is not found here: write to{' '}
          <a href={`mailto:${event.supportEmail}`}>{event.supportEmail}</a>.
        </p>
      )}
      {/* back from the code step (the address kept): focus is on the address, not lost with the step */}
      <VisitorEmailField
        value={form.values.email}
        onChange={(value) => form.set('email', value)}
        error={form.errors.email}
        autoFocus={initialEmail !== ''}
      />
      <ChallengeField
        onToken={setToken}
        resetKey={resetKey}
        error={form.errors.turnstileToken}
        onError={(message) => form.setErrors(({ turnstileToken: _, ...rest }) => (message ? { ...rest, turnstileToken: message } : rest))}
      />
      <Button type="submit" className="btn-block" busy={form.busy} busyText="Sending...">
        Send Verification Code
      </Button>
      {codeSentTo && (
        <p className="step-back">
          <a
            href="#code"
            onClick={(e) => {
              e.preventDefault();
              onSent(codeSentTo);
            }}
          >
            Enter the code already sent to {codeSentTo}
          </a>
        </p>
      )}
    </form>
  );
}
