import * as SwitchPrimitive from '@radix-ui/react-switch';
import { type ComponentProps, useId } from 'react';
import { cn, focusRing } from './cn.ts';

export interface SwitchProps extends ComponentProps<typeof SwitchPrimitive.Root> {
  /** Visible label beside the switch; without it pass `aria-label`. */
  label?: string;
}

/** An on/off switch (role="switch"), e.g. a flagged term's Ativo/Inativo. */
export function Switch({ label, className = '', id, ...props }: SwitchProps) {
  const generatedId = useId();
  const switchId = id ?? generatedId;
  const control = (
    <SwitchPrimitive.Root
      id={switchId}
      className={cn(
        'relative inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full bg-slate-300 transition-colors data-[state=checked]:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50',
        focusRing,
        label ? '' : className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow-sm transition-transform data-[state=checked]:translate-x-[18px] motion-reduce:transition-none" />
    </SwitchPrimitive.Root>
  );
  if (!label) return control;
  return (
    <div className={cn('flex items-center gap-2', className)}>
      {control}
      <label htmlFor={switchId} className="text-sm text-slate-800">
        {label}
      </label>
    </div>
  );
}
