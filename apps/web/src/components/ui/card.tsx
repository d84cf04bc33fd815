import type { ComponentProps } from 'react';
import { cn } from './cn.ts';

/** A white surface with a border; compose with CardHeader / CardContent / CardFooter. */
export function Card({ className = '', ...props }: ComponentProps<'section'>) {
  return (
    <section
      className={cn('min-w-0 rounded-lg border border-slate-200 bg-white shadow-xs', className)}
      {...props}
    />
  );
}

export function CardHeader({ className = '', ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('flex flex-wrap items-start justify-between gap-2 px-4 pt-4 sm:px-5', className)}
      {...props}
    />
  );
}

/** The card's heading; an h2 unless `as` says otherwise. */
export function CardTitle({
  as: Heading = 'h2',
  className = '',
  ...props
}: ComponentProps<'h2'> & { as?: 'h2' | 'h3' }) {
  return <Heading className={cn('text-base font-semibold text-slate-900', className)} {...props} />;
}

export function CardDescription({ className = '', ...props }: ComponentProps<'p'>) {
  return <p className={cn('mt-1 text-sm text-slate-600', className)} {...props} />;
}

export function CardContent({ className = '', ...props }: ComponentProps<'div'>) {
  return <div className={cn('px-4 py-4 sm:px-5', className)} {...props} />;
}

export function CardFooter({ className = '', ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 px-4 py-3 sm:px-5',
        className,
      )}
      {...props}
    />
  );
}
