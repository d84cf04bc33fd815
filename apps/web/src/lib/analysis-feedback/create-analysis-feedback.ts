import type { AnalysisFeedback, AnalysisFeedbackList, CreateAnalysisFeedback } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { analysisFeedbackKeys, createAnalysisFeedbackKey } from './keys.ts';

/**
 * `POST /api/v1/analysis-feedback` → 201: an upsert (one per user, analysis version and field),
 * answering the stored feedback.
 */
export function createAnalysisFeedback(body: CreateAnalysisFeedback): Promise<AnalysisFeedback> {
  return api.post<AnalysisFeedback>('/api/v1/analysis-feedback', body);
}

export function useCreateAnalysisFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createAnalysisFeedbackKey,
    mutationFn: createAnalysisFeedback,
    onSuccess: async (saved, body) => {
      // The answer replaces this field's feedback (the GET may have failed: then it starts the
      // list). A first GET still under way would answer older news over it: cancelled first.
      const key = analysisFeedbackKeys.mine(body.analysis_type, body.analysis_id);
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<AnalysisFeedbackList>(key, (old) => ({
        feedback: [...(old?.feedback ?? []).filter((f) => f.field !== body.field), saved],
      }));
      void queryClient.invalidateQueries({ queryKey: analysisFeedbackKeys.summary() });
    },
  });
}
