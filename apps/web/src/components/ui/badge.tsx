import type { ComponentProps } from 'react';
import { cn } from './cn.ts';

/**
 * Colours mean the same on every screen: priority high red / medium yellow / low blue / default
 * gray; CSAT < 7 amber; confidence ≥ 0.8 green, ≥ 0.6 yellow, else red.
 */
const tones = {
  gray: 'bg-slate-100 text-slate-700 ring-slate-300',
  brand: 'bg-brand-50 text-brand-800 ring-brand-600/30',
  red: 'bg-red-50 text-red-800 ring-red-600/25',
  yellow: 'bg-yellow-50 text-yellow-900 ring-yellow-600/30',
  amber: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  blue: 'bg-blue-50 text-blue-800 ring-blue-600/25',
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25',
} as const;

export type BadgeTone = keyof typeof tones;

export interface BadgeProps extends ComponentProps<'span'> {
  tone?: BadgeTone;
}

export function Badge({ tone = 'gray', className = '', ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
