import type { TicketAnalysis } from '@atende/contracts';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import {
  complexityLabel,
  complexityTone,
  confidenceTone,
  csatTone,
  escalationReasonLabel,
  formatCsat,
  formatPercent,
  providerLabels,
  redFlagWords,
  sentimentLabel,
  sentimentTone,
  solvedStatusLabel,
  solvedStatusTone,
  urgencyLabel,
  urgencyTone,
} from '../../../lib/analysis-display.ts';
import { FeedbackControls } from '../../../lib/analysis-feedback/feedback-controls.tsx';
import { formatDateTime } from '../../../lib/format.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * The newest AI analysis of a ticket, coloured by the thresholds of lib/analysis-display.ts
 * (confidence, complexity, CSAT).
 */
export function AnalysisPanel({ analysis, action }: { analysis: TicketAnalysis | null; action?: ReactNode }) {
  return (
    <Card aria-labelledby="analysis-title">
      <CardHeader>
        <div>
          <CardTitle id="analysis-title">Análise de IA</CardTitle>
          {analysis && (
            <CardDescription>
              Versão {analysis.version} · {providerLabels[analysis.provider]} ·{' '}
              {formatDateTime(analysis.created_at)}
            </CardDescription>
          )}
        </div>
        {action}
      </CardHeader>
      <CardContent>
        {analysis ? <AnalysisFields key={analysis.id} analysis={analysis} /> : <NoAnalysis />}
      </CardContent>
    </Card>
  );
}

function NoAnalysis() {
  return (
    <p className="text-sm text-slate-600">
      Este chamado ainda não foi analisado. Use 'Analisar' para gerar sentimento, CSAT previsto e sinais de
      alerta.
    </p>
  );
}

/** A field's value and, next to it, the agent's 👍/👎 on it (the correction form wraps below). */
function Rated({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center gap-x-1.5 gap-y-2">{children}</div>;
}

export function AnalysisFields({ analysis }: { analysis: TicketAnalysis }) {
  const words = redFlagWords(analysis);
  const rating = { analysisType: 'ticket', analysisId: analysis.id } as const;
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <Field label="Sentimento">
          <Rated>
            <Badge tone={sentimentTone(analysis.overall_sentiment)}>
              {sentimentLabel(analysis.overall_sentiment)}
            </Badge>
            <FeedbackControls {...rating} field="sentiment" analysed={analysis.overall_sentiment} />
          </Rated>
        </Field>
        <Field label="Complexidade">
          <Badge tone={complexityTone(analysis.complexity_score)}>
            {complexityLabel(analysis.complexity_score)} · {formatPercent(analysis.complexity_score)}
          </Badge>
        </Field>
        <Field label="Confiança">
          <Badge tone={confidenceTone(analysis.confidence_score)}>
            {formatPercent(analysis.confidence_score)}
          </Badge>
        </Field>
        <Field label="CSAT previsto">
          <Badge tone={csatTone(analysis.csat_score)}>{formatCsat(analysis.csat_score)}</Badge>
        </Field>
        <Field label="Status">
          <Badge tone={solvedStatusTone(analysis.solved_status)}>
            {solvedStatusLabel(analysis.solved_status)}
          </Badge>
        </Field>
        <Field label="Urgência">
          <Badge tone={urgencyTone(analysis.urgency_level)}>{urgencyLabel(analysis.urgency_level)}</Badge>
        </Field>
      </dl>
      <dl className="grid gap-4 sm:grid-cols-2">
        <Field label="Sinais de alerta">
          <Rated>
            {analysis.contains_red_flags ? <Badge tone="red">Sim</Badge> : <Badge tone="green">Nenhum</Badge>}
            <FeedbackControls {...rating} field="red_flags" analysed={String(analysis.contains_red_flags)} />
          </Rated>
          {analysis.contains_red_flags && words.length > 0 && (
            <div className="mt-2 flex flex-wrap items-center gap-1.5">
              {words.map((word) => (
                <Badge key={word} tone="gray">
                  {word}
                </Badge>
              ))}
            </div>
          )}
        </Field>
        <Field label="Escalonamento">
          <Rated>
            {analysis.requires_escalation ? (
              <Badge tone="red">Necessário</Badge>
            ) : (
              <Badge tone="green">Não necessário</Badge>
            )}
            <FeedbackControls
              {...rating}
              field="escalation"
              analysed={String(analysis.requires_escalation)}
            />
          </Rated>
          {analysis.requires_escalation && analysis.escalation_reasons.length > 0 && (
            <ul className="mt-2 list-disc space-y-0.5 pl-5">
              {[...new Set(analysis.escalation_reasons)].map((reason) => (
                <li key={reason}>{escalationReasonLabel(reason)}</li>
              ))}
            </ul>
          )}
        </Field>
      </dl>
      <dl>
        <Field label="Explicação">
          <p className="whitespace-pre-wrap text-slate-800">{analysis.analysis_explanation}</p>
        </Field>
      </dl>
    </div>
  );
}
