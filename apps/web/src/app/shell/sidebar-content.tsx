import { LogOut, Settings } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { BrandLogo } from '../../components/ui/brand-logo.tsx';
import { cn, focusRing } from '../../components/ui/cn.ts';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useCurrentTenant } from '../../features/auth/api/get-current-tenant.ts';
import { useAuth } from '../../features/auth/context/use-auth.ts';
import { menu } from './menu.ts';

/** The organisation's name and slug, or its id when the name cannot be loaded. */
function TenantSummary({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useAuth();
  const { data: tenant, isPending, isError } = useCurrentTenant();
  return (
    <div className="mx-3 flex items-start justify-between gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2.5">
      <div className="min-w-0 text-sm leading-tight">
        <p className="text-xs font-medium text-slate-500">Organização</p>
        {tenant ? (
          <>
            <p className="mt-0.5 truncate font-medium text-slate-900">{tenant.name}</p>
            <p className="truncate text-xs text-slate-600">{tenant.slug}</p>
          </>
        ) : isPending && !isError ? (
          <div className="mt-1 space-y-1.5">
            <Skeleton className="h-3.5 w-28" />
            <Skeleton className="h-3 w-20" />
          </div>
        ) : (
          <p className="mt-0.5 truncate text-xs text-slate-600">{user?.tenantId}</p>
        )}
      </div>
      <Link
        to="/settings"
        onClick={onNavigate}
        aria-label="Configurações da conta"
        title="Configurações da conta"
        className={cn(
          'flex size-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-white hover:text-slate-800',
          focusRing,
        )}
      >
        <Settings className="size-4" aria-hidden="true" />
      </Link>
    </div>
  );
}

/** What the desktop sidebar and the mobile drawer both show. */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const { user, signOut } = useAuth();
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-14 shrink-0 items-center px-4">
        <Link to="/dashboard" onClick={onNavigate} className={cn('rounded-md', focusRing)}>
          <BrandLogo className="text-lg" />
          <span className="sr-only"> — Painel</span>
        </Link>
      </div>
      <TenantSummary onNavigate={onNavigate} />
      <nav aria-label="Menu principal" className="mt-4 flex-1 overflow-y-auto px-3">
        <ul className="space-y-0.5">
          {menu.map(({ to, label, icon: Icon, shortcut }) => (
            <li key={to}>
              <NavLink
                to={to}
                onClick={onNavigate}
                aria-keyshortcuts={shortcut ? `Alt+${shortcut}` : undefined}
                className={({ isActive }) =>
                  cn(
                    'flex h-9 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors',
                    focusRing,
                    isActive
                      ? 'bg-brand-50 text-brand-800'
                      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                  )
                }
              >
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                <span className="truncate">{label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="shrink-0 border-t border-slate-200 p-3">
        <p className="truncate px-1 text-sm text-slate-700" title={user?.email}>
          {user?.email}
        </p>
        <button
          type="button"
          onClick={signOut}
          aria-keyshortcuts="Alt+L"
          className={cn(
            'mt-2 flex h-9 w-full items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50',
            focusRing,
          )}
        >
          <LogOut className="size-4" aria-hidden="true" />
          Sair
        </button>
      </div>
    </div>
  );
}
