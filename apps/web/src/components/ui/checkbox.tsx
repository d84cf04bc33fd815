import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { Check, Minus } from 'lucide-react';
import { type ComponentProps, useId } from 'react';
import { cn, focusRing } from './cn.ts';

export interface CheckboxProps extends ComponentProps<typeof CheckboxPrimitive.Root> {
  /** Visible label beside the box; without it pass `aria-label`. */
  label?: string;
}

/** A Radix checkbox (checked, unchecked or 'indeterminate'), with an optional label. */
export function Checkbox({ label, className = '', id, ...props }: CheckboxProps) {
  const generatedId = useId();
  const boxId = id ?? generatedId;
  const box = (
    <CheckboxPrimitive.Root
      id={boxId}
      className={cn(
        'flex size-4 shrink-0 items-center justify-center rounded-sm border border-slate-400 bg-white text-white data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700 data-[state=indeterminate]:border-brand-700 data-[state=indeterminate]:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50',
        focusRing,
        label ? '' : className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator>
        {props.checked === 'indeterminate' ? (
          <Minus className="size-3.5" aria-hidden="true" />
        ) : (
          <Check className="size-3.5" aria-hidden="true" />
        )}
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
  if (!label) return box;
  return (
    <div className={cn('flex items-center gap-2', className)}>
      {box}
      <label htmlFor={boxId} className="text-sm text-slate-800">
        {label}
      </label>
    </div>
  );
}
