import { type ReactNode, useId } from 'react';
import { cn } from './cn.ts';

/** What a Field hands its control so the label, hint and error are tied to it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: string;
  /** Guidance shown under the control and read with it. */
  hint?: ReactNode;
  error?: string;
  /** Keep the label for screen readers only (compact filter bars). */
  hideLabel?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** The label, hint and error around one form control (aria-describedby, aria-invalid). */
export function Field({ label, hint, error, hideLabel = false, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label
        htmlFor={id}
        className={hideLabel ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-slate-800'}
      >
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
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

/** The look of a text input, textarea or select, red when it holds an error. */
export function controlClass(error: string | undefined, extra?: string) {
  return cn(
    'block w-full rounded-md border bg-white text-base text-slate-900 shadow-xs outline-none transition-colors placeholder:text-slate-400 focus:ring-3 disabled:bg-slate-100 disabled:text-slate-500 sm:text-sm',
    error
      ? 'border-red-600 focus:ring-red-600/30'
      : 'border-slate-300 focus:border-brand-700 focus:ring-brand-600/40',
    extra,
  );
}
