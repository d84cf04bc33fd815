import type { ComponentProps } from 'react';
import { cn } from './cn.ts';

/** A grey block standing in for content that is loading (size it with classes: `h-4 w-32`). */
export function Skeleton({ className = '', ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none', className)}
      {...props}
    />
  );
}

/** Skeleton lines plus a hidden 'Carregando…' for screen readers. */
export function SkeletonList({ rows = 5, label = 'Carregando…' }: { rows?: number; label?: string }) {
  return (
    <div role="status" className="space-y-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}
