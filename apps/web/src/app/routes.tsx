import { lazy } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { ForgotPasswordScreen } from '../features/auth/components/forgot-password-screen.tsx';
import { LoginScreen } from '../features/auth/components/login-screen.tsx';
import { NewPasswordScreen } from '../features/auth/components/new-password-screen.tsx';
import { RequireAuth } from '../features/auth/components/require-auth.tsx';
import { AuthProvider } from '../features/auth/context/auth-provider.tsx';
import { RouteErrorFallback } from './error-boundary.tsx';
import { NotFound } from './not-found.tsx';
import { AppShell } from './shell/app-shell.tsx';

const CustomersScreen = lazy(() =>
  import('../features/customers/components/customers-screen.tsx').then((m) => ({
    default: m.CustomersScreen,
  })),
);
const DashboardScreen = lazy(() =>
  import('../features/dashboard/components/dashboard-screen.tsx').then((m) => ({
    default: m.DashboardScreen,
  })),
);
const ExpertsScreen = lazy(() =>
  import('../features/experts/components/experts-screen.tsx').then((m) => ({
    default: m.ExpertsScreen,
  })),
);
const MessagesScreen = lazy(() =>
  import('../features/messages/components/messages-screen.tsx').then((m) => ({
    default: m.MessagesScreen,
  })),
);
const NotificationsScreen = lazy(() =>
  import('../features/notifications/components/notifications-screen.tsx').then((m) => ({
    default: m.NotificationsScreen,
  })),
);
const SettingsScreen = lazy(() =>
  import('../features/settings/components/settings-screen.tsx').then((m) => ({
    default: m.SettingsScreen,
  })),
);
const FlaggedTermsScreen = lazy(() =>
  import('../features/flagged-terms/components/flagged-terms-screen.tsx').then((m) => ({
    default: m.FlaggedTermsScreen,
  })),
);
const TicketsScreen = lazy(() =>
  import('../features/tickets/components/tickets-screen.tsx').then((m) => ({ default: m.TicketsScreen })),
);
const TicketDetailScreen = lazy(() =>
  import('../features/tickets/components/ticket-detail-screen.tsx').then((m) => ({
    default: m.TicketDetailScreen,
  })),
);

/**
 * The spec's route table (spec §2). Three public screens; everything else needs a session and
 * is loaded lazily, a chunk per screen.
 */
export const routes: RouteObject[] = [
  {
    // Inside the router, because signing out navigates.
    errorElement: <RouteErrorFallback />,
    element: (
      <AuthProvider>
        <Outlet />
      </AuthProvider>
    ),
    children: [
      { path: '/login', element: <LoginScreen /> },
      { path: '/esqueci-minha-senha', element: <ForgotPasswordScreen /> },
      { path: '/nova-senha', element: <NewPasswordScreen /> },
      {
        element: <RequireAuth />,
        children: [
          {
            // The shell (menu, drawer, shortcuts, error boundary) around every protected screen.
            element: <AppShell />,
            children: [
              { path: '/', element: <Navigate to="/dashboard" replace /> },
              { path: '/dashboard', element: <DashboardScreen /> },
              { path: '/customers', element: <CustomersScreen /> },
              { path: '/experts', element: <ExpertsScreen /> },
              { path: '/tickets', element: <TicketsScreen /> },
              { path: '/tickets/:id', element: <TicketDetailScreen /> },
              { path: '/notifications', element: <NotificationsScreen /> },
              { path: '/messages', element: <MessagesScreen /> },
              { path: '/flagged-terms', element: <FlaggedTermsScreen /> },
              { path: '/settings', element: <SettingsScreen /> },
              { path: '*', element: <NotFound /> },
            ],
          },
        ],
      },
    ],
  },
];
