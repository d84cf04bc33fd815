import { z } from 'zod';

/** A query-string value: empty means absent ("Empty search parameters are left out"). */
export const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const idSchema = z.uuid({ message: 'Identificador inválido (esperado um UUID).' });
export const idParamsSchema = z.object({ id: idSchema });

/** `true`/`false` in a query string (also 1/0). */
export const queryBoolean = z.preprocess(
  (v) => (v === '1' ? 'true' : v === '0' ? 'false' : emptyToUndefined(v)),
  z.enum(['true', 'false'], { message: 'Use true ou false.' }).transform((v) => v === 'true'),
);

/** An integer query parameter within min..max (pt-BR message), `fallback` when absent. */
export const queryInt = (min: number, max: number, fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: `Use um número inteiro entre ${min} e ${max}.` })
      .int(`Use um número inteiro entre ${min} e ${max}.`)
      .min(min, `Use um número inteiro entre ${min} e ${max}.`)
      .max(max, `Use um número inteiro entre ${min} e ${max}.`)
      .default(fallback),
  );

/** Whether the text's YYYY-MM-DD is a real day: Date.parse takes 2026-02-30 as 2 March. */
function isCalendarDay(text: string) {
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(5, 7));
  const day = Number(text.slice(8, 10));
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A day (YYYY-MM-DD, taken in America/Sao_Paulo) or an ISO date-time. */
export const queryDate = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .regex(
      /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/,
      'Use uma data AAAA-MM-DD ou data e hora ISO 8601.',
    )
    .refine(
      (v) => !Number.isNaN(Date.parse(v.length === 10 ? `${v}T00:00:00Z` : v)) && isCalendarDay(v),
      'Data inválida.',
    )
    .optional(),
);

export const maxPerPage = 100;

/** `page` (from 1) and `per_page` (1–100, default 20) of every list; see pageWithinReach. */
export const pageQuerySchema = z.object({
  page: queryInt(1, 1_000_000, 1),
  per_page: queryInt(1, maxPerPage, 20),
});

/**
 * Offset paging reaches the first this many rows of a list (page × per_page), as Zendesk limits
 * its offset pagination: a deeper OFFSET makes the database walk and discard every row before it
 * (with the list's joins), and on PGlite such a statement cannot be cancelled and blocks every
 * tenant. Beyond it, narrower filters (or the export, which pages by keyset) find the rows. The
 * API's count of an unfiltered list stops here too (its exactCountCap is defined as this number;
 * beyond it, `total_is_estimate`): a count past the pages one can open would cost a scan for nothing.
 */
export const maxListRows = 10_000;

/** The last page that stays within maxListRows for this page size. */
export const lastReachablePage = (perPage: number) => Math.max(1, Math.floor(maxListRows / perPage));

/** The 400's text for a page beyond maxListRows (on `querystring.page`). */
export const pageBeyondReachMessage = (perPage: number) =>
  `Refine os filtros para ver mais resultados: a paginação alcança os primeiros ${maxListRows.toLocaleString('pt-BR')} ` +
  `resultados de uma lista (com ${perPage} por página, até a página ${lastReachablePage(perPage).toLocaleString('pt-BR')}).`;

/**
 * The check every list query applies (`.superRefine(pageWithinReach)`): page × per_page — or
 * `limit`, where a list takes it instead — within maxListRows, else a 400 on the page.
 */
export function pageWithinReach(
  query: { page?: unknown; per_page?: unknown; limit?: unknown },
  ctx: z.RefinementCtx,
) {
  const perPage = typeof query.limit === 'number' ? query.limit : query.per_page;
  if (typeof query.page !== 'number' || typeof perPage !== 'number') return;
  if (query.page * perPage > maxListRows) {
    ctx.addIssue({ code: 'custom', path: ['page'], message: pageBeyondReachMessage(perPage) });
  }
}

// PostgreSQL cannot store U+0000; refuse it (and other control characters but tab/newline)
// with a clear message instead of letting the database fail.
const controlCharacters = /(?![\t\n\r])\p{Cc}/u;
const noControlCharacters = { message: 'O texto contém caracteres inválidos.' };
/** For one-line values (terms, tokens): no control character at all, newlines included. */
export const hasControlCharacters = (text: string) => /\p{Cc}/u.test(text);
export const cleanText = () => z.string().refine((v) => !controlCharacters.test(v), noControlCharacters);

export const querySearch = z.preprocess(
  emptyToUndefined,
  cleanText()
    .transform((v) => v.trim())
    .pipe(z.string().max(200, 'Use no máximo 200 caracteres.'))
    .optional(),
);

/** An optional text field of a body: blank means absent/null. */
export const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string()
      .trim()
      .max(max, `Use no máximo ${max} caracteres.`)
      .refine((v) => !controlCharacters.test(v), noControlCharacters)
      .nullable()
      .optional(),
  );

export const requiredText = (max: number, message: string) =>
  z
    .string({ message })
    .trim()
    .min(1, message)
    .max(max, `Use no máximo ${max} caracteres.`)
    .refine((v) => !controlCharacters.test(v), noControlCharacters);

export const timestamp = z.string().describe('ISO 8601 date-time');

/** The paging fields of every list answer, beside its items. */
export const pageMeta = {
  total: z
    .number()
    .int()
    .describe('Rows matching the filters, all pages (a lower bound when total_is_estimate)'),
  total_is_estimate: z
    .boolean()
    .optional()
    .describe(
      'Only on an unfiltered list of a large tenant: more than `total` rows exist and they were not all counted',
    ),
  page: z.number().int(),
  per_page: z.number().int(),
};
