import { Navigate, type RouteObject } from 'react-router';
import { Placeholder } from './placeholder.tsx';

/**
 * The spec's route table (spec §2). Screens arrive with their issues; until then each route
 * renders a placeholder naming it, so links and deep links already work.
 */
export const routes: RouteObject[] = [
  { path: '/login', element: <Placeholder title="Entrar na plataforma" /> },
  { path: '/esqueci-minha-senha', element: <Placeholder title="Recuperar senha" /> },
  { path: '/nova-senha', element: <Placeholder title="Nova senha" /> },
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
];
