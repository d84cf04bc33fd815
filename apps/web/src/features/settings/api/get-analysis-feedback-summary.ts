import type { AnalysisFeedbackSummary } from '@atende/contracts';
import { useQuery } from '@tanstack/react-query';
import { analysisFeedbackKeys } from '../../../lib/analysis-feedback/keys.ts';
import { api } from '../../../lib/api-client.ts';

/** `GET /api/v1/analysis-feedback/summary`: the tenant's 👍/👎 per field over the last 30 days. */
export function getAnalysisFeedbackSummary(signal?: AbortSignal): Promise<AnalysisFeedbackSummary> {
  return api.get<AnalysisFeedbackSummary>('/api/v1/analysis-feedback/summary', { signal });
}

/** Under the shared analysis-feedback key: a 👍/👎 on a panel makes it stale. */
export function useAnalysisFeedbackSummary() {
  return useQuery({
    queryKey: analysisFeedbackKeys.summary(),
    queryFn: ({ signal }) => getAnalysisFeedbackSummary(signal),
  });
}
