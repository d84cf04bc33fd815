import type { ReactNode } from 'react';
import { BrandLogo } from '../../../components/ui/brand-logo.tsx';

/** The public screens' frame: the product mark over a small centred card. */
export function AuthLayout({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-slate-50 px-4 py-10 text-slate-900 sm:justify-center">
      <main className="w-full max-w-sm">
        <div className="mb-6 flex justify-center text-xl">
          <BrandLogo />
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
          {description && <div className="mt-1.5 text-sm text-slate-600">{description}</div>}
          <div className="mt-6">{children}</div>
        </div>
      </main>
    </div>
  );
}
