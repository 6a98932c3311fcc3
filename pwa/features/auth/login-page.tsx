/**
 * /login (docs/product.md#screens Login, docs/product.md#messages Login, docs/product.md#messages Login): backend indicator, email, password, bot challenge,
 * 'Sign in' ('Signing in...' while busy). After success: the page that was asked for ('from'), else the
 * user's home; an already signed-in user is sent there at once.
 */
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, type Location } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ChallengeWidget } from '../../components/challenge-widget';
import { CHALLENGE_MESSAGES } from '../../../shared/schemas/common';
import { TextField } from '../../components/form-field';
import { PageSpinner } from '../../components/spinner';
import { usePublicConfig } from '../../lib/public-config';
import { useForm } from '../../lib/use-form';
import { loginSchema } from '../../../shared/schemas/auth';
import { homePathFor, sessionEnded, useAuth } from '../../app/auth-context';
import { BackendIndicator } from './backend-indicator';
import type { User } from '../../../shared/schemas/auth';

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
  // signing in again before the session ends (session-ending-notice.tsx): the form shows while signed in
  const renewing = status === 'authenticated' && (location.state as { renew?: boolean } | null)?.renew === true;
  const form = useForm({ email: renewing ? (user?.email ?? '') : '', password: '' });
  const [token, setTokenValue] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const [ended] = useState(() => sessionEnded());
  // the sentence says changes were kept only when some were (the device's outbox, read once)
  const [keptChanges, setKeptChanges] = useState(0);
  useEffect(() => {
    if (ended) import('../../offline/runtime').then((offline) => offline.unsentChanges()).then(setKeptChanges, () => undefined);
  }, [ended]);
  useEffect(() => void sessionEnded(true), []);

  const target = (u: User | null) => fromPath(location) ?? homePathFor(u);

  const needsChallenge = config.challenge.provider !== 'none';
  // Sign in pressed while the check was still being solved (Enter straight after a password manager
  // filled the form): the sign-in goes as soon as the check is done, instead of waiting for a second press
  // (only a form otherwise complete, and only as it was when pressed: one typed on meanwhile waits for its own press)
  const signInWhenChecked = useRef<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!token || signInWhenChecked.current === null) return;
    const pressed = signInWhenChecked.current;
    signInWhenChecked.current = null;
    if (pressed === JSON.stringify(form.values)) formRef.current?.requestSubmit();
  }, [token]);
  const onSubmit = form.submit({
    schema: loginSchema,
    body: (v) => ({ ...v, turnstileToken: token ?? undefined }),
    extra: (v) => {
      if (!needsChallenge || token) return undefined;
      if (loginSchema.safeParse(v).success) signInWhenChecked.current = JSON.stringify(v);
      return { turnstileToken: CHALLENGE_MESSAGES.missing };
    },
    send: async (data, { password }) => {
      const signedIn = await login({ email: data.email, password, turnstileToken: token ?? undefined });
      navigate(target(signedIn), { replace: true });
    },
    after: 'keep',
    fallback: 'Login failed. Please try again.',
    fields: () => ({}),
    onError: () => {
      setTokenValue(null);
      setResetKey((k) => k + 1); // a refused sign-in needs a fresh challenge (docs/product.md#messages)
    },
  });

  if (status === 'loading') return <PageSpinner />;
  if (status === 'authenticated' && !form.busy && !renewing) return <Navigate to={target(user)} replace />;

  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1>Staff Sign In</h1>
        <BackendIndicator />
        {/* sent here by a refused session (expired, revoked, disabled): say so, and that nothing kept is lost */}
        {ended && status !== 'authenticated' && (
          <Alert kind="info">
            Your session has ended: sign in again.
            {keptChanges > 0 && ' Changes kept on this device are sent once you have signed in.'}
          </Alert>
        )}
        <form ref={formRef} onSubmit={onSubmit} noValidate>
          {form.result && (
            <p className="form-error" role="alert">
              {form.result.text}
            </p>
          )}
          <TextField label="Email" {...form.field('email')} type="email" autoComplete="username" inputMode="email" required />
          <TextField label="Password" {...form.field('password')} type="password" autoComplete="current-password" required />
          <ChallengeWidget
            provider={config.challenge.provider}
            siteKey={config.challenge.siteKey}
            resetKey={resetKey}
            onToken={(t) => {
              setTokenValue(t);
              if (t) form.clearError('turnstileToken');
            }}
            onProblem={(p) => form.setErrors((prev) => ({ ...prev, turnstileToken: CHALLENGE_MESSAGES[p] }))}
          />
          {form.errors.turnstileToken && (
            <p className="field-error" role="alert">
              {form.errors.turnstileToken}
            </p>
          )}
          <Button type="submit" className="btn-block" busy={form.busy} busyText="Signing in...">
            Sign in
          </Button>
        </form>
      </div>
    </div>
  );
}
