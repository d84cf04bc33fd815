import { LoaderCircle } from 'lucide-react';
import { cn } from './cn.ts';

/** A small spinning circle; `label` is announced (role="status"), omit it when text sits beside. */
export function Spinner({ label, className = '' }: { label?: string; className?: string }) {
  const icon = (
    <LoaderCircle
      className={cn('size-4 animate-spin text-slate-500 motion-reduce:animate-none', className)}
      aria-hidden="true"
    />
  );
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center gap-2 text-sm text-slate-600">
      {icon}
      {label}
    </span>
  );
}
