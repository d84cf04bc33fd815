import { ApiError } from '../../../lib/api-client.ts';

/**
 * The screen's failure sentence (`fallback`), plus the server's own detail when it says more (a
 * 4xx such as 'Já existe um cliente com este documento.'); a 5xx or a lost connection adds nothing
 * useful.
 */
export function failureDescription(fallback: string, error: unknown) {
  const detail =
    error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : undefined;
  if (!detail) return fallback;
  return (
    <>
      {fallback}
      <br />
      {detail}
    </>
  );
}
