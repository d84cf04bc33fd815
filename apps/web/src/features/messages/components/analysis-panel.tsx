import type { MessageAnalysis } from '@atende/contracts';
import { Copy, Flag } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  confidenceTone,
  formatPercent,
  intentLabels,
  languageLabels,
  providerLabels,
  sentimentLabels,
  sentimentTone,
  urgencyLabels,
  urgencyTone,
} from '../../../lib/analysis-display.ts';
import { FeedbackControls } from '../../../lib/analysis-feedback/feedback-controls.tsx';
import { formatDateTime } from '../../../lib/format.ts';

/** Each text once (it is also the row's key). */
const unique = (texts: string[]) => [...new Set(texts)];

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Sugestão copiada');
  } catch {
    toast.error('Não foi possível copiar a sugestão');
  }
}

function Item({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{term}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** A field's value and, next to it, the agent's 👍/👎 on it (the correction form wraps below). */
function Rated({ children }: { children: React.ReactNode }) {
  return <div className="flex flex-wrap items-center gap-x-1.5 gap-y-2">{children}</div>;
}

/** What the AI read in one message: the newest analysis, with the agent's 👍/👎 per rated field. */
export function AnalysisPanel({ analysis }: { analysis: MessageAnalysis }) {
  return <AnalysisFields key={analysis.id} analysis={analysis} />;
}

function AnalysisFields({ analysis }: { analysis: MessageAnalysis }) {
  const rating = { analysisType: 'message', analysisId: analysis.id } as const;
  return (
    <section aria-label="Análise da mensagem" className="space-y-4">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        <Item term="Sentimento">
          <Rated>
            <Badge tone={sentimentTone(analysis.sentiment)}>{sentimentLabels[analysis.sentiment]}</Badge>
            <FeedbackControls {...rating} field="sentiment" analysed={analysis.sentiment} />
          </Rated>
        </Item>
        <Item term="Intenção">
          <Rated>
            <span>{intentLabels[analysis.intent]}</span>
            <FeedbackControls {...rating} field="intent" analysed={analysis.intent} />
          </Rated>
        </Item>
        <Item term="Urgência">
          <Badge tone={urgencyTone(analysis.urgency_level)}>{urgencyLabels[analysis.urgency_level]}</Badge>
        </Item>
        <Item term="Confiança">
          <Badge tone={confidenceTone(analysis.confidence_score)}>
            {formatPercent(analysis.confidence_score)}
          </Badge>
        </Item>
        <Item term="Idioma detectado">{languageLabels[analysis.language_detected]}</Item>
      </dl>

      {analysis.analysis_explanation && (
        <p className="text-sm text-slate-700">{analysis.analysis_explanation}</p>
      )}

      <div>
        <h3 className="text-xs font-medium uppercase tracking-wide text-slate-500">Alertas</h3>
        <div className="mt-1 flex flex-wrap items-center gap-1.5">
          {analysis.contains_red_flags ? (
            <>
              <Flag className="size-4 text-red-700" aria-hidden="true" />
              <span className="text-sm text-red-800">Termos sinalizados:</span>
              {unique(analysis.red_flag_words).map((word) => (
                <Badge key={word} tone="red">
                  {word}
                </Badge>
              ))}
            </>
          ) : (
            <p className="text-sm text-slate-600">Nenhum termo sinalizado.</p>
          )}
          <FeedbackControls {...rating} field="red_flags" analysed={String(analysis.contains_red_flags)} />
        </div>
      </div>

      <div>
        <h3 className="text-xs font-medium uppercase tracking-wide text-slate-500">Respostas sugeridas</h3>
        {analysis.suggested_responses.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">Nenhuma sugestão disponível</p>
        ) : (
          <ol className="mt-2 space-y-2">
            {unique(analysis.suggested_responses).map((response, index) => (
              <li
                key={response}
                className="flex items-start justify-between gap-3 rounded-md border border-slate-200 bg-white p-3"
              >
                <p className="min-w-0 text-sm whitespace-pre-wrap text-slate-800">{response}</p>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Copiar sugestão ${index + 1}`}
                  onClick={() => copy(response)}
                  className="shrink-0"
                >
                  <Copy className="size-4" aria-hidden="true" />
                  Copiar
                </Button>
              </li>
            ))}
          </ol>
        )}
      </div>

      <p className="text-xs text-slate-500">
        Versão {analysis.version} · {providerLabels[analysis.provider]} ·{' '}
        {formatDateTime(analysis.created_at)}
        {analysis.provider_error && <> · {analysis.provider_error}</>}
      </p>
    </section>
  );
}
