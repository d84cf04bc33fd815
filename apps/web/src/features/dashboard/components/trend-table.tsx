import type { Dashboard } from '@atende/contracts';
import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table.tsx';
import { formatCsatAverage, sentimentLabels } from '../../../lib/analysis-display.ts';
import { formatDay, formatTotal } from '../../../lib/format.ts';
import { trendSentiments } from './trend-colors.ts';

/** The chart's figures as a table (the accessible alternative), folded under the chart. */
export function TrendTable({ trend }: { trend: Dashboard['trend'] }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-brand-700 hover:underline">
        Ver dados em tabela
      </summary>
      <TableContainer label="Chamados por dia" maxHeight="max-h-80" className="mt-2">
        <Table>
          <TableHead>
            <TableRow>
              <TableHeaderCell>Dia</TableHeaderCell>
              <TableHeaderCell className="text-right">Chamados</TableHeaderCell>
              {trendSentiments.map((s) => (
                <TableHeaderCell key={s} className="text-right">
                  {sentimentLabels[s]}
                </TableHeaderCell>
              ))}
              <TableHeaderCell className="text-right">CSAT médio</TableHeaderCell>
              <TableHeaderCell className="text-right">SLA estourado</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {trend.map((day) => (
              <TableRow key={day.date}>
                <TableCell>{formatDay(day.date)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatTotal(day.total_tickets)}</TableCell>
                {trendSentiments.map((s) => (
                  <TableCell key={s} className="text-right tabular-nums">
                    {formatTotal(day.by_sentiment[s])}
                  </TableCell>
                ))}
                <TableCell className="text-right tabular-nums">
                  {day.csat_average_0_10 === null ? '—' : formatCsatAverage(day.csat_average_0_10)}
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatTotal(day.sla_breaches)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </details>
  );
}
