import type { ReactNode } from 'react';

interface PageHeaderProps {
  /** The screen's h1. */
  title: ReactNode;
  description?: ReactNode;
  /** Buttons on the right (wrap under the title on narrow screens). */
  actions?: ReactNode;
}

/** The top of every screen: one h1, an optional line of context and the screen's main actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
