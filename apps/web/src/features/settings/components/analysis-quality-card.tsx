import type { AnalysisFeedbackSummary, FeedbackField } from '@atende/contracts';
import { Download, ThumbsDown, ThumbsUp } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { LoadError } from '../../../components/ui/empty-state.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHeaderCell, TableRow } from '../../../components/ui/table.tsx';
import { formatPercent } from '../../../lib/analysis-display.ts';
import { feedbackFieldLabels, feedbackFieldOrder } from '../../../lib/analysis-feedback/labels.ts';
import { useExportAnalysisFeedback } from '../api/export-analysis-feedback.ts';
import { useAnalysisFeedbackSummary } from '../api/get-analysis-feedback-summary.ts';

export const analysisQualityMessages = {
  loadFailed: 'Não foi possível carregar a qualidade da análise.',
  exported: 'Correções exportadas.',
  exportFailed: 'Não foi possível exportar as correções.',
} as const;

type SummaryRow = AnalysisFeedbackSummary['fields'][number];

/** Every rated field, in the screens' order, zero where nobody rated it; unknown ones after. */
export function summaryRows(summary: AnalysisFeedbackSummary): SummaryRow[] {
  const byField = new Map(summary.fields.map((row) => [row.field, row]));
  const known = feedbackFieldOrder.map(
    (field) => byField.get(field) ?? { field, up: 0, down: 0, agreement: null },
  );
  const others = summary.fields.filter((row) => !feedbackFieldOrder.includes(row.field));
  return [...known, ...others];
}

const fieldLabel = (field: FeedbackField) => feedbackFieldLabels[field] ?? field;
const count = new Intl.NumberFormat('pt-BR');

const titleId = 'analysis-quality-title';

/** Settings › Qualidade da análise: the tenant's 👍/👎 per field, and the corrections as JSONL. */
export function AnalysisQualityCard() {
  const summary = useAnalysisFeedbackSummary();
  const exporter = useExportAnalysisFeedback();

  function exportCorrections() {
    exporter.mutateAsync().then(
      () => toast.success(analysisQualityMessages.exported),
      () => toast.error(analysisQualityMessages.exportFailed),
    );
  }

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <div>
          <CardTitle id={titleId}>Qualidade da análise</CardTitle>
          <CardDescription>
            Como os agentes avaliaram a análise de IA nos últimos 30 dias, em toda a organização: quantas
            vezes a marcaram como correta ou incorreta, por campo.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        {summary.data ? (
          <SummaryTable summary={summary.data} />
        ) : summary.isPending ? (
          <SkeletonList rows={4} label="Carregando a qualidade da análise…" />
        ) : (
          <LoadError
            title={analysisQualityMessages.loadFailed}
            onRetry={() => void summary.refetch()}
            retrying={summary.isFetching}
          />
        )}
      </CardContent>
      <CardFooter className="justify-between">
        <p className="text-sm text-slate-600">
          As correções (avaliações incorretas com o valor certo) servem para ajustar o analisador.
        </p>
        <Button
          variant="secondary"
          pending={exporter.isPending}
          pendingLabel="Exportando…"
          onClick={exportCorrections}
        >
          <Download className="size-4" aria-hidden="true" />
          Exportar correções (JSONL)
        </Button>
      </CardFooter>
    </Card>
  );
}

/** On a phone the four columns fit the card: tighter cells, headings in plain case that may wrap
 * (👍 and 👎 stand for 'Corretas' and 'Incorretas', still their names for screen readers). */
const narrow =
  'max-sm:px-1.5 max-sm:first:pl-0 max-sm:last:pr-0 max-sm:whitespace-normal max-sm:normal-case max-sm:tracking-normal';

/** A small static table (four rows): it grows with the page, never scrolls sideways. */
function SummaryTable({ summary }: { summary: AnalysisFeedbackSummary }) {
  const rows = summaryRows(summary);
  const empty = rows.every((row) => row.up + row.down === 0);
  return (
    <>
      <Table aria-label="Avaliações por campo">
        <thead className="bg-slate-50">
          <tr>
            <TableHeaderCell className={narrow}>Campo</TableHeaderCell>
            <TableHeaderCell className={cn(narrow, 'text-right')}>
              <span className="inline-flex items-center gap-1">
                <ThumbsUp className="size-3.5" aria-hidden="true" />
                <span className="max-sm:sr-only">Corretas</span>
              </span>
            </TableHeaderCell>
            <TableHeaderCell className={cn(narrow, 'text-right')}>
              <span className="inline-flex items-center gap-1">
                <ThumbsDown className="size-3.5" aria-hidden="true" />
                <span className="max-sm:sr-only">Incorretas</span>
              </span>
            </TableHeaderCell>
            <TableHeaderCell className={cn(narrow, 'text-right')}>Concordância</TableHeaderCell>
          </tr>
        </thead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.field}>
              <th scope="row" className={cn(narrow, 'px-3 py-2.5 text-left font-medium text-slate-900')}>
                {fieldLabel(row.field)}
              </th>
              <TableCell className={cn(narrow, 'text-right tabular-nums')}>{count.format(row.up)}</TableCell>
              <TableCell className={cn(narrow, 'text-right tabular-nums')}>
                {count.format(row.down)}
              </TableCell>
              <TableCell className={cn(narrow, 'text-right tabular-nums')}>
                {row.agreement === null ? (
                  <span title="Sem avaliações">—</span>
                ) : (
                  formatPercent(row.agreement)
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {empty && (
        <p className="mt-3 text-sm text-slate-600">
          Nenhuma avaliação nos últimos 30 dias. Avalie os campos na análise de um chamado ou de uma mensagem.
        </p>
      )}
    </>
  );
}
