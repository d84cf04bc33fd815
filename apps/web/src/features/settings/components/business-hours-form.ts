import {
  type BusinessHours,
  type brazilianStates,
  businessHoursMessages,
  type UpdateBusinessHours,
  updateBusinessHoursSchema,
  type WeekdayKey,
  weekdayKeys,
} from '@atende/contracts';
import { z } from 'zod';
import { dayToInput, inputToDay } from '../../../lib/format.ts';

export interface IntervalValues {
  start: string;
  end: string;
}

/** What the 'Horário de atendimento' form holds (days off as typed: dd/mm/aaaa). */
export interface BusinessHoursFormValues {
  timeZone: string;
  /** A UF, or '' for national holidays only. */
  state: string;
  closedOnOptionalHolidays: boolean;
  weekly: Record<WeekdayKey, IntervalValues[]>;
  daysOff: { date: string; name: string }[];
}

export const businessHoursFormMessages = {
  ...businessHoursMessages,
  date: 'Use uma data válida (dd/mm/aaaa).',
  invalidForm: 'Por favor, corrija os erros do horário de atendimento',
  saved: 'Horário de atendimento salvo!',
  saveFailed: 'Não foi possível salvar o horário de atendimento.',
  loadFailed: 'Não foi possível carregar o horário de atendimento.',
} as const;

/** A new interval: a business day's hours. */
export const defaultInterval = (): IntervalValues => ({ start: '08:00', end: '18:00' });

/** `0800` → `08:00` as typed (digits only, the colon put in; at most 4 digits). */
export function maskTime(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

export function toFormValues(hours: BusinessHours): BusinessHoursFormValues {
  return {
    timeZone: hours.time_zone,
    state: hours.state ?? '',
    // Nothing closes until the hours are saved; once they are, pontos facultativos close by default.
    closedOnOptionalHolidays: hours.configured ? hours.closed_on_optional_holidays : true,
    weekly: Object.fromEntries(
      weekdayKeys.map((d) => [d, hours.weekly[d].map((i) => ({ start: i.start, end: i.end }))]),
    ) as Record<WeekdayKey, IntervalValues[]>,
    daysOff: hours.days_off.map((d) => ({ date: dayToInput(d.date), name: d.name })),
  };
}

/** The PUT body (days off as YYYY-MM-DD; a date that is not one stays as typed: the checks say so). */
export function businessHoursBody(values: BusinessHoursFormValues): UpdateBusinessHours {
  return {
    time_zone: values.timeZone,
    state: values.state === '' ? null : (values.state as (typeof brazilianStates)[number]),
    closed_on_optional_holidays: values.closedOnOptionalHolidays,
    weekly: values.weekly,
    days_off: values.daysOff.map((d) => ({ date: inputToDay(d.date) ?? d.date, name: d.name })),
  };
}

/** An API field (`body.days_off.0.date`) as the form names it (`daysOff.0.date`). */
export function formFieldOf(apiField: string): string | undefined {
  const path = apiField.replace(/^body\./, '');
  const [head, ...rest] = path.split('.');
  const names: Record<string, string> = {
    time_zone: 'timeZone',
    state: 'state',
    closed_on_optional_holidays: 'closedOnOptionalHolidays',
    weekly: 'weekly',
    days_off: 'daysOff',
  };
  const name = head === undefined ? undefined : names[head];
  return name === undefined ? undefined : [name, ...rest].join('.');
}

/**
 * The form's checks are the API's own (the same pt-BR messages, under the same inputs), plus the
 * day-off date as typed here (dd/mm/aaaa).
 */
export const businessHoursFormSchema = z
  .object({
    timeZone: z.string(),
    state: z.string(),
    closedOnOptionalHolidays: z.boolean(),
    weekly: z.record(z.string(), z.array(z.object({ start: z.string(), end: z.string() }))),
    daysOff: z.array(z.object({ date: z.string(), name: z.string() })),
  })
  .superRefine((values, ctx) => {
    const typed = values as BusinessHoursFormValues;
    typed.daysOff.forEach((day, i) => {
      if (inputToDay(day.date) === null) {
        ctx.addIssue({
          code: 'custom',
          path: ['daysOff', i, 'date'],
          message: businessHoursFormMessages.date,
        });
      }
    });
    const result = updateBusinessHoursSchema.safeParse(businessHoursBody(typed));
    if (result.success) return;
    for (const issue of result.error.issues) {
      const field = formFieldOf(['body', ...issue.path.map(String)].join('.'));
      if (!field) continue;
      const path = field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
      // A date not typed as one is said above, in the form's format.
      if (path[0] === 'daysOff' && path[2] === 'date' && issue.message === businessHoursMessages.date)
        continue;
      ctx.addIssue({ code: 'custom', path, message: issue.message });
    }
  }) as unknown as z.ZodType<BusinessHoursFormValues, BusinessHoursFormValues>;
