/**
 * The route table (docs/product.md#screens). Home is in the main bundle (most visits start there); every other page is
 * a lazy chunk, so a greeter's phone loads the arrivals screen without the admin screens (docs/decisions.md
 * bundle note), and the service worker precaches them all for offline use.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { ArrivalsFrame } from '../features/arrivals/components/arrivals-frame';
import HomePage from '../features/home/home-page';
import { AdminLayout } from './layouts/admin-layout';
import { RootLayout } from './layouts/root-layout';
import { RequireAuth } from './require-auth';
import { RouteErrorBoundary } from './route-error';

const page = (C: LazyExoticComponent<ComponentType>) => <C />;

const LoginPage = lazy(() => import('../features/auth/login-page'));
const ProfilePage = lazy(() => import('../features/auth/profile-page'));
const UsersPage = lazy(() => import('../features/users/users-page'));
const NetworkTestPage = lazy(() => import('../features/network-test/network-test-page'));
const NotFoundPage = lazy(() => import('./not-found-page'));
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page'));
const RegistrationsPage = lazy(() => import('../features/registrations/registrations-page'));
const ManualCreatePage = lazy(() => import('../features/registrations/manual-create-page'));
const RegisterPage = lazy(() => import('../features/registrations/register-page'));
const RegistrationDetailPage = lazy(() => import('../features/registrations/registration-detail-page'));
const HotelAssignmentsPage = lazy(() => import('../features/hotel/hotel-assignments-page'));
const FlightArrivalsPage = lazy(() => import('../features/arrivals/flight-arrivals-page'));
const CheckInPage = lazy(() => import('../features/check-in/check-in-page'));
const PassLinkPage = lazy(() => import('../features/check-in/pass-link-page'));
const CheckRegistrationPage = lazy(() => import('../features/visitor/check-registration-page'));
const FlightInfoPage = lazy(() => import('../features/visitor/flight-info-page'));
const FlightInfoLookupPage = lazy(() => import('../features/visitor/flight-info-lookup-page'));
const FlightInfoTokenPage = lazy(() => import('../features/visitor/flight-info-token-page'));

const ADMIN = ['admin'] as const;
const GREETERS = ['greeter'] as const;
const DESK = ['checkin'] as const;

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', element: page(LoginPage) },
      { path: 'check-registration', element: page(CheckRegistrationPage) },
      // public: the page decides what a visitor, a registrant or staff may see
      { path: 'registration/:id', element: page(RegistrationDetailPage) },
      { path: 'flight-info', element: page(FlightInfoPage) },
      { path: 'flight-info-lookup', element: page(FlightInfoLookupPage) },
      { path: 'flight-info/:token', element: page(FlightInfoTokenPage) },
      { path: 'test', element: page(NetworkTestPage) },
      // a check-in pass's link: opens the party on a desk device, else says to show the code at the desk
      { path: 'check-in/:number', element: page(PassLinkPage) },
      {
        // signed-in staff (admins and greeters); pages below narrow it to admins where needed
        element: <RequireAuth />,
        children: [
          {
            element: <AdminLayout />,
            children: [
              { path: 'register', element: <RequireAuth roles={ADMIN}>{page(RegisterPage)}</RequireAuth> },
              {
                path: 'admin',
                children: [
                  {
                    // the screen's title shows while its code loads (arrivals-frame.tsx)
                    path: 'flight-arrivals',
                    element: (
                      <RequireAuth roles={GREETERS}>
                        <Suspense fallback={<ArrivalsFrame />}>{page(FlightArrivalsPage)}</Suspense>
                      </RequireAuth>
                    ),
                  },
                  { path: 'check-in', element: <RequireAuth roles={DESK}>{page(CheckInPage)}</RequireAuth> },
                  { path: 'profile', element: page(ProfilePage) },
                  {
                    element: <RequireAuth roles={ADMIN} />,
                    children: [
                      { index: true, element: page(DashboardPage) },
                      { path: 'registrations', element: page(RegistrationsPage) },
                      { path: 'registrations/new', element: page(ManualCreatePage) },
                      { path: 'hotel-assignments', element: page(HotelAssignmentsPage) },
                      { path: 'users', element: page(UsersPage) },
                      { path: '*', element: page(NotFoundPage) },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: page(NotFoundPage) },
    ],
  },
];

/**
 * The screens, inside BrowserRouter (pwa/main.tsx). Declarative routing: the app has no loaders or
 * actions, and the data router's code is ~17 KB of gzip on every first visit (docs/decisions.md
 * "Routing"). A screen that throws shows RouteError until the path changes.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const screen = useRoutes(routes);
  return <RouteErrorBoundary resetKey={pathname}>{screen}</RouteErrorBoundary>;
}
