import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tenantIsolation } from './rls.ts';
import { tenants } from './tenants.ts';

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** CPF/CNPJ digits only (or the document as typed when it has no digits). */
    document: text('document').notNull(),
    company: text('company'),
    email: text('email'),
    phone: text('phone'),
    /** Folded (lower case, no accents) name, document, company and e-mail: what search matches. */
    searchText: text('search_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    unique('customers_tenant_document_unique').on(t.tenantId, t.document),
    index('customers_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    tenantIsolation(t.tenantId),
  ],
).enableRLS();

export type Customer = typeof customers.$inferSelect;
