import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download.ts';

export const analysisFeedbackExportPath = '/api/v1/analysis-feedback/export.jsonl';

/** The file's name when the server gives none: today's date in it. */
export const exportFallbackName = (today = new Date()) =>
  `correcoes-analise-${today.toISOString().slice(0, 10)}.jsonl`;

/**
 * `GET /api/v1/analysis-feedback/export.jsonl` into the browser's downloads, through the API
 * client (bearer token, tenant, 401 handling; the body kept as bytes).
 */
export function useExportAnalysisFeedback() {
  return useMutation({
    mutationFn: () => downloadFile(analysisFeedbackExportPath, {}, exportFallbackName()),
  });
}
