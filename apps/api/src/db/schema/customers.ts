import { index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, updatedAt } from './columns.ts';
import { tenantIsolation } from './rls.ts';

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    /** CPF/CNPJ digits only (or the document as typed when it has no digits). */
    document: text('document').notNull(),
    company: text('company'),
    email: text('email'),
    phone: text('phone'),
    /** Folded (lower case, no accents) name, document, company and e-mail: what search matches. */
    searchText: text('search_text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('customers_tenant_document_unique').on(t.tenantId, t.document),
    index('customers_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    tenantIsolation(t.tenantId),
  ],
).enableRLS();

export type Customer = typeof customers.$inferSelect;
