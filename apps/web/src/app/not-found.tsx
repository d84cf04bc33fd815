import { Link } from 'react-router';
import { cn, focusRing } from '../components/ui/cn.ts';

/** Any protected path that is not a screen. */
export function NotFound() {
  return (
    <div className="py-10 text-center">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Página não encontrada</h1>
      <p className="mt-2 text-slate-600">O endereço não existe ou foi movido.</p>
      <Link
        to="/dashboard"
        className={cn('mt-6 inline-block rounded-md font-medium text-brand-700 hover:underline', focusRing)}
      >
        Ir para o Painel
      </Link>
    </div>
  );
}
