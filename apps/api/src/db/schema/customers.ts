import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, updatedAt } from './columns.ts';
import { tenantIsolation } from './rls.ts';

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').notNull().defaultRandom(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    /**
     * CPF/CNPJ digits only (or the document as typed when it has no digits); null for a DigiSac
     * contact (DigiSac has no document field). Unique in the tenant when present.
     */
    document: text('document'),
    company: text('company'),
    email: text('email'),
    phone: text('phone'),
    /** 'internal' (made in Atende) or 'digisac' (a DigiSac contact, matched by external_id). */
    source: text('source').notNull().default('internal'),
    /** The DigiSac contact id (source 'digisac'). */
    externalId: text('external_id'),
    /** Folded name, document, company, e-mail and phone digits: what search matches. */
    searchText: text('search_text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('customers_tenant_document_unique').on(t.tenantId, t.document),
    // Partial: internal customers (most rows) pay no index for it.
    uniqueIndex('customers_tenant_external_unique')
      .on(t.tenantId, t.externalId)
      .where(sql`external_id is not null`),
    // NULLS FIRST: what ORDER BY … DESC means (see tickets.ts).
    index('customers_tenant_created_idx').on(
      t.tenantId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // search= (LIKE '%word%'): trigrams (pg_trgm), led by the tenant (btree_gin, migration 0026).
    index('customers_search_trgm_idx').using('gin', t.tenantId, t.searchText.op('gin_trgm_ops')),
    tenantIsolation(t.tenantId),
  ],
).enableRLS();

export type Customer = typeof customers.$inferSelect;
