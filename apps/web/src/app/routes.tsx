import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/components/require-auth.tsx';
import { AuthProvider } from '../features/auth/context/auth-provider.tsx';
import { RouteErrorFallback } from './error-boundary.tsx';
import { lazyWithPreload, type PreloadableComponent } from './lazy.ts';
import { NotFound } from './not-found.tsx';
import { PageLoading } from './page-loading.tsx';

// The public screens (forms: zod, react-hook-form) and the shell (menu, drawer, notification
// feed) are chunks of their own, like every screen: the entry holds only what every route needs.
const LoginScreen = lazyWithPreload(
  () => import('../features/auth/components/login-screen.tsx'),
  (m) => m.LoginScreen,
);
const ForgotPasswordScreen = lazyWithPreload(
  () => import('../features/auth/components/forgot-password-screen.tsx'),
  (m) => m.ForgotPasswordScreen,
);
const NewPasswordScreen = lazyWithPreload(
  () => import('../features/auth/components/new-password-screen.tsx'),
  (m) => m.NewPasswordScreen,
);
const AppShell = lazyWithPreload(
  () => import('./shell/app-shell.tsx'),
  (m) => m.AppShell,
);

const CustomersScreen = lazyWithPreload(
  () => import('../features/customers/components/customers-screen.tsx'),
  (m) => m.CustomersScreen,
);
const DashboardScreen = lazyWithPreload(
  () => import('../features/dashboard/components/dashboard-screen.tsx'),
  (m) => m.DashboardScreen,
);
const ExpertsScreen = lazyWithPreload(
  () => import('../features/experts/components/experts-screen.tsx'),
  (m) => m.ExpertsScreen,
);
const MessagesScreen = lazyWithPreload(
  () => import('../features/messages/components/messages-screen.tsx'),
  (m) => m.MessagesScreen,
);
const NotificationsScreen = lazyWithPreload(
  () => import('../features/notifications/components/notifications-screen.tsx'),
  (m) => m.NotificationsScreen,
);
const SettingsScreen = lazyWithPreload(
  () => import('../features/settings/components/settings-screen.tsx'),
  (m) => m.SettingsScreen,
);
const FlaggedTermsScreen = lazyWithPreload(
  () => import('../features/flagged-terms/components/flagged-terms-screen.tsx'),
  (m) => m.FlaggedTermsScreen,
);
const TicketsScreen = lazyWithPreload(
  () => import('../features/tickets/components/tickets-screen.tsx'),
  (m) => m.TicketsScreen,
);
const TeamScreen = lazyWithPreload(
  () => import('../features/settings/components/team-screen.tsx'),
  (m) => m.TeamScreen,
);
const AuditScreen = lazyWithPreload(
  () => import('../features/settings/components/audit-screen.tsx'),
  (m) => m.AuditScreen,
);
const DigisacScreen = lazyWithPreload(
  () => import('../features/settings/components/digisac-screen.tsx'),
  (m) => m.DigisacScreen,
);
const TicketDetailScreen = lazyWithPreload(
  () => import('../features/tickets/components/ticket-detail-screen.tsx'),
  (m) => m.TicketDetailScreen,
);

/** What a route knows beyond React Router's own fields (its `handle`). */
interface RouteHandle {
  /** Fetches the route's code ahead of its render. */
  preload?: () => void;
  /** Below here, routes need a session. */
  requiresSession?: boolean;
}

/** A route showing a lazily loaded screen, which it can fetch ahead. */
const screenRoute = (path: string, Screen: PreloadableComponent): RouteObject => ({
  path,
  element: <Screen />,
  handle: { preload: Screen.preload } satisfies RouteHandle,
});

/** Public screens: once the page is idle, the shell is fetched too (the user is about to sign in). */
function PublicScreens() {
  useEffect(() => {
    const idle = setTimeout(AppShell.preload, 2000);
    return () => clearTimeout(idle);
  }, []);
  return <Outlet />;
}

/**
 * The route table. Three public screens; everything else needs a session. Every screen, and the
 * shell, is loaded lazily, a chunk each.
 */
export const routes: RouteObject[] = [
  {
    // Inside the router, because signing out navigates.
    errorElement: <RouteErrorFallback />,
    element: (
      <AuthProvider>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </AuthProvider>
    ),
    children: [
      {
        element: <PublicScreens />,
        children: [
          screenRoute('/login', LoginScreen),
          screenRoute('/esqueci-minha-senha', ForgotPasswordScreen),
          screenRoute('/nova-senha', NewPasswordScreen),
        ],
      },
      {
        element: <RequireAuth />,
        handle: { requiresSession: true } satisfies RouteHandle,
        children: [
          {
            // The shell (menu, drawer, shortcuts, error boundary) around every protected screen.
            element: <AppShell />,
            handle: { preload: AppShell.preload } satisfies RouteHandle,
            children: [
              {
                path: '/',
                element: <Navigate to="/dashboard" replace />,
                handle: { preload: DashboardScreen.preload } satisfies RouteHandle,
              },
              screenRoute('/dashboard', DashboardScreen),
              screenRoute('/customers', CustomersScreen),
              screenRoute('/experts', ExpertsScreen),
              screenRoute('/tickets', TicketsScreen),
              screenRoute('/tickets/:id', TicketDetailScreen),
              screenRoute('/notifications', NotificationsScreen),
              screenRoute('/messages', MessagesScreen),
              screenRoute('/flagged-terms', FlaggedTermsScreen),
              screenRoute('/settings', SettingsScreen),
              screenRoute('/settings/digisac', DigisacScreen),
              screenRoute('/settings/equipe', TeamScreen),
              screenRoute('/settings/auditoria', AuditScreen),
              { path: '*', element: <NotFound /> },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * Fetches the code of every route matching the first address at once — the shell and the screen
 * together, not the screen only once the shell has rendered. Protected routes only with a session;
 * without one, the sign-in screen they redirect to.
 */
export function preloadMatches(matches: readonly { route: RouteObject }[], signedIn: boolean) {
  for (const { route } of matches) {
    const handle = route.handle as RouteHandle | undefined;
    if (handle?.requiresSession && !signedIn) {
      LoginScreen.preload(); // where RequireAuth sends the visitor
      return;
    }
    handle?.preload?.();
  }
}
