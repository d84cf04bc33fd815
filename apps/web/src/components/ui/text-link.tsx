import type { ComponentProps } from 'react';
import { Link } from 'react-router';

/** An in-app link styled as text, with the same focus ring as the controls. */
export function TextLink({ className = '', ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      className={`font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${className}`}
      {...props}
    />
  );
}
