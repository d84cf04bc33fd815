import { ChevronDown } from 'lucide-react';
import { type ComponentProps, useId } from 'react';
import { cn } from './cn.ts';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'id' | 'children'> {
  label: string;
  options: readonly SelectOption[];
  /** A first option with value '' (e.g. 'Todos'). */
  placeholder?: string;
  hint?: string;
  error?: string;
  /** Keep the label for screen readers only (compact filter bars). */
  hideLabel?: boolean;
}

/** A labelled native select (works with the keyboard and on phones without extra code). */
export function SelectField({
  label,
  options,
  placeholder,
  hint,
  error,
  hideLabel = false,
  className = '',
  ...props
}: SelectFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'block text-sm font-medium text-slate-800'}>
        {label}
      </label>
      <div className={cn('relative', !hideLabel && 'mt-1.5')}>
        <select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={cn(
            'block h-10 w-full appearance-none rounded-md border bg-white pr-9 pl-3 text-base text-slate-900 shadow-xs outline-none transition-colors focus:border-brand-600 focus:ring-3 focus:ring-brand-600/25 disabled:bg-slate-100 disabled:text-slate-500 sm:text-sm',
            error ? 'border-red-600' : 'border-slate-300',
          )}
          {...props}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
      </div>
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
