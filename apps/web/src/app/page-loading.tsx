import { Spinner } from '../components/ui/spinner.tsx';

/** The whole page while its code arrives (a public screen, or the shell around a protected one). */
export function PageLoading() {
  return (
    <div data-testid="page-loading" className="flex min-h-dvh items-center justify-center bg-slate-50">
      <Spinner label="Carregando…" className="size-5" />
    </div>
  );
}
