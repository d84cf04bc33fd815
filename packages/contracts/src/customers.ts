import { z } from 'zod';
import {
  emptyToUndefined,
  optionalText,
  pageMeta,
  pageQuerySchema,
  pageWithinReach,
  querySearch,
  requiredText,
  timestamp,
} from './common.ts';

export const customerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** CPF/CNPJ as digits only; null for a DigiSac contact (DigiSac has no document). */
  document: z.string().nullable(),
  /** internal: made in Atende; digisac: a DigiSac contact. */
  source: z.enum(['internal', 'digisac']),
  company: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Customer = z.infer<typeof customerSchema>;

const email = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.email('E-mail inválido.').trim().toLowerCase().max(320).nullable().optional(),
);

export const createCustomerSchema = z.object({
  name: requiredText(200, 'Nome é obrigatório.'),
  document: requiredText(40, 'Documento é obrigatório.'),
  company: optionalText(200),
  email,
  phone: optionalText(40),
});
export type CreateCustomer = z.infer<typeof createCustomerSchema>;

/** PUT takes the changed fields only; name and document cannot be blanked. */
export const updateCustomerSchema = createCustomerSchema.partial();
export type UpdateCustomer = z.infer<typeof updateCustomerSchema>;

export const listCustomersQuerySchema = pageQuerySchema
  .extend({
    /**
     * Name, document, company, e-mail or phone; accent- and case-insensitive. A word of digits and
     * punctuation only ('390.533.447-05', '390.533', '(41)', '99691-0256') is matched as its
     * digits, so any part of a phone finds it ('99691', '41 99691', '(41) 9969').
     */
    search: querySearch,
    /** `name_document`: the search matches the name or the document only (the ticket form's dropdown). */
    match: z.preprocess(emptyToUndefined, z.enum(['name_document']).optional()),
    /** For the search dropdown: at most this many (overrides per_page). */
    limit: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce.number().int().min(1).max(100).optional(),
    ),
  })
  .superRefine(pageWithinReach);

export const customerListSchema = z.object({
  customers: z.array(customerSchema),
  ...pageMeta,
});
export type CustomerList = z.infer<typeof customerListSchema>;
