import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';

const variants = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-brand-700/60',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400',
  link: 'text-brand-700 underline-offset-4 hover:underline disabled:text-slate-400',
} as const;

interface ButtonProps extends ComponentProps<'button'> {
  variant?: keyof typeof variants;
  /** While true the button is disabled and shows `pendingLabel` (e.g. 'Entrando…'). */
  pending?: boolean;
  pendingLabel?: string;
}

export function Button({
  variant = 'primary',
  pending = false,
  pendingLabel,
  disabled,
  className = '',
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  const shape = variant === 'link' ? 'text-sm font-medium' : 'h-10 rounded-md px-4 text-sm font-medium';
  return (
    <button
      type={type}
      disabled={disabled || pending}
      className={`inline-flex items-center justify-center gap-2 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed ${shape} ${variants[variant]} ${className}`}
      {...props}
    >
      {pending && (
        <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      )}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
