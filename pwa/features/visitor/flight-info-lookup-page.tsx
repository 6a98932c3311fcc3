/**
 * /flight-info-lookup (docs/product.md#screens Lookup, docs/product.md#messages Lookup, docs/product.md#messages Lookup): the registration's email plus the security
 * check; the server mails a link to the tokenised flight form.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useForm } from '../../lib/use-form';
import { lookupSchema, VERIFICATION_MESSAGES } from '../../../shared/schemas/verification';
import { lookupFlightLink } from './api/flight-info-api';
import { ChallengeField, useChallengeRequired } from './components/challenge-field';
import { VisitorEmailField } from './components/visitor-email-field';

export default function FlightInfoLookupPage() {
  const challengeRequired = useChallengeRequired();
  const form = useForm({ email: '' });
  const [token, setToken] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const nextChallenge = () => setResetKey((k) => k + 1); // a challenge solution is single-use

  const onSubmit = form.submit({
    schema: lookupSchema,
    body: ({ email }) => ({ email, captchaToken: token }),
    extra: () => (challengeRequired && !token ? { captchaToken: VERIFICATION_MESSAGES.securityCheck } : undefined),
    send: async ({ email }) => {
      await lookupFlightLink(email, token);
      nextChallenge();
      return VERIFICATION_MESSAGES.lookupSent;
    },
    after: 'keep',
    fallback: (err) =>
      err instanceof ApiError && err.status === 404
        ? VERIFICATION_MESSAGES.lookupNotFound
        : errorMessage(err, 'Failed to lookup registration. Please try again.'),
    fields: () => ({}),
    onError: nextChallenge,
  });

  return (
    <div className="visitor-page">
      <div className="card">
        <h1>Flight Information Link</h1>
        <p className="lead">
          Enter the email address used for your registration and we will email you a link to the flight information form. The link works for
          14 days.
        </p>
        <form onSubmit={onSubmit} noValidate className="visitor-step">
          {form.result && <Alert kind={form.result.kind}>{form.result.text}</Alert>}
          <VisitorEmailField value={form.values.email} onChange={(value) => form.set('email', value)} error={form.errors.email} />
          <ChallengeField
            onToken={setToken}
            resetKey={resetKey}
            error={form.errors.captchaToken ?? form.errors.turnstileToken}
            onError={(message) =>
              form.setErrors(({ captchaToken: _, turnstileToken: __, ...rest }) => (message ? { ...rest, captchaToken: message } : rest))
            }
          />
          <Button type="submit" className="btn-block" busy={form.busy} busyText="Sending...">
            Send Me the Link
          </Button>
        </form>
        <p className="step-footer">
          Have your code ready instead? <Link to="/flight-info">Verify with an email code</Link>
        </p>
      </div>
    </div>
  );
}
