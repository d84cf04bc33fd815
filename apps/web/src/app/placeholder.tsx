import { LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { BrandLogo } from '../components/ui/brand-logo.tsx';
import { useCurrentTenant } from '../features/auth/api/get-current-tenant.ts';
import { useAuth } from '../features/auth/context/use-auth.ts';

const menu = [
  { to: '/dashboard', label: 'Painel' },
  { to: '/tickets', label: 'Chamados' },
  { to: '/notifications', label: 'Notificações' },
  { to: '/messages', label: 'Mensagens' },
  { to: '/flagged-terms', label: 'Termos Sinalizados' },
  { to: '/settings', label: 'Configurações' },
];

/** Who is signed in, in which organisation, and the way out (the full shell comes later). */
function SessionSummary() {
  const { user, signOut } = useAuth();
  const { data: tenant } = useCurrentTenant(); // left out when it fails: the header still works
  return (
    <div className="flex min-w-0 items-center gap-3 text-sm">
      <div className="min-w-0 text-right leading-tight">
        {tenant && (
          <p className="truncate font-medium text-slate-800">
            {tenant.name} <span className="font-normal text-slate-500">({tenant.slug})</span>
          </p>
        )}
        <p className="truncate text-slate-600">{user?.email}</p>
      </div>
      <button
        type="button"
        onClick={signOut}
        className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <LogOut className="size-4" aria-hidden="true" />
        Sair
      </button>
    </div>
  );
}

/** Stands in for a screen that has not been built yet. */
export function Placeholder({ title }: { title: string }) {
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-6 gap-y-3 px-4 py-3">
          <BrandLogo className="text-lg" />
          <SessionSummary />
          <nav aria-label="Menu principal" className="flex w-full flex-wrap gap-x-4 gap-y-2 text-sm">
            {menu.map((item) => (
              <Link
                key={item.to}
                to={item.to}
                className="text-slate-600 hover:text-brand-700 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                {item.label}
              </Link>
            ))}
          </nav>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-10">
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="mt-2 text-slate-600">Esta tela está em construção.</p>
      </main>
    </div>
  );
}
