import type { FeedbackAnalysisType } from '@atende/contracts';
import { currentTenantId } from '../id-token.ts';

/**
 * Query keys of the agents' feedback on analyses (issue "Analyzer v2"), under the signed-in
 * tenant. Shared by the tickets and messages panels (the 👍/👎) and the settings screen (the
 * summary), which is why they live in lib/ and not in a feature.
 */
export const analysisFeedbackKeys = {
  all: () => ['analysis-feedback', currentTenantId()] as const,
  /** The caller's own feedback on one analysis (one version of it). */
  mine: (type: FeedbackAnalysisType, analysisId: string) =>
    [...analysisFeedbackKeys.all(), 'mine', type, analysisId] as const,
  /** The tenant's agreement per field: a new 👍/👎 makes it stale. */
  summary: () => [...analysisFeedbackKeys.all(), 'summary'] as const,
};

export const createAnalysisFeedbackKey = ['analysis-feedback', 'create'] as const;
