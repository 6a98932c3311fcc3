/** The panel a signed-in non-admin sees on an admin-only page (docs/product.md#screens protected-route behaviour). */
import { Link } from 'react-router-dom';
import { useAuth } from './auth-context';

export function AccessDenied() {
  const { user } = useAuth();
  return (
    <div className="page page-narrow">
      <section className="card access-denied" aria-labelledby="access-denied-title">
        <h1 id="access-denied-title">Admin Access Required</h1>
        <p>This page is restricted to administrators only.</p>
        <p className="actions">
          <Link to="/" className="btn btn-primary">
            Return to Home
          </Link>
          {user?.role === 'greeter' && (
            <Link to="/admin/flight-arrivals" className="btn btn-secondary">
              Go to Flight Arrivals
            </Link>
          )}
          {user?.role === 'checkin' && (
            <Link to="/admin/check-in" className="btn btn-secondary">
              Go to Check-in
            </Link>
          )}
        </p>
      </section>
    </div>
  );
}
