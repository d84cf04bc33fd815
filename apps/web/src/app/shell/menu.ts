import {
  Bell,
  Building2,
  Flag,
  GraduationCap,
  LayoutDashboard,
  type LucideIcon,
  MessagesSquare,
  Settings,
  Ticket,
} from 'lucide-react';

export interface MenuItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** The Alt shortcut that opens it, announced with aria-keyshortcuts. */
  shortcut?: string;
}

/** The side menu, Clientes and Especialistas included so they can be reached. */
export const menu: readonly MenuItem[] = [
  { to: '/dashboard', label: 'Painel', icon: LayoutDashboard, shortcut: 'G' },
  { to: '/tickets', label: 'Chamados', icon: Ticket, shortcut: 'T' },
  { to: '/customers', label: 'Clientes', icon: Building2, shortcut: 'C' },
  { to: '/notifications', label: 'Notificações', icon: Bell },
  { to: '/messages', label: 'Mensagens', icon: MessagesSquare, shortcut: 'M' },
  { to: '/flagged-terms', label: 'Termos Sinalizados', icon: Flag },
  { to: '/experts', label: 'Especialistas', icon: GraduationCap },
  { to: '/settings', label: 'Configurações', icon: Settings, shortcut: 'S' },
];

const titles: Record<string, string> = {
  dashboard: 'Painel',
  tickets: 'Chamados',
  customers: 'Clientes',
  notifications: 'Notificações',
  messages: 'Mensagens',
  'flagged-terms': 'Termos Sinalizados',
  experts: 'Especialistas',
  settings: 'Configurações',
};

/** The browser tab's title for a path: 'Chamados · Atende'. */
export function pageTitle(pathname: string): string {
  const [first = '', second] = pathname.split('/').filter(Boolean);
  const title =
    first === 'tickets' && second ? 'Detalhes do chamado' : (titles[first] ?? 'Página não encontrada');
  return `${title} · Atende`;
}
