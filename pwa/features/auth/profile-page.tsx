/** /admin/profile (docs/product.md#screens Profile): the signed-in user's name, email and role, and Change Password. */
import { useAuth } from '../../app/auth-context';
import { ChangePasswordForm } from './change-password-form';
import { ROLE_LABELS } from '../../../shared/constants';

export default function ProfilePage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="page page-narrow">
      <h1>Profile</h1>
      <section className="card" aria-labelledby="profile-details">
        <h2 id="profile-details">Account</h2>
        <dl className="details">
          <div>
            <dt>Full Name</dt>
            <dd>
              {user.first_name} {user.last_name}
            </dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>Role</dt>
            <dd>{ROLE_LABELS[user.role]}</dd>
          </div>
        </dl>
      </section>
      <section className="card">
        <ChangePasswordForm />
      </section>
    </div>
  );
}
