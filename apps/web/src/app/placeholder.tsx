import { Link } from 'react-router';

const menu = [
  { to: '/dashboard', label: 'Painel' },
  { to: '/tickets', label: 'Chamados' },
  { to: '/notifications', label: 'Notificações' },
  { to: '/messages', label: 'Mensagens' },
  { to: '/flagged-terms', label: 'Termos Sinalizados' },
  { to: '/settings', label: 'Configurações' },
];

/** Stands in for a screen that has not been built yet. */
export function Placeholder({ title }: { title: string }) {
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center gap-6 px-4 py-3">
          <span className="text-lg font-semibold text-brand-700">Atende</span>
          <nav aria-label="Menu principal" className="flex flex-wrap gap-4 text-sm">
            {menu.map((item) => (
              <Link key={item.to} to={item.to} className="text-slate-600 hover:text-brand-700">
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
