import { z } from 'zod';
import { hasControlCharacters, querySearch, timestamp } from './common.ts';

/** Longest term, in characters (after trimming and collapsing inner whitespace). */
export const flaggedTermMaxLength = 100;
/** Most terms a tenant may have, active or not (enforced by the database: SQLSTATE AT409). */
export const flaggedTermsPerTenantMax = 1000;
/** Most items one bulk request may carry (a whole list fits in one request). */
export const flaggedTermsBulkMax = flaggedTermsPerTenantMax;
/** Most terms the list answers: every term of a tenant at the cap. */
export const flaggedTermsListCap = flaggedTermsPerTenantMax;

export const flaggedTermMessages = {
  blank: 'O termo não pode ficar em branco.',
  notText: 'O termo deve ser um texto.',
  tooLong: `O termo deve ter no máximo ${flaggedTermMaxLength} caracteres.`,
  invalidCharacters: 'O termo contém caracteres inválidos.',
  duplicate: 'Este termo já está cadastrado.',
  repeatedInRequest: 'Termo repetido nesta lista.',
  capReached: 'Limite de 1.000 termos sinalizados atingido. Exclua termos antes de adicionar outros.',
  overCap: 'Há mais de 1.000 termos sinalizados. Exclua termos antes de alterar outros.',
} as const;

/** How a term is stored: NFC, trimmed, every run of whitespace turned into one space. */
export const normaliseTermText = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim();

// Control characters other than whitespace (already collapsed): PostgreSQL cannot store U+0000.

/** The text of a term: what POST, PUT and each bulk item are checked against. */
export const flaggedTermTextSchema = z.preprocess(
  (v) => (typeof v === 'string' ? normaliseTermText(v) : v),
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? flaggedTermMessages.blank
          : flaggedTermMessages.notText,
    })
    .min(1, flaggedTermMessages.blank)
    .max(flaggedTermMaxLength, flaggedTermMessages.tooLong)
    .refine((v) => !hasControlCharacters(v), flaggedTermMessages.invalidCharacters)
    .describe(
      'A word or phrase to flag in customer messages. Trimmed, inner whitespace collapsed; ' +
        'unique in the tenant ignoring case and accents.',
    ),
);

export const flaggedTermSchema = z.object({
  id: z.uuid(),
  /** As the team wrote it (normalised as above). */
  term: z.string().describe('As the team wrote it'),
  /** Only active terms are looked for in messages. */
  is_active: z.boolean().describe('Only active terms are detected in messages'),
  created_at: timestamp,
  updated_at: timestamp,
});
export type FlaggedTerm = z.infer<typeof flaggedTermSchema>;

/** The list: every term of the tenant (at most 1000), ordered by the folded term. */
export const flaggedTermListSchema = z
  .array(flaggedTermSchema)
  .describe(`Terms ordered by term, ignoring case and accents (at most ${flaggedTermsListCap})`);

export const listFlaggedTermsQuerySchema = z.object({
  /** Words that must all appear in the term; accent- and case-insensitive. */
  search: querySearch
    .refine((v) => v === undefined || !v.includes('\u0000'), 'Busca inválida.')
    .describe('Words that must all appear in the term, ignoring case and accents'),
});
export type ListFlaggedTermsQuery = z.infer<typeof listFlaggedTermsQuerySchema>;

export const createFlaggedTermSchema = z.object({ term: flaggedTermTextSchema });
export type CreateFlaggedTerm = z.infer<typeof createFlaggedTermSchema>;

/** PUT takes the changed fields only. */
export const updateFlaggedTermSchema = z.object({
  term: flaggedTermTextSchema.optional(),
  is_active: z.boolean({ message: 'Use true ou false.' }).optional(),
});
export type UpdateFlaggedTerm = z.infer<typeof updateFlaggedTermSchema>;

const bulkSizeMessage = `Envie de 1 a ${flaggedTermsBulkMax.toLocaleString('pt-BR')} termos.`;

/** Items are checked one by one (any JSON value): a bad item is reported, never fails the rest. */
export const bulkFlaggedTermsSchema = z.object({
  terms: z
    .array(z.unknown(), { message: 'Envie os termos numa lista em "terms".' })
    .min(1, bulkSizeMessage)
    .max(flaggedTermsBulkMax, bulkSizeMessage)
    .describe(`1 to ${flaggedTermsBulkMax} terms; each is checked like POST /flagged-terms`),
});
export type BulkFlaggedTerms = z.infer<typeof bulkFlaggedTermsSchema>;

export const bulkTermStatuses = ['created', 'duplicate', 'invalid'] as const;
export type BulkTermStatus = (typeof bulkTermStatuses)[number];

export const bulkFlaggedTermResultSchema = z.object({
  /** The item as it would be stored; null when the item is not a string. */
  term: z
    .string()
    .nullable()
    .describe('The item normalised (trimmed, whitespace collapsed); null if not a string'),
  status: z.enum(bulkTermStatuses),
  /** created: the new term; duplicate: the term it repeats. */
  id: z.uuid().optional().describe('created: the new term; duplicate: the term it repeats'),
  /** Why the item was not created (pt-BR). */
  message: z.string().optional().describe('Why the item was not created (pt-BR)'),
});
export type BulkFlaggedTermResult = z.infer<typeof bulkFlaggedTermResultSchema>;

export const bulkFlaggedTermsResultSchema = z.object({
  /** One per item, in the order sent. */
  results: z.array(bulkFlaggedTermResultSchema).describe('One per item, in the order sent'),
  created: z.number().int(),
  duplicates: z.number().int(),
  invalid: z.number().int(),
});
export type BulkFlaggedTermsResult = z.infer<typeof bulkFlaggedTermsResultSchema>;
