import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';

// Columns most tables share.

/** The owning tenant; deleting the tenant deletes the row. Row-level security keys on it. */
export const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
