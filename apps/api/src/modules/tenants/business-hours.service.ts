import {
  type BrazilianState,
  type BusinessHours,
  defaultTimeZone,
  type UpdateBusinessHours,
  upcomingClosedDaysCount,
  type WeekdayKey,
  weekdayKeys,
} from '@atende/contracts';
import type { TenantScope } from '../../db/tenant.ts';
import { toSchedule, upcomingClosedDays } from '../../lib/business-time.ts';
import { iso } from '../../lib/db-helpers.ts';
import { type Actor, recordAudit } from '../audit/audit.service.ts';
import { resetOpenSlaDeadlines } from '../notifications/notifications.service.ts';
import * as repo from './business-hours.repo.ts';

/**
 * What a tenant without business hours is shown: every day 00:00–24:00 and no closed day, with
 * `configured: false` — every minute counts, holidays included, until it saves its hours.
 */
const allDay = () =>
  Object.fromEntries(
    weekdayKeys.map((d) => [d, [{ start: '00:00', end: '24:00' }]]),
  ) as BusinessHours['weekly'];

function toDto(row: repo.BusinessHoursRow | undefined, now: Date): BusinessHours {
  if (!row) {
    return {
      configured: false,
      time_zone: defaultTimeZone,
      state: null,
      closed_on_optional_holidays: false,
      weekly: allDay(),
      days_off: [],
      upcoming_closed_days: [],
      updated_at: null,
    };
  }
  const schedule = toSchedule(row);
  return {
    configured: true,
    time_zone: row.timeZone,
    state: (row.state as BrazilianState | null) ?? null,
    closed_on_optional_holidays: row.closedOnOptionalHolidays,
    weekly: Object.fromEntries(weekdayKeys.map((d) => [d, row.weekly[d] ?? []])) as BusinessHours['weekly'],
    days_off: row.daysOff,
    upcoming_closed_days: schedule
      ? upcomingClosedDays(schedule, now.getTime(), upcomingClosedDaysCount)
      : [],
    updated_at: iso(row.updatedAt),
  };
}

export async function getBusinessHours({ tenantId, tx }: TenantScope, now = new Date()) {
  return toDto(await repo.findBusinessHours(tx, tenantId), now);
}

/** The stored shape: intervals as sent (validated, in order), days off by date. */
function toValues(input: UpdateBusinessHours): repo.BusinessHoursValues {
  return {
    timeZone: input.time_zone ?? defaultTimeZone,
    state: input.state ?? null,
    closedOnOptionalHolidays: input.closed_on_optional_holidays ?? true,
    weekly: Object.fromEntries(
      weekdayKeys.map((d: WeekdayKey) => [d, input.weekly[d].map((i) => ({ start: i.start, end: i.end }))]),
    ),
    daysOff: [...(input.days_off ?? [])]
      .map((d) => ({ date: d.date, name: d.name }))
      .sort((a, b) => a.date.localeCompare(b.date)),
  };
}

/** The schedule as the audit log shows it (before/after). */
const audited = (dto: BusinessHours) =>
  dto.configured
    ? {
        time_zone: dto.time_zone,
        state: dto.state,
        closed_on_optional_holidays: dto.closed_on_optional_holidays,
        weekly: dto.weekly,
        days_off: dto.days_off,
      }
    : '24×7';

/**
 * Replaces the tenant's business hours. A change records its audit row and, in the same
 * transaction, drops the open waits' deadlines: the SLA monitor computes them again in the new
 * business time at its next check.
 */
export async function updateBusinessHours(
  scope: TenantScope,
  actor: Actor,
  input: UpdateBusinessHours,
  now = new Date(),
): Promise<BusinessHours> {
  const { tenantId, tx } = scope;
  const before = toDto(await repo.findBusinessHoursForUpdate(tx, tenantId), now);
  const after = toDto(await repo.saveBusinessHours(tx, tenantId, toValues(input)), now);
  const was = audited(before);
  const is = audited(after);
  if (JSON.stringify(was) !== JSON.stringify(is)) {
    await recordAudit(scope, actor, {
      action: 'settings.updated',
      target: 'Horário de atendimento',
      details: { fields: ['business_hours'], changes: { business_hours: { before: was, after: is } } },
    });
    await resetOpenSlaDeadlines(scope);
  }
  return after;
}
