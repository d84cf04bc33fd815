import type { ComponentProps } from 'react';
import { cn, focusRing } from './cn.ts';

interface TableContainerProps extends ComponentProps<'section'> {
  /** Names the scrolling region (it is focusable so keyboard users can scroll it). */
  label: string;
  /** Tailwind max-height of the scroll area; the header row stays visible while it scrolls. */
  maxHeight?: string;
}

/**
 * The table's scroll area: the table scrolls inside its card, not the page (390 px wide screens),
 * and its header row sticks to the top.
 */
export function TableContainer({
  label,
  maxHeight = 'max-h-[70vh]',
  className = '',
  ...props
}: TableContainerProps) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      className={cn('relative overflow-auto', maxHeight, focusRing, className)}
      {...props}
    />
  );
}

export function Table({ className = '', ...props }: ComponentProps<'table'>) {
  return <table className={cn('w-full border-collapse text-left text-sm', className)} {...props} />;
}

export function TableHead({ className = '', ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('sticky top-0 z-10 bg-slate-50', className)} {...props} />;
}

export function TableBody({ className = '', ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('divide-y divide-slate-200', className)} {...props} />;
}

export function TableRow({ className = '', ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('hover:bg-slate-50', className)} {...props} />;
}

export function TableHeaderCell({ className = '', scope = 'col', ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope={scope}
      className={cn(
        'whitespace-nowrap border-b border-slate-200 px-3 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className = '', ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-2.5 align-top text-slate-800', className)} {...props} />;
}
