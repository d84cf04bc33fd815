import { boolean, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';
import { tenantIsolation } from './rls.ts';
import { tenants } from './tenants.ts';

/** One open interval of a weekday, `HH:MM`–`HH:MM` (end up to `24:00`). */
export interface BusinessHoursInterval {
  start: string;
  end: string;
}

/**
 * A tenant's business hours for the SLA (issue 31; arithmetic in lib/business-time.ts). No row:
 * every minute counts (24×7, no holidays), as before the issue.
 */
export const businessHours = pgTable(
  'business_hours',
  {
    tenantId: uuid('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** IANA zone the hours are in (SLA arithmetic only; the app shows São Paulo time). */
    timeZone: text('time_zone').notNull().default('America/Sao_Paulo'),
    /** UF whose state holidays close the team too; null: national holidays only. */
    state: text('state'),
    /** Closed on pontos facultativos (Carnaval, Corpus Christi). */
    closedOnOptionalHolidays: boolean('closed_on_optional_holidays').notNull().default(true),
    /** Per weekday (`sun`…`sat`) its open intervals; an empty list is a closed day. */
    weekly: jsonb('weekly').$type<Record<string, BusinessHoursInterval[]>>().notNull(),
    /** The tenant's own closed days: `{date: 'YYYY-MM-DD', name}`. */
    daysOff: jsonb('days_off').$type<{ date: string; name: string }[]>().notNull().default([]),
    updatedAt: updatedAt(),
  },
  (t) => [tenantIsolation(t.tenantId)],
).enableRLS();
