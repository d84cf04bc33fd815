import { Navigate, Outlet, type RouteObject } from 'react-router';
import { ForgotPasswordScreen } from '../features/auth/components/forgot-password-screen.tsx';
import { LoginScreen } from '../features/auth/components/login-screen.tsx';
import { NewPasswordScreen } from '../features/auth/components/new-password-screen.tsx';
import { RequireAuth } from '../features/auth/components/require-auth.tsx';
import { AuthProvider } from '../features/auth/context/auth-provider.tsx';
import { Placeholder } from './placeholder.tsx';

/**
 * The spec's route table (spec §2). Three public screens; everything else needs a session.
 * Screens arrive with their issues; until then each route renders a placeholder naming it.
 */
export const routes: RouteObject[] = [
  {
    // Inside the router, because signing out navigates.
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
          { path: '/', element: <Navigate to="/dashboard" replace /> },
          { path: '/dashboard', element: <Placeholder title="Painel" /> },
          { path: '/customers', element: <Placeholder title="Clientes" /> },
          { path: '/experts', element: <Placeholder title="Gestão de Especialistas" /> },
          { path: '/tickets', element: <Placeholder title="Chamados" /> },
          { path: '/tickets/:id', element: <Placeholder title="Detalhes do chamado" /> },
          { path: '/notifications', element: <Placeholder title="Notificações" /> },
          { path: '/messages', element: <Placeholder title="Mensagens" /> },
          { path: '/flagged-terms', element: <Placeholder title="Termos Sinalizados" /> },
          { path: '/settings', element: <Placeholder title="Configurações" /> },
          { path: '*', element: <Placeholder title="Página não encontrada" /> },
        ],
      },
    ],
  },
];
