import { type ComponentProps, type ReactNode, useId } from 'react';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  /** Guidance shown under the input and read with it. */
  hint?: string;
  error?: string;
  /** Something inside the input's right edge, such as a show-password button. */
  endAdornment?: ReactNode;
}

/** A labelled input whose hint and error are tied to it (aria-describedby, aria-invalid). */
export function TextField({
  label,
  hint,
  error,
  endAdornment,
  className = '',
  ...inputProps
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative mt-1.5">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`block h-10 w-full rounded-md border bg-white px-3 text-base text-slate-900 shadow-xs outline-none transition-colors placeholder:text-slate-400 focus:ring-3 disabled:bg-slate-100 disabled:text-slate-500 sm:text-sm ${error ? 'border-red-600 focus:ring-red-600/30' : 'border-slate-300 focus:border-brand-700 focus:ring-brand-600/40'} ${endAdornment ? 'pr-11' : ''}`}
          {...inputProps}
        />
        {endAdornment && (
          <div className="absolute inset-y-0 right-0 flex items-center pr-1">{endAdornment}</div>
        )}
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
