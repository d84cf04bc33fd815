import type { Dashboard } from '@atende/contracts';
import { Link } from 'react-router';
import { cn, focusRing } from '../../../components/ui/cn.ts';
import { formatTotal } from '../../../lib/format.ts';
import { type TicketsWindow, ticketsLink } from '../lib/period.ts';

/** The window's most frequent red-flag words, each linking to the tickets whose analysis found it. */
export function TopTerms({
  terms,
  window,
}: {
  terms: Dashboard['top_red_flag_terms'];
  window: TicketsWindow;
}) {
  const most = terms[0]?.count ?? 0;
  return (
    <section
      aria-labelledby="top-terms-title"
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-xs sm:p-5"
    >
      <h2 id="top-terms-title" className="text-base font-semibold text-slate-900">
        Termos de alerta mais frequentes
      </h2>
      <p className="mt-1 text-sm text-slate-600">Encontrados pela análise mais recente de cada chamado.</p>
      {terms.length === 0 ? (
        <p className="mt-6 text-sm text-slate-600">Nenhum termo de alerta no período.</p>
      ) : (
        <ol className="mt-3 space-y-1">
          {terms.map(({ term, count }) => (
            <li key={term}>
              <Link
                to={ticketsLink(window, { red_flag_term: term })}
                className={cn('block rounded-md px-2 py-1.5 text-sm hover:bg-slate-50', focusRing)}
              >
                <span className="flex items-baseline justify-between gap-3">
                  <span className="font-medium text-slate-800 hover:underline">{term}</span>
                  <span className="tabular-nums text-slate-900">{formatTotal(count)}</span>
                </span>
                <span className="mt-1 block h-1.5 rounded-full bg-slate-100" aria-hidden="true">
                  <span
                    className="block h-full rounded-full bg-red-500"
                    style={{ width: `${Math.max(4, (count / most) * 100)}%` }}
                  />
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
