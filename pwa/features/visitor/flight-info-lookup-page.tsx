/**
 * /flight-info-lookup (docs/product.md#screens Lookup, docs/product.md#messages Lookup, docs/product.md#messages Lookup): the registration's email plus the security
 * check; the server mails a link to the tokenised flight form.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ApiError, errorMessage } from '../../lib/api-client';
import { validateForm, type FieldErrors } from '../../lib/form-errors';
import { lookupSchema, VERIFICATION_MESSAGES } from '../../../shared/schemas/verification';
import { lookupFlightLink } from './api/flight-info-api';
import { ChallengeField, useChallengeRequired } from './components/challenge-field';
import { VisitorEmailField } from './components/visitor-email-field';

export default function FlightInfoLookupPage() {
  const challengeRequired = useChallengeRequired();
  const [email, setEmail] = useState('');
  const [token, setToken] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    setSent(null);
    const checked = validateForm(lookupSchema, { email, captchaToken: token });
    const found: FieldErrors = checked.errors ? { ...checked.errors } : {};
    if (challengeRequired && !token) found.captchaToken = VERIFICATION_MESSAGES.securityCheck;
    setErrors(found);
    if (!checked.data || Object.keys(found).length) return;
    setBusy(true);
    try {
      await lookupFlightLink(checked.data.email, token);
      setSent(VERIFICATION_MESSAGES.lookupSent);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setFormError(VERIFICATION_MESSAGES.lookupNotFound);
      else setFormError(errorMessage(err, 'Failed to lookup registration. Please try again.'));
    } finally {
      setBusy(false);
      setResetKey((k) => k + 1); // a challenge solution is single-use
    }
  }

  return (
    <div className="visitor-page">
      <div className="card">
        <h1>Flight Information Link</h1>
        <p className="lead">
          Enter the email address used for your registration and we will email you a link to the flight information form. The link works for
          14 days.
        </p>
        <form onSubmit={onSubmit} noValidate className="visitor-step">
          {sent && <Alert kind="success">{sent}</Alert>}
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
            error={errors.captchaToken ?? errors.turnstileToken}
            onError={(message) =>
              setErrors(({ captchaToken: _, turnstileToken: __, ...rest }) => (message ? { ...rest, captchaToken: message } : rest))
            }
          />
          <Button type="submit" className="btn-block" busy={busy} busyText="Sending...">
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
