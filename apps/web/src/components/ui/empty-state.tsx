import { CloudOff, Inbox, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';

interface EmptyStateProps {
  title: string;
  /** What to do next ('Tente ajustar os filtros de busca'). */
  description?: ReactNode;
  icon?: LucideIcon;
  /** A button or link that does that next thing. */
  action?: ReactNode;
}

/** Nothing to show, and what the user can do about it. */
export function EmptyState({ title, description, icon: Icon = Inbox, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center px-4 py-10 text-center">
      <Icon className="size-8 text-slate-400" aria-hidden="true" />
      <p className="mt-3 text-base font-medium text-slate-900">{title}</p>
      {description && <p className="mt-1 max-w-prose text-sm text-slate-600">{description}</p>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}

interface LoadErrorProps {
  title: string;
  description?: ReactNode;
  onRetry: () => void;
  retrying?: boolean;
  /** The button's text when asking again is not what helps ('Ir para a página 500'). */
  retryLabel?: string;
}

/** A list or record that could not be loaded, and a button that asks again. */
export function LoadError({
  title,
  description,
  onRetry,
  retrying = false,
  retryLabel = 'Tentar novamente',
}: LoadErrorProps) {
  return (
    <div role="alert">
      <EmptyState
        icon={CloudOff}
        title={title}
        description={description}
        action={
          <Button variant="secondary" pending={retrying} onClick={onRetry}>
            {retryLabel}
          </Button>
        }
      />
    </div>
  );
}

/** Said above a list's skeleton while a failed load is tried again ('X. Tentando novamente…'). */
export function RetryNotice({ title }: { title: string }) {
  return (
    <p role="status" className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
      {title.replace(/\.$/, '')}. Tentando novamente…
    </p>
  );
}
