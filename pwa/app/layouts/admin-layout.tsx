/**
 * The staff area (docs/product.md#screens): a fixed-width sidebar beside the page (a scrolling strip on phones).
 * Admins see every screen plus Users; greeters only Flight Arrivals; check-in staff only the Check-in desk. Pages load lazily under their own
 * spinner so the sidebar stays put.
 *
 * The sync status line (docs/product.md#arrivals-board: online/offline, changes not synced, last sync,
 * conflicts) sits under the links, once for every staff screen; pages do not add their own. It is loaded
 * lazily: it reads Dexie, which visitors' pages never load.
 */
import { lazy, Suspense, type CSSProperties } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { PageSpinner } from '../../components/spinner';
import { useAuth } from '../auth-context';

interface SideLink {
  to: string;
  label: string;
  end?: boolean;
}

const ADMIN_LINKS: SideLink[] = [
  { to: '/admin', label: 'Overview', end: true },
  { to: '/admin/registrations', label: 'Registrations' },
  { to: '/register', label: 'Create Registration' },
  { to: '/admin/hotel-assignments', label: 'Hotel Assignments' },
  { to: '/admin/flight-arrivals', label: 'Flight Arrivals' },
  { to: '/admin/check-in', label: 'Check-in' },
  { to: '/admin/users', label: 'Users' },
];

const SyncStatusBar = lazy(() => import('../../offline/components/sync-status-bar').then((m) => ({ default: m.SyncStatusBar })));

const syncSlot: CSSProperties = { marginTop: '0.5rem', padding: '0.5rem 0.5rem 0.25rem', borderTop: '1px solid var(--c-border)' };

const GREETER_LINKS: SideLink[] = [{ to: '/admin/flight-arrivals', label: 'Flight Arrivals' }];
const DESK_LINKS: SideLink[] = [{ to: '/admin/check-in', label: 'Check-in' }];

export function AdminLayout() {
  const { isAdmin, user } = useAuth();
  const links = isAdmin ? ADMIN_LINKS : user?.role === 'checkin' ? DESK_LINKS : GREETER_LINKS;
  return (
    <div className="admin-layout">
      {/* a greeter's one link is no menu: on a phone only the sync line shows (styles.css .sidebar-single) */}
      <nav className={`sidebar${links.length === 1 ? ' sidebar-single' : ''}`} aria-label="Admin">
        <ul>
          {links.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} end={l.end}>
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="sync-slot" style={syncSlot}>
          <Suspense fallback={null}>
            <SyncStatusBar />
          </Suspense>
        </div>
      </nav>
      <div className="admin-content">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
