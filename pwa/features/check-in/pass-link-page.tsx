/**
 * `/check-in/{number}`: where a check-in pass's QR code leads (docs/product.md#check-in-desk). On a desk
 * device (check-in staff or an admin signed in) it opens that party at the desk; anywhere else it only
 * says to show the code at the desk. The pass opens no data. A link that names no registration tells
 * staff it is no pass.
 */
import { Link, Navigate, useParams } from 'react-router-dom';
import { useAuth } from '../../app/auth-context';
import { PageSpinner } from '../../components/spinner';
import { numberFromPass } from '../../../shared/check-in-pass';

export default function PassLinkPage() {
  const { number: raw = '' } = useParams();
  const { status, user } = useAuth();
  const number = numberFromPass(raw);
  if (status === 'loading') return <PageSpinner />;
  const desk = !!user && (user.role === 'checkin' || user.role === 'admin');
  if (number && desk) return <Navigate to={`/admin/check-in?number=${encodeURIComponent(number)}`} replace />;
  if (desk) {
    // staff who scanned something that is no pass: say so, and where to type the number
    return (
      <div className="page page-narrow">
        <section className="card" aria-labelledby="pass-link-title">
          <h1 id="pass-link-title">Not a check-in pass</h1>
          <p>This link names no registration. Type the registration number or a name at the check-in desk instead.</p>
          <p>
            <Link to="/admin/check-in">Go to the check-in desk</Link>
          </p>
        </section>
      </div>
    );
  }
  return (
    <div className="page page-narrow">
      <section className="card" aria-labelledby="pass-link-title">
        <h1 id="pass-link-title">Check-in pass</h1>
        <p>Show this code at the check-in desk at the resort: the staff there will scan it to check your party in.</p>
        {number && (
          <p>
            Registration number: <strong className="reg-number">{number}</strong>
          </p>
        )}
      </section>
    </div>
  );
}
