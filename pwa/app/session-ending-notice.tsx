/**
 * A staff session ends 12 hours after its sign-in (docs/product.md#security-and-limits). In its last hour every screen says so and
 * offers to sign in again now, while there is signal: a greeter whose session runs out at the airport is
 * sent to the sign-in page by the next answer, and without signal could not open the board again. Signing
 * in again as the same user keeps everything on the device, changes not yet sent included.
 */
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { getSessionEnd } from '../lib/api-client';
import { formatClock } from '../lib/format';
import { useAuth } from './auth-context';

const WARN_MS = 60 * 60 * 1000;

export function SessionEndingNotice() {
  const { status } = useAuth();
  const { pathname, search, hash } = useLocation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  const ends = status === 'authenticated' ? getSessionEnd() : null;
  if (ends === null || ends <= now || ends - now > WARN_MS || pathname === '/login') return null;
  return (
    <div className="alert alert-warning session-banner" role="status">
      <span>Your session ends at {formatClock(new Date(ends))}. Sign in again now, while you have signal, to keep working after that.</span>
      <Link className="btn btn-primary btn-small" to="/login" state={{ renew: true, from: { pathname, search, hash } }}>
        Sign in again
      </Link>
    </div>
  );
}
