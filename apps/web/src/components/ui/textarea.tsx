import { type ComponentProps, useId } from 'react';
import { cn } from './cn.ts';

export interface TextareaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  label: string;
  hint?: string;
  error?: string;
}

/** A labelled textarea whose hint and error are tied to it, like TextField. */
export function TextareaField({
  label,
  hint,
  error,
  className = '',
  rows = 4,
  ...props
}: TextareaFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={cn(
          'mt-1.5 block w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-xs outline-none transition-colors placeholder:text-slate-400 focus:border-brand-600 focus:ring-3 focus:ring-brand-600/25 disabled:bg-slate-100 disabled:text-slate-500 sm:text-sm',
          error ? 'border-red-600' : 'border-slate-300',
        )}
        {...props}
      />
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
