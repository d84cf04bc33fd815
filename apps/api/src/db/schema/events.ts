import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './columns.ts';
import { tenantIsolation } from './rls.ts';

/**
 * The domain-event outbox (lib/events.ts): every event is written in the transaction of the
 * change it describes and announced with NOTIFY on commit. Kept a week (workers prune it).
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    tenantId: tenantId(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('domain_events_created_idx').on(t.createdAt), tenantIsolation(t.tenantId)],
).enableRLS();
