import type { ComponentProps } from 'react';
import { controlClass, Field } from './field.tsx';

export interface TextareaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  label: string;
  hint?: string;
  error?: string;
}

/** A labelled textarea whose hint and error are tied to it, like TextField. */
export function TextareaField({ label, hint, error, className, rows = 4, ...props }: TextareaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <textarea {...control} rows={rows} className={controlClass(error, 'px-3 py-2')} {...props} />
      )}
    </Field>
  );
}
