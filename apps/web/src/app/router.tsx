import { lazy, Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import {
  BrowserRouter,
  Navigate,
  StaticRouter,
  Outlet,
  useLocation,
  useNavigate,
  useRoutes,
  type RouteObject,
} from 'react-router';
import { setUnauthorizedHandler } from '../api/client';
import { PageErrorBoundary } from './error-boundary';
import { GuestGuard, PageSpinner, RequireAbility, RequireAuth } from './guards';
import { replayTypedBeforeHydration } from './typed-before-hydration';
import { VersionCheck } from './version-check';

/** A lazily loaded component (each route is its own chunk, so the login route stays small). */
function lazyElement<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Loaded = lazy(async () => {
    const loaded: ComponentType = (await load())[name];
    return { default: loaded };
  });
  return <Loaded />;
}

/**
 * A lazily loaded page. Once a page has been hydrated, what was typed into the server's view of it
 * is typed again: the layout around it is then React's too, which it is not yet when the
 * layout's own effects run (the page in its Suspense may still be waiting for its chunk).
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return <TakenOver>{lazyElement(load, name)}</TakenOver>;
}

/** Renders no element of its own: the server's view and the browser's stay the same tree. */
function TakenOver({ children }: { children: ReactNode }) {
  useEffect(replayTypedBeforeHydration, []);
  return children;
}

const login = page(() => import('../features/auth/login-page'), 'LoginPage');
const register = page(() => import('../features/auth/register-page'), 'RegisterPage');
const forgetPassword = page(() => import('../features/auth/forget-password-page'), 'ForgetPasswordPage');
const quotes = page(() => import('../features/quotes/quotes-page'), 'QuotesPage');
const rates = page(() => import('../features/rates/rates-page'), 'RatesPage');
const bookings = page(() => import('../features/bookings/bookings-page'), 'BookingsPage');
const receivedBookings = page(() => import('../features/bookings/bookings-page'), 'ReceivedBookingsPage');
const bookingForm = page(() => import('../features/bookings/booking-form-page'), 'BookingFormPage');
const bookingDetail = page(
  () => import('../features/bookings/booking-detail-page'),
  'MemberBookingDetailPage',
);
const receivedBookingDetail = page(
  () => import('../features/bookings/booking-detail-page'),
  'ForwarderBookingDetailPage',
);
const receivedRfqs = page(() => import('../features/rfqs/received-rfqs-page'), 'ReceivedRfqsPage');
const receivedRfqDetail = page(
  () => import('../features/rfqs/received-rfq-detail-page'),
  'ReceivedRfqDetailPage',
);
const myRfqs = page(() => import('../features/rfqs/my-rfqs-page'), 'MyRfqsPage');
const myRfqDetail = page(() => import('../features/rfqs/my-rfq-detail-page'), 'MyRfqDetailPage');
const notifications = page(() => import('../features/notifications/notifications-page'), 'NotificationsPage');
const shippers = page(() => import('../features/shippers/shippers-page'), 'ShippersPage');
const contacts = page(() => import('../features/contacts/contacts-page'), 'ContactsPage');
const profile = page(() => import('../features/profile/profile-page'), 'ProfilePage');
const team = page(() => import('../features/team/team-page'), 'TeamPage');
const join = page(() => import('../features/team/join-page'), 'JoinPage');
const unsubscribe = page(() => import('../features/profile/unsubscribe-page'), 'UnsubscribePage');
const activity = page(() => import('../features/activity/activity-page'), 'ActivityPage');
const webhooks = page(() => import('../features/webhooks/webhooks-page'), 'WebhooksPage');
const notFound = page(() => import('../features/system/not-found-page'), 'NotFoundPage');
// The member layout (menu, drawer, language select) is not needed by the login and register pages.
const mainLayout = lazyElement(() => import('./main-layout'), 'MainLayout');

function RootShell() {
  return (
    <>
      <VersionCheck />
      <PageErrorBoundary>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
    </>
  );
}

const routes: RouteObject[] = [
  {
    element: <RootShell />,
    children: [
      {
        element: <GuestGuard />,
        children: [
          { path: '/login', element: login },
          { path: '/register', element: register },
        ],
      },
      { path: '/forget-password', element: forgetPassword },
      // The invitation page: open with or without a session (joining replaces it).
      { path: '/join', element: join },
      // A notification mail's unsubscribe link: no login, the signed token is the proof.
      { path: '/unsubscribe', element: unsubscribe },
      {
        element: <RequireAuth />,
        children: [
          {
            element: mainLayout,
            children: [
              { index: true, element: <Navigate to="/quotes" replace /> },
              { path: '/quotes', element: quotes },
              { path: '/rate', element: rates },
              { path: '/bookings', element: bookings },
              {
                // The booking form writes: a viewer opening it by its address goes back to the list.
                element: (
                  <RequireAbility ability="draft" fallback="/bookings" messageKey="bookings.form.readOnly" />
                ),
                children: [
                  { path: '/bookings/create-fcl', element: bookingForm },
                  { path: '/bookings/create-lcl', element: bookingForm },
                  { path: '/bookings/edit-fcl/:id', element: bookingForm },
                  { path: '/bookings/edit-lcl/:id', element: bookingForm },
                  { path: '/bookings/copy-fcl/:id', element: bookingForm },
                  { path: '/bookings/copy-lcl/:id', element: bookingForm },
                ],
              },
              { path: '/bookings/:id', element: bookingDetail },
              { path: '/received-bookings', element: receivedBookings },
              { path: '/received-bookings/:id', element: receivedBookingDetail },
              { path: '/rfqs', element: myRfqs },
              { path: '/rfqs/:id', element: myRfqDetail },
              { path: '/received-rfqs', element: receivedRfqs },
              { path: '/received-rfqs/:id', element: receivedRfqDetail },
              { path: '/shippers', element: shippers },
              { path: '/contacts', element: contacts },
              { path: '/profile', element: profile },
              { path: '/team', element: team },
              // Under /team: the same authority guards it (contract MENU), without a menu item of its own.
              { path: '/team/webhooks', element: webhooks },
              { path: '/activity', element: activity },
              // Every signed-in person's own, from the bell: no authority, no menu item.
              { path: '/notifications', element: notifications },
            ],
          },
        ],
      },
      { path: '*', element: notFound },
    ],
  },
];

/** A session the server refused (401) leads to /login without reloading the page. */
function UnauthorizedRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  const current = useRef({ navigate, location });
  current.current = { navigate, location };
  useEffect(() => {
    setUnauthorizedHandler(() => {
      const { pathname, search } = current.current.location;
      if (pathname !== '/login') {
        void current.current.navigate('/login', { replace: true, state: { from: `${pathname}${search}` } });
      }
    });
  }, []);
  return null;
}

function PortalRoutes() {
  return useRoutes(routes);
}

/**
 * The portal's routes in declarative mode: the pages need no loaders or actions, and the data
 * router would add its whole engine to the first download. With `location`, the server renders a
 * page's first view (src/server-render.tsx).
 */
export function PortalRouter({ location }: { location?: string | undefined }) {
  // The same children in both: React's ids (useId) follow the tree's shape, and the browser's must
  // match the server's where it hydrates the server's view.
  if (location !== undefined) {
    return (
      <StaticRouter location={location}>
        <UnauthorizedRedirect />
        <PortalRoutes />
      </StaticRouter>
    );
  }
  return (
    <BrowserRouter>
      <UnauthorizedRedirect />
      <PortalRoutes />
    </BrowserRouter>
  );
}
