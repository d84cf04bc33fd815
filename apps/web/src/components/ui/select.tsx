import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { controlClass, Field } from './field.tsx';

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
  hideLabel,
  className,
  ...props
}: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} hideLabel={hideLabel} className={className}>
      {(control) => (
        <div className="relative">
          <select {...control} className={controlClass(error, 'h-10 appearance-none pr-9 pl-3')} {...props}>
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
      )}
    </Field>
  );
}
