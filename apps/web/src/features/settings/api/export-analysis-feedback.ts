import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { readStoredSession } from '../../../lib/id-token.ts';

export const analysisFeedbackExportPath = '/api/v1/analysis-feedback/export.jsonl';

export interface ExportedFile {
  blob: Blob;
  filename: string;
}

/** The name the server gives in Content-Disposition, or one with today's date. */
export function exportFilename(disposition: string | null, today = new Date()): string {
  const encoded = disposition?.match(/filename\*=(?:UTF-8'')?([^;]+)/i)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = disposition?.match(/filename="?([^";]+)"?/i)?.[1]?.trim();
  if (plain) return plain;
  return `correcoes-analise-${today.toISOString().slice(0, 10)}.jsonl`;
}

/**
 * `GET /api/v1/analysis-feedback/export.jsonl`, as a file. A plain link cannot carry the bearer
 * token, so it is fetched with the same headers the API client sends; the body is kept as bytes
 * (the client would parse a one-line JSONL as JSON).
 */
export async function exportAnalysisFeedback(): Promise<ExportedFile> {
  const headers = new Headers({ Accept: 'application/x-ndjson, application/jsonl, */*' });
  const session = readStoredSession();
  if (session) {
    headers.set('Authorization', `Bearer ${session.idToken}`);
    if (session.user.tenantId) headers.set('X-Tenant-ID', session.user.tenantId);
  }
  let response: Response;
  try {
    response = await fetch(analysisFeedbackExportPath, { headers });
  } catch (cause) {
    throw new ApiError(0, null, 'Não foi possível falar com o servidor. Verifique sua conexão.', { cause });
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    const error = new ApiError(response.status, body, `A exportação falhou (HTTP ${response.status}).`);
    console.error('Atende Erro de API:', error.body ?? error.message);
    throw error;
  }
  const blob = await response.blob();
  return { blob, filename: exportFilename(response.headers.get('content-disposition')) };
}

/** Hands a file to the browser's downloads (an object URL clicked through `<a download>`). */
export function saveFile({ blob, filename }: ExportedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the download has started by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useExportAnalysisFeedback() {
  return useMutation({
    mutationFn: async () => {
      const file = await exportAnalysisFeedback();
      saveFile(file);
      return file;
    },
  });
}
