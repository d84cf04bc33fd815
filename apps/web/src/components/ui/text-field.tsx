import type { ComponentProps, ReactNode } from 'react';
import { controlClass, Field } from './field.tsx';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  /** Guidance shown under the input and read with it. */
  hint?: string;
  error?: string;
  hideLabel?: boolean;
  /** Something inside the input's right edge, such as a show-password button. */
  endAdornment?: ReactNode;
}

/** A labelled input whose hint and error are tied to it. */
export function TextField({
  label,
  hint,
  error,
  hideLabel,
  endAdornment,
  className,
  ...inputProps
}: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} hideLabel={hideLabel} className={className}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            className={controlClass(error, `h-10 px-3 ${endAdornment ? 'pr-11' : ''}`)}
            {...inputProps}
          />
          {endAdornment && (
            <div className="absolute inset-y-0 right-0 flex items-center pr-1">{endAdornment}</div>
          )}
        </div>
      )}
    </Field>
  );
}
