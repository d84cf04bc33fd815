import { api, type QueryParams } from './api-client.ts';

/**
 * Downloads a file of the API (an export) and hands it to the browser's downloads. A plain link
 * cannot carry the bearer token, so it is fetched by the API client (token, tenant, 401 handling)
 * and saved through an object URL clicked as `<a download>`: no token ever goes into a URL.
 * `fallbackName` names the file when the server gives no name. Rejects with the client's ApiError.
 */
export async function downloadFile(path: string, params: QueryParams, fallbackName: string): Promise<string> {
  const { blob, filename } = await api.download(path, { params });
  const name = filename ?? fallbackName;
  saveBlob(blob, name);
  return name;
}

/** Saves bytes as a file of the browser's downloads. */
export function saveBlob(blob: Blob, filename: string): void {
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
