import type { AnalysisFeedbackList, FeedbackAnalysisType } from '@atende/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { analysisFeedbackKeys } from './keys.ts';

/** `GET /api/v1/analysis-feedback?analysis_type&analysis_id`: the caller's own on that analysis. */
export function getAnalysisFeedback(
  type: FeedbackAnalysisType,
  analysisId: string,
  signal?: AbortSignal,
): Promise<AnalysisFeedbackList> {
  return api.get<AnalysisFeedbackList>('/api/v1/analysis-feedback', {
    params: { analysis_type: type, analysis_id: analysisId },
    signal,
  });
}

/** One request per analysis, however many fields' controls ask (same key). */
export function useAnalysisFeedback(type: FeedbackAnalysisType, analysisId: string) {
  return useQuery({
    queryKey: analysisFeedbackKeys.mine(type, analysisId),
    queryFn: ({ signal }) => getAnalysisFeedback(type, analysisId, signal),
  });
}
