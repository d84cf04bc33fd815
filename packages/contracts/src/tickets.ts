import { z } from 'zod';
import { sentiments, solvedStatuses, ticketAnalysisSchema } from './analysis.ts';
import {
  emptyToUndefined,
  idSchema,
  optionalText,
  pageMeta,
  pageQuerySchema,
  pageWithinReach,
  queryBoolean,
  queryDate,
  querySearch,
  requiredText,
  timestamp,
} from './common.ts';

/** internal: made in Atende; digisac: a DigiSac conversation, kept in step by ingestion. */
export const ticketSources = ['internal', 'digisac'] as const;
export type TicketSource = (typeof ticketSources)[number];

export const ticketSchema = z.object({
  id: z.uuid(),
  source: z.enum(ticketSources),
  /** A DigiSac ticket's protocol and the contact's phone number (null for internal tickets). */
  external: z.object({ protocol: z.string().nullable(), contact_number: z.string().nullable() }).nullable(),
  title: z.string().nullable(),
  content: z.string(),
  conversation_text: z.string().nullable(),
  customer_id: z.uuid().nullable(),
  /** The linked customer's name; kept after the customer is deleted. */
  customer_name: z.string().nullable(),
  flagged: z.boolean(),
  /** The newest analysis found red flags or asks for escalation. */
  requires_attention: z.boolean(),
  /** The newest analysis, or null before the first one. */
  analysis: ticketAnalysisSchema.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Ticket = z.infer<typeof ticketSchema>;

const optionalId = z.preprocess((v) => (v === '' ? null : v), idSchema.nullable().optional());

export const createTicketSchema = z.object({
  title: optionalText(300),
  /** Must be a customer of the caller's tenant. */
  customer_id: optionalId,
  content: requiredText(100_000, 'O conteúdo do chamado é obrigatório.'),
  /** The conversation to analyse; defaults to the content. */
  conversation_text: optionalText(100_000),
});
export type CreateTicket = z.infer<typeof createTicketSchema>;

export const updateTicketSchema = createTicketSchema.partial().extend({ flagged: z.boolean().optional() });
export type UpdateTicket = z.infer<typeof updateTicketSchema>;

const csat = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number({ message: 'Use um número de 0 a 10.' })
    .min(0, 'Use um número de 0 a 10.')
    .max(10, 'Use um número de 0 a 10.')
    .optional(),
);

export const ticketSorts = ['created_at', 'csat_score'] as const;

/** The list's query fields; the list adds the paging check (pageWithinReach), the export drops the paging. */
const ticketsQueryFields = pageQuerySchema.extend({
  /** Title, content or customer name; accent- and case-insensitive. */
  search: querySearch,
  start_date: queryDate,
  end_date: queryDate,
  sentiment: z.preprocess(emptyToUndefined, z.enum(sentiments).optional()),
  solved_status: z.preprocess(emptyToUndefined, z.enum(solvedStatuses).optional()),
  requires_escalation: queryBoolean.optional(),
  contains_red_flags: queryBoolean.optional(),
  /** Newest analysis' CSAT strictly below. */
  csat_lt: csat,
  /** Newest analysis' CSAT at or above. */
  csat_gte: csat,
  /** A red-flag word the newest analysis found (case- and accent-insensitive). */
  red_flag_term: querySearch,
  customer_id: z.preprocess(emptyToUndefined, idSchema.optional()),
  flagged: queryBoolean.optional(),
  /** Red flags or escalation in the newest analysis (the ⚠ of the list). */
  requires_attention: queryBoolean.optional(),
  /** Has an analysis (true) or none yet (false). */
  analyzed: queryBoolean.optional(),
  /** Made in Atende or come from DigiSac. */
  source: z.preprocess(
    emptyToUndefined,
    z.enum(ticketSources, { message: 'Use internal ou digisac.' }).optional(),
  ),
  /** created_at (default) or the newest analysis's CSAT (tickets without one last, either order). */
  sort: z.preprocess(
    emptyToUndefined,
    z.enum(ticketSorts, { message: 'Use created_at ou csat_score.' }).default('created_at'),
  ),
  order: z.preprocess(
    emptyToUndefined,
    z.enum(['asc', 'desc'], { message: 'Use asc ou desc.' }).default('desc'),
  ),
});
export const listTicketsQuerySchema = ticketsQueryFields.superRefine(pageWithinReach);
export type ListTicketsQuery = z.infer<typeof listTicketsQuerySchema>;

/** `GET /tickets/export.csv`: the list's filters, every match (newest first), so no page or sort. */
export const exportTicketsQuerySchema = ticketsQueryFields.omit({
  page: true,
  per_page: true,
  sort: true,
  order: true,
});
export type ExportTicketsQuery = z.infer<typeof exportTicketsQuerySchema>;

export const ticketListSchema = z.object({
  tickets: z.array(ticketSchema),
  ...pageMeta,
});
export type TicketList = z.infer<typeof ticketListSchema>;

export const flagQuerySchema = z.object({ flagged: queryBoolean });
