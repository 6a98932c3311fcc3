/**
 * The top navigation bar (docs/product.md#screens): title '{event name} {year}', links Home, Check Registration and
 * Admin (signed-in admins only), highlighted when the path equals or starts with the link's path. The
 * right side has three states: signed-in staff menu, verified registrant's 'My Registration' menu, or
 * an 'Admin' button to /login.
 */
import { Link, useLocation } from 'react-router-dom';
import { Menu } from '../../components/menu';
import { Spinner } from '../../components/spinner';
import { useAuth } from '../auth-context';
import { useRegistrantVerification } from '../registrant/verification-store';
import { useEvent } from '../../lib/public-config';
import { ROLE_LABELS } from '../../../shared/constants';

/** '/' would prefix every path, so Home is active only on '/'. */
export function isActivePath(pathname: string, linkPath: string): boolean {
  if (linkPath === '/') return pathname === '/';
  return pathname === linkPath || pathname.startsWith(linkPath);
}

export function TopNav() {
  const event = useEvent();
  const { pathname } = useLocation();
  const { status, isAdmin } = useAuth();
  const links = [
    { to: '/', label: 'Home' },
    { to: '/check-registration', label: 'Check Registration' },
    ...(status === 'authenticated' && isAdmin ? [{ to: '/admin', label: 'Admin' }] : []),
  ];
  return (
    <header className="topbar">
      <div className="topbar-inner">
        <Link to="/" className="brand">
          {event.name} {event.year}
        </Link>
        <nav aria-label="Main" className="topnav">
          <ul>
            {links.map((l) => {
              const active = isActivePath(pathname, l.to);
              return (
                <li key={l.to}>
                  <Link to={l.to} className={active ? 'active' : undefined} aria-current={active ? 'page' : undefined}>
                    {l.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="account">
          <AccountArea />
        </div>
      </div>
    </header>
  );
}

function AccountArea() {
  const { status, user, logout } = useAuth();
  const { verification, signOut } = useRegistrantVerification();

  if (status === 'loading') return <Spinner size={20} label="Checking sign-in..." />;

  if (status === 'authenticated' && user) {
    return (
      <Menu label={`${user.first_name} ${user.last_name}`}>
        {(close) => (
          <>
            <div className="menu-section">
              {/* the spaces keep "Signed in as {email} {role}" apart when the section is read as text */}
              <p className="menu-caption">Signed in as</p> <p className="menu-strong">{user.email}</p>{' '}
              <p className="tag">{ROLE_LABELS[user.role]}</p>
            </div>
            {user.role === 'greeter' && (
              <Link to="/admin/flight-arrivals" className="menu-item" onClick={close}>
                Flight Arrivals
              </Link>
            )}
            {user.role === 'checkin' && (
              <Link to="/admin/check-in" className="menu-item" onClick={close}>
                Check-in
              </Link>
            )}
            <Link to="/admin/profile" className="menu-item" onClick={close}>
              Change Password
            </Link>
            <button
              type="button"
              className="menu-item"
              onClick={() => {
                close();
                void logout();
              }}
            >
              Sign out
            </button>
          </>
        )}
      </Menu>
    );
  }

  if (verification) {
    return (
      <Menu label="My Registration">
        {(close) => (
          <>
            <div className="menu-section">
              <p className="menu-caption">Verified</p> <p className="menu-strong">{verification.email}</p>
            </div>
            <Link to={`/registration/${encodeURIComponent(verification.registrationNumber)}`} className="menu-item" onClick={close}>
              View Registration
            </Link>
            <button
              type="button"
              className="menu-item"
              onClick={() => {
                close();
                signOut();
              }}
            >
              Sign out
            </button>
          </>
        )}
      </Menu>
    );
  }

  return (
    <Link to="/login" className="btn btn-secondary btn-small">
      Admin
    </Link>
  );
}
