/** The product mark (same drawing as public/favicon.svg) and name. */
export function BrandLogo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-semibold text-brand-700 ${className}`}>
      <svg viewBox="0 0 32 32" className="size-7 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M9 11h14v9h-6l-4 4v-4H9z" fill="#fff" />
      </svg>
      Atende
    </span>
  );
}
