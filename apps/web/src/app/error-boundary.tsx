import { TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '../components/ui/button.tsx';

/** The error screen: 'Algo deu errado', try again or reload. */
export function ErrorFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center">
      <TriangleAlert className="size-10 text-amber-600" aria-hidden="true" />
      <h1 className="mt-4 text-xl font-semibold text-slate-900">Algo deu errado</h1>
      <p className="mt-2 text-sm text-slate-600">
        Ocorreu um erro inesperado ao exibir esta tela. Tente novamente ou recarregue a página.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Button onClick={onRetry}>Tentar Novamente</Button>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Recarregar Página
        </Button>
      </div>
    </div>
  );
}

interface ErrorBoundaryProps {
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: unknown;
}

/** The browser could not fetch a lazily loaded screen (offline, or a newer deploy removed it). */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof TypeError && /dynamically imported module|module script failed/i.test(error.message)
  );
}

/** Catches a screen's render errors so the shell (menu, sign out) keeps working. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Atende: erro ao exibir a tela:', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (error) {
      // A screen whose code failed to download fails again from React's cache: reload instead.
      const retry = isChunkLoadError(error)
        ? () => window.location.reload()
        : () => this.setState({ error: null });
      return <ErrorFallback onRetry={retry} />;
    }
    return this.props.children;
  }
}

/** For the router's errorElement: errors outside any screen (e.g. a lazy chunk that fails to load). */
export function RouteErrorFallback() {
  const error = useRouteError();
  console.error('Atende: erro de rota:', error);
  return (
    <main className="min-h-screen bg-slate-50">
      <ErrorFallback onRetry={() => window.location.reload()} />
    </main>
  );
}
