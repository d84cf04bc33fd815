import { ApiError } from '../../../lib/api-client.ts';

/**
 * What the server said about the term's text, when it refused it (a 4xx: duplicate, blank, too
 * long, gone): the field's own message if it sent one, else its pt-BR detail. Undefined for
 * anything else (no answer, a 5xx), which the form reports its own way.
 */
export function termProblem(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return undefined;
  const field = error.error?.fields?.find(({ field }) => field === 'body.term' || field === 'term');
  return field?.message ?? error.message;
}
