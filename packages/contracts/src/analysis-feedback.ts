import { z } from 'zod';
import { escalationReasons, intents, sentiments } from './analysis-labels.ts';
import { idSchema, timestamp } from './common.ts';

/**
 * Agents' feedback on an analysis (issue "Analyzer v2"): 👍/👎 per field that matters, with an
 * optional correction (the right value), stored per analysis version and user. The ticket panel
 * rates sentiment, escalation and red flags; the message panel sentiment, intent and red flags.
 */
export const feedbackAnalysisTypes = ['ticket', 'message'] as const;
export type FeedbackAnalysisType = (typeof feedbackAnalysisTypes)[number];
export const feedbackFields = ['sentiment', 'intent', 'escalation', 'red_flags'] as const;
export type FeedbackField = (typeof feedbackFields)[number];
export const feedbackFieldsOf: Record<FeedbackAnalysisType, readonly FeedbackField[]> = {
  ticket: ['sentiment', 'escalation', 'red_flags'],
  message: ['sentiment', 'intent', 'red_flags'],
};
export const feedbackVerdicts = ['up', 'down'] as const;
export type FeedbackVerdict = (typeof feedbackVerdicts)[number];

/**
 * The correction's values per field: a sentiment, an intent, 'true'/'false' for whether it should
 * escalate (or an escalation reason code), 'true'/'false' for whether it holds red flags.
 */
export const feedbackCorrectionValues: Record<FeedbackField, readonly string[]> = {
  sentiment: sentiments,
  intent: intents,
  escalation: ['true', 'false', ...escalationReasons],
  red_flags: ['true', 'false'],
};

export const createAnalysisFeedbackSchema = z
  .object({
    analysis_type: z.enum(feedbackAnalysisTypes, { message: 'Use ticket ou message.' }),
    analysis_id: idSchema,
    field: z.enum(feedbackFields, { message: 'Campo desconhecido.' }),
    verdict: z.enum(feedbackVerdicts, { message: 'Use up ou down.' }),
    /** The right value (only with `down`); see feedbackCorrectionValues. */
    correction: z.string().trim().min(1).max(60).nullish(),
  })
  .superRefine((value, ctx) => {
    if (!feedbackFieldsOf[value.analysis_type].includes(value.field)) {
      ctx.addIssue({
        code: 'custom',
        path: ['field'],
        message: `Este campo não é avaliado em análises de ${value.analysis_type === 'ticket' ? 'chamados' : 'mensagens'}.`,
      });
    }
    if (value.correction == null) return;
    if (value.verdict === 'up') {
      ctx.addIssue({ code: 'custom', path: ['correction'], message: 'Uma correção só acompanha 👎.' });
    } else if (!feedbackCorrectionValues[value.field].includes(value.correction)) {
      ctx.addIssue({
        code: 'custom',
        path: ['correction'],
        message: 'Valor de correção desconhecido para este campo.',
      });
    }
  });
export type CreateAnalysisFeedback = z.infer<typeof createAnalysisFeedbackSchema>;

export const analysisFeedbackSchema = z.object({
  id: z.uuid(),
  analysis_type: z.enum(feedbackAnalysisTypes),
  analysis_id: z.uuid(),
  field: z.enum(feedbackFields),
  verdict: z.enum(feedbackVerdicts),
  correction: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type AnalysisFeedback = z.infer<typeof analysisFeedbackSchema>;

/** `GET /analysis-feedback?analysis_type&analysis_id`: the caller's own feedback on one analysis. */
export const listAnalysisFeedbackQuerySchema = z.object({
  analysis_type: z.enum(feedbackAnalysisTypes, { message: 'Use ticket ou message.' }),
  analysis_id: idSchema,
});
export const analysisFeedbackListSchema = z.object({ feedback: z.array(analysisFeedbackSchema) });
export type AnalysisFeedbackList = z.infer<typeof analysisFeedbackListSchema>;

/** `GET /analysis-feedback/summary`: the tenant's agreement per field over the last 30 days. */
export const analysisFeedbackSummarySchema = z.object({
  since: timestamp,
  fields: z.array(
    z.object({
      field: z.enum(feedbackFields),
      up: z.number().int(),
      down: z.number().int(),
      /** up / (up + down), null without feedback. */
      agreement: z.number().min(0).max(1).nullable(),
    }),
  ),
});
export type AnalysisFeedbackSummary = z.infer<typeof analysisFeedbackSummarySchema>;
