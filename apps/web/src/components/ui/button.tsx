import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn, focusRing } from './cn.ts';

// `aria-disabled` is a pending button: it looks disabled but keeps the keyboard focus.
const variants = {
  primary:
    'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-brand-700/60 aria-disabled:bg-brand-700/60',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400 aria-disabled:text-slate-400',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-700/60 aria-disabled:bg-red-700/60',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400 aria-disabled:text-slate-400',
  link: 'text-brand-700 underline-offset-4 hover:underline disabled:text-slate-400 aria-disabled:text-slate-400',
} as const;

const sizes = {
  md: 'h-10 rounded-md px-4 text-sm font-medium',
  sm: 'h-8 rounded-md px-3 text-sm font-medium',
  icon: 'size-9 rounded-md',
} as const;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /**
   * While true the button ignores presses and shows `pendingLabel` (e.g. 'Entrando…'). It is
   * aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page.
   */
  pending?: boolean;
  pendingLabel?: string;
}

export function Button({
  variant = 'primary',
  size = 'md',
  pending = false,
  pendingLabel,
  disabled,
  className = '',
  children,
  type = 'button',
  onClick,
  ...props
}: ButtonProps) {
  const shape = variant === 'link' ? 'text-sm font-medium' : sizes[size];
  return (
    <button
      type={type}
      disabled={disabled}
      aria-disabled={pending || undefined}
      // Also stops a submit button's form from being sent again (Enter in a field clicks it).
      onClick={pending ? (event) => event.preventDefault() : onClick}
      className={cn(
        'inline-flex items-center justify-center gap-2 transition-colors disabled:cursor-not-allowed aria-disabled:cursor-not-allowed',
        focusRing,
        shape,
        variants[variant],
        className,
      )}
      {...props}
    >
      {pending && (
        <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      )}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
