import type { FeedbackAnalysisType, FeedbackField, FeedbackVerdict } from '@atende/contracts';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { SelectField } from '../../components/ui/select.tsx';
import { useCreateAnalysisFeedback } from './create-analysis-feedback.ts';
import { useAnalysisFeedback } from './get-analysis-feedback.ts';
import { correctionOptionsFor, feedbackFieldNames } from './labels.ts';

export const feedbackMessages = {
  thanks: 'Obrigado pelo retorno!',
  failed: 'Não foi possível registrar o retorno.',
} as const;

export interface FeedbackControlsProps {
  analysisType: FeedbackAnalysisType;
  /** The analysis' id: feedback belongs to that version. */
  analysisId: string;
  field: FeedbackField;
  /**
   * What the analysis said, as a correction value (a sentiment, an intent, 'true'/'false'): left
   * out of the corrections offered.
   */
  analysed?: string;
}

const iconButton =
  'size-7 rounded-md text-slate-500 hover:text-slate-800 aria-disabled:cursor-progress aria-disabled:opacity-60';

/**
 * 👍/👎 on one field of an analysis, pressed as the caller last rated it; 👎 opens an optional
 * correction (the right value) with 'Enviar'. Goes in a `flex flex-wrap` row next to the field's
 * value: the buttons sit inline, the correction form takes a line of its own.
 */
export function FeedbackControls({ analysisType, analysisId, field, analysed }: FeedbackControlsProps) {
  const saved = useAnalysisFeedback(analysisType, analysisId).data?.feedback.find((f) => f.field === field);
  const create = useCreateAnalysisFeedback();
  const [correcting, setCorrecting] = useState(false);
  const [correction, setCorrection] = useState('');
  const downRef = useRef<HTMLButtonElement>(null);
  const selectRef = useRef<HTMLSelectElement>(null);
  const formId = useId();
  const name = feedbackFieldNames[field];
  const options = correctionOptionsFor(field, analysed);
  const verdict: FeedbackVerdict | undefined = saved?.verdict;

  // The correction's select takes the focus when the form opens (keyboard users go on from there).
  useEffect(() => {
    if (correcting) selectRef.current?.focus();
  }, [correcting]);

  function send(verdict: FeedbackVerdict, value: string | null) {
    if (create.isPending) return;
    create
      .mutateAsync({
        analysis_type: analysisType,
        analysis_id: analysisId,
        field,
        verdict,
        correction: value,
      })
      .then(
        () => {
          toast.success(feedbackMessages.thanks);
          if (correcting) {
            setCorrecting(false);
            downRef.current?.focus();
          }
        },
        () => toast.error(feedbackMessages.failed),
      );
  }

  function openCorrection() {
    if (correcting) {
      close();
      return;
    }
    // A correction sent earlier is where the select starts (if it is still on offer).
    const previous = saved?.verdict === 'down' ? (saved.correction ?? '') : '';
    setCorrection(options.some((o) => o.value === previous) ? previous : '');
    setCorrecting(true);
  }

  function close() {
    setCorrecting(false);
    downRef.current?.focus();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    send('down', correction === '' ? null : correction);
  }

  function onFormKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  }

  const pendingVerdict = create.isPending ? create.variables?.verdict : undefined;

  return (
    <>
      <span className="inline-flex items-center gap-0.5 print:hidden">
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Análise correta: ${name}`}
          title="Análise correta"
          aria-pressed={verdict === 'up'}
          aria-disabled={create.isPending || undefined}
          aria-busy={pendingVerdict === 'up' || undefined}
          onClick={() => send('up', null)}
          className={cn(iconButton, 'aria-pressed:bg-green-50 aria-pressed:text-green-700')}
        >
          <ThumbsUp className="size-3.5" aria-hidden="true" />
        </Button>
        <Button
          ref={downRef}
          variant="ghost"
          size="icon"
          aria-label={`Análise incorreta: ${name}`}
          title="Análise incorreta"
          aria-pressed={verdict === 'down'}
          aria-expanded={correcting}
          aria-controls={correcting ? formId : undefined}
          onClick={openCorrection}
          className={cn(iconButton, 'aria-pressed:bg-red-50 aria-pressed:text-red-700')}
        >
          <ThumbsDown className="size-3.5" aria-hidden="true" />
        </Button>
      </span>
      {correcting && (
        <form
          id={formId}
          noValidate
          aria-label={`Corrigir análise: ${name}`}
          onSubmit={submit}
          onKeyDown={onFormKeyDown}
          className="flex basis-full flex-wrap items-end gap-2 print:hidden"
        >
          <SelectField
            ref={selectRef}
            label={`Valor correto (opcional): ${name}`}
            hideLabel
            placeholder="Valor correto (opcional)"
            options={options}
            value={correction}
            onChange={(event) => setCorrection(event.target.value)}
            className="w-full max-w-56"
          />
          <Button type="submit" size="sm" pending={pendingVerdict === 'down'} pendingLabel="Enviando…">
            Enviar
          </Button>
          <Button variant="ghost" size="sm" onClick={close}>
            Cancelar
          </Button>
        </form>
      )}
    </>
  );
}
