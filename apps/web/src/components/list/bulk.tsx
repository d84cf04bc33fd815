import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Button } from '../ui/button.tsx';

export interface BulkResult {
  ok: number;
  failed: number;
}

/**
 * Runs one call per selected row at once: the calls skip their own list refresh, then the list
 * is refreshed once at the end (12 flags used to cause 13 reloads). The caller says the summary
 * (one toast) from the result.
 */
export function useBulkAction(listKey: QueryKey) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  async function run(ids: readonly string[], call: (id: string) => Promise<unknown>): Promise<BulkResult> {
    setProgress({ done: 0, total: ids.length });
    try {
      const results = await Promise.allSettled(
        ids.map((id) => call(id).finally(() => setProgress((p) => p && { ...p, done: p.done + 1 }))),
      );
      await queryClient.invalidateQueries({ queryKey: listKey });
      const ok = results.filter((r) => r.status === 'fulfilled').length;
      return { ok, failed: ids.length - ok };
    } finally {
      setProgress(null);
    }
  }

  return { run, running: progress !== null, progress };
}

/** The bar above a list while rows are selected: how many, the actions, 'Limpar seleção'. */
export function BulkBar({
  count,
  summary,
  onClear,
  status,
  children,
}: {
  count: number;
  /** What is selected, said in words ('3 chamados selecionados'). */
  summary: string;
  onClear: () => void;
  /** Progress said while the action runs ('Analisando 3/12...'). */
  status?: string;
  children: ReactNode;
}) {
  if (count === 0) return null;
  return (
    <section
      aria-label="Ações em lote"
      className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-brand-50 px-4 py-2 text-sm"
    >
      <p className="mr-auto font-medium text-slate-900">{summary}</p>
      {status && (
        <p role="status" className="text-slate-700">
          {status}
        </p>
      )}
      {children}
      <Button size="sm" variant="ghost" onClick={onClear}>
        Limpar seleção
      </Button>
    </section>
  );
}
