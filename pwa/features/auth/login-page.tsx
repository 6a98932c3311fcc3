/**
 * /login (docs/product.md#screens Login, docs/product.md#messages Login, docs/product.md#messages Login): backend indicator, email, password, bot challenge,
 * 'Sign in' ('Signing in...' while busy). After success: the page that was asked for ('from'), else the
 * user's home; an already signed-in user is sent there at once.
 */
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate, type Location } from 'react-router-dom';
import { Button } from '../../components/button';
import { ChallengeWidget, type ChallengeProblem } from '../../components/challenge-widget';
import { TextField } from '../../components/form-field';
import { PageSpinner } from '../../components/spinner';
import { errorMessage } from '../../lib/api-client';
import { validateForm, type FieldErrors } from '../../lib/form-errors';
import { usePublicConfig } from '../../lib/public-config';
import { loginSchema } from '../../../shared/schemas/auth';
import { homePathFor, useAuth } from '../../app/auth-context';
import { BackendIndicator } from './backend-indicator';
import type { User } from '../../../shared/schemas/auth';

const CHALLENGE_MESSAGES: Record<ChallengeProblem, string> = {
  failed: 'Security verification failed. Please try again.',
  expired: 'Security verification expired. Please try again.',
};

/** The page asked for before sign-in, as a path ('from' in the router state), or null. */
function fromPath(location: Location): string | null {
  const from = (location.state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname === '/login') return null;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

export default function LoginPage() {
  const { status, user, login } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const config = usePublicConfig();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [token, setTokenValue] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const target = (u: User | null) => fromPath(location) ?? homePathFor(u);

  if (status === 'loading') return <PageSpinner />;
  if (status === 'authenticated' && !busy) return <Navigate to={target(user)} replace />;

  const needsChallenge = config.challenge.provider !== 'none';

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const checked = validateForm(loginSchema, { email, password, turnstileToken: token ?? undefined });
    const found: FieldErrors = checked.errors ? { ...checked.errors } : {};
    if (needsChallenge && !token) found.turnstileToken = 'Please complete the security verification.';
    setErrors(found);
    if (Object.keys(found).length || !checked.data) return;
    setBusy(true);
    try {
      const signedIn = await login({ email: checked.data.email, password, turnstileToken: token ?? undefined });
      navigate(target(signedIn), { replace: true });
    } catch (err) {
      setFormError(errorMessage(err, 'Login failed. Please try again.'));
      setTokenValue(null);
      setResetKey((k) => k + 1); // a refused sign-in needs a fresh challenge (docs/product.md#messages)
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1>Staff Sign In</h1>
        <BackendIndicator />
        <form onSubmit={onSubmit} noValidate>
          {formError && (
            <p className="form-error" role="alert">
              {formError}
            </p>
          )}
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="username"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
            required
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
            required
          />
          <ChallengeWidget
            provider={config.challenge.provider}
            siteKey={config.challenge.siteKey}
            resetKey={resetKey}
            onToken={(t) => {
              setTokenValue(t);
              if (t) setErrors(({ turnstileToken: _, ...rest }) => rest);
            }}
            onProblem={(p) => setErrors((prev) => ({ ...prev, turnstileToken: CHALLENGE_MESSAGES[p] }))}
          />
          {errors.turnstileToken && (
            <p className="field-error" role="alert">
              {errors.turnstileToken}
            </p>
          )}
          <Button type="submit" className="btn-block" busy={busy} busyText="Signing in...">
            Sign in
          </Button>
        </form>
      </div>
    </div>
  );
}
